// The signed-in hot path keeps a token's principal for a few seconds; it must never
// outlive what it says. A session ended, or a person's roles changed, through one server
// process is seen by every process on its very next call (the event bus), and by the
// process that made the change before it even answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, tenantOfToken } from '../../server/auth/sessions';
import { withTenant } from '../../server/db/tenant-fence';
import { DEMO_ADMIN, ENGINES, startTestServer, type TestServer } from './harness';

const ADMINS = 'مدیران سامانه';
const STAFF = 'کارکنان';
const NOT_SIGNED_IN = 'ابتدا وارد حساب کاربری خود شوید';

describe.each(ENGINES)('cached principals (%s)', (engine) => {
  let first: TestServer;
  /** A second server process on the same database (PostgreSQL), else the first again. */
  let second: TestServer;
  let admin: string;
  let mobiles = 0;

  beforeAll(async () => {
    first = await startTestServer({ engine });
    second =
      engine === 'postgres'
        ? await startTestServer({ engine, env: { DATABASE_URL: first.databaseUrl! } })
        : first;
    admin = (await first.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token;
  });
  afterAll(async () => {
    if (second !== first) await second?.stop();
    await first?.stop();
  });

  /** A new person with `roles`, signed in; their token and person id. */
  async function newColleague(roles: string[]) {
    const mobile = `0936${String(++mobiles).padStart(7, '0')}`;
    const created = await first.api.post(
      'person/create/',
      { FirstName: 'سمیه', LastName: 'اکبری', Mobile: mobile, PassWord: 'colleague-1', RoleNames: roles },
      { token: admin },
    );
    expect(created.body.status).toBe(1);
    const token = (await first.api.signIn(mobile, 'colleague-1')).token;
    return { token, personId: created.body.id as number };
  }

  const menu = (server: TestServer, token: string) => server.api.get('menu/list/', {}, { token });

  it('refuses a signed-out session on its very next call, in this process and the other', async () => {
    const { token } = await newColleague([STAFF]);
    // Both processes have the principal cached now.
    expect((await menu(first, token)).body.status).toBe(1);
    expect((await menu(second, token)).body.status).toBe(1);
    expect((await first.api.post('user/logout/', {}, { token })).body.status).toBe(1);
    for (const server of [second, first]) {
      const answer = await menu(server, token);
      expect(answer.body.status).not.toBe(1);
      expect(answer.text).toContain(NOT_SIGNED_IN);
    }
  });

  it('refuses a deactivated person at once', async () => {
    const { token, personId } = await newColleague([STAFF]);
    expect((await menu(second, token)).body.status).toBe(1);
    const off = await first.api.call('PUT', 'person/update/', {
      token: admin,
      json: { Id: personId, IsActive: false },
    });
    expect(off.body.status).toBe(1);
    expect((await menu(second, token)).text).toContain(NOT_SIGNED_IN);
  });

  it('gives and takes permissions at once when roles change', async () => {
    const { token, personId } = await newColleague([STAFF]);
    const people = (server: TestServer) => server.api.get('person/list/', {}, { token });
    expect((await people(second)).body.status).toBe(0); // staff may not list people
    const promote = (roles: string[]) =>
      first.api.call('PUT', 'person/update/', { token: admin, json: { Id: personId, RoleNames: roles } });
    expect((await promote([ADMINS])).body.status).toBe(1);
    expect((await people(second)).body.status).toBe(1);
    expect((await people(first)).body.status).toBe(1);
    expect((await promote([STAFF])).body.status).toBe(1);
    expect((await people(second)).body.status).toBe(0);
    expect((await people(first)).body.status).toBe(0);
  });

  it("looks a token up fenced to the tenant it names; another tenant's name finds nothing", async () => {
    const lead = tenantOfToken(admin);
    const demoTenant = (await first.built.services.tenants.byHost('localhost'))!.id;
    expect(lead).toBe(demoTenant);
    const secret = admin.slice(admin.indexOf('.') + 1);
    const forged = `${demoTenant + 1000}.${secret}`;
    expect((await menu(second, forged)).text).toContain(NOT_SIGNED_IN);
    expect((await menu(second, `${demoTenant}.${secret}x`)).text).toContain(NOT_SIGNED_IN);
  });

  it('still takes a token of the older, secret-only shape', async () => {
    const { built } = first;
    const demoTenant = (await built.services.tenants.byHost('localhost'))!.id;
    const legacy = 'a-session-made-before-tokens-named-their-tenant-000000000';
    const adminUser = await withTenant(demoTenant, () =>
      built.services.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', DEMO_ADMIN.username)
        .executeTakeFirstOrThrow(),
    );
    await withTenant(demoTenant, () =>
      built.services.db
        .insertInto('sessions')
        .values({
          tenant_id: demoTenant,
          user_id: adminUser.id,
          token_hash: hashToken(legacy),
          expires_at: new Date(Date.now() + 86_400_000),
        })
        .execute(),
    );
    expect(tenantOfToken(legacy)).toBeUndefined();
    expect((await menu(second, legacy)).body.status).toBe(1);
  });
});
