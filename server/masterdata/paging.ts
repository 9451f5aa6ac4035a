// Paging, capped counts and phrase search for any list that names a record id (the id its
// search table knows) and a key to order by, newest first: a resource's own list
// (lists.ts), a user's letters through their boxes (letters/lists.ts). One mechanism:
// - a page without a phrase is one statement: the page by the key, a count capped at
//   COUNT_CAP rows past the page as a sub-select, and the page's records joined to it;
// - a phrase first walks the list's newest rows (FIRST_WALK, then RECENT_WINDOW and ten
//   per row the page reaches; phrase-walk.ts), matching each by its search text, and
//   stops as soon as it has this page and one match more (a resource's own list, whose
//   rows match cheaply, the next page too: fromNewestRows); the records come in the same
//   statement. Only when the walk ends without filling the page, and the list goes on
//   past it, does the search table's trigram index answer, through search_matches
//   (migration 0016: it sets the pattern the search table's policy carries, tables.ts),
//   counting every match it found: in the walk's own statement, started only when the
//   walk's answer says so.
// docs/benchmarks.md has the figures these choices were measured by.
import { sql, type AliasedSelectQueryBuilder, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { ONE_PLAN } from '../db/named-statements';
import { phraseValues, rowOfSearchRow, walkedAtOnce, walkedInTwo, type PhraseValues } from './phrase-walk';
import { runShaped, type Statement } from '../db/statement-cache';
import { UserError } from '../http/answers';
import { indexable, searchPattern, type EngineDb } from './repository';
import { phraseSearches, type PhraseSearch } from '../../src/shared/persian';
import { fewRowsBound, tenantRows } from './tenant-rows';

type AnySelect = SelectQueryBuilder<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
/** A page of a list as a sub-query `p`: `p.id` and `p.sort`, newest first. */
export type PageRows = AliasedSelectQueryBuilder<any, 'p'>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type PageRecord = Record<string, unknown>;

/**
 * How many rows a list counts at most beyond the ones its page skips. Counting a million
 * rows costs a third of a second on every call; past this many the answer says "more than"
 * (`capped`) and the screen shows «بیش از …» and keeps paging.
 */
export const COUNT_CAP = 1000;

/** Rows one answer holds at most, whatever `Count` asks (-1 for "all" included). */
export const MAX_ROWS = 1000;

/**
 * How many of a list's newest rows a phrase search walks at most before it asks the
 * trigram index: first FIRST_WALK and the rows the page reaches, then, when that found
 * some matches but not a page, RECENT_WINDOW and ten for every row the page reaches.
 *
 * Why two ways: a phrase that many rows hold (a common word) fills a page within the
 * newest few dozen rows, while the index would hand over every match (a word in a sixth of
 * a million letters: 70 ms of bitmap before the first row) to be sorted and counted; a rare
 * phrase is a few index entries, while walking would read every row. The planner cannot
 * tell which from a pattern it sees only at run time, so the engine asks both ways, each
 * bounded: first the newest rows, stopping once it holds this page and more, then the
 * index. Where matching a row costs a key look-up (letters), the first walk is short: a
 * phrase it finds nowhere among the newest hundred rows is rare enough for the index (a
 * letter's number: one index probe instead of 2,000 look-ups), while one it finds a few
 * times there is common enough that the index would cost more than walking further; it
 * glances at the newest FIRST_GLANCE rows first and goes on only when they held a match,
 * so a rare phrase pays for the glance, not the whole first walk. A
 * row that matches by its own search text (a resource's) is cheap to walk (half a
 * microsecond a row on PostgreSQL): its first walk is SHORT_LIST rows, so a short list
 * (the 132 cities of the demo tenant) is read whole in one statement, where the index
 * would cost a second one (a rare city: 0.11 ms of database time a call against 0.33),
 * while a long list's rare phrase does not walk far before it asks the index (a rare
 * customer at 100,000: 0.40 ms with 200 rows walked first, 0.54 with 500). A walk that
 * filled the page counts what it saw: exact when it reached the list's end, else "at
 * least" (capped) — counting further would cost the bitmap it avoided.
 */
export const RECENT_WINDOW = 2000;
export const FIRST_WALK = 100;
/** The rows a first walk of key look-ups looks at before it goes on to FIRST_WALK: one that
 *  finds no match among them asks the index (a rare phrase: 60 look-ups on page 1, not 120). */
export const FIRST_GLANCE = 40;
/** The first walk of a list whose rows match by their own search text. */
export const SHORT_LIST = 200;

/** Whether a tenant of few rows has its whole list walked (keyedPageOnce). */
let wholeSmallLists = true;
/** For tests of the walk and the index on a small tenant: off, its phrase goes their way. */
export function setWholeSmallListsForTests(on = true) {
  wholeSmallLists = on;
}

/** A phrase the index cannot narrow, not found among a long list's newest rows. */
export const PHRASE_TOO_SHORT =
  'عبارت جستجو در میان تازه‌ترین ردیف‌ها یافت نشد و برای جستجو در همه‌ی فهرست کوتاه است؛ دست‌کم سه حرف یا رقم پشت سر هم بنویسید';

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
 * Runs a lookup's queries (a picker's names, lists.ts lookupRows); with a phrase, in a
 * transaction whose `app.search_pattern` is the phrase's pattern, which the search tables'
 * policy carries (tables.ts) so that their trigram index is used under row-level security.
 * The setting ends with the transaction. A keyed list's page does not come here: its index
 * search is one statement through search_matches (fromSearchIndex below).
 */
