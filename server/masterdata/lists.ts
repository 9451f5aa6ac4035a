// The list-shaped reads of a resource: a page of its list with its capped count, a phrase
// search's page, and the names a picker offers. Paging, counting and searching are the
// engine's one mechanism for every list (paging.ts: a page, its records and its count in
// one statement, the rows a deep page skips only index entries); what is a resource's own
// is here: its rows with their references' names, a phrase matched by each row's own
// search text (and a searchable reference's), and the search table alone when nothing
// else narrows the list.
import { sql } from 'kysely';
import { activeField, type Resource } from '../../src/schemas/kit';
import { referencedResource } from './catalogue';
import { hooksOf } from './hooks';
import { keyedPage, MAX_ROWS, searching, type KeyedList, type PageRows, type Total } from './paging';
import { filtered, pageRows, recordName, searchPattern, type EngineDb, type ListQuery } from './repository';
import { searchTable } from './tables';
import type { Row } from './values';
import { PERSIAN_ORDER, phraseKeys, searchKey, storedSearchKey } from '../../src/shared/persian';

export { COUNT_CAP, FIRST_WALK, MAX_ROWS, RECENT_WINDOW, SHORT_LIST, type Total } from './paging';

export async function listRows(
  db: EngineDb,
  resource: Resource,
  query: ListQuery,
): Promise<{ rows: Row[] } & Total> {
  const size = query.count > 0 ? Math.min(query.count, MAX_ROWS) : MAX_ROWS;
  const skipped = query.count > 0 ? (Math.max(query.page, 1) - 1) * size : 0;
  const found = await keyedPage(db, resourceList(resource, { ...query, phrase: '' }), {
    phrase: query.phrase,
    size,
    skipped,
    recentWindow: query.recentWindow,
  });
  return { rows: found.rows as Row[], total: found.total, capped: found.capped };
}

/** A resource's list as the engine pages and searches it: its rows (viewer, filters),
 *  ordered by id, matched by their own search text. */
function resourceList(resource: Resource, query: ListQuery): KeyedList {
  const references = resource
    .searchFields()
    .filter((name) => resource.fields[name].meta.kind === 'reference');
  // Nothing but the tenant narrows the list: one plan per tenant serves all its pages.
  const onlyTenant =
    !Object.keys(query.filters).length &&
    !query.activeOnly &&
    !resource.ownedByUser &&
    !hooksOf(resource).visibleTo;
  const listed = { ...query, tenantInText: onlyTenant };
  return {
    tenantId: query.tenantId,
    rows: (db) => filtered(db, resource, listed),
    records: (db, page) => pageRows(db, resource, listed).innerJoin(page, 'p.id', 't.id'),
    onePlan: onlyTenant,
    id: 't.id',
    sort: 't.id',
    searchTable: searchTable(resource),
    matches: (pattern) =>
      sql<boolean>`(${sql.join(
        [
          sql<boolean>`t.search_text LIKE ${pattern}`,
          ...references.map((name) =>
            referenceMatches(
              referencedResource(resource.fields[name].meta.resource!),
              resource.column(name),
              pattern,
              query.tenantId,
            ),
          ),
        ],
        sql` OR `,
      )})`,
    // Nothing but the tenant narrows the list: the search table's rows are the list's.
    searchTableIsList: onlyTenant && !references.length,
  };
}

/** Does the record a searchable reference (an ECE receiver's customer) points at match?
 *  One key look-up in the target's search table — never a scan of an index. */
function referenceMatches(target: Resource, column: string, pattern: string, tenantId: number) {
  return sql<boolean>`coalesce((SELECT true FROM ${sql.table(searchTable(target))} s
    WHERE s.tenant_id = ${tenantId} AND s.id = ${sql.ref(`t.${column}`)} AND s.search_text LIKE ${pattern}), false)`;
}

/** The names a picker is offered for a typed phrase at most, whatever `Count` asks (the
 *  client asks for all): a thousand matches of a name in every twelfth customer cost a
 *  walk of 12,000 rows or the index's 83,000 matches sorted (0.14-0.75 s at a million),
 *  a hundred cost 3,000 rows. The answer says there are more (`countCapped`). */
export const PICKER_PHRASE_ROWS = 100;

export interface LookupQuery extends Omit<ListQuery, 'page' | 'count'> {
  /** Exactly these records (those of the owner that exist). */
  ids?: number[];
  limit: number;
}

/** Names only: `{ id, title }` (and a tree node's parent, so a picker can leave out a
 *  subtree), ordered by name. The records a picker offers or the chips of chosen ids show.
 *  Asked for ids, exactly those; else the list's newest `limit` (matching the phrase, if
 *  any: the engine's walk and index, keyedPage), in alphabetical order — a list of up to
 *  `limit` whole. Ordering a million customers by name to offer the first ten cost 0.2 s,
 *  and a phrase of one letter 1 s. */
