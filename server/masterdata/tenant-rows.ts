// Whether a tenant has few rows in a search table, known to this process for a few minutes
// at a time. A search the trigram index would answer reads such a tenant's own rows
// instead (search_matches, migration 0018): the index is every tenant's, and a word that
// other tenants' rows hold costs its whole posting list however small this tenant is
// (39 ms at a million letters for a tenant of 200), while matching a thousand rows one by
// one costs about a millisecond (0.2 ms measured for 200). Either way the answer is the
// same, only its cost differs, so a count a few minutes old does no harm: a tenant that
// grew past FEW_ROWS in the meantime reads its rows one by one until the next count.
import { sql } from 'kysely';
import { withTenant } from '../db/tenant-fence';
import type { EngineDb } from './repository';

/** At most this many rows, a tenant's search reads its own rows rather than the index. */
const FEW_ROWS = 1000;
let fewRows = FEW_ROWS;
/** For tests of the trigram index's own path: a smaller bound (0: never few). */
export function setFewRowsForTests(next = FEW_ROWS) {
  fewRows = next;
  counted.clear();
}

/** How long a count is believed. */
const FRESH_MS = 5 * 60_000;
/** Counts kept at most (a tenant and a search table each); past it they start over. */
const MOST_KEPT = 10_000;

const counted = new Map<string, { few: Promise<boolean>; at: number }>();

/** Does the tenant have at most fewRows rows in `searchTable`? One capped count (the first
 *  fewRows + 1 of its keys) every FRESH_MS; calls meanwhile share it. */
export function tenantHasFewRows(db: EngineDb, searchTable: string, tenantId: number): Promise<boolean> {
  if (fewRows === 0) return Promise.resolve(false);
  const key = `${searchTable}\u0000${tenantId}`;
  const known = counted.get(key);
  const now = Date.now();
  if (known && now - known.at < FRESH_MS) return known.few;
  // Fenced to the tenant counted, whatever the caller's fence: under another's, row-level
  // security would show none of its rows, and a big tenant taken for a small one for five
  // minutes would read its rows one by one on every search.
  const few = withTenant(tenantId, () =>
    sql<{ n: number }>`SELECT count(*)::integer AS n FROM (
        SELECT 1 FROM ${sql.table(searchTable)} WHERE tenant_id = ${tenantId} LIMIT ${fewRows + 1}) AS r`.execute(
      db,
    ),
  ).then(({ rows }) => rows[0].n <= fewRows);
  const entry = { few, at: now };
  if (counted.size >= MOST_KEPT) counted.clear();
  counted.set(key, entry);
  // A count that failed is not remembered: the next search asks again.
  few.catch(() => {
    if (counted.get(key) === entry) counted.delete(key);
  });
  return few;
}