export async function searching<T>(
  db: EngineDb,
  phrase: string,
  work: (db: EngineDb) => Promise<T>,
): Promise<T> {
  const pattern = searchPattern(phrase);
  if (!pattern) return work(db);
  return db.transaction().execute(async (trx) => {
    await sql`SELECT ${ONE_PLAN} set_config('app.search_pattern', ${pattern}, true)`.execute(trx);
    return work(trx);
  });
}

export interface KeyedList {
  tenantId: number;
  /** The list's rows without a phrase: FROM, joins and WHERE; no SELECT, ORDER or LIMIT. */
  rows: (db: EngineDb) => AnySelect;
  /** The list's row of the index's match `s.id`, as `rows` (FROM, joins and WHERE), where
   *  `rows` narrowed to that id would not be planned as a look-up by key. Without it, the
   *  engine narrows `rows` itself. */
  rowOfMatch?: (db: EngineDb) => AnySelect;
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
  /** The list is ordered by its search table's own id (`sort` is `id`, as all letters'
   *  `m.id` is messages_search's): a phrase's walk then reads the search table's newest
   *  rows in that order, matching each by its own text, and looks the list's row up
   *  (rowOfMatch) only for the rows that match. A rare phrase's glance of 60 rows read 244
   *  buffers walking the list and looking each row's text up; see phrase-walk.ts. */
  sortedBySearchId?: boolean;
  /** What the screen shows of a page's records, selected from the page `p` (joined to the
   *  record's own tables by `p.id`), ordered by `p.sort` descending. Fetched in the same
   *  statement as the page. Without it, a page's records are `{ id }`. */
  records?: (db: EngineDb, page: PageRows) => AnySelect;
  /** One plan serves every page of this list, whoever asks (a range of one index picked by
   *  the statement's text): planned once per connection (db/named-statements.ts ONE_PLAN). */
  onePlan?: boolean;
}

export interface KeyedPage extends Total {
  /** The page's records, in the list's order (with the engine's own `__…` columns beside
   *  what `records` selected: map them to the answer by name). */
  rows: PageRecord[];
  /** The way the phrase was searched that made this page (keyedPage: the last one tried). */
  searched?: PhraseSearch;
}

export interface KeyedQuery {
  phrase: string;
  size: number;
  skipped: number;
  /** A phrase search's longest walk (RECENT_WINDOW unless given; tests give a small one). */
  recentWindow?: number;
  /** The rows a first walk of key look-ups looks at before it goes on (FIRST_GLANCE and the
   *  page's reach unless given; tests give a small one). */
  firstGlance?: number;
  /** The phrase as typed, its affixes not joined (one of keyedPage's other ways). */
  unfolded?: boolean;
}

const idsOnly = (db: EngineDb, page: PageRows) =>
  db.selectFrom(page).select('p.id as id').orderBy('p.sort', 'desc');

/** The list's records of `page`, with `p`'s columns named in `carried` beside them. */
function recordsOf(db: EngineDb, list: KeyedList, page: PageRows, carried: string[]) {
  return (list.records ?? idsOnly)(db, page).select(carried.map((name) => `p.${name} as __${name}`));
}

/** The records and the carried columns' values on the first of them. The records keep
 *  them (as `__name`): taking them off (`delete`) would slow every record down, and the
 *  records are mapped to the answer's shape by name anyway. */
