// Versioned SQL migrations (db/migrations/NNNN_name.sql), applied in order at start,
// each in its own transaction. An advisory lock keeps two processes from racing.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { DB } from './database';
import { splitSqlStatements } from './split-sql';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const LOCK_KEY = 7_251_002;

export function migrationFiles(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d{4}_.+\.sql$/.test(name))
    .sort();
}

/** Applies what is missing; returns the names applied. */
export async function migrate(db: DB): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(db);
  const applied: string[] = [];
  await db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${LOCK_KEY})`.execute(connection);
    try {
      const done = new Set(
        (await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(connection)).rows.map((r) => r.name),
      );
      for (const name of migrationFiles()) {
        if (done.has(name)) continue;
        const text = fs.readFileSync(path.join(MIGRATIONS_DIR, name), 'utf8');
        await connection.transaction().execute(async (trx) => {
          for (const statement of splitSqlStatements(text)) await sql.raw(statement).execute(trx);
          await sql`INSERT INTO schema_migrations (name) VALUES (${name})`.execute(trx);
        });
        applied.push(name);
      }
    } finally {
      await sql`SELECT pg_advisory_unlock(${LOCK_KEY})`.execute(connection);
    }
  });
  return applied;
}
