// Named (prepared) statements on PostgreSQL. Kysely sends every query unnamed, so the
// server parses and analyses its text again on every call — a tenth of a millisecond for
// a list page, as much as running it. Each pooled connection here names the statements it
// sends (by a digest of their text), so PostgreSQL parses each once per connection and
// then only binds and runs it.
//
// Plans stay custom (plan_cache_mode = force_custom_plan, set on every connection): a
// plan made once for all parameters is blind to the tenant's size, and a generic plan of
// a list page made for the demo tenant took 93 ms for a tenant of ten rows (a sequential
// scan where the key range serves). Measured with pgbench, a list page went from 0.53 to
// 0.41 ms and the sign-in epoch read from 0.046 to 0.033 ms of database time.
import crypto from 'node:crypto';
import type pg from 'pg';

/** What each connection is started with: custom plans, always (see above). */
export const NAMED_STATEMENT_OPTIONS = '-c plan_cache_mode=force_custom_plan';

/** Statements one connection names at most; later ones go unnamed (a connection lives
 *  long, and the engine's texts are few, but a text built from a list of ids of varying
 *  length is a new text each time and must not fill the server's memory). */
export const MAX_NAMED_PER_CONNECTION = 300;

/** Only reads and writes are named: transaction control must stay a plain command
 *  (ROLLBACK must work in a failed transaction). */
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;

const statementName = (text: string) =>
  `d_${crypto.createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;

type QueryFn = (...args: unknown[]) => unknown;

/** A named statement's plan cannot serve a table whose columns changed since (a migration
 *  run by another process): PostgreSQL refuses it once, and it is sent again afresh. */
const isStalePlan = (error: unknown) =>
  (error as { code?: string }).code === '0A000' && /cached plan/.test(String((error as Error).message));

/** Makes every connection the pool opens name its statements. */
export function nameStatements(pool: pg.Pool) {
  pool.on('connect', (client) => {
    const plain = client.query.bind(client) as QueryFn;
    const named = new Set<string>();
    // Never lowered: statements of an earlier generation stay on the server.
    let namedCount = 0;
    let generation = 0;
    const send = (text: string, values: unknown[]) => {
      const name = `${statementName(text)}_${generation}`;
      if (!named.has(name)) {
        if (namedCount >= MAX_NAMED_PER_CONNECTION) return plain(text, values) as Promise<unknown>;
        named.add(name);
        namedCount += 1;
      }
      return plain({ name, text, values }) as Promise<unknown>;
    };
    (client as unknown as { query: QueryFn }).query = (
      text: unknown,
      values?: unknown,
      ...rest: unknown[]
    ) => {
      if (typeof text !== 'string' || !Array.isArray(values) || rest.length || !NAMEABLE.test(text))
        return plain(text, values, ...rest);
      return send(text, values).catch((error: unknown) => {
        if (!isStalePlan(error)) throw error;
        generation += 1;
        named.clear();
        return send(text, values);
      });
    };
  });
}
