// The SQL of the engine, for any resource: how a query is narrowed to what its viewer may
// see, a page's rows (references joined, not fetched per row), single records, and writes
// that keep search_text and tree paths true. Lists and their counts are in lists.ts.
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Resource } from '../../src/schemas/kit';
import { searchKey } from '../../src/shared/persian';
import { referencedResource, titleColumn, titleColumns } from './catalogue';
import { searchTable } from './tables';
import { hooksOf, type Viewer } from './hooks';
import type { Row } from './values';

/**
 * The database as this module sees it: any table, named at run time. These functions work
 * on whichever resource they are given, whose table and columns are strings read from its
 * schema, so their queries cannot be checked against the typed database (server/db/schema.ts)
 * — this is the one place that gives that up. Callers hand in the typed database or a
 * transaction of it; hooks, seeds and other domains query it typed. What keeps these
 * queries right is the schema they are built from, the same one the tables are generated
 * from (tables.ts) and the typed tables are derived from (tests/unit/resource-tables.test.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type EngineDb = Kysely<any>;

export const TREE_SEPARATOR = ' / ';

/** Whose records a call may touch: the tenant's, for owned resources the user's, and what
 *  the resource's visibility hook lets this viewer see (a principal is a viewer). */
export type Owner = Viewer;

/** The tenant as a statement names it: a parameter, or for a list planned once per
 *  tenant (ListQuery.tenantInText) a literal in its text. */
function tenantValue(owner: Owner) {
  if (!(owner as Partial<ListQuery>).tenantInText) return owner.tenantId;
  if (!Number.isSafeInteger(owner.tenantId)) throw new Error(`tenant id ${owner.tenantId} is not an integer`);
  return sql.lit(owner.tenantId);
}

/** Narrows a query on a resource's table to the viewer's rows (`alias.` prefix optional). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function scoped<Q extends { where: (...args: any[]) => Q }>(
  q: Q,
  resource: Resource,
  owner: Owner,
  alias = '',
): Q {
  let narrowed = q.where(`${alias}tenant_id`, '=', tenantValue(owner));
  if (resource.ownedByUser) narrowed = narrowed.where(`${alias}user_id`, '=', owner.userId);
  const visible = hooksOf(resource).visibleTo?.(owner, alias);
  return visible ? narrowed.where(visible) : narrowed;
}

export interface ListQuery extends Owner {
  page: number;
  count: number;
  phrase: string;
  /** column → value filters (e.g. parent_fk = 3). */
  filters: Record<string, number>;
  /** Only the records whose «فعال» switch, this column, is on (what a picker offers). */
  activeOnly?: string;
  /** A phrase search's first look (RECENT_WINDOW unless given; tests give a small one). */
  recentWindow?: number;
  /** Name the tenant in the statement's text, not as a parameter: a statement planned once
   *  (ONE_PLAN) is then planned for this tenant — its size — and not for whichever tenant
   *  came first on the connection (paging.ts, KeyedList.onePlan). */
  tenantInText?: boolean;
}

/** A query on some resource's table (see EngineDb). */
type AnySelect = SelectQueryBuilder<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function referenceJoins(resource: Resource, query: AnySelect): AnySelect {
  let q = query;
  Object.entries(resource.fields).forEach(([name, field], index) => {
    const kind = field.meta.kind;
    if ((kind !== 'reference' && kind !== 'treeParent') || field.meta.virtual || !field.meta.resource) return;
    const target = referencedResource(field.meta.resource);
    const alias = `ref${index}`;
    q = q
      .leftJoin(`${target.table} as ${alias}`, (join) =>
        join
          .onRef(`${alias}.id`, '=', `t.${resource.column(name)}`)
          .onRef(`${alias}.tenant_id`, '=', 't.tenant_id'),
      )
      .select(recordName(target, alias).as(`${name}Title`));
  });
  return q;
}

/** What a record is called in SQL: a tree node's path, else its title fields joined by a space. */
export function recordName(target: Resource, alias: string) {
  if (target.treeField()) return sql<string>`${sql.ref(`${alias}.full_name`)}`;
  const parts = titleColumns(target).map((column) => sql.ref(`${alias}.${column}`));
  return parts.length === 1
    ? sql<string>`${parts[0]}`
    : sql<string>`nullif(concat_ws(' ', ${sql.join(parts)}), '')`;
}