export async function lookupRows(
  db: EngineDb,
  resource: Resource,
  query: LookupQuery,
): Promise<{ rows: Row[] } & Total> {
  // Asked by id (the chips of what a form holds), a record is named active or not.
  if (query.ids) return lookupByIds(db, resource, { ...query, ids: query.ids });
  const size = searchPattern(query.phrase) ? Math.min(query.limit, PICKER_PHRASE_ROWS) : query.limit;
  // Offered for a new choice: only active records (kit marksActive).
  const active = activeField(resource);
  const listed = {
    ...query,
    phrase: '',
    page: 1,
    count: size,
    activeOnly: active ? resource.column(active) : undefined,
  };
  const found = await keyedPage(
    db,
    { ...resourceList(resource, listed), records: (db, page) => lookupColumns(db, resource, listed, page) },
    { phrase: query.phrase, size, skipped: 0 },
  );
  // What namesOf selected, without the engine's own columns beside it (`__sort`, `hits` …).
  const shown = ['id', 'title', resource.treeField(), ...(resource.lookupFields ?? [])].filter(
    (name): name is string => Boolean(name),
  );
  const rows = found.rows.map((row) => Object.fromEntries(shown.map((name) => [name, row[name]])));
  return onlyShownMatches(resource, query.phrase, { ...found, rows: byName(rows as Row[]) });
}

/**
 * A picker's matches among what it shows. The phrase is matched against a record's whole
 * search text (a person's mobile, national code, e-mail …), but the picker answers only
 * names, to anyone signed in: a record found by a field it does not show would, a digit at
 * a time, read that field out to someone its list is closed to. Such records are left
 * out, and the count is of what is left.
 */
function onlyShownMatches(resource: Resource, phrase: string, found: { rows: Row[] } & Total) {
  if (!searchKey(phrase) || !hasHiddenSearchFields(resource)) return found;
  // Found any way the phrase is searched (affixes joined or as typed, a ZWNJ's words
  // joined: paging.ts keyedPage).
  const keys = phraseKeys(phrase);
  const rows = found.rows.filter((row) => {
    const shown = storedSearchKey(shownText(resource, row));
    return keys.some((key) => shown.includes(key));
  });
  if (rows.length === found.rows.length) return found;
  return { rows, total: rows.length, capped: found.capped && rows.length > 0 };
}

/** The text a picker shows of a record: its name and its lookup fields. */
const shownText = (resource: Resource, row: Row) =>
  [row.title, ...(resource.lookupFields ?? []).map((name) => row[name])]
    .filter((value) => value !== undefined && value !== null && value !== '')
    .join(' ');

/** Whether the resource's search text holds fields its picker does not show. */
const hasHiddenSearchFields = (resource: Resource) =>
  resource
    .searchFields()
    .some(
      (name) =>
        resource.fields[name].meta.kind !== 'reference' &&
        !resource.titleFieldNames().includes(name) &&
        !(resource.lookupFields as readonly string[] | undefined)?.includes(name),
    );

/** The names of the records `ids` (those of the viewer's that exist and match the phrase). */
async function lookupByIds(
  db: EngineDb,
  resource: Resource,
  query: LookupQuery & { ids: number[] },
): Promise<{ rows: Row[] } & Total> {
  if (!query.ids.length) return { rows: [], total: 0, capped: false };
  return searching(db, query.phrase, async (db) => {
    const q = filtered(db, resource, { ...query, page: 1, count: query.limit }).where(
      't.id',
      'in',
      query.ids,
    );
    const rows = (await namesOf(resource, q).limit(query.limit).execute()) as Row[];
    // More ids than one answer holds: at least these many exist.
    return onlyShownMatches(resource, query.phrase, {
      rows: byName(rows),
      total: rows.length,
      capped: query.ids.length > rows.length && rows.length === query.limit,
    });
  });
}

/** What a picker shows of a record `t`: its id, its name, a tree node's path, the lookup fields. */
function namesOf(resource: Resource, q: ReturnType<typeof filtered>) {
  const treeField = resource.treeField();
  let names = q.select(['t.id as id', recordName(resource, 't').as('title')]);
  if (treeField) names = names.select(`t.${resource.column(treeField)} as ${treeField}`);
  for (const name of resource.lookupFields ?? [])
    names = names.select(`t.${resource.column(name)} as ${name}`);
  return names;
}

/** The names of a page `p` of the picker's list. */
const lookupColumns = (db: EngineDb, resource: Resource, query: ListQuery, page: PageRows) =>
  namesOf(resource, filtered(db, resource, query).innerJoin(page, 'p.id', 't.id')).orderBy('p.sort', 'desc');

/** The database orders by code point (پ, چ, ژ, گ after ی); a Persian reader expects the alphabet. */
const byName = (rows: Row[]) =>
  rows.sort(
    (a, b) =>
      PERSIAN_ORDER.compare(String(a.title ?? ''), String(b.title ?? '')) || Number(a.id) - Number(b.id),
  );
