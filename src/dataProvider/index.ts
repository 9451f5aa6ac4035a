// react-admin's dataProvider over the specification's generic calls (spec 1 §7 Master data):
// GET {entity}/list/ (Count, Page, Phrase → records, totalCount | record_count),
// GET {entity}/get/ (Id → record), POST create/, PUT update/, DELETE delete/ (Id).
// Minimal for now: resources map to entities by name, and a record's id is `id` or
// `{entity}Id` (bankId, archiveId…). Quirks of one resource belong in its own wrapper.
import type { DataProvider, GetListParams, GetOneParams, RaRecord } from 'react-admin';
import { http, answerMessage, type ApiAnswer } from '../api/http';

type Row = Record<string, unknown>;

interface ListAnswer extends ApiAnswer {
  records?: Row[];
  totalCount?: number;
  record_count?: number;
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

export const dataProvider: DataProvider = {
  async getList<R extends RaRecord>(resource: string, { pagination, filter }: GetListParams) {
    const { page = 1, perPage = 20 } = pagination ?? {};
    const answer = ensureOk(
      await http.get<ListAnswer>(`${resource}/list/`, {
        Page: page,
        Count: perPage,
        Phrase: filter?.q ?? '',
      }),
    );
    const rows = answer.records ?? [];
    return {
      data: rows.map((row) => withId(resource, row) as R),
      total: answer.totalCount ?? answer.record_count ?? rows.length,
    };
  },
  async getOne<R extends RaRecord>(resource: string, { id }: GetOneParams) {
    const answer = ensureOk(await http.get<ApiAnswer & { record?: Row }>(`${resource}/get/`, { Id: id }));
    return { data: withId(resource, { ...answer.record, id }) as R };
  },
  async getMany(resource, { ids }) {
    const data = await Promise.all(
      ids.map((id) => dataProvider.getOne(resource, { id }).then((r) => r.data)),
    );
    return { data };
  },
  async getManyReference(resource, params) {
    return dataProvider.getList(resource, {
      ...params,
      filter: { ...params.filter, [params.target]: params.id },
    });
  },
  async create(resource, { data }) {
    const answer = ensureOk(
      await http.post<ApiAnswer & { id?: number }>(`${resource}/create/`, toPayload(data)),
    );
    return {
      data: withId(resource, { ...data, id: answer.id ?? (answer as Row)[`${resource}Id`] }),
    } as never;
  },
  async update(resource, { id, data }) {
    ensureOk(await http.put(`${resource}/update/`, { ...toPayload(data), Id: id }));
    return { data: withId(resource, { ...data, id }) } as never;
  },
  async updateMany(resource, { ids, data }) {
    await Promise.all(ids.map((id) => dataProvider.update(resource, { id, data, previousData: { id } })));
    return { data: ids };
  },
  async delete(resource, { id, previousData }) {
    ensureOk(await http.delete(`${resource}/delete/`, { Id: id }));
    return { data: (previousData ?? { id }) as never };
  },
  async deleteMany(resource, { ids }) {
    await Promise.all(ids.map((id) => dataProvider.delete(resource, { id })));
    return { data: ids };
  },
};