function split(rows: PageRecord[], carried: string[]) {
  const first: PageRecord = rows[0] ?? {};
  return { rows, values: Object.fromEntries(carried.map((name) => [name, first[`__${name}`]])) };
}

/**
 * A keyed list that a function makes of its values (a tenant, a user, a folder…), so that
 * its statements are compiled once per shape and then only given the values
 * (db/statement-cache.ts). `shape` names everything `make` reads besides `values`: which
 * filters are there, a list's length. `make` is pure: the same values, the same list.
 */
export interface ShapedList<V> {
  shape: string;
  values: V;
  make: (values: V) => KeyedList;
}

/** A statement of the list's, built of a list and a phrase's values. */
type Build = (list: KeyedList, phrase: PhraseValues) => Statement<PageRecord>;

/** How a page's statements run: `list` for the engine's own decisions (the same for every
 *  list of a shape), `run` to send one, named by what it is and the query's shape. */
interface Statements {
  list: KeyedList;
  phrase: PhraseValues;
  run: (name: string, build: Build) => Promise<PageRecord[]>;
}

function statementsOf<V>(
  db: EngineDb,
  source: KeyedList | ShapedList<V>,
  list: KeyedList,
  query: KeyedQuery,
  phrase: PhraseValues,
): Statements {
  if (!('make' in source)) {
    return {
      list,
      phrase,
      run: async (_, build) => (await db.executeQuery(build(list, phrase).compile(db))).rows,
    };
  }
  // What decides the text besides the values: the list's shape, the page, the walk's
  // bounds and how many words the phrase weighs.
  const shapeOfQuery = [source.shape, query.size, query.skipped, query.recentWindow, query.firstGlance];
  const counts = [phrase.words.length, phrase.rarer.length];
  return {
    list,
    phrase,
    run: async (name, build) =>
      (
        await runShaped(
          db,
          JSON.stringify([name, ...shapeOfQuery, ...counts]),
          { list: source.values, phrase },
          (values) => build(source.make(values.list), values.phrase),
        )
      ).rows,
  };
}

/**
 * A page without a phrase, its records and its count, in one statement. The count goes on
 * from the page's last row (the rows before it are the ones the page skipped), so a deep
 * page walks the rows it skips once, not again to count them.
 */
async function unsearched(db: EngineDb, statements: Statements, query: KeyedQuery): Promise<KeyedPage> {
  const limit = query.skipped + COUNT_CAP;
  const answer = await statements.run('page', (list) => unsearchedPage(db, list, query));
  const found = split(answer, ['counted']);
  if (found.rows.length)
    return { rows: found.rows, ...totalOf(query.skipped + Number(found.values.counted), limit) };
  if (!query.skipped) return { rows: [], total: 0, capped: false };
  // Past the end: nothing carried the count.
  const [counted] = await statements.run('count', (list) =>
    db.selectNoFrom(countUpTo(list.rows(db), limit).as('n')),
  );
  return { rows: [], ...totalOf(Number(counted.n), limit) };
}

/** unsearched's statement: the page, its records and the count beyond it. */
function unsearchedPage(db: EngineDb, list: KeyedList, query: KeyedQuery) {
  const rows = list.rows(db); // a builder is immutable: built once, used thrice
  const page = rows
    .select([sql.ref(list.id).as('id'), sql.ref(list.sort).as('sort')])
    .orderBy(sql.ref(list.sort), 'desc')
    // Planned once, the page's size is written in: a size the plan cannot see is taken for
    // a tenth of the list, and a deep page of 100,000 customers then merged its records by
    // walking the list a second time (0.74 ms; 0.49 with the size known).
    .limit(list.onePlan ? sql.lit(query.size) : query.size)
    .offset(query.skipped);
  const beyond = rows.where(sql.ref(list.sort), '<', sql`(SELECT min(sort) FROM page)`);
  const records = recordsOf(db, list, db.selectFrom('page').select(['id', 'sort']).as('p'), []).select(
    sql<number>`(SELECT count(*) FROM page) + ${countUpTo(beyond, Math.max(COUNT_CAP - query.size, 0))}`.as(
      '__counted',
    ),
  );
  return sql<PageRecord>`
    WITH ${list.onePlan ? ONE_PLAN : sql``} page AS MATERIALIZED (${page}) ${records}`;
}

/** How far a walk goes: its rows, a glance first, and below how many matches it asks the index. */
type Window = { rows: number; glance?: number; indexBelow?: number; counted?: number };

