// The resource tables are generated from the schemas (server/masterdata/tables.ts):
// every stored field has its column, every references field its join table, every
// table its trigram index and its row-level-security fence; running the DDL again
// changes nothing, and a field added to a schema gets its column on the next start.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/schemas';
import { defineResource, f } from '../../src/schemas/kit';
import { resourceTables, resourceTableStatements, searchTable } from '../../server/masterdata/tables';
import { DEMO_ADMIN, ENGINES, startTestServer, type TestServer } from './harness';

describe.each(ENGINES)('resource schemas and their tables (%s)', (engine) => {
  let server: TestServer;
  const columns = new Map<string, Set<string>>();
  let indexes: string[];
  let fenced: Set<string>;

  const run = async (statements: string[]) => {
    const db = server.built.services.db;
    await db.transaction().execute(async (trx) => {
      for (const statement of statements) await sql.raw(statement).execute(trx);
    });
  };
  const columnsOf = async (table: string) =>
    (
      await sql<{
        column_name: string;
      }>`SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${table}`.execute(
        server.built.services.db,
      )
    ).rows.map((r) => r.column_name);

  beforeAll(async () => {
    server = await startTestServer({ engine });
    const db = server.built.services.db;
    const rows = await sql<{ table_name: string; column_name: string }>`
      SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`.execute(
      db,
    );
    for (const row of rows.rows) {
      if (!columns.has(row.table_name)) columns.set(row.table_name, new Set());
      columns.get(row.table_name)!.add(row.column_name);
    }
    indexes = (
      await sql<{
        indexdef: string;
      }>`SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema()`.execute(db)
    ).rows.map((r) => r.indexdef);
    fenced = new Set(
      (
        await sql<{
          tablename: string;
        }>`SELECT tablename FROM pg_policies WHERE policyname = 'tenant_fence'`.execute(db)
      ).rows.map((r) => r.tablename),
    );
  });
  afterAll(() => server?.stop());

  it.each(RESOURCES.map((r) => [r.name, r] as const))('%s', (_name, resource) => {
    const table = columns.get(resource.table);
    expect(table, `table ${resource.table}`).toBeDefined();
    const expected = ['id', 'tenant_id', 'search_text'];
    if (resource.treeField()) expected.push('full_name');
    if (resource.ownedByUser) expected.push('user_id');
    for (const name of Object.keys(resource.fields))
      if (resource.isColumn(name)) expected.push(resource.column(name));
    expect(expected.filter((column) => !table!.has(column))).toEqual([]);
    for (const field of resource.joinFields()) {
      expect([...(columns.get(resource.joinTable(field)) ?? [])].sort()).toEqual([
        'record_id',
        'ref_id',
        'tenant_id',
      ]);
    }
    // The phrase search's trigram index is on the search table (tables.ts says why).
    expect([...(columns.get(searchTable(resource)) ?? [])].sort()).toEqual([
      'id',
      'search_text',
      'tenant_id',
    ]);
    expect(
      indexes.some((d) => d.includes(` ON public.${searchTable(resource)} `) && d.includes('gin_trgm_ops')),
    ).toBe(true);
  });

  it('fences every resource table and join table by tenant', () => {
    expect(resourceTables().filter((table) => !fenced.has(table))).toEqual([]);
  });

  it('changes nothing when the tables are generated again', async () => {
    const before = await columnsOf('persons');
    await run(resourceTableStatements());
    expect(await columnsOf('persons')).toEqual(before);
  });

  it('adds the column of a field a schema gained, keeping the rows', async () => {
    const bank = RESOURCES.find((r) => r.name === 'bank')!;
    const grown = defineResource({
      ...bank,
      fields: { ...bank.fields, swiftCode: f.text('کد سوئیفت', { list: true }) },
    });
    const admin = (await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token;
    const id = (await server.api.post('bank/create/', { Title: 'بانک پیشین' }, { token: admin })).body.id;
    await run(resourceTableStatements([grown]));
    expect(await columnsOf('banks')).toContain('swift_code');
    const row = await server.built.services.db
      .selectFrom('banks' as never)
      .selectAll()
      .where('id' as never, '=', id as never)
      .executeTakeFirst();
    expect(row).toMatchObject({ title: 'بانک پیشین', swift_code: '' });
    await sql`ALTER TABLE banks DROP COLUMN swift_code`.execute(server.built.services.db);
  });
});
