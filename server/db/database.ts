// Opens the database: embedded PGlite in DATA_DIR, or PostgreSQL when a URL is given.
// Both speak the PostgreSQL dialect through Kysely; callers never see the difference.
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Database } from './schema';
import { lockDataDir } from './data-dir-lock';
import { fencedDialect } from './tenant-fence';
import { CONNECTION_OPTIONS, nameStatements } from './named-statements';
import { defaultPoolSize } from '../config';

export type DB = Kysely<Database>;

export interface OpenDatabase {
  db: DB;
  kind: 'pglite' | 'postgres';
  /** The URL when on PostgreSQL, for LISTEN/NOTIFY. */
  url?: string;
  close(): Promise<void>;
}

// pg returns bigint and numeric as strings; PGlite as numbers. Counts are bigint:
// read them as numbers on both so the data layer never sees a string count.
pg.types.setTypeParser(20, (value: string) => Number(value));
pg.types.setTypeParser(1700, (value: string) => Number(value));
// A date without a time is its text, YYYY-MM-DD, as the API sends it: no Date made and
// turned back per row, and no time zone to shift it by a day.
pg.types.setTypeParser(1082, (value: string) => value);

// PGlite's own defaults start Postgres with -F (fsync off). We drop it so that a
// committed transaction is on disk before we answer.
const PGLITE_START_PARAMS = [
  '--single',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
  '-c',
  'fsync=on',
  '-c',
  'synchronous_commit=on',
];

export async function openPglite(dataDir: string): Promise<OpenDatabase> {
  const release = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, 'pgdata'), {
      extensions: { pg_trgm },
      startParams: PGLITE_START_PARAMS,
    } as Parameters<typeof PGlite.create>[1]);
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
    return {
      db,
      kind: 'pglite',
      async close() {
        await db.destroy().catch(() => undefined);
        await client.close().catch(() => undefined);
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

const CONNECT_TIMEOUT_MS = 15_000;

/** A pool of `poolSize` connections (config.ts DATABASE_POOL_SIZE: why so few). */
export function openPostgres(url: string, poolSize = defaultPoolSize()): OpenDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: CONNECTION_OPTIONS,
    // A server that takes connections and never answers fails a request after this long
    // (probe: a sign-out waited minutes): also the longest wait for a free connection.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  nameStatements(pool);
  // An idle connection can be ended by the server (restart, admin, failover): the pool
  // drops it and opens another; unhandled, the event would end the process.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL connection lost: ${error.message}`));
  // So can one in use — cut mid-query by the network, a proxy or a failover. The pool's own
  // listener is off while a client is checked out, and the client's 'error' unheard ended the
  // process (probe helper-82). Its query fails (that request's answer) and the pool drops it.
  pool.on('connect', (client) =>
    client.on('error', (error) => process.emitWarning(`PostgreSQL connection lost in use: ${error.message}`)),
  );
  const db = new Kysely<Database>({ dialect: fencedDialect(new PostgresDialect({ pool })) });
  return { db, kind: 'postgres', url, close: () => db.destroy() };
}

export async function openDatabase(options: {
  databaseUrl?: string;
  databasePoolSize?: number;
  dataDir: string;
}): Promise<OpenDatabase> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.databasePoolSize)
    : openPglite(options.dataDir);
}
