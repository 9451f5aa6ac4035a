// The walk over a list's newest rows that a phrase search starts with (paging.ts
// fromNewestRows): each row matched by its search text, the list's last row marked, the
// walk stopped at what the page needs; for a list whose rows match by a key look-up, a
// glance at the newest rows first, and the counts of a phrase's words there that tell the
// index which words to leave out.
import { sql, type RawBuilder } from 'kysely';
import type { KeyedList } from './paging';
import { searchPattern, trigramPattern, trigramWords, type EngineDb } from './repository';
import type { TenantRows } from './tenant-rows';

/** A word of a phrase that at least one in COMMON_WORD glanced rows holds is left out of the
 *  index's pattern when the phrase's other words are rarer: the index would read its
 *  posting lists whole to intersect them with theirs (a word in every letter beside a
 *  number: 13 ms at a million letters, 0.6 without it). Phrases of two to
 *  MOST_WORDS_WEIGHED long words are weighed so. */
const COMMON_WORD = 4;
const MOST_WORDS_WEIGHED = 4;

/** What a phrase puts into a search's statements, made of it once per call (the statements
 *  are compiled once per shape and take these as values: db/statement-cache.ts). */
export interface PhraseValues {
  /** The rows' own LIKE pattern (searchPattern). */
  pattern: string;
  /** What the trigram index is asked for (trigramPattern). */
  indexPattern: string;
  /** The long words' own patterns, when the phrase has two to MOST_WORDS_WEIGHED of them
   *  (weighed over the glance), else none. */
  words: string[];
  /** With `words`, the index's pattern keeping each set of them: [set 1, set 2, …]. */
  rarer: string[];
  /** The tenant has few rows in the search table: the index's part reads them one by one
   *  instead (tenant-rows.ts; search_matches of migration 0018). */
  fewRows: boolean;
  /** …or many: the index's part is planned once per connection (migration 0026). */
  manyRows: boolean;
}

export function phraseValues(
  phrase: string,
  rows: TenantRows = { few: false, many: false },
  fold = true,
): PhraseValues {
  const words = trigramWords(phrase, fold);
  const weighed = words.length > 1 && words.length <= MOST_WORDS_WEIGHED ? words : [];
  const sets = weighed.length ? 2 ** weighed.length - 2 : 0;
  return {
    pattern: searchPattern(phrase, fold),
    indexPattern: trigramPattern(phrase, undefined, fold),
    words: weighed,
    rarer: Array.from({ length: sets }, (_, i) =>
      trigramPattern(phrase, (word) => (((i + 1) >> word) & 1) === 1, fold),
    ),
    fewRows: rows.few,
    manyRows: rows.many,
  };
}

/** Does the row with id `list.id` match? One key look-up in the search table. A scalar
 *  sub-select, not EXISTS: the planner may turn an EXISTS into a hash of every match of the
 *  pattern (the trigram bitmap the walk is there to avoid: half a second for a common word
 *  at a million letters), never a scalar sub-select. */
const probe = (list: KeyedList, pattern: string) =>
  sql<boolean>`coalesce((SELECT true FROM ${sql.table(list.searchTable)} s
    WHERE s.tenant_id = ${list.tenantId} AND s.id = ${sql.ref(list.id)} AND s.search_text LIKE ${pattern}), false)`;

/** The list's row of the search table's row `s` (FROM, joins and WHERE). */
export const rowOfSearchRow = (db: EngineDb, list: KeyedList) =>
  list.rowOfMatch?.(db) ?? list.rows(db).where(sql.ref(list.id), '=', sql.ref('s.id'));

/** ` + 2 * (s.search_text LIKE word0)::int + 4 * …`: bit i + 1 says the search row `s`
 *  holds the word i. */
const wordBits = (words: string[]) =>
  sql.join(
    words.map((word, i) => sql` + ${sql.lit(2 ** (i + 1))} * (s.search_text LIKE ${word})::int`),
    sql``,
  );

