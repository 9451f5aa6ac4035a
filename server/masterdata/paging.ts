// Paging, capped counts and phrase search for any list that names a record id (the id its
// search table knows) and a key to order by, newest first: a resource's own list
// (lists.ts), a user's letters through their boxes (letters/lists.ts). One mechanism:
// - a page without a phrase is one statement: the page by the key, and a count capped at
//   COUNT_CAP rows past the page as a sub-select;
// - a phrase first looks through the list's newest rows (RECENT_WINDOW and ten per row the
//   page reaches) and counts the matches it saw there in the same pass (exact when they are
//   the whole list, else "at least", capped); only when they do not fill the page, and the
//   list goes on, does it ask the search table's trigram index (whose policy carries the
//   pattern: tables.ts), and then counts every match it found.
// docs/benchmarks.md has the figures these choices were measured by.
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { searchPattern, type EngineDb } from './repository';

type AnySelect = SelectQueryBuilder<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * How many rows a list counts at most beyond the ones its page skips. Counting a million
 * rows costs a third of a second on every call; past this many the answer says "more than"
 * (`capped`) and the screen shows «بیش از …» and keeps paging.
 */
export const COUNT_CAP = 1000;

/** Rows one answer holds at most, whatever `Count` asks (-1 for "all" included). */
export const MAX_ROWS = 1000;

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

/** A count: exact up to `skipped + COUNT_CAP` rows, else at least `total` and `capped`. */
export interface Total {
  total: number;
  capped: boolean;
}

/** A count of `found` rows of a list whose count stopped at `limit` (or did not see all). */
export function totalOf(found: number, limit: number, complete = true): Total {
  return found > limit || !complete
    ? { total: Math.min(found, limit), capped: true }
    : { total: found, capped: false };
}

/** `(SELECT count(*) …)` of at most `limit + 1` of `rows`: a capped count as a sub-select. */
export const countUpTo = (rows: AnySelect, limit: number) =>
  sql<number>`(SELECT count(*) FROM (${rows.select(sql`1`.as('one')).limit(limit + 1)}) AS c)`;

/**
 * Runs a list's queries; with a phrase, in a transaction whose `app.search_pattern` is the
 * phrase's pattern, which the search tables' policy carries (tables.ts) so that their
 * trigram index is used under row-level security. The setting ends with the transaction.
 */
