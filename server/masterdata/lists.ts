// The list-shaped reads of the engine: a page of a list with its capped count, a phrase
// search's page, and the names a picker offers. Each stays cheap at a million rows:
// - an unsearched page is ONE statement: the page's ids by the key (deferred join, so the
//   rows a deep page skips are only index entries) and the count, capped at COUNT_CAP rows
//   past the page, as a sub-select the database runs once;
// - a phrase page first looks through the list's newest rows, and counts the matches it
//   saw there in the same pass; only when they do not fill the page does it ask the
//   trigram index, whose bitmap then tells the exact total too (RECENT_WINDOW says why).
// docs/benchmarks.md has the figures these choices were measured by.
import { sql } from 'kysely';
import type { Resource } from '../../src/schemas/kit';
import { referencedResource } from './catalogue';
import { hooksOf } from './hooks';
import {
  filtered,
  matchingIds,
  pageRows,
  recordName,
  searchPattern,
  type EngineDb,
  type ListQuery,
} from './repository';
import { searchTable } from './tables';
import type { Row } from './values';

/**
 * How many rows a list counts at most beyond the ones its page skips. Counting a million
 * rows costs a third of a second on every call; past this many the answer says "more than"
 * (`capped`) and the screen shows «بیش از …» and keeps paging.
 */
export const COUNT_CAP = 1000;

/** Rows one answer holds at most, whatever `Count` asks (-1 for "all" included). */
export const MAX_ROWS = 1000;

/** A count: exact up to `skipped + COUNT_CAP` rows, else at least `total` and `capped`. */
export interface Total {
  total: number;
  capped: boolean;
}

/** A count of `found` rows of a list whose count stopped at `limit`. */
function totalOf(found: number, limit: number, complete = true): Total {
  return found > limit || !complete
    ? { total: Math.min(found, limit), capped: true }
    : { total: found, capped: false };
}

type AnySelect = ReturnType<typeof filtered>;

/** `SELECT count(*)` of at most `limit + 1` of `rows`: the capped count as a sub-select. */
function countedUpTo(db: EngineDb, rows: AnySelect, limit: number) {
  return db
    .selectFrom(
      rows
        .select(sql`1`.as('one'))
        .limit(limit + 1)
        .as('c'),
    )
    .select((eb) => eb.fn.countAll().as('n'));
}

async function cappedCount(db: EngineDb, rows: AnySelect, skipped: number): Promise<Total> {
  const limit = skipped + COUNT_CAP;
  const counted = await countedUpTo(db, rows, limit).executeTakeFirstOrThrow();
  return totalOf(Number((counted as { n: number | string }).n), limit);
}

/**
 * Runs a list's queries; with a phrase, in a transaction whose `app.search_pattern` is the
 * phrase's pattern, which the search tables' policy carries (tables.ts) so that their
 * trigram index is used under row-level security. The setting ends with the transaction.
 */
