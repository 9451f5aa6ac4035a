// Whether a tenant has few rows in a search table, or many, known to this process for a
// few minutes at a time. A search the trigram index would answer reads such a tenant's own rows
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
/** More than this many, a tenant's search of a big table is planned once per connection
 *  (search_matches of migration 0026): its plan is the same whatever the phrase. */
const MANY_ROWS = 100_000;
let fewRows = FEW_ROWS;
let manyRows = MANY_ROWS;
/** The most rows a tenant of few rows has (a walk over them reads its whole list). */
export const fewRowsBound = () => fewRows;
/** For tests of the trigram index's own path: a smaller bound (0: never few). */
export function setFewRowsForTests(next = FEW_ROWS) {
  fewRows = next;
  counted.clear();
}
/** For tests of the many rows' path: a smaller bound. */
export function setManyRowsForTests(next = MANY_ROWS) {
  manyRows = next;
  counted.clear();
}

/** How long a count is believed. */
const FRESH_MS = 5 * 60_000;
/** Counts kept at most (a tenant and a search table each); past it they start over. */
const MOST_KEPT = 10_000;

/** How many rows a tenant has in a search table, as the search needs to know it. */
export interface TenantRows {
  few: boolean;
  many: boolean;
}

const counted = new Map<string, { rows: Promise<TenantRows>; at: number }>();

/** Few (at most fewRows) or many (more than manyRows) rows in `searchTable`? One capped
 *  count (the first manyRows + 1 of its keys) every FRESH_MS; calls meanwhile share it.
 *  A count grown old is made again while the calls go on with it (at a million letters
 *  the count reads a hundred thousand keys: tens of milliseconds no search should wait). */
export function tenantRows(db: EngineDb, searchTable: string, tenantId: number): Promise<TenantRows> {
  const key = `${searchTable}\u0000${tenantId}`;
  const known = counted.get(key);
  const now = Date.now();
  if (known && now - known.at < FRESH_MS) return known.rows;
  if (known) {
    known.at = now; // one count again at a time
    const again = countRows(db, searchTable, tenantId);
    again.then(
      () => counted.set(key, { rows: again, at: Date.now() }),
      () => undefined, // the old count serves until the next try
    );
    return known.rows;
  }
  const rows = countRows(db, searchTable, tenantId);
  const entry = { rows, at: now };
  if (counted.size >= MOST_KEPT) counted.clear();
  counted.set(key, entry);
  // A count that failed is not remembered: the next search asks again.
  rows.catch(() => {
    if (counted.get(key) === entry) counted.delete(key);
  });
  return rows;
}

function countRows(db: EngineDb, searchTable: string, tenantId: number): Promise<TenantRows> {
  // Fenced to the tenant counted, whatever the caller's fence: under another's, row-level
  // security would show none of its rows, and a big tenant taken for a small one for five
  // minutes would read its rows one by one on every search.
  const cap = Math.max(fewRows, manyRows) + 1;
  return withTenant(tenantId, () =>
    sql<{ n: number }>`SELECT count(*)::integer AS n FROM (
        SELECT 1 FROM ${sql.table(searchTable)} WHERE tenant_id = ${tenantId} LIMIT ${cap}) AS r`.execute(db),
  ).then(({ rows: [{ n }] }) => ({ few: fewRows > 0 && n <= fewRows, many: n > manyRows }));
}

/** Does the tenant have at most fewRows rows in `searchTable`? (tenantRows) */
export const tenantHasFewRows = async (db: EngineDb, searchTable: string, tenantId: number) =>
  (await tenantRows(db, searchTable, tenantId)).few;