export async function searching<T>(
  db: EngineDb,
  phrase: string,
  work: (db: EngineDb) => Promise<T>,
): Promise<T> {
  const pattern = searchPattern(phrase);
  if (!pattern) return work(db);
  return db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('app.search_pattern', ${pattern}, true)`.execute(trx);
    return work(trx);
  });
}

export interface KeyedList {
  tenantId: number;
  /** The list's rows without a phrase: FROM, joins and WHERE; no SELECT, ORDER or LIMIT. */
  rows: (db: EngineDb) => AnySelect;
  /** The record id in `rows` (e.g. `b.message_id`), which `searchTable`'s `id` matches. */
  id: string;
  /** The key the list is ordered by, newest (largest) first (e.g. `b.sort_key`). */
  sort: string;
  /** The search table: (tenant_id, id, search_text) with a trigram index and the pattern policy. */
  searchTable: string;
  /** Does a row of `rows` match? Read from the row itself where it can (a resource's own
   *  search_text); by default one key look-up in the search table. */
  matches?: (pattern: string) => RawBuilder<boolean>;
  /** The search table's rows of the tenant are exactly the list's (nothing else narrows
   *  it), so the index's matches need no join to the list's rows: 9,000 matches at a
   *  million customers took 32 ms joined, 10 ms from the search table alone. */
  searchTableIsList?: boolean;
}

export interface KeyedPage extends Total {
  /** The page's record ids, in the list's order. */
  ids: number[];
}

export interface KeyedQuery {
  phrase: string;
  size: number;
  skipped: number;
  /** A phrase search's first look (RECENT_WINDOW unless given; tests give a small one). */
  recentWindow?: number;
}

async function unsearched(db: EngineDb, list: KeyedList, query: KeyedQuery): Promise<KeyedPage> {
  const limit = query.skipped + COUNT_CAP;
  const rows = (await list
    .rows(db)
    .select([sql.ref(list.id).as('id'), countUpTo(list.rows(db), limit).as('counted')])
    .orderBy(sql.ref(list.sort), 'desc')
    .limit(query.size)
    .offset(query.skipped)
    .execute()) as Array<{ id: number; counted: number | string }>;
  if (rows.length) return { ids: rows.map((r) => r.id), ...totalOf(Number(rows[0].counted), limit) };
  if (!query.skipped) return { ids: [], total: 0, capped: false };
  const counted = await db.selectNoFrom(countUpTo(list.rows(db), limit).as('n')).executeTakeFirstOrThrow();
  return { ids: [], ...totalOf(Number(counted.n), limit) };
}

/** Does the row with id `list.id` match? One key look-up in the search table. A scalar
 *  sub-select, not EXISTS: the planner may turn an EXISTS into a hash of every match of the
 *  pattern (the trigram bitmap the walk is there to avoid: half a second for a common word
 *  at a million letters), never a scalar sub-select. */
const probe = (list: KeyedList, pattern: string) =>
  sql<boolean>`coalesce((SELECT true FROM ${sql.table(list.searchTable)} s
    WHERE s.tenant_id = ${list.tenantId} AND s.id = ${sql.ref(list.id)} AND s.search_text LIKE ${pattern}), false)`;

async function fromNewestRows(db: EngineDb, list: KeyedList, query: KeyedQuery, pattern: string) {
  const window = Math.max((query.recentWindow ?? RECENT_WINDOW) + 10 * (query.skipped + query.size), 0);
  const newest = list
    .rows(db)
    .select([
      sql.ref(list.id).as('id'),
      sql.ref(list.sort).as('sort'),
      (list.matches ?? ((p: string) => probe(list, p)))(pattern).as('hit'),
    ])
    .orderBy(sql.ref(list.sort), 'desc')
    .limit(window + 1);
  const { rows } = await sql<{ held: number; matches: number; ids: number[] }>`
    WITH n AS MATERIALIZED (${newest})
    SELECT (SELECT count(*) FROM n) AS held,
           (SELECT count(*) FROM n WHERE hit) AS matches,
           coalesce((SELECT array_agg(p.id ORDER BY p.sort DESC) FROM
              (SELECT id, sort FROM n WHERE hit ORDER BY sort DESC LIMIT ${query.size} OFFSET ${query.skipped}) p), '{}') AS ids`.execute(
    db,
  );
  const { held, matches, ids } = rows[0];
  const wholeList = Number(held) <= window;
  if (ids.length < query.size && !wholeList) return undefined;
  return { ids, ...totalOf(Number(matches), query.skipped + COUNT_CAP, wholeList) };
}

async function fromSearchIndex(
  db: EngineDb,
  list: KeyedList,
  query: KeyedQuery,
  pattern: string,
): Promise<KeyedPage> {
  const matching = db
    .selectFrom(`${list.searchTable} as s`)
    .select('s.id')
    .where('s.tenant_id', '=', list.tenantId)
    .where('s.search_text', 'like', pattern);
  const found = list.searchTableIsList
    ? matching.select(['s.id as sort', sql<number>`count(*) OVER ()`.as('total')]).orderBy('s.id', 'desc')
    : list
        .rows(db)
        .where(sql.ref(list.id), 'in', matching)
        .select([sql.ref(list.id).as('id'), sql<number>`count(*) OVER ()`.as('total')])
        .orderBy(sql.ref(list.sort), 'desc');
  const rows = (await found.limit(query.size).offset(query.skipped).execute()) as Array<{
    id: number;
    total: number | string;
  }>;
  if (rows.length)
    return { ids: rows.map((r) => r.id), ...totalOf(Number(rows[0].total), query.skipped + COUNT_CAP) };
  if (!query.skipped) return { ids: [], total: 0, capped: false };
  const counted = await db
    .selectNoFrom(
      countUpTo(list.rows(db).where(sql.ref(list.id), 'in', matching), query.skipped + COUNT_CAP).as('n'),
    )
    .executeTakeFirstOrThrow();
  return { ids: [], ...totalOf(Number(counted.n), query.skipped + COUNT_CAP) };
}

/** One page of a keyed list (its ids, in order) and its capped count. */
export async function keyedPage(db: EngineDb, list: KeyedList, query: KeyedQuery): Promise<KeyedPage> {
  const pattern = searchPattern(query.phrase);
  if (!pattern) return unsearched(db, list, query);
  // The walk needs no search pattern in force (each row is matched by its own LIKE; a
  // search table read with none set shows every row), so it goes alone: a common phrase
  // costs one statement, not a transaction of four.
  const walked = await fromNewestRows(db, list, query, pattern);
  return walked ?? searching(db, query.phrase, (trx) => fromSearchIndex(trx, list, query, pattern));
}