/**
 * The page among the list's newest `window` rows: its records and count, or none when the
 * walk ended without filling it and the list goes on. One statement: the walk stops at the
 * hits this page and one more need (a common word: a few dozen rows), and marks the
 * list's last row (`lead` looks one row ahead) so that a walk that reached the end knows
 * it. Given `glance`, the walk looks at that many rows first and goes on to `window` only
 * when they held a match: a phrase none of them holds is rare enough for the index, and a
 * rare phrase (the usual index search) then pays for `glance` rows, not `window`. Given
 * `indexBelow`, when the walk saw fewer matches than that and the list goes on, the same
 * statement asks the trigram index (indexMatches): a rare phrase costs one statement, not
 * two. The walk's second part and the index's are behind one-time filters on what the walk
 * saw before them, never started when it answered.
 */
async function fromNewestRows(
  db: EngineDb,
  statements: Statements,
  query: KeyedQuery,
  window: Window,
  /** A phrase nothing else will look further for: the matches the walk saw are the page. */
  lastWalk = false,
): Promise<KeyedPage | undefined> {
  const counted = window.counted ?? matchesSought(statements.list, query);
  const rows = await statements.run(`walk ${JSON.stringify(window)}`, (list, phrase) =>
    newestRows(db, list, query, phrase, window),
  );
  const hits = Number(rows[0].hits);
  const onPage = rows.filter((row) => row.__sort !== null);
  const { indexBelow } = window;
  if (indexBelow !== undefined && hits < indexBelow && !rows[0].ends)
    return fromSearchIndex(db, statements, query, onPage);
  // The list's last row was walked: every row was, and the count is exact.
  const wholeList = Boolean(rows[0].ends);
  if (onPage.length < query.size && !wholeList) {
    // At least these, and maybe more beyond the window: a capped count says so.
    return lastWalk && onPage.length > 0 ? { rows: onPage, total: hits, capped: true } : undefined;
  }
  const total = wholeList ? { total: hits, capped: false } : totalOf(hits, counted, false);
  return { rows: onPage, ...total };
}

/** The matches a walk looks for: this page and one more, to tell "more than that". A list
 *  whose rows match by their own text walks on to the next page too, so the count says
 *  «بیش از ۴۰» on page 1 (its rows cost half a microsecond each); a row matched by a key
 *  look-up costs a few, and a common phrase's first page then walks half as far. */
const matchesSought = (list: KeyedList, query: KeyedQuery) =>
  query.skipped + (list.matches ? 2 : 1) * query.size;

/** fromNewestRows' statement: the walk, the index's page behind it, and the records. */
function newestRows(db: EngineDb, list: KeyedList, query: KeyedQuery, phrase: PhraseValues, window: Window) {
  const counted = window.counted ?? matchesSought(list, query);
  const glance = window.glance !== undefined && window.glance < window.rows ? window.glance : undefined;
  const { found, indexPattern } =
    glance === undefined
      ? { found: walkedAtOnce(db, list, phrase.pattern, window.rows, counted), indexPattern: undefined }
      : walkedInTwo(db, list, phrase, { glance, rows: window.rows, counted });
  const walked = db
    .selectFrom('found')
    .select(['id', 'sort', sql<number | null>`NULL::bigint`.as('total')])
    .where('hit', '=', true)
    .orderBy('sort', 'desc')
    .limit(query.size)
    .offset(query.skipped);
  // The index's page when the walk saw fewer than `indexBelow` matches and the list goes
  // on, else the walk's: one of the two, behind a one-time filter each, and the records
  // (built once) of whichever it is.
  const { indexBelow } = window;
  const indexed =
    indexBelow === undefined ? undefined : sql<boolean>`(SELECT hits < ${indexBelow} AND NOT ends FROM seen)`;
  const page = indexed
    ? sql`(${walked.where(sql<boolean>`NOT ${indexed}`)}) UNION ALL (${indexMatches(db, list, query, phrase, indexPattern).where(indexed)})`
    : walked;
  const records = recordsOf(db, list, db.selectFrom('page').select(['id', 'sort', 'total']).as('p'), CARRIED);
  return sql<PageRecord>`
    WITH ${list.onePlan ? ONE_PLAN : sql``} ${found},
      seen AS (SELECT count(*) FILTER (WHERE hit) AS hits, coalesce(bool_or(last), false) AS ends FROM found),
      page AS (${page})
    SELECT seen.hits, seen.ends, r.* FROM seen LEFT JOIN (${records}) AS r ON true
    ORDER BY r.__sort DESC`;
}

