// The real-time hub under many connections: how many one server process holds, what each
// costs in memory, and how long a notification takes to reach the last of them. Runs on
// PostgreSQL (BENCH_DATABASE_URL): the notification comes from outside the server through
// the event bus, as it would from another server process. Written to docs/benchmarks.md.
import fs from 'node:fs';
import WebSocket from 'ws';
import { createPostgresBus } from '../server/realtime/event-bus';
import { signInAdmin } from './load';
import {
  createScratchDatabase,
  freePort,
  runScript,
  scratchDataDir,
  serverEnv,
  startServer,
  type RunningServer,
} from './server';

const RS = '\x1e';
const OPEN_IN_PARALLEL = 100;

export interface HubFigures {
  wanted: number;
  opened: number;
  failed: number;
  openSeconds: number;
  /** Server RSS growth per open connection. */
  kibPerConnection: number;
  serverRssMiB: number;
  /** From publishing one notification to its arrival at half and at the last of them. */
  fanOutMedianMs: number;
  fanOutLastMs: number;
  received: number;
}

function rssKib(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : 0;
}

/** One hub client: negotiate, WebSocket, handshake; resolves once the hub answered `{}`. */
async function connect(baseUrl: string, token: string, onNotification: () => void): Promise<WebSocket> {
  const negotiated = await fetch(`${baseUrl}/hubs/notification/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/hubs/notification?id=${connectionToken}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => socket.send(`{"protocol":"json","version":1}${RS}`));
    socket.on('message', (data) => {
      for (const message of String(data).split(RS)) {
        if (message === '{}') resolve();
        else if (message.includes('"target"')) onNotification();
      }
    });
  });
  return socket;
}

export async function measureHub(adminUrl: string, wanted: number): Promise<HubFigures> {
  const scratch = await createScratchDatabase(adminUrl);
  const dataDir = scratchDataDir();
  const sockets: WebSocket[] = [];
  let server: RunningServer | undefined;
  const bus = createPostgresBus(scratch.url);
  try {
    const env = serverEnv({ port: await freePort(), dataDir, databaseUrl: scratch.url });
    // Only the demo tenant and its admin: the hub needs no rows.
    await runScript(
      'bench/seed.ts',
      { ...env, BENCH_USERS: '0', BENCH_CUSTOMERS: '0', BENCH_LETTERS: '0', BENCH_SMALL_TENANTS: '0' },
      300_000,
    );
    // One user holds every socket here: past the cap of a user's tabs (HUB_CONNECTIONS_PER_USER).
    server = await startServer(
      { ...env, HUB_CONNECTIONS_PER_USER: String(wanted + 100) },
      { timeoutMs: 90_000, cwd: dataDir },
    );
    const { token, userId } = await signInAdmin(server.baseUrl);
    await bus.ready();

    const arrivals: number[] = [];
    let published = 0;
    const before = rssKib(server.pid);
    const started = Date.now();
    let failed = 0;
    for (let i = 0; i < wanted; i += OPEN_IN_PARALLEL) {
      const batch = Array.from({ length: Math.min(OPEN_IN_PARALLEL, wanted - i) }, () =>
        connect(server!.baseUrl, token, () => arrivals.push(performance.now() - published)),
      );
      for (const outcome of await Promise.allSettled(batch)) {
        if (outcome.status === 'fulfilled') sockets.push(outcome.value);
        else failed += 1;
      }
    }
    const openSeconds = (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 1000)); // let the server settle
    const after = rssKib(server.pid);

    published = performance.now();
    await bus.publish({ type: 'notify', userId, notification: { id: 1, title: 'آزمون پخش', url: '/' } });
    const deadline = Date.now() + 60_000;
    while (arrivals.length < sockets.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    const sorted = [...arrivals].sort((a, b) => a - b);
    return {
      wanted,
      opened: sockets.length,
      failed,
      openSeconds,
      kibPerConnection: sockets.length ? (after - before) / sockets.length : 0,
      serverRssMiB: after / 1024,
      fanOutMedianMs: sorted[Math.floor(sorted.length / 2)] ?? NaN,
      fanOutLastMs: sorted.at(-1) ?? NaN,
      received: arrivals.length,
    };
  } finally {
    for (const socket of sockets) socket.terminate();
    await bus.close();
    await server?.stop();
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function hubSection(f: HubFigures, date: string): string {
  const round = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
  return [
    `### Real-time hub (${date})`,
    '',
    'One server process on PostgreSQL, one signed-in user with many hub connections (negotiate,',
    'WebSocket, handshake; 100 opened at a time), then one notification published from',
    'outside the server through the event bus (PostgreSQL NOTIFY), as another server process',
    "would. Memory is the growth of the server's resident set over the connections.",
    '',
    '| connections | opened | failed | opening took | server RSS | per connection | notification received by | half reached | last reached |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    `| ${round(f.wanted)} | ${round(f.opened)} | ${f.failed} | ${round(f.openSeconds, 1)} s | ${round(f.serverRssMiB)} MiB | ${round(f.kibPerConnection, 1)} KiB | ${round(f.received)} | ${round(f.fanOutMedianMs)} ms | ${round(f.fanOutLastMs)} ms |`,
  ].join('\n');
}