/** Each `references` field as an array of ids, read from its join table in the same query. */
function joinedIds(resource: Resource, query: AnySelect): AnySelect {
  let q = query;
  for (const name of resource.joinFields()) {
    const table = sql.table(resource.joinTable(name));
    q = q.select(
      sql<
        number[]
      >`coalesce((SELECT array_agg(j.ref_id ORDER BY j.ref_id) FROM ${table} j WHERE j.tenant_id = t.tenant_id AND j.record_id = t.id), '{}')`.as(
        resource.column(name),
      ),
    );
  }
  return q;
}

/** Replaces the join-table rows of every `references` field the request names with the
 *  bound ids; a field it leaves out (an update that does not mention it) keeps its rows. */
export async function writeJoinRows(
  trx: EngineDb,
  resource: Resource,
  tenantId: number,
  id: number,
  input: Record<string, unknown>,
) {
  for (const name of resource.joinFields()) {
    const named = input[resource.inputName(name)] as number[] | null | undefined;
    if (named === undefined) continue;
    const table = resource.joinTable(name);
    const ids = [...new Set(named ?? [])];
    await trx.deleteFrom(table).where('tenant_id', '=', tenantId).where('record_id', '=', id).execute();
    if (ids.length)
      await trx
        .insertInto(table)
        .values(ids.map((ref_id) => ({ tenant_id: tenantId, record_id: id, ref_id })))
        .execute();
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The LIKE pattern of a phrase: its search key, anywhere in the text; '' for no phrase. */
export function searchPattern(phrase: string, fold = true): string {
  const key = searchKey(phrase, fold);
  return key ? `%${escapeLike(key)}%` : '';
}

/** Words as pg_trgm reads them: letters and digits; anything else parts them. */
const WORD_BREAKS = /([^\p{L}\p{N}]+)/u;
const TRIGRAM_WORD = 3;

/**
 * What the trigram index is asked for: searchPattern loosened, so that every text the
 * phrase matches matches it too (the search's own LIKE still decides), but a word of three
 * letters or more gives the index only the trigrams inside it. The trigrams of a word's
 * edges ("  1", " 14" of a customer's code B-14243) stand for every word that starts so: a
 * fifth of a million codes, read on every search for nothing the inner trigrams ("142",
 * "424", "243") do not already say (0.54 ms against 0.19 at 1,000,000 customers). A shorter
 * word keeps its edges: its trigrams are nothing else (" 19" of «زاگرس 19»). `keeps` says
 * which long words (by their place among them, trigramWords) the index is asked for at
 * all: one left out is `%`, and the pattern still matches every text the phrase does.
 */
export function trigramPattern(
  phrase: string,
  keeps: (word: number) => boolean = () => true,
  fold = true,
): string {
  const key = searchKey(phrase, fold);
  if (!key) return '';
  const parts = key.split(WORD_BREAKS); // words at even places, what parts them at odd ones
  const long = (i: number) => i % 2 === 0 && (parts[i] ?? '').length >= TRIGRAM_WORD;
  const ANY = null;
  const pieces: (string | null)[] = [ANY];
  let longWords = 0;
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      if (!long(i)) pieces.push(part);
      else pieces.push(...(keeps(longWords++) ? [ANY, part, ANY] : [ANY]));
    }
    // What parts two long words says nothing of their trigrams; beside a short word it does.
    else pieces.push(long(i - 1) && long(i + 1) ? ANY : part);
  });
  pieces.push(ANY);
  const kept = pieces.filter((piece) => piece !== '');
  return kept
    .filter((piece, i) => !(piece === ANY && kept[i - 1] === ANY))
    .map((piece) => (piece === ANY ? '%' : escapeLike(piece)))
    .join('');
}

/**
 * Can the trigram index narrow a search for this phrase? pg_trgm looks up a word of three
 * letters or digits, or a shorter one whose edge the phrase shows (a space or sign beside
 * it: « 19»); a phrase of neither («ab», «%%»), it answers by reading every entry of the
 * index (0.7 s at a million letters).
 */
