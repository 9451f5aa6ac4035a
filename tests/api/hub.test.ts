// The notification hub driven by the real @microsoft/signalr client (and, for what the
// client hides, a raw `ws` socket). First on the real server (harness: real sign-in,
// real notifier, real logout), then protocol details on a minimal Fastify app with a
// stub authenticate, stub methods and short timers.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import pg from 'pg';
import type { HubConnection } from '@microsoft/signalr';
import { DEMO_ADMIN, ENGINES, startTestServer, type TestServer } from './harness';
import { postgresProxy } from './tcp-proxy';
import { closed, hubClient as client, nextCall, startedHubClient as started, waitFor } from './hub-client';
import { findPrincipal } from '../../server/auth/sessions';
import {
  createInProcessBus,
  createPostgresBus,
  type EventBus,
  type HubEvent,
  type PostgresEventBus,
} from '../../server/realtime/event-bus';
import {
  HubMethodError,
  registerNotificationHub,
  type HubOptions,
  type HubPrincipal,
  type NotificationHub,
  TOO_MANY_CONNECTIONS,
} from '../../server/realtime/notification-hub';

const RS = '\x1e';
// Like the app's Principal: more than the hub needs, handed to methods as it is.
type TestPrincipal = HubPrincipal & { username: string };
const PRINCIPALS: Record<string, TestPrincipal> = {
  good: { userId: 1, tenantId: 1, sessionId: 10, username: 'ali' },
  'good-2': { userId: 1, tenantId: 1, sessionId: 11, username: 'ali' },
  other: { userId: 2, tenantId: 1, sessionId: 20, username: 'sara' },
};

interface TestHub {
  app: FastifyInstance;
  hub: NotificationHub;
  bus: EventBus;
  baseUrl: string;
}

/** An in-process bus that can be told it lost its connection and has it back. */
function reconnectableBus(): EventBus & { reconnected(): void } {
  const inner = createInProcessBus();
  const handlers: (() => void)[] = [];
  return {
    ...inner,
    onReconnect: (handler) => handlers.push(handler),
    reconnected: () => handlers.forEach((handler) => handler()),
  };
}

