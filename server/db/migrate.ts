// Versioned SQL migrations (db/migrations/NNNN_name.sql), applied in order at start,
// each in its own transaction. An advisory lock keeps two processes from racing.
// Right after the foundation (tenants, users, the fence) come the master-data tables,
// generated from the resource schemas (masterdata/tables.ts), so every later migration
// may refer to them. They are brought in line whenever the schemas' DDL has changed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { DB } from './database';
import { splitSqlStatements } from './split-sql';
import { resourceTables, resourceTableStatements } from '../masterdata/tables';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const LOCK_KEY = 7_251_002;
/** The last migration the resource tables need (tenants, users, dabir_fence). */
const FOUNDATION = '0002_row_level_security.sql';

export function migrationFiles(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d{4}_.+\.sql$/.test(name))
    .sort();
}

/** Told of each migration as it starts on a database that had some before (an upgrade, where
 *  one may take minutes on a big organisation's data: the log says what it is waiting on). */
export type MigrationProgress = (name: string) => void;

/** Applies what is missing; returns the names applied. */
export async function migrate(db: DB, progress?: MigrationProgress): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(db);
  const applied: string[] = [];
  await db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${LOCK_KEY})`.execute(connection);
    try {
      const done = new Set(
        (await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(connection)).rows.map(
          (r) => r.name,
        ),
      );
      const run = async (name: string, statements: string[]) => {
        if (done.has(name)) return;
        if (done.size) progress?.(name);
        await connection.transaction().execute(async (trx) => {
          for (const statement of statements) await sql.raw(statement).execute(trx);
          if (name.startsWith(RESOURCE_TABLES)) await fenceResourceTables(trx);
          await sql`INSERT INTO schema_migrations (name) VALUES (${name})`.execute(trx);
        });
        applied.push(name);
      };
      const files = migrationFiles();
      for (const name of files.filter((file) => file <= FOUNDATION)) await run(name, readStatements(name));
      const resourceDdl = resourceTableStatements();
      await run(resourceTablesStep(resourceDdl), resourceDdl);
      for (const name of files.filter((file) => file > FOUNDATION)) await run(name, readStatements(name));
    } finally {
      await sql`SELECT pg_advisory_unlock(${LOCK_KEY})`.execute(connection);
    }
  });
  return applied;
}

function readStatements(name: string): string[] {
  return splitSqlStatements(fs.readFileSync(path.join(MIGRATIONS_DIR, name), 'utf8'));
}

const RESOURCE_TABLES = 'resource-tables:';

/** The step's name carries a digest of the generated DDL: a schema change makes a new step. */
function resourceTablesStep(statements: string[]): string {
  const digest = crypto.createHash('sha256').update(statements.join(';\n')).digest('hex').slice(0, 16);
  return `${RESOURCE_TABLES}${digest}`;
}

/** Row-level security on every resource table that does not have it yet. */
async function fenceResourceTables(trx: DB) {
  const fenced = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_policies WHERE schemaname = current_schema() AND policyname = 'tenant_fence'`.execute(
    trx,
  );
  const have = new Set(fenced.rows.map((row) => row.tablename));
  for (const table of resourceTables().filter((name) => !have.has(name))) {
    await sql`SELECT dabir_fence(${table})`.execute(trx);
  }
}
