// A hub method reads only its caller's tenant, like an HTTP handler: on PostgreSQL, a
// method whose query forgets its tenant filter still sees its caller's tenant's rows and
// no other's (row-level security, the fence set around each invocation). No landed hub
// method reads data yet, so a test method does, over the real server's database.
import Fastify, { type FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPrincipal } from '../../server/auth/sessions';
import { createInProcessBus } from '../../server/realtime/event-bus';
import { registerNotificationHub } from '../../server/realtime/notification-hub';
import { addSecondTenant, DEMO_ADMIN, startTestServer, type TestServer } from './harness';

const RS = '\x1e';

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('hub methods fenced to the caller (postgres)', () => {
  let server: TestServer;
  let hub: FastifyInstance;
  let hubUrl: string;

  beforeAll(async () => {
    server = await startTestServer({ engine: 'postgres' });
    await addSecondTenant(server);
    const db = server.built.services.db;
    hub = Fastify();
    await registerNotificationHub(hub, {
      bus: createInProcessBus(),
      authenticate: (token) => findPrincipal(db, token),
      methods: {
        // Forgets its tenant filter on purpose: the fence alone must narrow it.
        'users.tenants': async () =>
          (await db.selectFrom('users').select('tenant_id').distinct().execute()).map((r) => r.tenant_id),
      },
    });
    await hub.listen({ port: 0, host: '127.0.0.1' });
    hubUrl = `http://127.0.0.1:${(hub.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await hub?.close();
    await server?.stop();
  });

  /** Invokes `target` over a real hub connection signed in with `token`. */
  async function invoke(token: string, target: string): Promise<unknown> {
    const negotiated = await fetch(`${hubUrl}/hubs/notification/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
    const socket = new WebSocket(`${hubUrl.replace('http', 'ws')}/hubs/notification?id=${connectionToken}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    try {
      return await new Promise((resolve, reject) => {
        socket.once('error', reject);
        socket.once('open', () => socket.send(`{"protocol":"json","version":1}${RS}`));
        socket.on('message', (data) => {
          for (const text of String(data).split(RS).filter(Boolean)) {
            const message = JSON.parse(text) as { type?: number; result?: unknown; error?: string };
            if (text === '{}')
              socket.send(`${JSON.stringify({ type: 1, invocationId: '1', target, arguments: [] })}${RS}`);
            else if (message.type === 3 && message.error) reject(new Error(message.error));
            else if (message.type === 3) resolve(message.result);
          }
        });
      });
    } finally {
      socket.close();
    }
  }

  it('lets a method see its caller’s tenant only', async () => {
    const demo = await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
    const second = await server.api.signIn(DEMO_ADMIN.username, 'other-pass', 'second.localhost');
    const demoTenant = (await findPrincipal(server.built.services.db, demo.token))!.tenantId;
    const secondTenant = (await findPrincipal(server.built.services.db, second.token))!.tenantId;
    expect(await invoke(demo.token, 'users.tenants')).toEqual([demoTenant]);
    expect(await invoke(second.token, 'users.tenants')).toEqual([secondTenant]);
  });
});
