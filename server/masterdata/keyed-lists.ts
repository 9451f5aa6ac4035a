// Lists whose rows are not one resource's table: any query that names a record id (the
// id its search table knows) and a key to order by, newest first — a user's letters
// through their boxes, for one. They are paged, counted and searched the way the engine
// pages, counts and searches a resource's list (repository.ts):
// - a page without a phrase is one statement: the page by the key, and a count capped at
//   COUNT_CAP rows past the page as a sub-select;
// - a phrase first looks through the list's newest rows (RECENT_WINDOW and ten per row the
//   page reaches), probing the search table row by row by its key, and counts the matches
//   it saw there; only when they do not fill the page, and the list goes on, does it ask the
//   search table's trigram index (whose policy carries the pattern: tables.ts), and then
//   counts every match it found.
import { sql, type SelectQueryBuilder } from 'kysely';
import type { AnyDb } from './hooks';
import { COUNT_CAP, RECENT_WINDOW, searchPattern, type Total } from './repository';

type AnySelect = SelectQueryBuilder<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface KeyedList {
  tenantId: number;
  /** The list's rows without a phrase: FROM, joins and WHERE; no SELECT, ORDER or LIMIT. */
  rows: (db: AnyDb) => AnySelect;
  /** The record id in `rows` (e.g. `b.message_id`), which `searchTable`'s `id` matches. */
  id: string;
  /** The key the list is ordered by, newest (largest) first (e.g. `b.sort_key`). */
  sort: string;
  /** The search table: (tenant_id, id, search_text) with a trigram index and the pattern policy. */
  searchTable: string;
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

function totalOf(found: number, limit: number, complete = true): Total {
  return found > limit || !complete
    ? { total: Math.min(found, limit), capped: true }
    : { total: found, capped: false };
}

const countUpTo = (rows: AnySelect, limit: number) =>
  sql<number>`(SELECT count(*) FROM (${rows.select(sql`1`.as('one')).limit(limit + 1)}) AS c)`;

async function unsearched(db: AnyDb, list: KeyedList, query: KeyedQuery): Promise<KeyedPage> {
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

async function fromNewestRows(db: AnyDb, list: KeyedList, query: KeyedQuery, pattern: string) {
  const window = Math.max((query.recentWindow ?? RECENT_WINDOW) + 10 * (query.skipped + query.size), 0);
  const newest = list
    .rows(db)
    .select([sql.ref(list.id).as('id'), sql.ref(list.sort).as('sort'), probe(list, pattern).as('hit')])
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
  db: AnyDb,
  list: KeyedList,
  query: KeyedQuery,
  pattern: string,
): Promise<KeyedPage> {
  const matching = db
    .selectFrom(`${list.searchTable} as s`)
    .select('s.id')
    .where('s.tenant_id', '=', list.tenantId)
    .where('s.search_text', 'like', pattern);
  const rows = (await list
    .rows(db)
    .where(sql.ref(list.id), 'in', matching)
    .select([sql.ref(list.id).as('id'), sql<number>`count(*) OVER ()`.as('total')])
    .orderBy(sql.ref(list.sort), 'desc')
    .limit(query.size)
    .offset(query.skipped)
    .execute()) as Array<{ id: number; total: number | string }>;
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
export async function keyedPage(db: AnyDb, list: KeyedList, query: KeyedQuery): Promise<KeyedPage> {
  const pattern = searchPattern(query.phrase);
  if (!pattern) return unsearched(db, list, query);
  return db.transaction().execute(async (trx) => {
    // The search table's policy reads the pattern (tables.ts); it ends with the transaction.
    await sql`SELECT set_config('app.search_pattern', ${pattern}, true)`.execute(trx);
    return (await fromNewestRows(trx, list, query, pattern)) ?? fromSearchIndex(trx, list, query, pattern);
  });
}