/** The columns the engine carries beside a page's records: the key, and the index's count. */
const CARRIED = ['sort', 'total'];

/**
 * The page among the trigram index's matches, its records carrying `__sort` and the count
 * of every match (`__total`). search_matches (migrations 0016, 0018) sets the search tables'
 * pattern for its own search, which it plans with the pattern in force (a rare one takes
 * the trigram index), and the statement around it sees a function of a few rows whatever
 * the pattern, so one plan (from the matches to the list's rows by their keys) serves
 * every tenant and phrase. It used to be a transaction of four statements, the search
 * joined to the list planned on each call (0.4 ms of a letters' rare phrase's 1 ms of
 * database time). A tenant of few rows (tenant-rows.ts) is searched by its own rows instead.
 */
function indexPage(db: EngineDb, list: KeyedList, query: KeyedQuery, phrase: PhraseValues) {
  return recordsOf(db, list, indexMatches(db, list, query, phrase).as('p'), CARRIED).modifyFront(ONE_PLAN);
}

/** The page's matches among the index's: `id`, `sort` and `total` (of every match). */
function indexMatches(
  db: EngineDb,
  list: KeyedList,
  query: KeyedQuery,
  phrase: PhraseValues,
  indexPattern?: RawBuilder<string>,
) {
  const found = list.searchTableIsList
    ? matching(db, list, phrase, indexPattern)
        .select(['s.id', 's.id as sort', sql<number>`count(*) OVER ()`.as('total')])
        .orderBy('s.id', 'desc')
    : matching(db, list, phrase, indexPattern)
        // Each match's row by its key: a join of the matches to the list's rows was planned
        // as a hash of the whole list (a user's cartable: 8,000 index entries read for a
        // phrase of 20 matches; the one plan takes a cartable for 17 rows). LIMIT 1 keeps
        // it one look-up.
        .innerJoinLateral(
          rowOfSearchRow(db, list)
            .select([sql.ref(list.id).as('id'), sql.ref(list.sort).as('sort')])
            .limit(1)
            .as('r'),
          (join) => join.onTrue(),
        )
        .select(['r.id', 'r.sort', sql<number>`count(*) OVER ()`.as('total')])
        .orderBy('r.sort', 'desc');
  return found.limit(query.size).offset(query.skipped);
}

/** The index's matches of the phrase's pattern (`s.id`), asked for `indexPattern` (the
 *  phrase's own unless given). */
const matching = (
  db: EngineDb,
  list: KeyedList,
  phrase: PhraseValues,
  indexPattern: RawBuilder<string> = sql<string>`${phrase.indexPattern}::text`,
) =>
  db.selectFrom(
    sql<{ id: number }>`search_matches(${list.searchTable}::regclass, ${list.tenantId}::integer,
        ${phrase.pattern}::text, ${indexPattern}, ${phrase.fewRows}::boolean, ${phrase.manyRows}::boolean)`.as(
      's',
    ),
  );

/** The index's page (`listed`: its records, asked with the walk) and its count; past the
 *  matches' end, the count asked on its own. */
async function fromSearchIndex(
  db: EngineDb,
  statements: Statements,
  query: KeyedQuery,
  listed: PageRecord[],
): Promise<KeyedPage> {
  const { rows, values } = split(listed, ['total']);
  const limit = query.skipped + COUNT_CAP;
  if (rows.length) return { rows, ...totalOf(Number(values.total), limit) };
  if (!query.skipped) return { rows: [], total: 0, capped: false };
  const [counted] = await statements.run('index count', (list, phrase) => {
    const matches = list.rows(db).where(sql.ref(list.id), 'in', matching(db, list, phrase).select('s.id'));
    return db.selectNoFrom(countUpTo(matches, limit).as('n'));
  });
  return { rows: [], ...totalOf(Number(counted.n), limit) };
}

/** Whether the list has no row at all. */
async function isEmpty(db: EngineDb, statements: Statements): Promise<boolean> {
  const rows = await statements.run('any row', (list) =>
    list
      .rows(db)
      .select(sql<number>`1`.as('one'))
      .limit(1),
  );
  return rows.length === 0;
}

