// Shared by the client-resource tests: a signed-in user with chosen permissions, and a fake
// master-data API (msw) over in-memory tables that records every call.
import { http, HttpResponse } from 'msw';
import { resourceByName } from '../../src/schemas';

export { signIn } from './client-render';

export type Row = Record<string, unknown>;

export interface Call {
  method: string;
  entity: string;
  action: string;
  query: URLSearchParams;
  body: Row;
}

/** A row as `{entity}/lookup/` answers it: `{ id, title }`, a tree node's parent too. */
function lookupRecord(entity: string, row: Row): Row {
  const resource = resourceByName(entity);
  if (!resource) return { id: row.id, title: row.title };
  const tree = resource.treeField();
  const title = tree
    ? row.fullName
    : resource
        .titleFieldNames()
        .map((name) => row[name])
        .join(' ');
  return { id: row[resource.idField], title, ...(tree ? { [tree]: row[tree] } : {}) };
}

/** The lookup's narrowing: the resource's list filters (`parentId` → `provinceFk`). */
function matchesFilters(entity: string, row: Row, query: URLSearchParams): boolean {
  const filters = resourceByName(entity)?.filters ?? {};
  return Object.entries(filters).every(
    ([param, field]) => !query.get(param) || String(row[field]) === query.get(param),
  );
}

/** In-memory `{entity}/list|get|lookup|create|update|delete` of the master-data contract. */
export function fakeMasterData() {
  const api = {
    tables: {} as Record<string, Row[]>,
    calls: [] as Call[],
    /** The answer of the next writes (default: success with id 99). */
    writeAnswer: null as Row | null,
    reset() {
      api.tables = {};
      api.calls.length = 0;
      api.writeAnswer = null;
    },
    lists: (entity: string) => api.calls.filter((c) => c.entity === entity && c.action === 'list'),
    lookups: (entity: string) => api.calls.filter((c) => c.entity === entity && c.action === 'lookup'),
    writes: (action: string) => api.calls.filter((c) => c.action === action),
  };
  const handler = http.all('*/api/:entity/:action/', async ({ request, params }) => {
    const url = new URL(request.url);
    const entity = String(params.entity);
    const action = String(params.action);
    const body = request.method === 'GET' ? {} : ((await request.json()) as Row);
    api.calls.push({ method: request.method, entity, action, query: url.searchParams, body });
    const rows = api.tables[entity] ?? [];
    if (action === 'list') {
      const phrase = url.searchParams.get('Phrase') ?? '';
      const found = rows.filter((r) => JSON.stringify(r).includes(phrase));
      const count = Number(url.searchParams.get('Count'));
      const page = Number(url.searchParams.get('Page'));
      const records = count < 0 ? found : found.slice((page - 1) * count, page * count);
      return HttpResponse.json({ status: 1, records, record_count: found.length });
    }
    if (action === 'lookup') {
      const ids = url.searchParams.get('Ids')?.split(',');
      const phrase = url.searchParams.get('Phrase') ?? '';
      const records = rows
        .filter((r) => matchesFilters(entity, r, url.searchParams))
        .map((r) => lookupRecord(entity, r))
        .filter((r) => (ids ? ids.includes(String(r.id)) : String(r.title).includes(phrase)));
      return HttpResponse.json({ status: 1, records, totalCount: records.length });
    }
    if (action === 'get') {
      const key = resourceByName(entity)?.idField ?? `${entity}Id`;
      const record = rows.find((r) => r[key] === Number(url.searchParams.get('Id')));
      return HttpResponse.json({ status: 1, record });
    }
    return HttpResponse.json(api.writeAnswer ?? { status: 1, message: 'درخواست با موفقیت انجام شد', id: 99 });
  });
  return { api, handler };
}