export function indexable(phrase: string, fold = true): boolean {
  const parts = searchKey(phrase, fold).split(WORD_BREAKS); // words at even places, what parts them at odd ones
  return parts.some(
    (part, i) =>
      i % 2 === 0 &&
      part.length > 0 &&
      (part.length >= TRIGRAM_WORD || Boolean(parts[i - 1]) || Boolean(parts[i + 1])),
  );
}

/** The words of a phrase that trigramPattern gives the index the inner trigrams of (three
 *  letters or more), in order, each as a LIKE pattern of its own (`%word%`). A search
 *  may leave a word that most rows hold out of the index's pattern (the `keeps` of
 *  trigramPattern, by the word's place here): a word in every letter is a posting list of
 *  a million entries that the index reads whole (paging.ts walkedInTwo). */
export function trigramWords(phrase: string, fold = true): string[] {
  const key = searchKey(phrase, fold);
  if (!key) return [];
  return key
    .split(WORD_BREAKS)
    .filter((part, i) => i % 2 === 0 && part.length >= TRIGRAM_WORD)
    .map((word) => `%${escapeLike(word)}%`);
}

/** The ids of the tenant's records of `resource` whose search text matches, from its
 *  search table (tables.ts says why the search goes there). */
export function matchingIds(db: EngineDb, resource: Resource, tenantId: number, pattern: string) {
  return db
    .selectFrom(`${searchTable(resource)} as s`)
    .select('s.id')
    .where('s.tenant_id', '=', tenantId)
    .where('s.search_text', 'like', pattern);
}

/** The list's rows: the viewer's, matching its phrase and filters (nothing selected yet). */
export function filtered(db: EngineDb, resource: Resource, query: ListQuery): AnySelect {
  let q = scoped(db.selectFrom(`${resource.table} as t`), resource, query, 't.');
  const pattern = searchPattern(query.phrase);
  if (pattern) {
    // A searchable reference (an ECE receiver's customer) matches by the record it points at.
    const references = resource
      .searchFields()
      .filter((name) => resource.fields[name].meta.kind === 'reference');
    q = q.where((eb) =>
      eb.or([
        eb('t.id', 'in', matchingIds(db, resource, query.tenantId, pattern)),
        ...references.map((name) =>
          eb(
            `t.${resource.column(name)}`,
            'in',
            matchingIds(
              db,
              referencedResource(resource.fields[name].meta.resource!),
              query.tenantId,
              pattern,
            ),
          ),
        ),
      ]),
    );
  }
  for (const [column, value] of Object.entries(query.filters)) q = q.where(`t.${column}`, '=', value);
  if (query.activeOnly) q = q.where(`t.${query.activeOnly}`, '=', true);
  return q;
}

/** The columns a list shows: the id, the fields' own columns and a tree node's path —
 *  not the search text or the hooks' bookkeeping, which a page would carry for nothing. */
function listedColumns(resource: Resource): string[] {
  const columns = Object.keys(resource.fields)
    .filter((name) => resource.isColumn(name))
    .map((name) => `t.${resource.column(name)}`);
  return ['t.id', ...columns, ...(resource.treeField() ? ['t.full_name'] : [])];
}

/** The rows of a page, newest first, references' names and join-table ids read in the
 *  same statement; the caller narrows it to the page's ids. */
export function pageRows(db: EngineDb, resource: Resource, owner: Owner) {
  return joinedIds(
    resource,
    referenceJoins(
      resource,
      scoped(db.selectFrom(`${resource.table} as t`), resource, owner, 't.').select(listedColumns(resource)),
    ),
  ).orderBy('t.id', 'desc');
}

export async function findRow(
  db: EngineDb,
  resource: Resource,
  owner: Owner,
  id: number,
): Promise<Row | undefined> {
  const row = await scoped(
    joinedIds(resource, referenceJoins(resource, db.selectFrom(`${resource.table} as t`).selectAll('t'))),
    resource,
    owner,
    't.',
  )
    .where('t.id', '=', id)
    .executeTakeFirst();
  return row as Row | undefined;
}

/** Ids among `ids` that do not exist in `target` for this tenant. */
export async function missingIds(
  db: EngineDb,
  target: Resource,
  tenantId: number,
  ids: number[],
): Promise<number[]> {
  if (!ids.length) return [];
  const found = await db
    .selectFrom(target.table)
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  const present = new Set(found.map((r: { id: number }) => r.id));
  return ids.filter((id) => !present.has(id));
}

