// Each resource's table is created by a migration; this keeps the two from drifting:
// every stored field of every registered resource has its column, and every table has
// the columns the engine relies on, indexed for trigram search.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/schemas';
import { startTestServer, type TestServer } from './harness';

describe('resource schemas and their tables', () => {
  let server: TestServer;
  let columns: Map<string, Set<string>>;
  let indexes: string[];

  beforeAll(async () => {
    server = await startTestServer();
    const rows = await sql<{ table_name: string; column_name: string }>`
      SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'`.execute(server.built.services.db);
    columns = new Map();
    for (const row of rows.rows) {
      if (!columns.has(row.table_name)) columns.set(row.table_name, new Set());
      columns.get(row.table_name)!.add(row.column_name);
    }
    indexes = (await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes WHERE schemaname = 'public'`.execute(server.built.services.db)).rows.map((r) => r.indexdef);
  });
  afterAll(() => server?.stop());

  it.each(RESOURCES.map((r) => [r.name, r] as const))('%s', (_name, resource) => {
    const table = columns.get(resource.table);
    expect(table, `table ${resource.table}`).toBeDefined();
    const expected = ['id', 'tenant_id', 'search_text'];
    if (resource.treeField()) expected.push('full_name');
    if (resource.ownedByUser) expected.push('user_id');
    for (const [name, field] of Object.entries(resource.fields)) {
      if (!field.meta.virtual) expected.push(resource.column(name));
    }
    expect(expected.filter((column) => !table!.has(column))).toEqual([]);
    expect(indexes.some((d) => d.includes(` ON public.${resource.table} `) && d.includes('gin_trgm_ops'))).toBe(true);
  });
});
