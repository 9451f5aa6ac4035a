// Starts the real server over a real database for API tests: PGlite in a scratch
// directory, or (engine 'postgres') a fresh database on TEST_DATABASE_URL that is
// dropped afterwards. Requests go over real HTTP; the log is captured so tests can read
// what the SMS sender wrote.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import { loadConfig, type Config } from '../../server/config';
import { createLogger } from '../../server/logger';
import { buildApp, type BuiltApp } from '../../server/app';
import { createTenant } from '../../server/tenancy/create-tenant';
import { TENANT_PERMISSIONS } from '../../src/shared/permissions';
import { sql, type QueryExecutorProvider } from 'kysely';
import { asSystem } from '../../server/db/tenant-fence';
import { splitSqlStatements } from '../../server/db/split-sql';

export type Engine = 'pglite' | 'postgres';

/** The engines this run tests: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestServer {
  baseUrl: string;
  port: number;
  built: BuiltApp;
  logLines: string[];
  api: ApiClient;
  /** The scratch PostgreSQL database's URL, as the server's ordinary role (engine 'postgres'). */
  databaseUrl?: string;
  /** The same database as the administrator (superuser) of TEST_DATABASE_URL. */
  databaseAdminUrl?: string;
  stop(): Promise<void>;
}

/** A fresh database owned by a fresh ordinary role (no superuser, no BYPASSRLS), so the
 *  server runs as a real deployment should and row-level security binds. */
async function createScratchPostgres(): Promise<{
  url: string;
  adminUrl: string;
  drop: () => Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `dabir_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE ROLE ${name} LOGIN NOSUPERUSER NOBYPASSRLS`);
  await admin.query(`CREATE DATABASE ${name} OWNER ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const scratchAdminUrl = url.toString();
  url.username = name;
  return {
    url: url.toString(),
    adminUrl: scratchAdminUrl,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.query(`DROP ROLE IF EXISTS ${name}`);
      await client.end();
    },
  };
}

export async function startTestServer(
  options: { engine?: Engine; env?: Record<string, string>; clientDir?: string } = {},
): Promise<TestServer> {
  const engine = options.engine ?? 'pglite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dabir-test-'));
  const scratch = engine === 'postgres' ? await createScratchPostgres() : undefined;
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    CAPTCHA: 'off',
    DEMO_DATA: 'on',
    ADMIN_PASSWORD: 'admin123',
    LOG_LEVEL: 'info',
    // Failed sign-ins are slowed by 1 ms, not 250: the throttle's counting is tested here,
    // its delays in tests/unit (no test sleeps for seconds).
    LOGIN_DELAY_UNIT_MS: '1',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...options.env,
  });
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  let built: BuiltApp;
  try {
    built = await buildApp({ config, log: createLogger('info', sink), clientDir: options.clientDir });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const port = (built.app.server.address() as { port: number }).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    port,
    built,
    logLines,
    api: new ApiClient(baseUrl),
    databaseUrl: scratch?.url,
    databaseAdminUrl: scratch?.adminUrl,
    async stop() {
      await built.close();
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  token?: string;
  /** Host header: which tenant answers (localhost = the demo tenant). */
  host?: string;
  query?: Record<string, unknown>;
  json?: Record<string, unknown>;
  form?: FormData;
  urlencoded?: Record<string, string>;
  headers?: Record<string, string>;
  /** The local address the request leaves from (127.0.0.2 …: another client on loopback). */
  localAddress?: string;
}

export interface CallResult {
  status: number;
  body: Record<string, any>;
  text: string;
  headers: http.IncomingHttpHeaders;
}

export class ApiClient {
  constructor(private readonly baseUrl: string) {}

  async call(method: string, pathname: string, options: CallOptions = {}): Promise<CallResult> {
    if (options.json && Object.values(options.json).some((v) => v instanceof Blob)) {
      // A body holding a file goes as multipart, as the client sends uploads.
      const form = new FormData();
      for (const [key, value] of Object.entries(options.json)) {
        for (const item of Array.isArray(value)
          ? value
          : value === undefined || value === null
            ? []
            : [value]) {
          form.append(key, item instanceof Blob ? item : String(item));
        }
      }
      options = { ...options, json: undefined, form };
    }
    const url = new URL(pathname.startsWith('/') ? pathname : `/api/${pathname}`, this.baseUrl);
    for (const [key, value] of Object.entries(options.query ?? {}))
      url.searchParams.append(key, String(value));
    const headers: Record<string, string> = { host: options.host ?? 'localhost', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: Buffer | undefined;
    if (options.json) {
      body = Buffer.from(JSON.stringify(options.json));
      headers['content-type'] = 'application/json';
    } else if (options.urlencoded) {
      body = Buffer.from(new URLSearchParams(options.urlencoded).toString());
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (options.form) {
      const request = new Request('http://form.invalid/', { method: 'POST', body: options.form });
      body = Buffer.from(await request.arrayBuffer());
      headers['content-type'] = request.headers.get('content-type')!;
    }
    if (body) headers['content-length'] = String(body.length);
    return new Promise((resolve, reject) => {
      const req = http.request(url, { method, headers, localAddress: options.localAddress }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: Record<string, any> = {};
          try {
            parsed = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, text, headers: res.headers });
        });
      });
      req.on('error', reject);
      if (body) req.write(body);
      req.end();
    });
  }

  get(pathname: string, query: Record<string, unknown> = {}, options: CallOptions = {}) {
    return this.call('GET', pathname, { ...options, query });
  }

  post(pathname: string, json: Record<string, unknown> = {}, options: CallOptions = {}) {
    return this.call('POST', pathname, { ...options, json });
  }

  /** Signs in through Authenticate/Authenticate (multipart, as the client sends it). */
  async signIn(username: string, password: string, host = 'localhost'): Promise<SignedIn> {
    const form = new FormData();
    form.append('Username', username);
    form.append('Password', password);
    form.append('WebRootPath', host);
    form.append('Language', '0');
    const result = await this.call('POST', 'Authenticate/Authenticate', { form, host });
    if (result.body.status !== 1) throw new Error(`sign-in failed: ${result.text}`);
    return result.body as SignedIn;
  }
}

export interface SignedIn {
  token: string;
  userId: number;
  username: string;
  permissions: string[];
  tenantFullName: string;
  pic: string;
}

export const DEMO_ADMIN = { username: '09120000000', password: 'admin123' };

/** The second organisation the cross-tenant tests sign in to (host second.localhost, its
 *  administrator the demo's username with the password `other-pass`). */
export function addSecondTenant(server: TestServer) {
  return createTenant(server.built.services.db, {
    fullName: 'شرکت دوم',
    hosts: ['second.localhost'],
    admin: { username: DEMO_ADMIN.username, password: 'other-pass', firstName: 'م', lastName: 'د' },
    permissions: TENANT_PERMISSIONS,
  });
}

/** Runs a migration's SQL again on a database, as the system role: a test writes data as
 *  a database from before the migration held it, then checks the migration mends it. */
export async function rerunMigration(db: QueryExecutorProvider, file: string): Promise<void> {
  const script = fs.readFileSync(path.join('server/db/migrations', file), 'utf8');
  await asSystem(async () => {
    for (const statement of splitSqlStatements(script)) await sql.raw(statement).execute(db);
  });
}
