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
//
// A statement whose one plan serves every parameter says so with ONE_PLAN (a comment in
// its text): key look-ups, a user's range of a partial index. It is planned once per
// connection (plan_cache_mode = force_generic_plan while it runs) instead of on every
// call — with row-level security a letters' list page took 0.6 ms to plan and 0.3 ms to
// run. Such a statement must name what picks its index in its text, not as a parameter:
// `inbox = true`, not `inbox = $3` (a partial index is chosen when the statement is
// planned, and a generic plan does not know $3).
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type pg from 'pg';

/** What each connection is started with: custom plans, unless a statement says ONE_PLAN;
 *  and no JIT compilation — the portal's statements take a millisecond, and a plan whose
 *  estimate passes jit_above_cost spends 100–200 ms compiling itself (measured: a generic
 *  plan of a customer list page, 174 ms of its 175). */
export const CONNECTION_OPTIONS = '-c plan_cache_mode=force_custom_plan -c jit=off';

export const ONE_PLAN_TEXT = '/* one plan */';
/** Marks a statement whose one plan serves every parameter (see above): in a select list,
 *  `query.modifyFront(ONE_PLAN)`, or anywhere in a `sql` template. */
export const ONE_PLAN = sql.raw(ONE_PLAN_TEXT);

type PlanMode = 'force_custom_plan' | 'force_generic_plan';

/** Statements one connection names at most; later ones go unnamed (a connection lives
 *  long, and the engine's texts are few, but a text built from a list of ids of varying
 *  length is a new text each time and must not fill the server's memory). */
export const MAX_NAMED_PER_CONNECTION = 300;

/** Only reads and writes are named: transaction control must stay a plain command
 *  (ROLLBACK must work in a failed transaction). */
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;

const digestOf = (text: string) =>
  `d_${crypto.createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;

/** Names of the texts seen lately: a text's digest is taken once, not on every call (a
 *  sha1 of a list page's text each time was 2 % of the server's time on a signed-in call). */
const namesOfTexts = new Map<string, string>();
const NAMES_REMEMBERED = 2_000;

function statementName(text: string) {
  let name = namesOfTexts.get(text);
  if (name === undefined) {
    name = digestOf(text);
    // Texts built from lists of ids are new each time: start over rather than grow.
    if (namesOfTexts.size >= NAMES_REMEMBERED) namesOfTexts.clear();
    namesOfTexts.set(text, name);
  }
  return name;
}

type QueryFn = (...args: unknown[]) => unknown;

/** How many times a connection was switched between plan modes (each a round trip, `SET`),
 *  in this process: a call whose statements all want one mode switches none. */
let switches = 0;
export const planModeSwitches = () => switches;

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
    // The connection's plan_cache_mode (undefined: unknown, after a rollback undid a change).
    let mode: PlanMode | undefined = 'force_custom_plan';
    const planned = async (wanted: PlanMode) => {
      if (mode === wanted) return;
      await plain(`SET plan_cache_mode = ${wanted}`);
      mode = wanted;
      switches += 1;
    };
    const send = async (text: string, values: unknown[]) => {
      const name = `${statementName(text)}_${generation}`;
      // An unnamed statement is planned by the mode in force too: set it either way.
      await planned(text.includes(ONE_PLAN_TEXT) ? 'force_generic_plan' : 'force_custom_plan');
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
      if (typeof text !== 'string' || !Array.isArray(values) || rest.length || !NAMEABLE.test(text)) {
        // A rollback undoes a SET made in its transaction.
        if (typeof text === 'string' && /^\s*rollback/i.test(text)) mode = undefined;
        return plain(text, values, ...rest);
      }
      return send(text, values).catch((error: unknown) => {
        if (!isStalePlan(error)) throw error;
        generation += 1;
        named.clear();
        return send(text, values);
      });
    };
  });
}