/** probe, and which of `words` the row holds besides: bit 0 the match, bit i + 1 the word i. */
const probeWords = (list: KeyedList, pattern: string, words: string[]) =>
  sql<number>`coalesce((SELECT (s.search_text LIKE ${pattern})::int${wordBits(words)}
    FROM ${sql.table(list.searchTable)} s WHERE s.tenant_id = ${list.tenantId} AND s.id = ${sql.ref(list.id)}), 0)`;

/** What a walk reads: its rows (FROM, joins and WHERE), the columns of their id and key,
 *  and whether a row matches (`hit`), with the words it holds besides (`mask`). */
interface Walked {
  rows: ReturnType<KeyedList['rows']>;
  id: string;
  sort: string;
  hit: () => RawBuilder<boolean>;
  mask: (words: string[]) => RawBuilder<number>;
}

/** A walk over the list's own rows, each matched by `list.matches` or a key look-up. */
const listWalk = (db: EngineDb, list: KeyedList, pattern: string): Walked => ({
  rows: list.rows(db),
  id: list.id,
  sort: list.sort,
  hit: () => (list.matches ?? ((p: string) => probe(list, p)))(pattern),
  mask: (words) => probeWords(list, pattern, words),
});

/**
 * A walk over the search table's own rows, for a list ordered by its id
 * (KeyedList.sortedBySearchId): each row matched by its own text, and only a matching one
 * looked up in the list (is it listed? a letter that is a draft or deleted is not). A
 * row of the list costs a look-up of its text when the walk goes over the list; here a
 * row of text costs nothing more than reading it, and a rare phrase, which matches none,
 * costs no look-up at all. The last row walked is the search table's: every row of the
 * list is one of its rows, so a walk that reached it has seen the whole list.
 */
function searchTableWalk(db: EngineDb, list: KeyedList, pattern: string): Walked {
  const listed = sql<boolean>`coalesce((${rowOfSearchRow(db, list)
    .select(sql`true`.as('listed'))
    .limit(1)}), false)`;
  // CASE, not AND: the look-up only when the text matches (AND may be evaluated either way).
  const hit = sql<boolean>`CASE WHEN s.search_text LIKE ${pattern} THEN ${listed} ELSE false END`;
  return {
    rows: db
      .selectFrom(sql.table(list.searchTable).as('s'))
      .where(sql.ref('s.tenant_id'), '=', list.tenantId),
    id: 's.id',
    sort: 's.id',
    hit: () => hit,
    mask: (words) => sql<number>`${hit}::int${wordBits(words)}`,
  };
}

/** The list's newest `limit` rows (after the key `after`, when given), newest first, each
 *  with `hit` (does it match?; `mask` instead, given `words`: bit 0 the match, bit i + 1
 *  the word i) and `last` (is it the list's last row?); given `edge`, also `edge` on the
 *  edge-th row (where a walk after this one starts). */
function walkRows(
  db: EngineDb,
  list: KeyedList,
  pattern: string,
  limit: number,
  options: { after?: RawBuilder<unknown>; words?: string[]; edge?: number } = {},
) {
  const { after, words, edge } = options;
  const walked = list.sortedBySearchId ? searchTableWalk(db, list, pattern) : listWalk(db, list, pattern);
  const sort = sql.ref(walked.sort);
  const rows = (after === undefined ? walked.rows : walked.rows.where(sort, '<', after)).select([
    sql.ref(walked.id).as('id'),
    sort.as('sort'),
    words ? walked.mask(words).as('mask') : walked.hit().as('hit'),
    sql<boolean>`lead(${sql.ref(walked.id)}) OVER (ORDER BY ${sort} DESC) IS NULL`.as('last'),
  ]);
  return (
    edge === undefined
      ? rows
      : rows.select(sql<boolean>`row_number() OVER (ORDER BY ${sort} DESC) = ${edge}`.as('edge'))
  )
    .orderBy(sort, 'desc')
    .limit(limit);
}

/** `found`: the matches among the newest `rows` rows and one (and the list's last row, if
 *  walked), at most `counted + 1` of them. */
