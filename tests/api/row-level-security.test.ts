// The second fence: on PostgreSQL, an ordinary role that sets app.tenant_id sees only
// that tenant's rows, whatever the query asks for; one that sets no tenant sees none
// (only asSystem's app.all_tenants opens every tenant); a pooled connection never carries
// one request's tenant into another's.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, startTestServer, type TestServer } from './harness';
import { createTenant } from '../../server/tenancy/create-tenant';
import { asSystem, withTenant } from '../../server/db/tenant-fence';
import { resourceTables } from '../../server/masterdata/tables';

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('row-level security on PostgreSQL', () => {
  let server: TestServer;
  let client: pg.Client;
  let secondTenantId: number;
  const role = `dabir_probe_${process.pid}`;

  beforeAll(async () => {
    server = await startTestServer({ engine: 'postgres' });
    ({ tenantId: secondTenantId } = await createTenant(server.built.services.db, {
      fullName: 'شرکت دوم',
      hosts: ['second.localhost'],
      admin: { username: DEMO_ADMIN.username, password: 'x-secret', firstName: 'م', lastName: 'د' },
      permissions: ['Links'],
    }));
    client = new pg.Client({ connectionString: server.databaseAdminUrl });
    await client.connect();
    await client.query(`CREATE ROLE ${role} NOSUPERUSER NOBYPASSRLS`);
    await client.query(`GRANT SELECT, UPDATE ON ALL TABLES IN SCHEMA public TO ${role}`);
  });
  afterAll(async () => {
    await client?.query('RESET ROLE').catch(() => undefined);
    await client?.query(`DROP OWNED BY ${role}`).catch(() => undefined);
    await client?.query(`DROP ROLE IF EXISTS ${role}`).catch(() => undefined);
    await client?.end();
    await server?.stop();
  });

  it('shows an ordinary role only the rows of the tenant it set', async () => {
    const all = await client.query<{ tenant_id: number }>('SELECT DISTINCT tenant_id FROM users ORDER BY 1');
    expect(all.rows.length).toBeGreaterThanOrEqual(3); // platform, demo, second
    await client.query(`SET ROLE ${role}`);
    await client.query(`SELECT set_config('app.tenant_id', $1, false)`, [String(secondTenantId)]);
    const fenced = await client.query<{ tenant_id: number }>('SELECT DISTINCT tenant_id FROM users');
    expect(fenced.rows).toEqual([{ tenant_id: secondTenantId }]);
    const touched = await client.query(`UPDATE users SET first_name = 'x' WHERE tenant_id <> $1`, [
      secondTenantId,
    ]);
    expect(touched.rowCount).toBe(0);
    await client.query('RESET ROLE');
  });

  it('fences the running server: a query that forgets its tenant filter sees one tenant only', async () => {
    const db = server.built.services.db;
    const demo = (await server.built.services.tenants.byHost('localhost'))!.id;
    // Outside a request and outside asSystem: nothing.
    expect(await db.selectFrom('users').select('tenant_id').distinct().execute()).toEqual([]);
    const everyone = await asSystem(() => db.selectFrom('users').select('tenant_id').distinct().execute());
    expect(everyone.length).toBeGreaterThanOrEqual(3);
    const fenced = await withTenant(secondTenantId, () =>
      db.selectFrom('users').select('tenant_id').distinct().execute(),
    );
    expect(fenced).toEqual([{ tenant_id: secondTenantId }]);
    const demoBanks = await withTenant(demo, () =>
      db
        .selectFrom('banks' as never)
        .select('tenant_id' as never)
        .distinct()
        .execute(),
    );
    expect(demoBanks).toEqual([{ tenant_id: demo }]);
    // A write into another tenant is refused by the policy's WITH CHECK.
    await expect(
      withTenant(secondTenantId, () =>
        db
          .insertInto('links')
          .values({ tenant_id: demo, user_id: 1, caption: 'x', url: 'https://x.ir' })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  /** Every table the fence covers: those with a tenant_fence policy. */
  async function fencedTables(): Promise<string[]> {
    const rows = await client.query<{ tablename: string }>(
      `SELECT tablename FROM pg_policies WHERE policyname = 'tenant_fence' ORDER BY 1`,
    );
    return rows.rows.map((r) => r.tablename);
  }

  it('shows a connection with no tenant set no row of any tenant table, and refuses its writes', async () => {
    const tables = await fencedTables();
    expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', ...resourceTables()]));
    await client.query(`GRANT INSERT ON ALL TABLES IN SCHEMA public TO ${role}`);
    await client.query(`SET ROLE ${role}`);
    try {
      await client.query(
        `SELECT set_config('app.tenant_id', '', false), set_config('app.all_tenants', '', false)`,
      );
      const seen: Record<string, number> = {};
      for (const table of tables) {
        seen[table] = Number((await client.query(`SELECT count(*) AS n FROM "${table}"`)).rows[0].n);
      }
      expect(Object.entries(seen).filter(([, n]) => n > 0)).toEqual([]);
      await expect(
        client.query(
          `INSERT INTO links (id, tenant_id, user_id, caption, url) VALUES (999999, $1, 1, 'x', 'https://x.ir')`,
          [secondTenantId],
        ),
      ).rejects.toThrow(/row-level security/);
      // The system setting opens every tenant, as asSystem does.
      await client.query(`SELECT set_config('app.all_tenants', 'on', false)`);
      expect(
        Number((await client.query('SELECT count(DISTINCT tenant_id) AS n FROM users')).rows[0].n),
      ).toBeGreaterThanOrEqual(3);
    } finally {
      await client.query('RESET ROLE');
    }
  });

  it('never lets a pooled connection carry one tenant into the next request, even after a rollback', async () => {
    const db = server.built.services.db;
    const demo = (await server.built.services.tenants.byHost('localhost'))!.id;
    // A transaction for one tenant that switches to the system inside and then fails.
    await withTenant(demo, () =>
      db.transaction().execute(async (trx) => {
        await asSystem(() => trx.selectFrom('users').select('id').execute());
        throw new Error('halfway');
      }),
    ).catch(() => undefined);
    // Many calls in parallel, alternating tenants, over the pool.
    const seen = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const tenant = i % 2 ? demo : secondTenantId;
        return withTenant(tenant, async () => ({
          tenant,
          rows: await db.selectFrom('users').select('tenant_id').distinct().execute(),
        }));
      }),
    );
    for (const { tenant, rows } of seen) expect(rows).toEqual([{ tenant_id: tenant }]);
    expect(await db.selectFrom('users').select('id').execute()).toEqual([]);
  });
});
