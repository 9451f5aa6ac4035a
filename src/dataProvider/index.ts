// react-admin's dataProvider over the specification's generic calls (spec 1 §7 Master data):
// GET {entity}/list/ (Page, Count (-1 = all), Phrase, filters → records, record_count),
// GET {entity}/get/ (Id → record), POST create/, PUT update/ (Id + fields), DELETE delete/ (Id).
// Pickers and getMany read GET {entity}/lookup/ (Ids, Phrase, filters → {id, title}): names
// only, open to every user of the tenant, where list and get need the resource's permission.
// A master-data resource (src/schemas) is read by its definition: ids from its `idField`,
// writes with its PascalCase field names (resourceCodec.ts). Any other entity falls back to
// `id` or `{entity}Id`. The definitions (and zod) load on the first call, not with the shell.
// A status-0 answer throws its Persian message; screens show it in red.
import type { DataProvider, GetListParams, GetOneParams, Identifier, RaRecord } from 'react-admin';
import { http, answerMessage, type ApiAnswer } from '../api/http';
import { toListQuery, toRaRecord, toWriteRequest, type Row, type WriteRequest } from './resourceCodec';
import { MENU_CHANGED } from '../layout/menu/menuChanged';

/** What a picker reads through getList: `meta: LOOKUP` (Phrase from `filter.q`). */
export const LOOKUP = { lookup: true } as const;

interface ListAnswer extends ApiAnswer {
  records?: Row[];
  totalCount?: number;
  record_count?: number;
  /** The count stopped at the total given; there are more (server: COUNT_CAP). */
  countCapped?: boolean;
}

/** A record with react-admin's `id`, taken from the entity's own key. */
export function withId(resource: string, row: Row): RaRecord {
  const id =
    row.id ?? row[`${resource}Id`] ?? row[`${resource.charAt(0).toLowerCase()}${resource.slice(1)}Id`];
  return { ...row, id: id as RaRecord['id'] };
}

/** camelCase record → the PascalCase payload the API binds (bankId → BankId). */
export function toPayload(data: Row): Row {
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key.charAt(0).toUpperCase() + key.slice(1), value]),
  );
}

/** A status-0 answer becomes an error react-admin shows in red. */
function ensureOk<T extends ApiAnswer>(answer: T): T {
  if (answer.status === 0) throw new Error(answerMessage(answer) || 'خطا در انجام درخواست');
  return answer;
}

interface Entity {
  /** The API path segment: `{path}/list/`. */
  path: string;
  /** Has `{path}/lookup/` (every master-data resource). */
  hasLookup: boolean;
  record(row: Row): RaRecord;
  /** `previous`: the record the edit form opened on (an update then sends what changed). */
  write(data: Row, mode: 'create' | 'update', previous?: Row): WriteRequest;
}

async function entityOf(name: string): Promise<Entity> {
  const { resourceByName } = await import('../schemas');
  const resource = resourceByName(name);
  if (resource) {
    return {
      path: resource.name,
      hasLookup: true,
      record: (row) => toRaRecord(resource, row),
      write: (data, mode, previous) => toWriteRequest(resource, data, mode, previous),
    };
  }
  return {
    path: name,
    hasLookup: false,
    record: (row) => withId(name, row),
    write: (data) => ({ body: toPayload(data), multipart: false }),
  };
}

function send(method: 'POST' | 'PUT', path: string, { body, multipart }: WriteRequest) {
  return multipart ? http.multipart(path, body, method) : http.post(path, body, method);
}

async function listAll(entity: Entity, params: Row) {
  const answer = ensureOk(await http.get<ListAnswer>(`${entity.path}/list/`, params));
  const rows = answer.records ?? [];
  return {
    data: rows.map(entity.record),
    total: answer.record_count ?? answer.totalCount ?? rows.length,
    // Read by the pager (ResourcePager): «بیش از …» instead of an exact total.
    meta: { countCapped: answer.countCapped === true },
  };
}

/** Names only: `{ id, title }` (a tree node also carries its parent). Only master-data
 *  resources have a lookup; another entity is read from its list. */