export const walkedAtOnce = (db: EngineDb, list: KeyedList, pattern: string, rows: number, counted: number) =>
  sql`found AS (SELECT * FROM (${walkRows(db, list, pattern, rows + 1)}) AS w WHERE hit OR last LIMIT ${counted + 1})`;

/**
 * `found` as walkedAtOnce, in two parts: the newest `glance` rows, and only when they held a
 * match but not enough (and the list goes on), the next `rows - glance` after the last of
 * them, until the two hold `counted + 1` matches. The first part keeps its last row
 * (`edge`) to say where the second starts. A phrase of a few long words also counts, over
 * the glance, the rows that hold each word: `indexPattern` leaves the common ones out.
 */
export function walkedInTwo(
  db: EngineDb,
  list: KeyedList,
  phrase: PhraseValues,
  walk: { glance: number; rows: number; counted: number },
) {
  const { glance, rows, counted } = walk;
  const { pattern } = phrase;
  const weighed = phrase.words.length ? phrase.words : undefined;
  const first = walkRows(db, list, pattern, glance, { words: weighed, edge: glance });
  // Weighing words needs every glanced row; otherwise the glance stops at what the page needs.
  const glanced = weighed
    ? sql`glance AS (SELECT id, sort, mask & 1 = 1 AS hit, last, edge, mask FROM (${first}) AS w),
      glanced AS (SELECT count(*) FILTER (WHERE hit) AS hits, coalesce(bool_or(last), false) AS ends,
                         min(sort) FILTER (WHERE edge) AS edge, count(*) AS walked, ${wordCounts(weighed)}
                    FROM glance)`
    : sql`glance AS (SELECT * FROM (${first}) AS w WHERE hit OR last OR edge LIMIT ${counted + 1}),
      glanced AS (SELECT count(*) FILTER (WHERE hit) AS hits, coalesce(bool_or(last), false) AS ends,
                         min(sort) FILTER (WHERE edge) AS edge FROM glance)`;
  const goesOn = sql<boolean>`(SELECT hits > 0 AND hits <= ${counted} AND edge IS NOT NULL AND NOT ends FROM glanced)`;
  const second = walkRows(db, list, pattern, rows + 1 - glance, { after: sql`(SELECT edge FROM glanced)` });
  const found = sql`${glanced},
    found AS ((SELECT id, sort, hit, last FROM glance WHERE hit OR last)
      UNION ALL (SELECT id, sort, hit, last FROM (${second}) AS w WHERE (hit OR last) AND ${goesOn}
                 LIMIT (SELECT greatest(${counted + 1} - hits, 0) FROM glanced)))`;
  return { found, indexPattern: weighed && rarerWordsPattern(phrase) };
}

/** `word0`, `word1` …: how many glanced rows hold each word (bit i + 1 of probeWords' mask). */
const wordCounts = (words: string[]) =>
  sql.join(
    words.map(
      (_, i) => sql`count(*) FILTER (WHERE mask & ${sql.lit(2 ** (i + 1))} <> 0) AS ${sql.ref(`word${i}`)}`,
    ),
  );

/**
 * The index's pattern without the phrase's words that at least one in COMMON_WORD glanced
 * rows held (`glanced`'s `word0`, `word1` …), or with all of them when each was that common
 * (their trigrams together are what is rare then). The patterns are made beforehand
 * (phraseValues: `rarer`, one for each set of words kept), and the statement picks one by
 * the set's bits.
 */
export function rarerWordsPattern(phrase: PhraseValues) {
  const kept = sql.join(
    phrase.words.map(
      (_, i) =>
        sql`CASE WHEN ${sql.ref(`word${i}`)} * ${sql.lit(COMMON_WORD)} < walked THEN ${sql.lit(2 ** i)} ELSE 0 END`,
    ),
    sql` + `,
  );
  const choices = phrase.rarer.map((pattern, i) => sql`WHEN ${sql.lit(i + 1)} THEN ${pattern}::text`);
  return sql<string>`(SELECT CASE kept ${sql.join(choices, sql` `)} ELSE ${phrase.indexPattern}::text END
    FROM (SELECT ${kept} AS kept FROM glanced) AS k)`;
}
