// A permission per action (kit `permissions`): a resource whose records anyone with one
// permission lists, reads, creates and changes, but only the holder of another deletes;
// and a visibility hook (hooks `visibleTo`): records hidden from some viewers everywhere.
// No landed resource needs it yet (letters will), so a test resource gets its table from
// the engine's generated DDL and its five calls from the engine's routes, on a Fastify
// server beside the test server, over the same database and services.
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource, f } from '../../src/schemas/kit';
import { NO_PERMISSION_MESSAGE } from '../../src/shared/permissions';
import { registerErrorHandler } from '../../server/http/error-handler';
import { registerResourceRoutes } from '../../server/masterdata/routes';
import { registerHooks } from '../../server/masterdata/hooks';
import { resourceTables, resourceTableStatements } from '../../server/masterdata/tables';
import { DEMO_COLLEAGUE_PASSWORD } from '../../server/seed/seed';
import { ApiClient, DEMO_ADMIN, ENGINES, startTestServer, type TestServer } from './harness';

const memo = defineResource({
  name: 'memo',
  route: '/memos',
  title: 'یادداشت‌های آزمایشی',
  singular: 'یادداشت',
  table: 'test_memos',
  idField: 'memoId',
  permission: 'Messages',
  permissions: { delete: 'Person' },
  fields: { title: f.title('عنوان'), isPrivate: f.boolean('محرمانه') },
});

// Who may see what, beyond tenant and owner: a private memo only a people manager sees.
registerHooks(memo, {
  visibleTo: (viewer, alias) =>
    viewer.permissions?.has('Person')
      ? sql<boolean>`true`
      : sql<boolean>`${sql.ref(`${alias}is_private`)} = false`,
});

describe.each(ENGINES)('a permission per action, and who sees what (%s)', (engine) => {
  let server: TestServer;
  let side: FastifyInstance;
  let api: ApiClient;
  let admin: string;
  let colleague: string;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    const db = server.built.services.db;
    await db.transaction().execute(async (trx) => {
      for (const statement of resourceTableStatements([memo])) await sql.raw(statement).execute(trx);
      for (const table of resourceTables([memo])) await sql`SELECT dabir_fence(${table})`.execute(trx);
    });
    side = Fastify({ routerOptions: { caseSensitive: false, ignoreTrailingSlash: true } });
    registerErrorHandler(side);
    registerResourceRoutes(side, server.built.services, memo);
    await side.listen({ port: 0, host: '127.0.0.1' });
    api = new ApiClient(`http://127.0.0.1:${(side.server.address() as { port: number }).port}`);
    admin = (await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token;
    colleague = (await server.api.signIn('09121111111', DEMO_COLLEAGUE_PASSWORD)).token;
  });
  afterAll(async () => {
    await side?.close();
    await server?.stop();
  });

  it('lets the holder of the resource permission list, create and change, but not delete', async () => {
    expect(memo.permissionFor('list')).toBe('Messages');
    expect(memo.permissionFor('delete')).toBe('Person');
    const created = await api.post('memo/create/', { Title: 'یادداشت همکار' }, { token: colleague });
    expect(created.body.status).toBe(1);
    const id = created.body.id as number;
    expect((await api.get('memo/list/', {}, { token: colleague })).body.record_count).toBe(1);
    expect((await api.get('memo/get/', { Id: id }, { token: colleague })).body.record.title).toBe(
      'یادداشت همکار',
    );
    const changed = await api.call('PUT', 'memo/update/', {
      token: colleague,
      json: { Id: id, Title: 'تازه' },
    });
    expect(changed.body.status).toBe(1);

    const refused = await api.call('DELETE', 'memo/delete/', { token: colleague, query: { Id: id } });
    expect(refused.body).toEqual({ status: 0, message: NO_PERMISSION_MESSAGE });
    expect((await api.get('memo/get/', { Id: id }, { token: colleague })).body.record.title).toBe('تازه');

    const deleted = await api.call('DELETE', 'memo/delete/', { token: admin, query: { Id: id } });
    expect(deleted.body.status).toBe(1);
    expect((await api.get('memo/list/', {}, { token: admin })).body.record_count).toBe(0);
  });

  it('hides a record its visibility hook hides from this viewer, in every call', async () => {
    const open = (await api.post('memo/create/', { Title: 'برای همه' }, { token: admin })).body.id as number;
    const hidden = (await api.post('memo/create/', { Title: 'محرمانه', IsPrivate: true }, { token: admin }))
      .body.id as number;
    const titles = async (token: string) =>
      (await api.get('memo/list/', {}, { token })).body.records.map((r: { title: string }) => r.title).sort();
    expect(await titles(admin)).toEqual(['برای همه', 'محرمانه'].sort());
    expect(await titles(colleague)).toEqual(['برای همه']);
    const lookup = (await api.get('memo/lookup/', { Phrase: 'محرمانه' }, { token: colleague })).body;
    expect(lookup.records).toEqual([]);
    expect((await api.get('memo/get/', { Id: hidden }, { token: colleague })).body.status).toBe(0);
    const changed = await api.call('PUT', 'memo/update/', {
      token: colleague,
      json: { Id: hidden, Title: 'x' },
    });
    expect(changed.body.status).toBe(0);
    expect((await api.get('memo/get/', { Id: hidden }, { token: admin })).body.record.title).toBe('محرمانه');
    expect((await api.get('memo/get/', { Id: open }, { token: colleague })).body.status).toBe(1);
  });
});
