// The resource tables are generated from the schemas (server/masterdata/tables.ts):
// every stored field has its column with the type and NOT NULL the schema gives it,
// every references field its join table, every table its search table and its
// row-level-security fence, every reference a foreign key that names the tenant; running
// the DDL again changes nothing, and a field added to a schema gets its column on the
// next start.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/schemas';
import { bank } from '../../src/schemas/banks';
import { defineResource, f } from '../../src/schemas/kit';
import {
  columnsOf as schemaColumns,
  resourceTables,
  resourceTableStatements,
  searchTable,
} from '../../server/masterdata/tables';
import { referencedResource } from '../../server/masterdata/catalogue';
import { asSystem, withTenant } from '../../server/db/tenant-fence';
import { TENANT_PERMISSIONS } from '../../src/shared/permissions';
import { createTenant } from '../../server/tenancy/create-tenant';
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

  it('writes every trigram index straight into the index, never into a pending list', async () => {
    // GIN's pending list is read whole by every search the index answers (docs/architecture.md).
    const { rows } = await sql<{ index: string; options: string[] | null }>`
      SELECT i.relname AS index, i.reloptions AS options
        FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_am a ON a.oid = i.relam
        JOIN pg_opclass o ON o.oid = x.indclass[0]
       WHERE a.amname = 'gin' AND o.opcname = 'gin_trgm_ops'
         AND i.relnamespace = current_schema()::regnamespace`.execute(server.built.services.db);
    expect(rows.map((row) => row.index)).toContain('messages_search_text_idx');
    expect(rows.map((row) => row.index)).toContain('customers_search_text_idx');
    expect(rows.filter((row) => !row.options?.includes('fastupdate=off')).map((row) => row.index)).toEqual(
      [],
    );
  });

  it('changes nothing when the tables are generated again', async () => {
    const before = await columnsOf('persons');
    await run(resourceTableStatements());
    expect(await columnsOf('persons')).toEqual(before);
  });

  it('adds the column of a field a schema gained, keeping the rows', async () => {
    const grown = defineResource({
      ...bank,
      fields: { ...bank.fields, swiftCode: f.text('کد سوئیفت', { list: true }) },
    });
    const admin = (await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token;
    const id = (await server.api.post('bank/create/', { Title: 'بانک پیشین' }, { token: admin })).body.id;
    await run(resourceTableStatements([grown]));
    expect(await columnsOf('banks')).toContain('swift_code');
    const row = await asSystem(() =>
      server.built.services.db
        .selectFrom('banks' as never)
        .selectAll()
        .where('id' as never, '=', id as never)
        .executeTakeFirst(),
    );
    expect(row).toMatchObject({ title: 'بانک پیشین', swift_code: '' });
    await sql`ALTER TABLE banks DROP COLUMN swift_code`.execute(server.built.services.db);
  });

  /** What information_schema calls the type the generated DDL gives a column. */
  const liveType = (ddl: string) => {
    const type = ddl.split(' ')[0];
    if (type === 'serial') return 'integer';
    if (type === 'timestamptz') return 'timestamp with time zone';
    if (type === 'text[]') return 'ARRAY';
    return type;
  };

  it('has every column of every schema with its type and NOT NULL, as the schema says', async () => {
    const live = await sql<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: string;
    }>`
      SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
       WHERE table_schema = current_schema()`.execute(server.built.services.db);
    const found = new Map(live.rows.map((row) => [`${row.table_name}.${row.column_name}`, row]));
    const mismatches: string[] = [];
    for (const resource of RESOURCES) {
      for (const [column, ddl] of schemaColumns(resource)) {
        const row = found.get(`${resource.table}.${column}`);
        const notNull = /NOT NULL|serial/.test(ddl);
        if (!row) mismatches.push(`${resource.table}.${column} missing`);
        else if (row.data_type !== liveType(ddl) || (row.is_nullable === 'NO') !== notNull)
          mismatches.push(`${resource.table}.${column}: ${row.data_type} ${row.is_nullable} ≠ ${ddl}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  /** Foreign keys between the resource tables: table → [columns, target]. */
  async function foreignKeys() {
    const rows = await sql<{ source: string; target: string; columns: string }>`
      SELECT c.conrelid::regclass::text AS source, c.confrelid::regclass::text AS target,
             (SELECT string_agg(a.attname, ',' ORDER BY k.ord) FROM unnest(c.conkey) WITH ORDINALITY k(num, ord)
                JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.num) AS columns
        FROM pg_constraint c WHERE c.contype = 'f'`.execute(server.built.services.db);
    return rows.rows;
  }

  it('names the tenant in every foreign key between resource tables', async () => {
    const keys = await foreignKeys();
    const tables = new Set(resourceTables());
    expect(
      keys.filter((k) => tables.has(k.source) && tables.has(k.target) && !k.columns.startsWith('tenant_id,')),
    ).toEqual([]);
    for (const resource of RESOURCES) {
      for (const [name, field] of Object.entries(resource.fields)) {
        const kind = field.meta.kind;
        if (!resource.isColumn(name) || (kind !== 'reference' && kind !== 'treeParent')) continue;
        expect(keys, `${resource.table}.${resource.column(name)}`).toContainEqual({
          source: resource.table,
          target: referencedResource(field.meta.resource!).table,
          columns: `tenant_id,${resource.column(name)}`,
        });
      }
      for (const field of resource.joinFields()) {
        expect(keys).toContainEqual({
          source: resource.joinTable(field),
          target: referencedResource(resource.fields[field].meta.resource!).table,
          columns: 'tenant_id,ref_id',
        });
      }
    }
  });

  it("refuses, in the database itself, a record pointing at another tenant's record", async () => {
    const db = server.built.services.db;
    const demo = (await server.built.services.tenants.byHost('localhost'))!.id;
    const other = await createTenant(db, {
      fullName: 'شرکت کلید',
      hosts: ['keys.localhost'],
      admin: { username: DEMO_ADMIN.username, password: 'keys-pass', firstName: 'م', lastName: 'د' },
      permissions: TENANT_PERMISSIONS,
    });
    const theirBank = await withTenant(other.tenantId, () =>
      sql<{
        id: number;
      }>`INSERT INTO banks (tenant_id, title) VALUES (${other.tenantId}, 'بانک دیگری') RETURNING id`.execute(
        db,
      ),
    );
    const error = await withTenant(demo, () =>
      sql`INSERT INTO bank_accounts (tenant_id, bank_fk, number)
          VALUES (${demo}, ${theirBank.rows[0].id}, '123')`.execute(db),
    ).catch((e: { code?: string }) => e);
    expect((error as { code?: string }).code).toBe('23503');
  });

  it('replaces the single-column keys of a database made before, keeping the rows', async () => {
    await run([
      'ALTER TABLE bank_accounts DROP CONSTRAINT bank_accounts_bank_fk_tenant_fk',
      'ALTER TABLE bank_accounts ADD CONSTRAINT bank_accounts_bank_fk_fkey FOREIGN KEY (bank_fk) REFERENCES banks (id)',
    ]);
    await run(resourceTableStatements());
    const keys = (await foreignKeys()).filter((k) => k.source === 'bank_accounts' && k.target === 'banks');
    expect(keys).toEqual([{ source: 'bank_accounts', target: 'banks', columns: 'tenant_id,bank_fk' }]);
  });
});
