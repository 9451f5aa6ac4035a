// Settings come from the environment only; every one is listed in .env.example.
import os from 'node:os';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  /** PostgreSQL connections the server holds at most (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  captchaEnabled: boolean;
  adminUsername: string;
  adminPassword: string;
  platformHost: string;
  demoData: boolean;
  logLevel: string;
  /** Secret for signed tokens (captcha); generated and kept in the database when unset. */
  secret: string | undefined;
  /** Proxies whose X-Forwarded-For is believed (addresses or CIDRs); none by default. */
  trustProxy: string[];
  /** The first slow-down of failed sign-ins (doubling after; login-throttle.ts). */
  loginDelayUnitMs: number;
  /** Hub sockets one user may hold at once, open or negotiated (a browser tab each). */
  hubConnectionsPerUser: number;
  /** How often the hub checks its open sockets' sessions in the database, in ms (0: never). */
  hubSessionCheckMs: number;
  /** How often the PostgreSQL bus's listener sends itself a heartbeat, in ms (0: never). */
  hubBusHeartbeatMs: number;
}

export class ConfigError extends Error {}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['off', 'false', '0', 'no'].includes(value.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  const embedded = !databaseUrl;
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl,
    databasePoolSize: poolSize(env.DATABASE_POOL_SIZE),
    captchaEnabled: flag(env.CAPTCHA, true),
    adminUsername: env.ADMIN_USERNAME ?? '09120000000',
    adminPassword: env.ADMIN_PASSWORD ?? (embedded ? 'admin123' : ''),
    platformHost: (env.PLATFORM_HOST ?? 'crm.localhost').toLowerCase(),
    demoData: flag(env.DEMO_DATA, embedded),
    logLevel: env.LOG_LEVEL ?? 'info',
    secret: env.SECRET || undefined,
    trustProxy: trustedProxies(env.TRUST_PROXY),
    loginDelayUnitMs: whole(env.LOGIN_DELAY_UNIT_MS, 250, 'LOGIN_DELAY_UNIT_MS'),
    hubConnectionsPerUser: whole(env.HUB_CONNECTIONS_PER_USER, 30, 'HUB_CONNECTIONS_PER_USER'),
    hubSessionCheckMs: whole(env.HUB_SESSION_CHECK_MS, 30_000, 'HUB_SESSION_CHECK_MS'),
    hubBusHeartbeatMs: whole(env.HUB_BUS_HEARTBEAT_MS, 20_000, 'HUB_BUS_HEARTBEAT_MS'),
  };
}

function whole(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new ConfigError(`${name} must be a whole number, got "${value}"`);
  return n;
}

/**
 * DATABASE_POOL_SIZE: connections to PostgreSQL. By default two per core of this machine
 * and one: more statements in flight than the cores can run only make them wait for each
 * other inside the database, each holding its snapshot and its backend's caches. Measured
 * on 2 cores at 50 connections of load (docs/benchmarks.md): 5 connections against 20
 * gave the same throughput and a p99 of 39-49 ms against 59-76 on rare phrase searches.
 * A database on a larger machine of its own may want more.
 */
export const defaultPoolSize = () => 2 * os.availableParallelism() + 1;

function poolSize(value: string | undefined): number {
  const size = whole(value, defaultPoolSize(), 'DATABASE_POOL_SIZE');
  if (size < 2) throw new ConfigError(`DATABASE_POOL_SIZE must be at least 2, got "${value}"`);
  return size;
}

/**
 * TRUST_PROXY: the reverse proxies in front of the server, by address or CIDR, separated
 * by commas. Only a request that comes from one of them has its X-Forwarded-For believed;
 * any other client could name any address there and so escape the sign-in throttle.
 * "true" or a hop count would believe everyone and is refused.
 */
export function trustedProxies(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (/^(true|yes|on|\d+)$/i.test(entry))
      throw new ConfigError(
        `TRUST_PROXY names the proxies to believe (e.g. 127.0.0.1,10.0.0.0/8), not "${entry}": trusting every client lets any of them choose its own address`,
      );
    if (
      !/^[0-9a-f.:]+(\/\d{1,3})?$/i.test(entry) &&
      !['loopback', 'linklocal', 'uniquelocal'].includes(entry)
    )
      throw new ConfigError(`TRUST_PROXY: "${entry}" is not an address or CIDR`);
  }
  return entries;
}
