// Loads one call with autocannon from this process (the server runs in another), after
// checking with a single request that the call answers status 1: a bench of error
// answers measures nothing.
import fs from 'node:fs';
import http from 'node:http';
import autocannon, { type Result } from 'autocannon';
import { BENCH_ADMIN, type Call } from './calls';

export interface LoadOptions {
  seconds: number;
  connections: number;
  warmupSeconds: number;
  /** Upper bound on requests per measured run, whatever the duration. */
  maxRequests: number;
  token?: string;
}

/** The success answer of every API call: `{"status":1,...}` (Fastify serialises in key order). */
const STATUS_OK = /"status":1[,}]/;

function headersFor(call: Call, token: string | undefined, body: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { host: 'localhost', accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (call.auth) {
    if (!token) throw new Error(`${call.name} needs a token`);
    headers.authorization = `Bearer ${token}`;
  }
  return headers;
}

export interface Answer {
  httpStatus: number;
  body: Record<string, unknown>;
  text: string;
}

/** One request, as a client would make it. */
export function request(baseUrl: string, call: Call, token?: string): Promise<Answer> {
  const body = call.body ? JSON.stringify(call.body) : undefined;
  const headers = headersFor(call, token, body);
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(call.path, baseUrl),
      { method: call.method, headers, timeout: 30_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: Record<string, unknown> = {};
          try {
            parsed = JSON.parse(text) as Record<string, unknown>;
          } catch {
            /* not JSON: reported through `text` */
          }
          resolve({ httpStatus: res.statusCode ?? 0, body: parsed, text });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${call.name}: no answer within 30 s`)));
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** A signed-in GET's JSON answer (the ids a call's body needs). */
export async function getJson(
  baseUrl: string,
  path: string,
  token: string,
): Promise<Record<string, unknown>> {
  const answer = await request(baseUrl, { name: path, method: 'GET', path, auth: true }, token);
  if (answer.httpStatus !== 200) throw new Error(`GET ${path}: HTTP ${answer.httpStatus}`);
  return answer.body as Record<string, unknown>;
}

/** Signs the demo tenant's administrator in (BENCH_ADMIN): their token and user id. */
export async function signInAdmin(baseUrl: string): Promise<{ token: string; userId: number }> {
  const answer = await request(baseUrl, {
    name: 'sign-in',
    method: 'POST',
    path: '/api/Authenticate/Authenticate',
    body: { Username: BENCH_ADMIN.username, Password: BENCH_ADMIN.password, WebRootPath: BENCH_ADMIN.host },
    auth: false,
  });
  if (answer.body.status !== 1 || typeof answer.body.token !== 'string')
    throw new Error(`sign-in failed: HTTP ${answer.httpStatus} ${answer.text.slice(0, 300)}`);
  return { token: answer.body.token, userId: Number(answer.body.userId) };
}

/** Why a sampled answer is unusable, or undefined when it is a success. */
export async function sampleProblem(
  baseUrl: string,
  call: Call,
  token?: string,
): Promise<string | undefined> {
  const answer = await request(baseUrl, call, token);
  if (
    answer.httpStatus < 200 ||
    answer.httpStatus >= 300 ||
    answer.body.status !== 1 ||
    !STATUS_OK.test(answer.text)
  ) {
    return `HTTP ${answer.httpStatus}: ${answer.text.slice(0, 300)}`;
  }
  return undefined;
}

async function fire(
  baseUrl: string,
  call: Call,
  options: LoadOptions,
  seconds: number,
  maxRequests: number,
): Promise<Result> {
  const body = call.body ? JSON.stringify(call.body) : undefined;
  const connections = Math.min(options.connections, call.maxConnections ?? Infinity);
  const instance = autocannon({
    url: new URL(call.path, baseUrl).toString(),
    method: call.method,
    headers: headersFor(call, options.token, body),
    body,
    connections,
    duration: seconds,
    maxOverallRequests: Math.max(maxRequests, connections),
    timeout: 30,
    title: call.name,
    verifyBody: (text) => STATUS_OK.test(text),
  });
  // autocannon ends at `duration`; this is the belt to its braces.
  const guard = setTimeout(() => instance.stop(), (seconds + 45) * 1000);
  try {
    return await instance;
  } finally {
    clearTimeout(guard);
  }
}

const USER_HZ = 100;

/** Busy CPU seconds of the whole machine so far (Linux /proc/stat), or undefined. */
function machineBusySeconds(): number | undefined {
  try {
    const fields = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    const [user, nice, system, , , irq, softirq, steal] = fields;
    return (user + nice + system + irq + softirq + steal) / USER_HZ;
  } catch {
    return undefined;
  }
}

/** CPU seconds used so far by every process named `postgres` (the database server's). */
function postgresCpuSeconds(): number {
  let ticks = 0;
  let pids: string[] = [];
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* the process ended meanwhile */
    }
  }
  return ticks / USER_HZ;
}

export interface Measurement {
  call: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  /** 2xx answers whose body was not status 1. */
  notOk: number;
  durationSeconds: number;
  /** Cores the server process used on average (PostgreSQL's own processes not included). */
  serverCores?: number;
  /** Cores this (load-generating) process used on average. */
  benchCores: number;
  /** Cores PostgreSQL's processes used on average (all of the server's, not only this database's). */
  databaseCores?: number;
  /** Cores anything else on the machine used: a high figure means the run was disturbed. */
  otherCores?: number;
}

export async function measure(
  baseUrl: string,
  call: Call,
  options: LoadOptions,
  serverCpuSeconds: () => number | undefined,
): Promise<Measurement> {
  if (options.warmupSeconds > 0)
    await fire(baseUrl, call, options, options.warmupSeconds, options.maxRequests);
  const serverBefore = serverCpuSeconds();
  const machineBefore = machineBusySeconds();
  const postgresBefore = postgresCpuSeconds();
  const benchBefore = process.cpuUsage();
  const wallBefore = process.hrtime.bigint();
  const result = await fire(baseUrl, call, options, options.seconds, options.maxRequests);
  const wall = Number(process.hrtime.bigint() - wallBefore) / 1e9;
  const serverAfter = serverCpuSeconds();
  const machineAfter = machineBusySeconds();
  const postgresAfter = postgresCpuSeconds();
  const benchCpu = process.cpuUsage(benchBefore);
  const serverCores =
    serverBefore !== undefined && serverAfter !== undefined ? (serverAfter - serverBefore) / wall : undefined;
  const benchCores = (benchCpu.user + benchCpu.system) / 1e6 / wall;
  const databaseCores = (postgresAfter - postgresBefore) / wall;
  const machineCores =
    machineBefore !== undefined && machineAfter !== undefined
      ? (machineAfter - machineBefore) / wall
      : undefined;
  const requests = Object.values(result.statusCodeStats ?? {}).reduce((sum, s) => sum + Number(s.count), 0);
  return {
    call: call.name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests,
    errors: result.errors,
    non2xx: result.non2xx,
    // autocannon counts a body mismatch on every completed answer, including non-2xx ones.
    notOk: Math.max(0, result.mismatches - result.non2xx),
    durationSeconds: result.duration,
    serverCores,
    benchCores,
    databaseCores,
    otherCores:
      machineCores !== undefined && serverCores !== undefined
        ? Math.max(0, machineCores - serverCores - benchCores - databaseCores)
        : undefined,
  };
}