export async function isUsed(
  trx: EngineDb,
  table: string,
  column: string,
  tenantId: number,
  id: number,
): Promise<boolean> {
  const row = await trx
    .selectFrom(table)
    .select(sql`1`.as('used'))
    .where('tenant_id', '=', tenantId)
    .where(column, '=', id)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** The path of a tree node from its parent's path and its own title. */
export async function treePath(
  trx: EngineDb,
  resource: Resource,
  tenantId: number,
  parentId: number | null,
  title: string,
) {
  if (!parentId) return title;
  const parent = await trx
    .selectFrom(resource.table)
    .select('full_name')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', parentId)
    .executeTakeFirst();
  return parent ? `${parent.full_name}${TREE_SEPARATOR}${title}` : title;
}

/** After a node's title or parent changed: rewrite the paths of its whole subtree. */
export async function rewriteSubtreePaths(
  trx: EngineDb,
  resource: Resource,
  parentColumn: string,
  tenantId: number,
  nodeId: number,
) {
  const title = sql.ref(titleColumn(resource));
  await sql`
    WITH RECURSIVE sub AS (
      SELECT n.id, n.full_name::text AS path FROM ${sql.table(resource.table)} n WHERE n.tenant_id = ${tenantId} AND n.id = ${nodeId}
      UNION ALL
      SELECT c.id, sub.path || ${TREE_SEPARATOR} || c.${title}
        FROM ${sql.table(resource.table)} c JOIN sub ON c.${sql.ref(parentColumn)} = sub.id
       WHERE c.tenant_id = ${tenantId}
    )
    UPDATE ${sql.table(resource.table)} t SET full_name = sub.path FROM sub
     WHERE t.tenant_id = ${tenantId} AND t.id = sub.id AND t.full_name IS DISTINCT FROM sub.path`.execute(
    trx,
  );
}

// The writes of the generic calls (service.ts decides, these statements do).

/** The owner's record, locked for the rest of the transaction (update, delete). */
export function lockRow(
  trx: EngineDb,
  resource: Resource,
  owner: Owner,
  id: number,
): Promise<Row | undefined> {
  return scoped(trx.selectFrom(resource.table).selectAll(), resource, owner)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst() as Promise<Row | undefined>;
}

export async function insertRow(trx: EngineDb, resource: Resource, row: Row): Promise<number> {
  const [id] = await insertRows(trx, resource, [row]);
  return id;
}

/** Rows built as the engine builds them (a seed's, a bench's), in one statement; their ids. */
export async function insertRows(trx: EngineDb, resource: Resource, rows: Row[]): Promise<number[]> {
  if (!rows.length) return [];
  const inserted = await trx.insertInto(resource.table).values(rows).returning('id').execute();
  return inserted.map((row: { id: number }) => row.id);
}

/** Has the tenant any record of the resource? (A seed writes its part only once.) */
export async function hasRecords(db: EngineDb, resource: Resource, tenantId: number): Promise<boolean> {
  const row = await db
    .selectFrom(resource.table)
    .select('id')
    .where('tenant_id', '=', tenantId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

export async function updateRow(trx: EngineDb, resource: Resource, owner: Owner, id: number, values: Row) {
  await scoped(trx.updateTable(resource.table).set(values), resource, owner).where('id', '=', id).execute();
}

export async function deleteRow(trx: EngineDb, resource: Resource, owner: Owner, id: number) {
  await scoped(trx.deleteFrom(resource.table), resource, owner).where('id', '=', id).execute();
}

/** Does another of the tenant's records hold these values of a unique key? */
export async function holdsKey(
  trx: EngineDb,
  resource: Resource,
  tenantId: number,
  key: Row,
  exceptId?: number,
): Promise<boolean> {
  let q = trx.selectFrom(resource.table).select('id').where('tenant_id', '=', tenantId);
  for (const [column, value] of Object.entries(key)) q = q.where(column, '=', value);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return Boolean(await q.limit(1).executeTakeFirst());
}

/** One column of one of the tenant's records (a chosen city's province), or undefined. */
export async function columnOf(
  trx: EngineDb,
  resource: Resource,
  tenantId: number,
  id: number,
  column: string,
): Promise<unknown> {
  const row = await trx
    .selectFrom(resource.table)
    .select(column)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? (row as Row)[column] : undefined;
}