async function searching<T>(db: EngineDb, phrase: string, work: (db: EngineDb) => Promise<T>): Promise<T> {
  const pattern = searchPattern(phrase);
  if (!pattern) return work(db);
  return db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('app.search_pattern', ${pattern}, true)`.execute(trx);
    return work(trx);
  });
}

export async function listRows(
  db: EngineDb,
  resource: Resource,
  query: ListQuery,
): Promise<{ rows: Row[] } & Total> {
  const size = query.count > 0 ? Math.min(query.count, MAX_ROWS) : MAX_ROWS;
  const skipped = query.count > 0 ? (Math.max(query.page, 1) - 1) * size : 0;
  if (!searchPattern(query.phrase)) return unsearchedPage(db, resource, query, size, skipped);
  return searching(db, query.phrase, async (db) => {
    const found =
      (await fromNewestRows(db, resource, query, size, skipped)) ??
      (await fromSearchIndex(db, resource, query, size, skipped));
    const unsearched = { ...query, phrase: '' };
    const rows = found.ids.length
      ? ((await pageRows(db, resource, unsearched).where('t.id', 'in', found.ids).execute()) as Row[])
      : [];
    return { rows, total: found.total, capped: found.capped };
  });
}

/** A page of a list without a phrase, and its capped count, in one statement. */
async function unsearchedPage(
  db: EngineDb,
  resource: Resource,
  query: ListQuery,
  size: number,
  skipped: number,
): Promise<{ rows: Row[] } & Total> {
  const limit = skipped + COUNT_CAP;
  const ids = filtered(db, resource, query)
    .select('t.id')
    .orderBy('t.id', 'desc')
    .limit(size)
    .offset(skipped);
  const rows = (await pageRows(db, resource, query)
    .where('t.id', 'in', ids)
    .select(countedUpTo(db, filtered(db, resource, query), limit).as('__counted'))
    .execute()) as Row[];
  if (!rows.length) {
    // Past the end (or an empty list): nothing carried the count.
    return {
      rows,
      ...(skipped ? await cappedCount(db, filtered(db, resource, query), skipped) : totalOf(0, 0)),
    };
  }
  const counted = Number(rows[0].__counted);
  for (const row of rows) delete row.__counted;
  return { rows, ...totalOf(counted, limit) };
}

/**
 * How many of a list's newest rows a phrase search looks through one by one before it
 * asks the trigram index, beyond ten for every row the page reaches.
 *
 * Why two ways: a phrase that many rows hold (a common name) fills a page within the
 * newest few hundred rows, while the index would hand over every match (83,000 of a
 * million customers: 6 ms of bitmap) to be sorted and counted; a rare phrase is a few
 * index entries, while walking the rows would read them all. The planner cannot tell
 * which from a pattern it sees only at run time (its guess at a million rows was wrong
 * both ways), so the engine asks both ways, each bounded: first the newest rows, then the
 * index. Where the newest rows fill the page, the count is of the matches among them: exact
 * when they are the whole list, else "at least" (capped) — counting further would cost the
 * bitmap the walk avoided.
 */
export const RECENT_WINDOW = 2000;

interface FoundIds extends Total {
  ids: number[];
}

/** A phrase page from the list's newest rows, with the matches counted among them; or
 *  undefined when they do not fill the page and the list goes on beyond them. */
async function fromNewestRows(
  db: EngineDb,
  resource: Resource,
  query: ListQuery,
  size: number,
  skipped: number,
): Promise<FoundIds | undefined> {
  const window = Math.max((query.recentWindow ?? RECENT_WINDOW) + 10 * (skipped + size), 0);
  const pattern = searchPattern(query.phrase);
  const newest = filtered(db, resource, { ...query, phrase: '' })
    .select('t.id')
    .select(
      sql<boolean>`(${sql.join(phraseProbes(db, resource, query.tenantId, pattern, 't'), sql` OR `)})`.as(
        'hit',
      ),
    )
    .orderBy('t.id', 'desc')
    .limit(window + 1);
  const { rows } = await sql<{ held: number; matches: number; ids: number[] }>`
    WITH n AS MATERIALIZED (${newest})
    SELECT (SELECT count(*) FROM n) AS held,
           (SELECT count(*) FROM n WHERE hit) AS matches,
           coalesce((SELECT array_agg(p.id ORDER BY p.id DESC) FROM
              (SELECT id FROM n WHERE hit ORDER BY id DESC LIMIT ${size} OFFSET ${skipped}) p), '{}') AS ids`.execute(
    db,
  );
  const { held, matches, ids } = rows[0];
  const wholeList = Number(held) <= window;
  if (ids.length < size && !wholeList) return undefined;
  return { ids, ...totalOf(Number(matches), skipped + COUNT_CAP, wholeList) };
}

/** A phrase page through the search tables' trigram index; its bitmap holds every match,
 *  so it counts them all (and answers, like any list, up to COUNT_CAP past the page). */
async function fromSearchIndex(
  db: EngineDb,
  resource: Resource,
  query: ListQuery,
  size: number,
  skipped: number,
): Promise<FoundIds> {
  const matches = searchTableAlone(resource, query)
    ? matchingIds(db, resource, query.tenantId, searchPattern(query.phrase))
    : filtered(db, resource, query).select('t.id');
  const rows = (await db
    .selectFrom(matches.as('m'))
    .select(['m.id', sql<number>`count(*) OVER ()`.as('total')])
    .orderBy('m.id', 'desc')
    .limit(size)
    .offset(skipped)
    .execute()) as Array<{ id: number; total: number | string }>;
  if (!rows.length) return { ids: [], ...(await cappedCount(db, filtered(db, resource, query), skipped)) };
  return { ids: rows.map((row) => row.id), ...totalOf(Number(rows[0].total), skipped + COUNT_CAP) };
}

/** Does the search table alone say which of the viewer's records match? When nothing
 *  else narrows the list (no filter, no owner, no visibility hook, no searchable
 *  reference), the matches need not be joined to the resource's rows one by one — 9,000
 *  matches took 32 ms so, and 10 ms from the search table alone. */
function searchTableAlone(resource: Resource, query: ListQuery): boolean {
  return (
    !Object.keys(query.filters).length &&
    !resource.ownedByUser &&
    !hooksOf(resource).visibleTo &&
    !resource.searchFields().some((name) => resource.fields[name].meta.kind === 'reference')
  );
}

/** Does row `alias` (the resource's own columns) match the pattern? Its own search text,
 *  read with the row; a searchable reference's, one key look-up per row in the target's
 *  search table — never a scan of an index. */
function phraseProbes(db: EngineDb, resource: Resource, tenantId: number, pattern: string, alias: string) {
  const probe = (target: Resource, column: string) =>
    sql<boolean>`coalesce((${db
      .selectFrom(`${searchTable(target)} as s`)
      .select(sql<boolean>`true`.as('hit'))
      .where('s.tenant_id', '=', tenantId)
      .whereRef('s.id', '=', `${alias}.${column}`)
      .where('s.search_text', 'like', pattern)}), false)`;
  const references = resource
    .searchFields()
    .filter((name) => resource.fields[name].meta.kind === 'reference');
  return [
    sql<boolean>`${sql.ref(`${alias}.search_text`)} LIKE ${pattern}`,
    ...references.map((name) =>
      probe(referencedResource(resource.fields[name].meta.resource!), resource.column(name)),
    ),
  ];
}

const PERSIAN_ORDER = new Intl.Collator('fa');

export interface LookupQuery extends Omit<ListQuery, 'page' | 'count'> {
  /** Exactly these records (those of the owner that exist). */
  ids?: number[];
  limit: number;
}

/** Names only: `{ id, title }` (and a tree node's parent, so a picker can leave out a
 *  subtree), ordered by name. The records a picker offers or the chips of chosen ids show. */
export async function lookupRows(
  db: EngineDb,
  resource: Resource,
  query: LookupQuery,
): Promise<{ rows: Row[] } & Total> {
  if (query.ids && !query.ids.length) return { rows: [], total: 0, capped: false };
  return searching(db, query.phrase, async (db) => {
    let q = filtered(db, resource, { ...query, page: 1, count: query.limit });
    if (query.ids) q = q.where('t.id', 'in', query.ids);
    const treeField = resource.treeField();
    let page = q.select(['t.id as id', recordName(resource, 't').as('title')]);
    if (treeField) page = page.select(`t.${resource.column(treeField)} as ${treeField}`);
    const rows = (await page.orderBy('title').orderBy('t.id').limit(query.limit).execute()) as Row[];
    // The database orders by code point (پ, چ, ژ, گ after ی); a Persian reader expects the alphabet.
    rows.sort((a, b) => PERSIAN_ORDER.compare(String(a.title ?? ''), String(b.title ?? '')));
    if (rows.length < query.limit) return { rows, total: rows.length, capped: false };
    return { rows, ...(await cappedCount(db, q, 0)) };
  });
}
