// Named statements on PostgreSQL (server/db/named-statements.ts): the server's pooled
// connections parse a statement once and then only bind and run it, always with a plan
// made for the values at hand (force_custom_plan), and a statement whose table changed
// under it is sent again afresh instead of failing.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type OpenDatabase } from '../../server/db/database';
import { MAX_NAMED_PER_CONNECTION, ONE_PLAN, planModeSwitches } from '../../server/db/named-statements';
import { asSystem } from '../../server/db/tenant-fence';
import { DEMO_ADMIN, startTestServer, type TestServer } from './harness';
import { letters, letterWorld } from './letters-kit';

describe.runIf(process.env.TEST_DATABASE_URL)('named statements (postgres)', () => {
  let server: TestServer;
  let open: OpenDatabase;

  beforeAll(async () => {
    server = await startTestServer({ engine: 'postgres' });
    open = openPostgres(server.databaseUrl!);
  });
  afterAll(async () => {
    await open?.close();
    await server?.stop();
  });

  /** Runs `work` on one pooled connection and reads that connection's prepared statements. */
  const onOneConnection = (work: (db: typeof open.db) => Promise<void>) =>
    open.db.connection().execute(async (db) => {
      await work(db);
      const prepared = await sql<{ statement: string }>`
        SELECT statement FROM pg_prepared_statements WHERE name LIKE 'd\\_%'`.execute(db);
      const mode = await sql<{ plan_cache_mode: string }>`SHOW plan_cache_mode`.execute(db);
      const jit = await sql<{ jit: string }>`SHOW jit`.execute(db);
      return {
        statements: prepared.rows.map((row) => row.statement),
        mode: mode.rows[0].plan_cache_mode,
        jit: jit.rows[0].jit,
      };
    });

  it('parses a statement once per connection and plans it for the values at hand', async () => {
    const lookUp = (db: typeof open.db, id: number) =>
      asSystem(() => db.selectFrom('tenants').select('full_name').where('id', '=', id).execute());
    const { statements, mode, jit } = await onOneConnection(async (db) => {
      for (const id of [1, 2, 1, 2]) await lookUp(db, id);
    });
    expect(mode).toBe('force_custom_plan');
    // No JIT: compiling a plan costs more than any of the portal's statements.
    expect(jit).toBe('off');
    const lookUps = statements.filter((text) => text.includes('"full_name" from "tenants"'));
    expect(lookUps).toHaveLength(1);
  });

  it('plans a statement marked ONE_PLAN once, and the others for their values, even after a rollback', async () => {
    const modeOf = async (db: typeof open.db, marked: boolean) =>
      (
        await (
          marked
            ? sql<{ mode: string }>`SELECT ${ONE_PLAN} current_setting(${'plan_cache_mode'}) AS mode`
            : sql<{ mode: string }>`SELECT current_setting(${'plan_cache_mode'}) AS mode`
        ).execute(db)
      ).rows[0].mode;
    await onOneConnection(async (db) => {
      expect(await modeOf(db, true)).toBe('force_generic_plan');
      expect(await modeOf(db, false)).toBe('force_custom_plan');
      expect(await modeOf(db, true)).toBe('force_generic_plan');
      // A rollback undoes the switch made inside its transaction: the next marked statement
      // switches again.
      await expect(
        db.transaction().execute(async (trx) => {
          expect(await modeOf(trx, false)).toBe('force_custom_plan');
          expect(await modeOf(trx, true)).toBe('force_generic_plan');
          throw new Error('undo');
        }),
      ).rejects.toThrow('undo');
      expect(await modeOf(db, false)).toBe('force_custom_plan');
      expect(await modeOf(db, true)).toBe('force_generic_plan');
      const plans = await sql<{ statement: string; generic_plans: number; custom_plans: number }>`
        SELECT statement, generic_plans::int, custom_plans::int FROM pg_prepared_statements
         WHERE statement LIKE '%current_setting($1) AS mode%'`.execute(db);
      const marked = plans.rows.find((row) => row.statement.includes('one plan'))!;
      const plain = plans.rows.find((row) => !row.statement.includes('one plan'))!;
      expect(marked).toMatchObject({ custom_plans: 0 });
      expect(marked.generic_plans).toBeGreaterThan(0);
      // (A statement without parameters has one plan anyway: these have one.)
      expect(plain).toMatchObject({ generic_plans: 0 });
      expect(plain.custom_plans).toBeGreaterThan(0);
    });
  });

  it('runs a statement again afresh after its table changed under it', async () => {
    await onOneConnection(async (db) => {
      await sql`CREATE TABLE named_probe (id integer)`.execute(db);
      await sql`INSERT INTO named_probe VALUES (${1})`.execute(db);
      const read = () =>
        db
          .selectFrom('named_probe' as 'tenants')
          .selectAll()
          .execute();
      expect(await read()).toEqual([{ id: 1 }]);
      await sql`ALTER TABLE named_probe ADD COLUMN note text`.execute(db);
      expect(await read()).toEqual([{ id: 1, note: null }]);
      await sql`DROP TABLE named_probe`.execute(db);
    });
  });

  it('names at most a bounded number of statements per connection', async () => {
    const { statements } = await onOneConnection(async (db) => {
      // Texts that differ by the length of an id list: each a new statement.
      for (let n = 1; n <= MAX_NAMED_PER_CONNECTION + 20; n++) {
        const ids = Array.from({ length: n }, (_, i) => i + 1);
        await asSystem(() => db.selectFrom('tenants').select('id').where('id', 'in', ids).execute());
      }
    });
    expect(statements.length).toBeLessThanOrEqual(MAX_NAMED_PER_CONNECTION);
  });

  it('plans an unnamed statement (past the bound) for its values, even after a ONE_PLAN one', async () => {
    await onOneConnection(async (db) => {
      for (let n = 1; n <= MAX_NAMED_PER_CONNECTION + 1; n++)
        await sql`SELECT ${sql.raw(String(n))} AS n WHERE ${n} > 0`.execute(db);
      const mode = async (marked: boolean) =>
        (
          await sql<{
            mode: string;
          }>`SELECT ${marked ? ONE_PLAN : sql``} current_setting(${'plan_cache_mode'}) AS mode`.execute(db)
        ).rows[0].mode;
      // Past the bound, neither text is named: each runs unnamed, in the mode it asks for.
      expect(await mode(true)).toBe('force_generic_plan');
      expect(await mode(false)).toBe('force_custom_plan');
    });
  });

  it('opens a letter and reads the dashboard’s counts without switching a connection’s plan mode', async () => {
    // Each switch is a round trip of its own (SET plan_cache_mode), and a call whose
    // statements all want one plan needs none: the letter, its people, its events, the
    // reader's own reading, the counts, the tenant's sign-in epoch.
    const w = await letterWorld(server);
    const api = letters(server, w);
    const id = await api.sendNew(w.maryam, [w.ali]);
    const round = async () => {
      expect((await api.get(w.ali, id)).status).toBe(1);
      expect((await api.box(w.ali)).status).toBe(1);
    };
    // The first opening writes the reading (a transaction of its own); then the pooled
    // connections the calls take are in the one mode.
    await round();
    await round();
    const before = planModeSwitches();
    for (let i = 0; i < 5; i++) await round();
    expect(planModeSwitches() - before).toBe(0);
  });

  it('serves the signed-in calls through named statements', async () => {
    const { token } = await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
    for (let i = 0; i < 3; i++) {
      const answer = await server.api.get('customer/list/', { Page: 1, Count: 10 }, { token });
      expect(answer.body.status).toBe(1);
    }
    const seen = await server.built.services.db.connection().execute(async (db) => {
      const rows = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'd\\_%'`.execute(db);
      return rows.rows[0].n;
    });
    expect(seen).toBeGreaterThan(0);
  });
});
