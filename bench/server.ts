// The server under load: the real entry point (server/main.ts) in its own process, on a
// free port of 127.0.0.1, over a scratch data directory and, for PostgreSQL, a scratch
// database with a random name that is dropped afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type Engine = 'pglite' | 'postgres';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export function scratchDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'dabir-bench-'));
}

/**
 * A fresh database with a random name on the server of `adminUrl`, owned by a fresh
 * ordinary role of the same name (no superuser, no BYPASSRLS) as which the seed and the
 * server connect: as a real deployment should, so that row-level security binds and its
 * cost is in the figures (superusers bypass it). `drop` removes both. The server must
 * let the new role in without a password from 127.0.0.1 (trust), as the API tests need.
 */
export async function createScratchDatabase(
  adminUrl: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `dabir_bench_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE ROLE ${name} LOGIN NOSUPERUSER NOBYPASSRLS`);
    await admin.query(`CREATE DATABASE ${name} OWNER ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  url.username = name;
  url.password = '';
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.query(`DROP ROLE IF EXISTS ${name}`);
      } finally {
        await client.end();
      }
    },
  };
}

/** The environment the seed step and the server both get. */
export function serverEnv(options: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    CAPTCHA: 'off',
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'on',
    ADMIN_USERNAME: '09120000000',
    ADMIN_PASSWORD: 'admin123',
    PLATFORM_HOST: 'crm.localhost',
  };
}

/** Runs a TypeScript file of this repository in its own Node process; resolves with its stdout. */
export function runScript(file: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else
        reject(
          new Error(
            `${file} exited with ${signal ?? code}${signal === 'SIGKILL' ? ` (killed after ${timeoutMs / 1000} s)` : ''}\n${stderr.trim()}`,
          ),
        );
    });
  });
}

export interface LogLine {
  level: number;
  msg: string;
}

export interface RunningServer {
  baseUrl: string;
  pid: number;
  /** From spawning the process to the first healthy /healthz, in ms. */
  startupMs: number;
  /** pino lines at warn (40) or above the server wrote while running. */
  problems: LogLine[];
  /** CPU seconds the server process has used so far (Linux /proc), or undefined. */
  cpuSeconds(): number | undefined;
  /** Peak resident memory of the server process in MiB (Linux /proc), or undefined. */
  peakRssMiB(): number | undefined;
  stop(): Promise<void>;
}

export class ServerStartError extends Error {}

function get(url: string, timeoutMs: number): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

const CLOCK_TICKS = 100; // USER_HZ on Linux

function procCpuSeconds(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS; // utime, stime
  } catch {
    return undefined;
  }
}

function procPeakRssMiB(pid: number): number | undefined {
  try {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts server/main.ts with `cwd` as its working directory. The bench passes the
 * scratch data directory: main.ts resolves `dist/client` against the working directory,
 * and the API calls measured here do not depend on whether a built client is served
 * (nor should the bench's server see whatever build happens to sit in the checkout).
 */
export async function startServer(
  env: NodeJS.ProcessEnv,
  options: { timeoutMs: number; cwd: string },
): Promise<RunningServer> {
  const baseUrl = `http://127.0.0.1:${env.PORT}`;
  const started = Date.now();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), path.join(REPO_ROOT, 'server', 'main.ts')],
    {
      cwd: options.cwd,
      env: { ...env, TSX_TSCONFIG_PATH: path.join(REPO_ROOT, 'tsconfig.json') },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  const problems: LogLine[] = [];
  let exited: string | undefined;
  const exitPromise = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = signal ?? String(code);
      resolve();
    }),
  );
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      output.push(line);
      if (output.length > 200) output.shift();
      try {
        const parsed = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
        if ((parsed.level ?? 0) >= 40)
          problems.push({ level: parsed.level!, msg: parsed.msg ?? parsed.err?.message ?? line });
      } catch {
        /* not a pino line (a stack trace on stderr): kept in `output` */
      }
    }
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);

  const stop = async () => {
    if (exited === undefined) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exitPromise;
      clearTimeout(killer);
    }
  };

  while (Date.now() - started < options.timeoutMs) {
    if (exited !== undefined) break;
    if ((await get(`${baseUrl}/healthz`, 1_000)) === 200) {
      const pid = child.pid!;
      return {
        baseUrl,
        pid,
        startupMs: Date.now() - started,
        problems,
        cpuSeconds: () => procCpuSeconds(pid),
        peakRssMiB: () => procPeakRssMiB(pid),
        stop,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const why =
    exited !== undefined
      ? `exited with ${exited}`
      : `did not answer /healthz within ${options.timeoutMs / 1000} s`;
  await stop();
  throw new ServerStartError(`The server ${why}. Its last output:\n${output.slice(-40).join('\n')}`);
}