async function startHub(
  options: Partial<HubOptions> = {},
  deps: { bus?: EventBus; liveSessions?: (sessionIds: number[]) => Promise<number[]> } = {},
): Promise<TestHub> {
  const app = Fastify();
  const bus = deps.bus ?? createInProcessBus();
  const hub = await registerNotificationHub(app, {
    authenticate: async (token) => PRINCIPALS[token] ?? null,
    bus,
    liveSessions: deps.liveSessions,
    options,
    methods: {
      'tasks.echo': async (principal, args) => ({
        userId: principal.userId,
        username: principal.username,
        args,
      }),
      'tasks.nothing': async () => undefined,
      'tasks.refuse': async () => {
        throw new HubMethodError('دسترسی ندارید');
      },
      'tasks.crash': async () => {
        throw new Error('secret detail');
      },
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, hub, bus, baseUrl: `http://127.0.0.1:${port}` };
}

async function negotiate(baseUrl: string, token?: string) {
  const response = await fetch(`${baseUrl}/hubs/notification/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A raw socket: resolves with the HTTP status of a refused upgrade, or the open socket. */
function rawSocket(
  baseUrl: string,
  query: string,
  token?: string,
): Promise<{ status: number; socket?: WebSocket }> {
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/hubs/notification?${query}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return new Promise((resolve, reject) => {
    socket.on('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    socket.on('open', () => resolve({ status: 101, socket }));
    socket.on('error', reject);
  });
}

function received(socket: WebSocket): string[] {
  const messages: string[] = [];
  socket.on('message', (data) => messages.push(...String(data).split(RS).filter(Boolean)));
  return messages;
}

const notify = (userId: number, id: number): HubEvent => ({
  type: 'notify',
  userId,
  notification: { id, title: `پیام ${id}`, url: `/notifications/${id}` },
});

describe.each(ENGINES)('notification hub on the real server (%s)', (engine) => {
  let server: TestServer;
  let admin: { token: string; userId: number; tenantId: number };
  const open: HubConnection[] = [];
  const connect = async (token: string) => {
    const connection = await started(server.baseUrl, token);
    open.push(connection);
    return connection;
  };

  beforeAll(async () => {
    server = await startTestServer({ engine });
    // The PostgreSQL bus LISTENs in the background: wait, or the first event may be missed.
    await (server.built.bus as Partial<PostgresEventBus>).ready?.();
    const signedIn = await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
    const principal = await findPrincipal(server.built.services.db, signedIn.token);
    admin = { token: signedIn.token, userId: signedIn.userId, tenantId: principal!.tenantId };
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.stop()));
  });
  afterAll(() => server?.stop());

  it('connects with a signed-in session token and refuses others', async () => {
    const connection = await connect(admin.token);
    expect(connection.state).toBe('Connected');
    await expect(client(server.baseUrl, '').start()).rejects.toThrow();
    await expect(client(server.baseUrl, 'not-a-session').start()).rejects.toThrow();
  });

  it("pushes what the notifier stores to the user's connections", async () => {
    const tab1 = await connect(admin.token);
    const tab2 = await connect(admin.token);
    const got = Promise.all([nextCall(tab1, 'Notification'), nextCall(tab2, 'Notification')]);
    const id = await server.built.services.notifier.notify(admin.tenantId, admin.userId, {
      title: 'نامه‌ی تازه',
      url: '/letters/7',
    });
    const expected = { id, title: 'نامه‌ی تازه', url: '/letters/7' };
    expect(await got).toEqual([expected, expected]);
    const list = await server.api.get('notification/list', {}, { token: admin.token });
    expect(list.body.records[0]).toMatchObject(expected);
  });

  it('answers an unknown method with an error completion', async () => {
    const connection = await connect(admin.token);
    await expect(connection.invoke('no.such.method')).rejects.toThrow("Unknown hub method 'no.such.method'");
  });

  it('closes the connections of a session when it logs out, and only those', async () => {
    const other = await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
    const leaving = client(server.baseUrl, other.token, true);
    let reconnecting = false;
    leaving.onreconnecting(() => (reconnecting = true));
    await leaving.start();
    const staying = await connect(admin.token);
    const whenClosed = closed(leaving);
    expect((await server.api.post('user/logout', {}, { token: other.token })).body.status).toBe(1);
    expect((await whenClosed)?.message).toContain('Session revoked');
    expect(reconnecting).toBe(false);
    expect(staying.state).toBe('Connected');
  });

  it('closes the connections of a person who is deactivated, once the change has committed', async () => {
    const roles = (await server.api.get('person/allrolenames/', {}, { token: admin.token })).body
      .allRoleNames as string[];
    const person = {
      FirstName: 'نگار',
      LastName: 'صادقی',
      Mobile: '09137654321',
      PassWord: 'negar-pass',
      RoleNames: [roles[0]],
    };
    const id = (await server.api.post('person/create/', person, { token: admin.token })).body.id;
    const theirs = await server.api.signIn(person.Mobile, person.PassWord);
    const connection = await connect(theirs.token);
    const whenClosed = closed(connection);
    const deactivated = await server.api.call('PUT', 'person/update/', {
      token: admin.token,
      json: { ...person, Id: id, IsActive: false },
    });
    expect(deactivated.body.status).toBe(1);
    expect((await whenClosed)?.message).toContain('Session revoked');
  });

  it('keeps access_token out of the log', async () => {
    const { body } = await negotiate(server.baseUrl, admin.token);
    const { socket } = await rawSocket(
      server.baseUrl,
      `id=${body.connectionToken}&access_token=${admin.token}`,
    );
    expect(socket).toBeDefined();
    socket!.close();
    expect(server.logLines.some((line) => line.includes('/hubs/notification?id='))).toBe(true);
    expect(server.logLines.some((line) => line.includes(admin.token))).toBe(false);
  });
});

describe('hub protocol details (minimal app, stub authenticate)', () => {
  let server: TestHub;
  const open: HubConnection[] = [];
  const connect = async (token: string) => {
    const connection = await started(server.baseUrl, token);
    open.push(connection);
    return connection;
  };

  beforeAll(async () => {
    server = await startHub();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.stop()));
    await waitFor(() => server.hub.connectionCount() === 0);
  });
  afterAll(async () => {
    await server.app.close();
  });

  it('connects with a session token', async () => {
    const connection = await connect('good');
    expect(connection.connectionId).toBeTruthy();
    expect(server.hub.connectionCount(1)).toBe(1);
  });

  it('refuses a client without a valid token: start() rejects', async () => {
    await expect(client(server.baseUrl, '').start()).rejects.toThrow();
    await expect(client(server.baseUrl, 'forged').start()).rejects.toThrow();
    expect(server.hub.connectionCount()).toBe(0);
  });

  it('pushes a Notification to every connection of the user, and only to them', async () => {
    const tab1 = await connect('good');
    const tab2 = await connect('good-2');
    const stranger = await connect('other');
    const strangerGot: unknown[] = [];
    stranger.on('Notification', (n) => strangerGot.push(n));
    const got = Promise.all([nextCall(tab1, 'Notification'), nextCall(tab2, 'Notification')]);
    await server.bus.publish(notify(1, 5));
    expect(await got).toEqual([
      { id: 5, title: 'پیام 5', url: '/notifications/5' },
      { id: 5, title: 'پیام 5', url: '/notifications/5' },
    ]);
    // An event for the stranger afterwards proves the first one was not delivered to them.
    const strangerNext = nextCall(stranger, 'Notification');
    await server.bus.publish(notify(2, 6));
    expect(await strangerNext).toMatchObject({ id: 6 });
    expect(strangerGot).toEqual([{ id: 6, title: 'پیام 6', url: '/notifications/6' }]);
  });

  it('closes the connections of a revoked session with an error, and keeps the others', async () => {
    const revoked = await connect('good');
    const sameUserOtherSession = await connect('good-2');
    const whenClosed = closed(revoked);
    await server.bus.publish({ type: 'session-revoked', sessionId: 10 });
    const error = await whenClosed;
    expect(error?.message).toContain('Session revoked');
    await waitFor(() => server.hub.connectionCount(1) === 1);
    expect(sameUserOtherSession.state).toBe('Connected');
  });

  it('a revoked close stops the client even with automatic reconnect', async () => {
    const connection = client(server.baseUrl, 'good', true);
    let reconnecting = false;
    connection.onreconnecting(() => (reconnecting = true));
    await connection.start();
    const whenClosed = closed(connection);
    await server.bus.publish({ type: 'session-revoked', sessionId: 10 });
    expect((await whenClosed)?.message).toContain('Session revoked');
    expect(reconnecting).toBe(false);
  });

  it('answers invocations of registered methods with their result', async () => {
    const connection = await connect('good');
    expect(await connection.invoke('tasks.echo', 7, 'متن')).toEqual({
      userId: 1,
      username: 'ali',
      args: [7, 'متن'],
    });
    expect(await connection.invoke('Tasks.Echo')).toEqual({ userId: 1, username: 'ali', args: [] });
    expect(await connection.invoke('tasks.nothing')).toBeUndefined();
    await connection.send('tasks.echo', 'fire and forget');
    expect(await connection.invoke('tasks.echo', 'still in order')).toMatchObject({
      args: ['still in order'],
    });
  });

  it('answers unknown methods and failures with an error completion', async () => {
    const connection = await connect('good');
    await expect(connection.invoke('tasks.missing')).rejects.toThrow("Unknown hub method 'tasks.missing'");
    await expect(connection.invoke('tasks.refuse')).rejects.toThrow('دسترسی ندارید');
    const crash = connection.invoke('tasks.crash');
    await expect(crash).rejects.toThrow('An unexpected error occurred');
    await expect(crash).rejects.not.toThrow('secret detail');
    expect(connection.state).toBe('Connected');
  });
});

describe('notification hub: sessions checked in the database (stub look-up)', () => {
  const open: HubConnection[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.stop()));
  });
  const connectTo = async (server: TestHub, token: string) => {
    const connection = await started(server.baseUrl, token);
    open.push(connection);
    return connection;
  };

  it('closes the sockets of a session that ended without a bus event, at the next periodic check', async () => {
    const ended = new Set<number>();
    const asked: number[][] = [];
    const server = await startHub(
      { sessionCheckMs: 50 },
      {
        liveSessions: async (ids) => {
          asked.push([...ids].sort());
          return ids.filter((id) => !ended.has(id));
        },
      },
    );
    try {
      const ending = await connectTo(server, 'good');
      const staying = await connectTo(server, 'other');
      await waitFor(() => asked.some((ids) => ids.length === 2));
      expect(asked.find((ids) => ids.length === 2)).toEqual([10, 20]);
      const whenClosed = closed(ending);
      ended.add(10);
      expect((await whenClosed)?.message).toContain('Session revoked');
      await waitFor(() => server.hub.connectionCount(1) === 0);
      expect(staying.state).toBe('Connected');
    } finally {
      await server.app.close();
    }
  });

  it('checks at once when the bus is back after losing its connection, and tells the rest to refetch', async () => {
    const bus = reconnectableBus();
    const ended = new Set<number>();
    let checks = 0;
    // No periodic check: only the reconnect can close the socket.
    const server = await startHub(
      { sessionCheckMs: 0 },
      {
        bus,
        liveSessions: async (ids) => {
          checks += 1;
          return ids.filter((id) => !ended.has(id));
        },
      },
    );
    try {
      const ending = await connectTo(server, 'good');
      const staying = await connectTo(server, 'other');
      const endingGot: string[] = [];
      ending.on('LettersChanged', () => endingGot.push('LettersChanged'));
      ended.add(10);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(checks).toBe(0);
      const whenClosed = closed(ending);
      const refetch = nextCall(staying, 'LettersChanged');
      bus.reconnected();
      expect((await whenClosed)?.message).toContain('Session revoked');
      await refetch;
      expect(checks).toBe(1);
      expect(endingGot).toEqual([]);
    } finally {
      await server.app.close();
    }
  });

  it('when the check fails, keeps the sockets and still tells them to refetch', async () => {
    const bus = reconnectableBus();
    const server = await startHub(
      { sessionCheckMs: 0 },
      {
        bus,
        liveSessions: async () => {
          throw new Error('database away');
        },
      },
    );
    try {
      const connection = await connectTo(server, 'good');
      const refetch = nextCall(connection, 'LettersChanged');
      bus.reconnected();
      await refetch;
      expect(connection.state).toBe('Connected');
    } finally {
      await server.app.close();
    }
  });
});

describe('notification hub: negotiate and upgrade statuses', () => {
  let server: TestHub;
  beforeAll(async () => {
    server = await startHub({ connectionTokenTtlMs: 300 });
  });
  afterAll(async () => {
    await server.app.close();
  });

  it('negotiate needs a token and answers per the protocol', async () => {
    expect((await negotiate(server.baseUrl)).status).toBe(401);
    expect((await negotiate(server.baseUrl, 'forged')).status).toBe(401);
    const { status, body } = await negotiate(server.baseUrl, 'good');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      negotiateVersion: 1,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    });
    expect(body.connectionId).not.toBe(body.connectionToken);
  });

  it('checks the token before the upgrade, also from access_token', async () => {
    const { body } = await negotiate(server.baseUrl, 'good');
    expect((await rawSocket(server.baseUrl, `id=${body.connectionToken}`)).status).toBe(401);
    expect((await rawSocket(server.baseUrl, `id=${body.connectionToken}&access_token=forged`)).status).toBe(
      401,
    );
    const viaQuery = await rawSocket(server.baseUrl, `id=${body.connectionToken}&access_token=good`);
    expect(viaQuery.status).toBe(101);
    viaQuery.socket?.close();
  });

  it('refuses an unknown id (404), a second socket (409), another session (403)', async () => {
    expect((await rawSocket(server.baseUrl, 'id=nope', 'good')).status).toBe(404);
    const first = await negotiate(server.baseUrl, 'good');
    const opened = await rawSocket(server.baseUrl, `id=${first.body.connectionToken}`, 'good');
    expect(opened.status).toBe(101);
    expect((await rawSocket(server.baseUrl, `id=${first.body.connectionToken}`, 'good')).status).toBe(409);
    opened.socket?.close();
    const second = await negotiate(server.baseUrl, 'good');
    expect((await rawSocket(server.baseUrl, `id=${second.body.connectionToken}`, 'other')).status).toBe(403);
  });

  it('answers a bad handshake with an error and closes', async () => {
    const { body } = await negotiate(server.baseUrl, 'good');
    const { socket } = await rawSocket(server.baseUrl, `id=${body.connectionToken}`, 'good');
    const messages = received(socket!);
    const whenClosed = new Promise((resolve) => socket!.on('close', resolve));
    socket!.send(`{"protocol":"messagepack","version":1}${RS}`);
    await whenClosed;
    expect(messages).toEqual([`{"error":"The protocol 'messagepack' is not supported."}`]);
  });

  it('handles several messages in one frame, split messages, and refuses oversize ones', async () => {
    const { body } = await negotiate(server.baseUrl, 'good');
    const { socket } = await rawSocket(server.baseUrl, `id=${body.connectionToken}`, 'good');
    const messages = received(socket!);
    const call = (id: string) =>
      `{"type":1,"invocationId":"${id}","target":"tasks.echo","arguments":["${id}"]}${RS}`;
    socket!.send(`{"protocol":"json","version":1}${RS}${call('a')}${call('b').slice(0, 20)}`);
    socket!.send(call('b').slice(20));
    await waitFor(() => messages.length === 3);
    expect(messages.map((m) => JSON.parse(m))).toEqual([
      {},
      { type: 3, invocationId: 'a', result: { userId: 1, username: 'ali', args: ['a'] } },
      { type: 3, invocationId: 'b', result: { userId: 1, username: 'ali', args: ['b'] } },
    ]);
    const whenClosed = new Promise((resolve) => socket!.on('close', resolve));
    socket!.send('x'.repeat(65 * 1024));
    await whenClosed;
    expect(JSON.parse(messages[3])).toEqual({ type: 7, error: 'Connection closed with an error.' });
  });
});

describe('notification hub: sockets per user', () => {
  let server: TestHub;
  beforeAll(async () => {
    server = await startHub({ maxConnectionsPerUser: 3, connectionTokenTtlMs: 300 });
  });
  afterAll(async () => {
    await server.app.close();
  });

  it('caps what one user holds, negotiated or open, in any of their sessions; others are not touched', async () => {
    for (let i = 0; i < 3; i++) expect((await negotiate(server.baseUrl, 'good')).status).toBe(200);
    for (const session of ['good', 'good-2']) {
      const refused = await negotiate(server.baseUrl, session);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ status: 0, message: TOO_MANY_CONNECTIONS });
    }
    expect((await negotiate(server.baseUrl, 'other')).status).toBe(200);

    // Unused negotiations expire and give their places back; open sockets keep theirs.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const sockets = [await started(server.baseUrl, 'good'), await started(server.baseUrl, 'good-2')];
    sockets.push(await started(server.baseUrl, 'good'));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await negotiate(server.baseUrl, 'good')).status).toBe(429);
    await sockets.pop()!.stop();
    await waitFor(() => server.hub.connectionCount(1) === 2);
    expect((await negotiate(server.baseUrl, 'good')).status).toBe(200);
    await Promise.all(sockets.map((socket) => socket.stop()));
  });
});

describe('notification hub: timers and shutdown', () => {
  // No durations here: each test waits for what it expects to happen (timings are the
  // bench's). The timeouts that must not fire are set far beyond the test's own.
  it('pings an idle client and drops it when it stays silent', async () => {
    const server = await startHub({ keepAliveMs: 60, clientTimeoutMs: 400 });
    try {
      const silent = await negotiate(server.baseUrl, 'good');
      const { socket } = await rawSocket(server.baseUrl, `id=${silent.body.connectionToken}`, 'good');
      const messages = received(socket!);
      const silentClosed = new Promise((resolve) => socket!.on('close', resolve));
      socket!.send(`{"protocol":"json","version":1}${RS}`);
      await silentClosed;
      expect(messages[0]).toBe('{}');
      expect(messages.filter((m) => m === '{"type":6}').length).toBeGreaterThanOrEqual(3);
    } finally {
      await server.app.close();
    }
  });

  it('drops a socket that never sends its handshake', async () => {
    // Only the handshake timeout can close it: the silence timeout is an hour.
    const server = await startHub({
      handshakeTimeoutMs: 100,
      keepAliveMs: 60_000,
      clientTimeoutMs: 3_600_000,
    });
    try {
      const mute = await negotiate(server.baseUrl, 'good');
      const { socket } = await rawSocket(server.baseUrl, `id=${mute.body.connectionToken}`, 'good');
      const messages = received(socket!);
      await new Promise((resolve) => socket!.on('close', resolve));
      expect(messages).toEqual([]);
    } finally {
      await server.app.close();
    }
  });

  it('keeps a client that talks, past many times the silence timeout', async () => {
    const server = await startHub({ keepAliveMs: 50, clientTimeoutMs: 200 });
    try {
      const { body } = await negotiate(server.baseUrl, 'good');
      const { socket } = await rawSocket(server.baseUrl, `id=${body.connectionToken}`, 'good');
      let closed = false;
      socket!.on('close', () => (closed = true));
      // Answer every ping with a ping, as the real client does every 15 s, until the
      // server has pinged ten times (at least 500 ms: more than twice the timeout).
      let pings = 0;
      const tenPings = new Promise<void>((resolve) =>
        socket!.on('message', (data) => {
          for (const message of String(data)
            .split(RS)
            .filter((m) => m === '{"type":6}')) {
            void message;
            pings += 1;
            socket!.send(`{"type":6}${RS}`);
            if (pings === 10) resolve();
          }
        }),
      );
      socket!.send(`{"protocol":"json","version":1}${RS}`);
      await tenPings;
      expect(closed).toBe(false);
      socket!.close();
    } finally {
      await server.app.close();
    }
  });

  it('on shutdown sends a close that lets the client reconnect', async () => {
    const server = await startHub();
    const { body } = await negotiate(server.baseUrl, 'good');
    const { socket } = await rawSocket(server.baseUrl, `id=${body.connectionToken}`, 'good');
    const messages = received(socket!);
    socket!.send(`{"protocol":"json","version":1}${RS}`);
    const connection = client(server.baseUrl, 'good', true);
    const reconnecting = new Promise<Error | undefined>((resolve) => connection.onreconnecting(resolve));
    await connection.start();
    await waitFor(() => messages.length === 1);
    await server.app.close();
    expect(messages).toEqual(['{}', '{"type":7,"allowReconnect":true}']);
    await reconnecting; // the client does not stop for good
    await connection.stop();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL event bus', () => {
  it('delivers an event published on one bus to the other, and to itself', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const a = createPostgresBus(url);
    const b = createPostgresBus(url);
    try {
      await Promise.all([a.ready(), b.ready()]);
      const gotA: HubEvent[] = [];
      const gotB: HubEvent[] = [];
      a.subscribe((e) => gotA.push(e));
      b.subscribe((e) => gotB.push(e));
      await a.publish(notify(9, 1));
      await a.publish({ type: 'session-revoked', sessionId: 3 });
      await waitFor(() => gotA.length === 2 && gotB.length === 2);
      expect(gotB).toEqual([notify(9, 1), { type: 'session-revoked', sessionId: 3 }]);
      expect(gotA).toEqual(gotB);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('listens again after its connection is killed', async () => {
    const name = `hubtest_${process.pid}_${Date.now()}`;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('application_name', name);
    const bus = createPostgresBus(url.toString());
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await bus.ready();
      const got: HubEvent[] = [];
      bus.subscribe((e) => got.push(e));
      const killed = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
        [name],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      // Events published while it reconnects are lost (by design): publish until one arrives.
      for (let i = 0; !got.length && i < 50; i++) {
        await bus.publish(notify(1, i)).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(got.length).toBeGreaterThan(0);
    } finally {
      await admin.end();
      await bus.close();
    }
  });

  it('notices a connection that went silent without closing, and listens again', async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    const proxy = await postgresProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(target);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const warnings: string[] = [];
    const bus = createPostgresBus(viaProxy.toString(), {
      heartbeatMs: 100,
      heartbeatTimeoutMs: 500,
      log: { warn: (_details, message) => warnings.push(message) },
    });
    const direct = createPostgresBus(process.env.TEST_DATABASE_URL!);
    try {
      await Promise.all([bus.ready(), direct.ready()]);
      let reconnects = 0;
      bus.onReconnect(() => (reconnects += 1));
      const got: HubEvent[] = [];
      bus.subscribe((e) => got.push(e));
      // Heartbeats come back while the connection carries bytes: no reconnect.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(reconnects).toBe(0);
      proxy.silence(); // bytes stop both ways; neither end is closed
      await waitFor(() => reconnects === 1, 10_000);
      expect(warnings).toEqual([
        'hub event bus: lost its LISTEN connection; reconnecting',
        'hub event bus: listening again; events published meanwhile may be lost',
      ]);
      await direct.publish(notify(3, 7));
      await waitFor(() => got.length === 1);
      expect(got).toEqual([notify(3, 7)]);
    } finally {
      await Promise.all([bus.close(), direct.close()]);
      await proxy.close();
    }
  });

  it('fails a publish on a connection gone silent after its timeout, rather than waiting for ever', async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    const proxy = await postgresProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(target);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const bus = createPostgresBus(viaProxy.toString(), { heartbeatMs: 0, publishTimeoutMs: 300 });
    const direct = createPostgresBus(process.env.TEST_DATABASE_URL!);
    try {
      await Promise.all([bus.ready(), direct.ready()]);
      const got: HubEvent[] = [];
      const gotHere: HubEvent[] = [];
      direct.subscribe((e) => got.push(e));
      bus.subscribe((e) => gotHere.push(e));
      await bus.publish(notify(3, 1));
      await waitFor(() => got.length === 1 && gotHere.length === 1);
      proxy.silence(); // bytes stop both ways; neither end is closed
      const started = Date.now();
      await expect(bus.publish(notify(3, 2))).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(3_000);
      // Not published: the other process never hears it, this one's own sockets do.
      expect(gotHere).toEqual([notify(3, 1), notify(3, 2)]);
      expect(got).toEqual([notify(3, 1)]);
    } finally {
      await Promise.all([bus.close(), direct.close()]);
      await proxy.close();
    }
  });

  it('carries a hub notification from one process-like app to the client of another', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const publisher = createPostgresBus(url);
    const listenerBus = createPostgresBus(url);
    const app = Fastify();
    await registerNotificationHub(app, {
      authenticate: async (t) => PRINCIPALS[t] ?? null,
      bus: listenerBus,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    try {
      await listenerBus.ready();
      const connection = await started(`http://127.0.0.1:${port}`, 'good');
      const got = nextCall(connection, 'Notification');
      await publisher.publish(notify(1, 42));
      expect(await got).toEqual({ id: 42, title: 'پیام 42', url: '/notifications/42' });
      await connection.stop();
    } finally {
      await app.close();
      await Promise.all([publisher.close(), listenerBus.close()]);
    }
  });
});
