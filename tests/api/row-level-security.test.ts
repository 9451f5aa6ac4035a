// The second fence: on PostgreSQL, an ordinary role that sets app.tenant_id sees only
// that tenant's rows, whatever the query asks for.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, startTestServer, type TestServer } from './harness';
import { createTenant } from '../../server/tenancy/create-tenant';
import { withTenant } from '../../server/db/tenant-fence';

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
    const everyone = await db.selectFrom('users').select('tenant_id').distinct().execute();
    expect(everyone.length).toBeGreaterThanOrEqual(3); // outside a request: not narrowed
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
});