/** One page of a keyed list (its records, in order) and its capped count. A ShapedList's
 *  statements are compiled once per shape. A phrase that finds nothing is tried its other
 *  ways (phraseSearches), each only when the one before found nothing: as typed, its affixes
 *  apart — its last word may be a longer word's start that reads as an ending («شرکت ها» on
 *  the way to «شرکت هامون»), its first another's end («بی نظیر» of «جنوبی نظیر»), and stored
 *  texts keep those apart — and a phrase holding a ZWNJ with the words it joins written
 *  joined («کار‌آفرین» finds «کارآفرین»). A phrase that finds something costs one search. */
export async function keyedPage<V>(
  db: EngineDb,
  source: KeyedList | ShapedList<V>,
  query: KeyedQuery,
): Promise<KeyedPage> {
  const [first, ...others] = phraseSearches(query.phrase);
  let searched = first;
  let page = await keyedPageOnce(db, source, { ...query, phrase: first.phrase, unfolded: !first.fold });
  for (const way of others) {
    if (page.total !== 0) break;
    searched = way;
    page = await keyedPageOnce(db, source, { ...query, phrase: way.phrase, unfolded: !way.fold });
  }
  return { ...page, searched };
}

async function keyedPageOnce<V>(
  db: EngineDb,
  source: KeyedList | ShapedList<V>,
  query: KeyedQuery,
): Promise<KeyedPage> {
  const list = 'make' in source ? source.make(source.values) : source;
  const fold = !query.unfolded;
  // Whether the index's part reads the tenant's own rows instead, or its plan is made once:
  // asked only of a phrase the index would be asked for.
  const tenantSize = indexable(query.phrase, fold)
    ? await tenantRows(db, list.searchTable, list.tenantId)
    : undefined;
  const statements = statementsOf(db, source, list, query, phraseValues(query.phrase, tenantSize, fold));
  const { phrase } = statements;
  if (!phrase.pattern) return unsearched(db, statements, query);
  // The walk needs no search pattern in force (each row is matched by its own LIKE; a
  // search table read with none set shows every row): a common phrase costs one statement.
  const reach = query.skipped + query.size;
  // A tenant of few rows: its whole list is walked and every match counted (at most
  // FEW_ROWS rows, a millisecond or two), so its total is exact — not «بیش از ۲۰» for 23
  // matches among 45 letters. A count grown old (the tenant grew) falls through to below.
  if (wholeSmallLists && (tenantSize ?? (await tenantRows(db, list.searchTable, list.tenantId))).few) {
    const rows = fewRowsBound() + reach;
    const whole = await fromNewestRows(db, statements, query, { rows, counted: rows });
    if (whole && !whole.capped) return whole;
  }
  const longest = Math.max((query.recentWindow ?? RECENT_WINDOW) + 10 * reach, 0);
  // A row that matches by its own search text is cheap to walk: a short list (the cities)
  // is then read whole by the first walk, where the index costs a second statement.
  const shortest = Math.min((list.matches ? SHORT_LIST : FIRST_WALK) + reach, longest);
  const further = longest > shortest;
  // A phrase the index cannot narrow is found by walking or not at all (below).
  const indexed = indexable(query.phrase, fold);
  // The first walk asks the index only when it saw no match at all: a phrase it saw a few
  // times is common enough that walking further costs less than the index's every match.
  // With no further walk to come, the index answers whatever the walk did not.
  const indexBelow = further ? 1 : reach;
  const first = await fromNewestRows(
    db,
    statements,
    query,
    {
      rows: shortest,
      glance: list.matches ? undefined : (query.firstGlance ?? FIRST_GLANCE + reach),
      indexBelow: indexed ? indexBelow : undefined,
    },
    !indexed && !further,
  );
  if (first) return first;
  // Such a phrase mostly fills its page on the longer walk: that walk's statement does not
  // carry the index's part, which would cost every such call its building and starting.
  // One the index cannot narrow answers what this walk found, if anything (it was refused,
  // «… یافت نشد», with matches among the rows it saw).
  const second = further
    ? await fromNewestRows(db, statements, query, { rows: longest }, !indexed)
    : undefined;
  if (second) return second;
  // The index would read every entry it holds for this one search, whoever sends it —
  // unless there is nothing to search: a walk over an empty list sees no last row.
  if (!indexed) {
    if (await isEmpty(db, statements)) return { rows: [], total: 0, capped: false };
    throw new UserError(PHRASE_TOO_SHORT);
  }
  const rows = await statements.run('index', (shaped, values) => indexPage(db, shaped, query, values));
  return fromSearchIndex(db, statements, query, rows);
}
