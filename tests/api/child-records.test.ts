// Child records under a parent key (kit `parent`): a customer's notes are listed under one
// customer at a time, only under a customer the user may see, never move to another
// customer, and go when their customer goes. No landed resource is a child yet (contract
// items will be), so a test resource gets the engine's table and calls beside the server.
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource, f } from '../../src/schemas/kit';
import { asSystem } from '../../server/db/tenant-fence';
import { registerErrorHandler } from '../../server/http/error-handler';
import { registerResourceRoutes } from '../../server/masterdata/routes';
import { resourceTables, resourceTableStatements } from '../../server/masterdata/tables';
import { addSecondTenant, ApiClient, DEMO_ADMIN, ENGINES, startTestServer, type TestServer } from './harness';

const note = defineResource({
  name: 'customernote',
  route: '/customer-notes',
  title: 'یادداشت‌های مشتری',
  singular: 'یادداشت مشتری',
  table: 'test_customer_notes',
  idField: 'customerNoteId',
  permission: 'Customers',
  parent: { field: 'customerFk' },
  fields: {
    customerFk: f.reference('مشتری', 'customer', { required: true }),
    text: f.title('متن'),
  },
  filters: { customerId: 'customerFk' },
});

describe.each(ENGINES)('child records under a parent (%s)', (engine) => {
  let server: TestServer;
  let side: FastifyInstance;
  let api: ApiClient;
  let admin: string;
  let other: string;
  let customerId: number;
  let theirCustomerId: number;

  const newCustomer = async (token: string, code: string, host = 'localhost') =>
    (
      await server.api.post(
        'customer/create/',
        { Name: `مشتری ${code}`, Code: code, CreatedDate: '2025-03-21', CreditDate: '2026-03-20' },
        { token, host },
      )
    ).body.id as number;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    await server.built.services.db.transaction().execute(async (trx) => {
      for (const statement of resourceTableStatements([note])) await sql.raw(statement).execute(trx);
      for (const table of resourceTables([note])) await sql`SELECT dabir_fence(${table})`.execute(trx);
    });
    side = Fastify({ routerOptions: { caseSensitive: false, ignoreTrailingSlash: true } });
    registerErrorHandler(side);
    registerResourceRoutes(side, server.built.services, note);
    await side.listen({ port: 0, host: '127.0.0.1' });
    api = new ApiClient(`http://127.0.0.1:${(side.server.address() as { port: number }).port}`);
    await addSecondTenant(server);
    admin = (await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token;
    other = (await server.api.signIn(DEMO_ADMIN.username, 'other-pass', 'second.localhost')).token;
    customerId = await newCustomer(admin, 'N-1');
    theirCustomerId = await newCustomer(other, 'N-2', 'second.localhost');
  });
  afterAll(async () => {
    await side?.close();
    await server?.stop();
  });

  it('turns the key of a reference that became a parent later into a cascading one', async () => {
    const fields = {
      customerFk: f.reference('مشتری', 'customer', { required: true }),
      text: f.title('متن'),
    };
    const shape = { ...note, name: 'latenote', table: 'test_late_notes', fields };
    const before = defineResource({ ...shape, parent: undefined });
    const after = defineResource(shape);
    const deleteRule = async () =>
      (
        await sql<{ rule: string }>`SELECT confdeltype AS rule FROM pg_constraint
        WHERE conrelid = 'test_late_notes'::regclass AND contype = 'f' AND conname LIKE '%customer_fk%'`.execute(
          server.built.services.db,
        )
      ).rows.map((row) => row.rule);
    for (const [resource, rule] of [
      [before, 'a'],
      [after, 'c'],
      [after, 'c'],
      [before, 'a'],
    ] as const) {
      await server.built.services.db.transaction().execute(async (trx) => {
        for (const statement of resourceTableStatements([resource])) await sql.raw(statement).execute(trx);
      });
      expect(await deleteRule()).toEqual([rule]);
    }
  });

  it('lists children under one parent the user may see, never all of them', async () => {
    expect(
      (
        await api.post(
          'customernote/create/',
          { CustomerFk: customerId, Text: 'تماس گرفت' },
          { token: admin },
        )
      ).body.status,
    ).toBe(1);
    const listed = (await api.get('customernote/list/', { customerId }, { token: admin })).body;
    expect(listed.records.map((r: { text: string }) => r.text)).toEqual(['تماس گرفت']);
    const everything = (await api.get('customernote/list/', {}, { token: admin })).body;
    expect(everything).toEqual({ status: 0, message: 'مشتری الزامی است' });
    const theirs = (await api.get('customernote/list/', { customerId: theirCustomerId }, { token: admin }))
      .body;
    expect(theirs).toEqual({ status: 0, message: 'مشتری یافت نشد' });
  });

  it('creates a child only under a parent the user may see, and never moves it', async () => {
    const elsewhere = await api.post(
      'customernote/create/',
      { CustomerFk: theirCustomerId, Text: 'x' },
      { token: admin },
    );
    expect(elsewhere.body).toEqual({ status: 0, message: 'مشتری انتخاب‌شده وجود ندارد' });
    const id = (
      await api.post('customernote/create/', { CustomerFk: customerId, Text: 'پیگیری' }, { token: admin })
    ).body.id as number;
    const second = await newCustomer(admin, 'N-3');
    const moved = await api.call('PUT', 'customernote/update/', {
      token: admin,
      json: { Id: id, CustomerFk: second, Text: 'پیگیری' },
    });
    expect(moved.body).toEqual({ status: 0, message: 'مشتری را نمی‌توان تغییر داد' });
    const edited = await api.call('PUT', 'customernote/update/', {
      token: admin,
      json: { Id: id, Text: 'پیگیری شد' },
    });
    expect(edited.body.status).toBe(1);
  });

  it('deletes the children with their parent', async () => {
    const parent = await newCustomer(admin, 'N-4');
    for (const text of ['یک', 'دو'])
      await api.post('customernote/create/', { CustomerFk: parent, Text: text }, { token: admin });
    const gone = await server.api.call('DELETE', 'customer/delete/', { token: admin, query: { Id: parent } });
    expect(gone.body.status).toBe(1);
    const left = await asSystem(() =>
      server.built.services.db
        .selectFrom('test_customer_notes' as never)
        .select('id' as never)
        .where('customer_fk' as never, '=', parent as never)
        .execute(),
    );
    expect(left).toEqual([]);
  });
});