async function lookup(entity: Entity, params: Row) {
  if (!entity.hasLookup) return listAll(entity, { ...params, Page: 1 });
  const answer = ensureOk(await http.get<ListAnswer>(`${entity.path}/lookup/`, params));
  const rows = answer.records ?? [];
  return {
    data: rows as RaRecord[],
    total: answer.totalCount ?? rows.length,
    meta: { countCapped: answer.countCapped === true },
  };
}

/** A lookup's query: the list's Phrase and filters, without its paging. */
function lookupQuery(count: number, filter: Row = {}): Row {
  const { Page: _page, ...query } = toListQuery(1, count, filter);
  return query;
}

/**
 * A record as the server stored it after a create or an update: the server normalises
 * what it stores (Persian letters for Arabic look-alikes, trimmed text), and a form opened
 * on the written values would be reset under the user's typing when the stored record
 * arrived. The written values stand in only if the record cannot be read back.
 */
async function storedOr(resource: string, id: Identifier, written: Row) {
  try {
    return (await dataProvider.getOne(resource, { id })).data;
  } catch {
    const entity = await entityOf(resource);
    return { ...entity.record({ ...written }), id };
  }
}

/** Resources the side menu lists records of (letter folders): a change reloads it. */
const IN_MENU = new Set(['archive', 'favorite']);
const changed = (resource: string) => {
  if (IN_MENU.has(resource)) window.dispatchEvent(new Event(MENU_CHANGED));
};

export const dataProvider: DataProvider = {
  async getList<R extends RaRecord>(resource: string, { pagination, filter, meta }: GetListParams) {
    const { page = 1, perPage = 10 } = pagination ?? {};
    const entity = await entityOf(resource);
    const result = meta?.lookup
      ? await lookup(entity, lookupQuery(perPage, filter))
      : await listAll(entity, toListQuery(page, perPage, filter));
    return result as { data: R[]; total: number; meta?: { countCapped: boolean } };
  },
  async getOne<R extends RaRecord>(resource: string, { id }: GetOneParams) {
    const entity = await entityOf(resource);
    const answer = ensureOk(await http.get<ApiAnswer & { record?: Row }>(`${entity.path}/get/`, { Id: id }));
    return { data: { ...entity.record({ ...answer.record }), id } as R };
  },
  /** References by id: `lookup/?Ids=1,2` (names only), narrowed by `meta.filter` if given
   *  (a city kept only while it is in the chosen province). */
  async getMany(resource, { ids, meta }) {
    if (!ids.length) return { data: [] };
    const filter = (meta as { filter?: Row } | undefined)?.filter;
    const query = { ...lookupQuery(-1, filter), Ids: ids.join(',') };
    const { data } = await lookup(await entityOf(resource), query);
    const wanted = new Set(ids.map(String));
    return { data: data.filter((record) => wanted.has(String(record.id))) as never };
  },
  async getManyReference(resource, params) {
    return dataProvider.getList(resource, {
      ...params,
      filter: { ...params.filter, [params.target]: params.id },
    });
  },
  async create(resource, { data }) {
    const entity = await entityOf(resource);
    const answer = ensureOk(
      (await send('POST', `${entity.path}/create/`, entity.write(data as Row, 'create'))) as ApiAnswer & {
        id?: Identifier;
      },
    );
    changed(resource);
    return { data: await storedOr(resource, answer.id as Identifier, data as Row) } as never;
  },
  async update(resource, { id, data, previousData }) {
    const entity = await entityOf(resource);
    const request = entity.write(data as Row, 'update', previousData as Row | undefined);
    ensureOk(await send('PUT', `${entity.path}/update/`, { ...request, body: { ...request.body, Id: id } }));
    changed(resource);
    return { data: await storedOr(resource, id, data as Row) } as never;
  },
  async updateMany(resource, { ids, data }) {
    // No record the form opened on: every field goes.
    await Promise.all(
      ids.map((id) => dataProvider.update(resource, { id, data, previousData: undefined as never })),
    );
    return { data: ids };
  },
  async delete(resource, { id, previousData }) {
    const entity = await entityOf(resource);
    ensureOk(await http.delete(`${entity.path}/delete/`, { Id: id }));
    changed(resource);
    return { data: (previousData ?? { id }) as never };
  },
  async deleteMany(resource, { ids }) {
    await Promise.all(ids.map((id) => dataProvider.delete(resource, { id })));
    return { data: ids };
  },
};
