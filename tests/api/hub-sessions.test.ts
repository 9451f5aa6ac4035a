// The hub checks its open sockets' sessions in the database (server/realtime/README.md,
// "Sessions"): a session that expired, or ended while the bus lost its event, loses its
// sockets all the same — at the periodic check (both engines), and on PostgreSQL at once
// when the bus's listener is back after losing its connection, which also tells the
// clients that stay to refetch. Real server, real sign-ins, the real @microsoft/signalr
// client; the sessions are ended in the database itself, where no bus event follows.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import type { HubConnection } from '@microsoft/signalr';
import { DEMO_ADMIN, ENGINES, startTestServer, type TestServer } from './harness';
import { closed, nextCall, startedHubClient as started } from './hub-client';
import { findPrincipal } from '../../server/auth/sessions';
import { asSystem } from '../../server/db/tenant-fence';
import { LISTENER_APPLICATION_NAME, type PostgresEventBus } from '../../server/realtime/event-bus';

/** Ends sessions in the database itself, as nothing in the app would: no bus event. */
function inDatabase(
  server: TestServer,
  work: (db: TestServer['built']['services']['db']) => Promise<unknown>,
) {
  return asSystem(() => work(server.built.services.db));
}

describe.each(ENGINES)('hub: sessions that end without a bus event (%s)', (engine) => {
  let server: TestServer;
  const open: HubConnection[] = [];
  const connect = async (token: string) => {
    const connection = await started(server.baseUrl, token);
    open.push(connection);
    return connection;
  };
  const sessionOf = async (token: string) =>
    (await findPrincipal(server.built.services.db, token))!.sessionId;

  beforeAll(async () => {
    // The hub checks its sockets' sessions every 100 ms here (30 s by default).
    server = await startTestServer({ engine, env: { HUB_SESSION_CHECK_MS: '100' } });
    await (server.built.bus as Partial<PostgresEventBus>).ready?.();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.stop()));
  });
  afterAll(() => server?.stop());

  it('closes the socket of a session that expired, and it gets no Notification', async () => {
    const staying = await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
    const expiring = await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
    const stayingSocket = await connect(staying.token);
    const expiringSocket = await connect(expiring.token);
    const got: unknown[] = [];
    expiringSocket.on('Notification', (n) => got.push(n));
    const whenClosed = closed(expiringSocket);
    const sessionId = await sessionOf(expiring.token);
    await inDatabase(server, (db) =>
      db
        .updateTable('sessions')
        .set({ expires_at: sql`now() - interval '1 minute'` })
        .where('id', '=', sessionId)
        .execute(),
    );
    expect((await whenClosed)?.message).toContain('Session revoked');
    const principal = await findPrincipal(server.built.services.db, staying.token);
    const delivered = nextCall(stayingSocket, 'Notification');
    await server.built.services.notifier.notify(principal!.tenantId, principal!.userId, {
      title: 'پس از پایان نشست',
      url: '/letters/1',
    });
    expect(await delivered).toMatchObject({ title: 'پس از پایان نشست' });
    expect(got).toEqual([]);
    expect(stayingSocket.state).toBe('Connected');
  });

  it('closes the sockets of a session revoked, and of a person deactivated, with no bus event', async () => {
    const admin = await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
    const revoked = await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
    const roles = (await server.api.get('person/allrolenames/', {}, { token: admin.token })).body
      .allRoleNames as string[];
    const person = {
      FirstName: 'سحر',
      LastName: 'کاظمی',
      Mobile: '09138765432',
      PassWord: 'sahar-pass',
      RoleNames: [roles[0]],
    };
    expect((await server.api.post('person/create/', person, { token: admin.token })).body.status).toBe(1);
    const theirs = await server.api.signIn(person.Mobile, person.PassWord);
    const staying = await connect(admin.token);
    const revokedSocket = await connect(revoked.token);
    const deactivatedSocket = await connect(theirs.token);
    const closes = [closed(revokedSocket), closed(deactivatedSocket)];
    const revokedId = await sessionOf(revoked.token);
    const theirUserId = theirs.userId;
    await inDatabase(server, async (db) => {
      await db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', revokedId).execute();
      await db.updateTable('users').set({ is_active: false }).where('id', '=', theirUserId).execute();
    });
    for (const error of await Promise.all(closes)) expect(error?.message).toContain('Session revoked');
    expect(staying.state).toBe('Connected');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('hub: the PostgreSQL bus loses its listener', () => {
  let server: TestServer;
  let databaseAdmin: pg.Client;
  const open: HubConnection[] = [];
  const connect = async (token: string) => {
    const connection = await started(server.baseUrl, token);
    open.push(connection);
    return connection;
  };

  beforeAll(async () => {
    // No periodic check: what closes a socket here is the check after the reconnect.
    server = await startTestServer({ engine: 'postgres', env: { HUB_SESSION_CHECK_MS: '0' } });
    await (server.built.bus as PostgresEventBus).ready();
    databaseAdmin = new pg.Client({ connectionString: server.databaseAdminUrl });
    await databaseAdmin.connect();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.stop()));
  });
  afterAll(async () => {
    await databaseAdmin?.end();
    await server?.stop();
  });

  it('once it listens again, closes the sessions ended meanwhile and tells the others to refetch', async () => {
    const staying = await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
    const signingOut = await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
    const revokedQuietly = await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
    const stayingSocket = await connect(staying.token);
    const signingOutSocket = await connect(signingOut.token);
    const quietSocket = await connect(revokedQuietly.token);
    const closes = [closed(signingOutSocket), closed(quietSocket)];
    const refetch = nextCall(stayingSocket, 'LettersChanged');
    const got: unknown[] = [];
    for (const socket of [signingOutSocket, quietSocket]) socket.on('Notification', (n) => got.push(n));

    // A session ended with no event at all; then the listener dies and a sign-out's
    // event goes out while it is away.
    const quietId = (await findPrincipal(server.built.services.db, revokedQuietly.token))!.sessionId;
    await inDatabase(server, (db) =>
      db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', quietId).execute(),
    );
    const killed = await databaseAdmin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = $1 AND datname = current_database()`,
      [LISTENER_APPLICATION_NAME],
    );
    expect(killed.rowCount).toBe(1);
    expect((await server.api.post('user/logout', {}, { token: signingOut.token })).body.status).toBe(1);

    for (const error of await Promise.all(closes)) expect(error?.message).toContain('Session revoked');
    await refetch;
    const warned = server.logLines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(warned.some((l) => l.level === 40 && l.msg.includes('lost its LISTEN connection'))).toBe(true);
    expect(warned.some((l) => l.level === 40 && l.msg.includes('listening again'))).toBe(true);

    const principal = await findPrincipal(server.built.services.db, staying.token);
    const delivered = nextCall(stayingSocket, 'Notification');
    await server.built.services.notifier.notify(principal!.tenantId, principal!.userId, {
      title: 'نامه پس از خروج',
      url: '/letters/2',
    });
    expect(await delivered).toMatchObject({ title: 'نامه پس از خروج' });
    expect(got).toEqual([]);
  });
});
