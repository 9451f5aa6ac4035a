// Lists that stay cheap at any size: counts capped at COUNT_CAP beyond the rows a page
// skips (the answer says so), answers capped at MAX_ROWS, and the phrase search served by
// the search tables' trigram index with row-level security on (PostgreSQL, as the
// ordinary role the server runs as), kept true by the trigger through creates, renames
// and deletes, tenant by tenant.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { customer } from '../../src/schemas/customers';
import { city } from '../../src/schemas/places';
import { rowOf } from '../../server/seed/organisation-seed';
import type { DB } from '../../server/db/database';
import { insertRows, matchingIds, searchPattern } from '../../server/masterdata/repository';
import {
  COUNT_CAP,
  FIRST_WALK,
  listRows,
  MAX_ROWS,
  PICKER_PHRASE_ROWS,
  SHORT_LIST,
} from '../../server/masterdata/lists';
import type { Row } from '../../server/masterdata/values';
import { withTenant } from '../../server/db/tenant-fence';
import {
  setFewRowsForTests,
  setManyRowsForTests,
  tenantHasFewRows,
  tenantRows,
} from '../../server/masterdata/tenant-rows';
import { addSecondTenant, DEMO_ADMIN, ENGINES, startTestServer, type TestServer } from './harness';

const MANY = COUNT_CAP + 60;
const RARE = 'یاقوت‌نشان';

async function addCustomers(db: DB, tenantId: number, names: string[]) {
  for (let start = 0; start < names.length; start += 500) {
    const rows = names.slice(start, start + 500).map((name, k) =>
      rowOf(customer, tenantId, {
        Name: name,
        Code: `S-${tenantId}-${names.length}-${start + k}`,
        CreatedDate: '2025-03-21',
        CreditDate: '2026-03-20',
      }),
    );
    await withTenant(tenantId, () => insertRows(db, customer, rows));
  }
}

describe.each(ENGINES)('lists at scale (%s)', (engine) => {
  let server: TestServer;
  let admin: string;
  let other: string;
  let demoTenantId: number;
  let secondTenantId: number;
  let ownTotal: number;

  const list = (query: Record<string, unknown>, token = admin) =>
    server.api.get('customer/list/', { Page: 1, Count: 20, ...query }, { token }).then((r) => r.body);

  beforeAll(async () => {
    server = await startTestServer({ engine });
    const db = server.built.services.db;
    demoTenantId = (await server.built.services.tenants.byHost('localhost'))!.id;
    const second = await addSecondTenant(server);
    const names = Array.from({ length: MANY }, (_, i) => `مشتری انبوه ${i + 1}`);
    names[417] = `فروشگاه ${RARE}`;
    await addCustomers(db, demoTenantId, names);
    await addCustomers(db, second.tenantId, [`شعبه ${RARE} دوم`, 'مشتری انبوه دیگر']);
    secondTenantId = second.tenantId;
    admin = (await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token;
    other = (await server.api.signIn(DEMO_ADMIN.username, 'other-pass', 'second.localhost')).token;
    const last = await list({ Page: 1, Count: 500 });
    ownTotal = (await list({ Page: Math.ceil((last.record_count + 1) / 500) + 2, Count: 500 })).record_count;
  });
  afterAll(() => server?.stop());

  it('counts up to the cap and says the count stopped there', async () => {
    const first = await list({});
    expect(first.records).toHaveLength(20);
    expect(first.record_count).toBe(COUNT_CAP);
    expect(first.countCapped).toBe(true);
    expect(ownTotal).toBeGreaterThanOrEqual(MANY);
  });

  it('pages past the cap, and a deep page counts exactly what lies within reach', async () => {
    const deep = Math.floor(ownTotal / 20) - 1; // a full page near the end
    const answer = await list({ Page: deep });
    expect(answer.records).toHaveLength(20);
    expect(answer.record_count).toBe(ownTotal);
    expect(answer.countCapped).toBeUndefined();
    const ids = answer.records.map((r: { customerId: number }) => r.customerId);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const beyond = await list({ Page: Math.ceil(ownTotal / 20) + 5 });
    expect(beyond.records).toEqual([]);
    expect(beyond.record_count).toBe(ownTotal);
  });

  it('caps what one answer holds, "all" included, and says so', async () => {
    const all = await list({ Count: -1 });
    expect(all.records).toHaveLength(MAX_ROWS);
    expect(all.countCapped).toBe(true);
    const lookup = (
      await server.api.get('customer/lookup/', { Phrase: 'انبوه', Count: 30 }, { token: admin })
    ).body;
    // A picker's phrase is the list's walk: it counts what it saw, «at least» that many.
    expect(lookup.records).toHaveLength(30);
    expect(lookup.totalCount).toBeGreaterThanOrEqual(60);
    expect(lookup.countCapped).toBe(true);
    // Asked for all, a picker gets PICKER_PHRASE_ROWS names of a phrase, and all without one.
    const typed = (await server.api.get('customer/lookup/', { Phrase: 'انبوه', Count: -1 }, { token: admin }))
      .body;
    expect(typed.records).toHaveLength(PICKER_PHRASE_ROWS);
    expect(typed.countCapped).toBe(true);
    const opened = (await server.api.get('customer/lookup/', { Count: -1 }, { token: admin })).body;
    expect(opened.records).toHaveLength(MAX_ROWS);
    expect(opened.countCapped).toBe(true);
  });

  it('offers a picker the newest matching records in alphabetical order, not the whole list sorted', async () => {
    const lookup = (query: Record<string, unknown>, token = admin) =>
      server.api.get('customer/lookup/', query, { token }).then((r) => r.body);
    // A customer's picker shows its code beside its name.
    const named = (r: { customerId: number; name: string; code: string }) => ({
      id: r.customerId,
      title: r.name,
      code: r.code,
    });
    const newest = (await list({ Count: 6 })).records.map(named);
    const alphabetical = (rows: Array<{ title: string }>) =>
      [...rows].sort((a, b) => new Intl.Collator('fa').compare(a.title, b.title));
    const opened = await lookup({ Count: 6 });
    expect(opened.records).toEqual(alphabetical(newest));
    expect(opened.countCapped).toBe(true);
    const typed = await lookup({ Phrase: 'انبوه', Count: 6 });
    const newestTyped = (await list({ Phrase: 'انبوه', Count: 6 })).records.map(named);
    expect(typed.records).toEqual(alphabetical(newestTyped));
    // A rare phrase through the index, and the other tenant's picker sees its own only.
    expect((await lookup({ Phrase: RARE })).records).toEqual([
      { id: expect.any(Number), title: `فروشگاه ${RARE}`, code: expect.any(String) },
    ]);
    expect((await lookup({ Phrase: RARE }, other)).records.map((r: { title: string }) => r.title)).toEqual([
      `شعبه ${RARE} دوم`,
    ]);
    // Chosen ids are named whatever their age.
    const oldest = (await list({ Phrase: 'انبوه 1', Count: 1000 })).records.at(-1) as {
      customerId: number;
      name: string;
      code: string;
    };
    expect((await lookup({ Ids: oldest.customerId })).records).toEqual([named(oldest)]);
  });

  it('finds a rare phrase, in the tenant that asks only', async () => {
    const own = await list({ Phrase: RARE });
    expect(own.records.map((r: { name: string }) => r.name)).toEqual([`فروشگاه ${RARE}`]);
    expect(own.record_count).toBe(1);
    const theirs = await list({ Phrase: RARE }, other);
    expect(theirs.records.map((r: { name: string }) => r.name)).toEqual([`شعبه ${RARE} دوم`]);
    // A common phrase: the newest rows fill the page and the next, and the count says
    // «at least 40» (the walk stops there rather than count a thousand matches).
    const common = await list({ Phrase: 'انبوه' });
    expect(common.records).toHaveLength(20);
    expect(common.record_count).toBe(40);
    expect(common.countCapped).toBe(true);
    expect(common.records.every((r: { name: string }) => r.name.includes('انبوه'))).toBe(true);
  });

  it('keeps the search true through create, rename and delete', async () => {
    const created = await server.api.post(
      'customer/create/',
      { Name: 'زمرد نو', Code: 'Z-1', CreatedDate: '2025-03-21', CreditDate: '2026-03-20' },
      { token: admin },
    );
    expect(created.body.status).toBe(1);
    const id = created.body.id as number;
    expect((await list({ Phrase: 'زمرد' })).records.map((r: { customerId: number }) => r.customerId)).toEqual(
      [id],
    );
    const renamed = await server.api.call('PUT', 'customer/update/', {
      token: admin,
      json: { Id: id, Name: 'فیروزه نو' },
    });
    expect(renamed.body.status).toBe(1);
    expect((await list({ Phrase: 'زمرد' })).records).toEqual([]);
    expect((await list({ Phrase: 'فیروزه' })).record_count).toBe(1);
    const deleted = await server.api.call('DELETE', 'customer/delete/', { token: admin, query: { Id: id } });
    expect(deleted.body.status).toBe(1);
    expect((await list({ Phrase: 'فیروزه' })).records).toEqual([]);
  });

  it('answers a phrase page the same whether the newest rows or the index find it', async () => {
    const db = server.built.services.db;
    for (const [phrase, page] of [
      ['انبوه', 1],
      ['انبوه', 3],
      ['انبوه 1', 2],
      // Ten matches among the newest 120 rows, one far below: the longer walk finds it.
      ['انبوه 104', 1],
      [RARE, 1],
      ['ناموجود', 1],
    ] as const) {
      const query = { tenantId: demoTenantId, userId: 0, page, count: 20, phrase, filters: {} };
      const ids = (answer: { rows: Row[] }) => answer.rows.map((row) => row.id);
      const walked = await withTenant(demoTenantId, () => listRows(db, customer, query));
      // A window of none: the page comes from the trigram index.
      const indexed = await withTenant(demoTenantId, () =>
        listRows(db, customer, { ...query, recentWindow: -10 * 20 * page }),
      );
      expect(ids(indexed), `${phrase} page ${page}`).toEqual(ids(walked));
      // A walk that stopped early says «at least» what it saw, no more than the index counts;
      // a walk that saw the whole list counts exactly what the index does.
      if (walked.capped) expect(walked.total).toBeLessThanOrEqual(indexed.total);
      else expect(indexed).toMatchObject({ total: walked.total, capped: false });
    }
  });

  it('reads a short list whole for a phrase its newest rows lack, answering as the index does', async () => {
    const db = server.built.services.db;
    const query = { tenantId: demoTenantId, userId: 0, page: 1, count: 10, phrase: 'تبریز', filters: {} };
    const all = await withTenant(demoTenantId, () => listRows(db, city, { ...query, phrase: '' }));
    // The seeded cities: longer than a letter list's first walk, within a resource's
    // (SHORT_LIST); Tabriz is among the first seeded (the oldest rows).
    expect(all.total).toBeGreaterThan(FIRST_WALK + 10);
    expect(all.total).toBeLessThanOrEqual(SHORT_LIST);
    const walked = await withTenant(demoTenantId, () => listRows(db, city, query));
    const indexed = await withTenant(demoTenantId, () =>
      listRows(db, city, { ...query, recentWindow: -100 }),
    );
    expect(walked.rows.map((row) => row.title)).toEqual(['تبریز']);
    expect(walked).toMatchObject({ total: 1, capped: false });
    expect(indexed.rows.map((row) => row.id)).toEqual(walked.rows.map((row) => row.id));
    expect(indexed).toMatchObject({ total: 1, capped: false });
  });

  it('counts a common phrase among the newest rows it looked through, and says "at least"', async () => {
    const db = server.built.services.db;
    const query = { tenantId: demoTenantId, userId: 0, page: 2, count: 20, phrase: 'انبوه', filters: {} };
    // A window of 100 rows past the page's reach: the page fills within it, the list goes on.
    const answer = await withTenant(demoTenantId, () =>
      listRows(db, customer, { ...query, recentWindow: 100 - 10 * 40 }),
    );
    expect(answer.rows).toHaveLength(20);
    expect(answer.capped).toBe(true);
    expect(answer.total).toBeGreaterThanOrEqual(40);
    expect(answer.total).toBeLessThanOrEqual(101);
    const exact = await withTenant(demoTenantId, () => listRows(db, customer, query));
    expect(answer.rows.map((row) => row.id)).toEqual(exact.rows.map((row) => row.id));
  });

  it("searches the index in one statement (search_matches): the tenant's matches only, the settings put back", async () => {
    const db = server.built.services.db;
    const pattern = searchPattern(RARE);
    const matches = (fenceTenant: number, askedTenant: number, fewRows = false, manyRows = false) =>
      withTenant(fenceTenant, () =>
        db.transaction().execute(async (trx) => {
          // A pattern already in force (a lookup's transaction) is what it was after the search.
          await sql`SELECT set_config('app.search_pattern', '%before%', true)`.execute(trx);
          const found = await sql<{ id: number }>`
            SELECT id FROM search_matches('customers_search'::regclass, ${askedTenant}::integer, ${pattern}::text,
                                          ${pattern}::text, ${fewRows}::boolean, ${manyRows}::boolean)`.execute(
            trx,
          );
          const after = await sql<{ p: string; bitmaps: string }>`
            SELECT current_setting('app.search_pattern', true) AS p,
                   current_setting('enable_bitmapscan') AS bitmaps`.execute(trx);
          return { ids: found.rows.map((r) => r.id), after: after.rows[0].p, bitmaps: after.rows[0].bitmaps };
        }),
      );
    const own = await matches(demoTenantId, demoTenantId);
    expect(own.ids).toHaveLength(1);
    expect(own.after).toBe('%before%');
    // Read by the tenant's own rows (few of them): the same match, the settings as they were.
    expect(await matches(demoTenantId, demoTenantId, true)).toEqual({ ...own, bitmaps: 'on' });
    // By the plan written out for a tenant of many rows (migration 0026): the same.
    expect(await matches(demoTenantId, demoTenantId, false, true)).toEqual(own);
    expect(await matches(secondTenantId, secondTenantId, false, true)).toEqual(
      await matches(secondTenantId, secondTenantId),
    );
    expect((await matches(secondTenantId, secondTenantId)).ids).toHaveLength(1);
    expect(await matches(secondTenantId, secondTenantId, true)).toEqual(
      await matches(secondTenantId, secondTenantId),
    );
    // Another tenant's id asked under this tenant's fence: row-level security binds inside
    // it (PGlite's one user is the owner, whom the fence does not bind; the server always
    // asks for the viewer's own tenant).
    if (engine === 'postgres') {
      expect((await matches(demoTenantId, secondTenantId)).ids).toEqual([]);
      expect((await matches(demoTenantId, secondTenantId, false, true)).ids).toEqual([]);
    }
    expect(own.ids).not.toEqual((await matches(secondTenantId, secondTenantId)).ids);
  });

  it('knows which tenants have few rows to search, counting each once in a while', async () => {
    const db = server.built.services.db;
    const few = (tenantId: number) =>
      withTenant(tenantId, () => tenantHasFewRows(db, 'customers_search', tenantId));
    setFewRowsForTests();
    try {
      expect(await few(demoTenantId)).toBe(false); // more than a thousand customers
      expect(await few(secondTenantId)).toBe(true);
      // Calls while a count is known (or on its way) share it.
      const shared = await withTenant(secondTenantId, async () => {
        const a = tenantRows(db, 'customers_search', secondTenantId);
        const b = tenantRows(db, 'customers_search', secondTenantId);
        return { same: a === b, answers: await Promise.all([a, b]) };
      });
      const small = { few: true, many: false };
      expect(shared).toEqual({ same: true, answers: [small, small] });
      // Many: more than the bound (a hundred thousand; a thousand here).
      setManyRowsForTests(1000);
      expect(await withTenant(demoTenantId, () => tenantRows(db, 'customers_search', demoTenantId))).toEqual({
        few: false,
        many: true,
      });
      setManyRowsForTests();
      expect(await withTenant(demoTenantId, () => tenantRows(db, 'customers_search', demoTenantId))).toEqual({
        few: false,
        many: false,
      });
      // A bound below the second tenant's rows: counted afresh.
      setFewRowsForTests(1);
      expect(await few(secondTenantId)).toBe(false);
      setFewRowsForTests(0);
      expect(await few(secondTenantId)).toBe(false);
      // Counted under its own fence, whoever asks: under another tenant's, row-level
      // security would hide every row, and the big tenant would pass for a small one.
      setFewRowsForTests();
      expect(
        await withTenant(secondTenantId, () => tenantHasFewRows(db, 'customers_search', demoTenantId)),
      ).toBe(false);
    } finally {
      setFewRowsForTests();
      setManyRowsForTests();
    }
  });

  it('counts a tenant again once its count is old, the calls meanwhile going on with the old one', async () => {
    const db = server.built.services.db;
    const rowsOf = () => withTenant(secondTenantId, () => tenantRows(db, 'customers_search', secondTenantId));
    const { rows } = await withTenant(secondTenantId, () =>
      sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM customers_search WHERE tenant_id = ${secondTenantId}`.execute(db),
    );
    setFewRowsForTests(rows[0].n);
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now });
    try {
      expect(await rowsOf()).toEqual({ few: true, many: false });
      await addCustomers(db, secondTenantId, ['مشتری تازه‌ی شمارش']);
      vi.setSystemTime(now + 4 * 60_000);
      expect(await rowsOf()).toEqual({ few: true, many: false }); // still believed
      vi.setSystemTime(now + 6 * 60_000);
      // Old: this call has the old count at once, and the count is made again meanwhile.
      expect(await rowsOf()).toEqual({ few: true, many: false });
      await expect.poll(rowsOf).toEqual({ few: false, many: false });
    } finally {
      vi.useRealTimers();
      setFewRowsForTests();
      // The other tests count the second tenant's customers.
      await withTenant(secondTenantId, () =>
        sql`DELETE FROM customers WHERE tenant_id = ${secondTenantId} AND name = 'مشتری تازه‌ی شمارش'`.execute(
          db,
        ),
      );
    }
  });

  /** `work` on a connection of the server's ordinary role, in a transaction fenced to
   *  `tenantId` with `settings` (SET LOCAL), rolled back after; the search table analysed. */
  async function fencedTransaction(
    tenantId: number,
    settings: string[],
    work: (client: pg.Client) => Promise<void>,
  ) {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('ANALYZE customers_search');
      await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [String(tenantId)]);
      for (const setting of settings) await client.query(`SET LOCAL ${setting}`);
      await work(client);
      await client.query('ROLLBACK');
    } finally {
      await client.end();
    }
  }
  const searchMatches = (client: pg.Client, tenantId: number, fewRows: boolean) =>
    client.query(
      `SELECT id FROM search_matches('customers_search'::regclass, $1::integer, $2::text, $2::text, $3, false)`,
      [tenantId, searchPattern(RARE), fewRows],
    );
  // With every row read priced high, the planner takes the index that hands over fewest (at
  // a thousand rows the tenant's key range would do): the trigram index, if the function
  // set the pattern. Had it not, the policy's '%' would read every entry of it.
  const PRICED_FOR_THE_INDEX = ['enable_seqscan = off', 'cpu_tuple_cost = 10'];

  it.runIf(engine === 'postgres')(
    'search_matches reads the trigram index for its pattern as the ordinary role',
    () =>
      fencedTransaction(demoTenantId, [...PRICED_FOR_THE_INDEX, 'enable_indexscan = off'], async (client) => {
        const found = await searchMatches(client, demoTenantId, false);
        expect(found.rows).toHaveLength(1);
        const used = await client.query(
          `SELECT pg_stat_get_xact_numscans(i) AS idx_scan, pg_stat_get_xact_tuples_returned(i) AS idx_tup_read
             FROM CAST('customers_search_text_idx' AS regclass) AS i`,
        );
        expect(Number(used.rows[0].idx_scan)).toBeGreaterThanOrEqual(1);
        // The index handed over the rare phrase's few candidates, not the tenant's 1,000 rows.
        expect(Number(used.rows[0].idx_tup_read)).toBeLessThan(10);
      }),
  );
  it.runIf(engine === 'postgres')(
    'search_matches for a tenant of few rows reads them by the key, never the trigram index',
    () =>
      // Priced as in the test above, where the planner takes the trigram index.
      fencedTransaction(secondTenantId, PRICED_FOR_THE_INDEX, async (client) => {
        const found = await searchMatches(client, secondTenantId, true);
        expect(found.rows).toHaveLength(1);
        const scans = async (index: string) =>
          Number(
            (await client.query(`SELECT pg_stat_get_xact_numscans($1::regclass) AS n`, [index])).rows[0].n,
          );
        expect(await scans('customers_search_text_idx')).toBe(0);
        expect(await scans('customers_search_pkey')).toBeGreaterThanOrEqual(1);
        const after = await client.query(`SELECT current_setting('enable_bitmapscan') AS b`);
        expect(after.rows[0].b).toBe('on');
      }),
  );
  it.runIf(engine === 'postgres')(
    'plans the phrase search through the trigram index as the ordinary role (row-level security on)',
    async () => {
      const db = server.built.services.db;
      // The search itself (each list and lookup with a phrase narrows by it); which way
      // the whole page goes at scale is the bench's to measure (docs/benchmarks.md).
      const search = matchingIds(db, customer, demoTenantId, searchPattern(RARE)).compile();
      const client = new pg.Client({ connectionString: server.databaseUrl });
      await client.connect();
      try {
        const role = await client.query(
          'SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user',
        );
        expect(role.rows[0]).toEqual({ rolsuper: false, rolbypassrls: false });
        await client.query('BEGIN');
        await client.query('ANALYZE customers_search');
        await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [String(demoTenantId)]);
        await client.query(`SELECT set_config('app.search_pattern', $1, true)`, [searchPattern(RARE)]);
        // With sequential and plain index scans priced out, a condition the trigram index may
        // not serve (LIKE is not leakproof) leaves the key's index; only the policy's
        // pattern (tables.ts) can reach the trigram index.
        await client.query('SET LOCAL enable_seqscan = off');
        await client.query('SET LOCAL enable_indexscan = off');
        // The fence alone (no condition of the query's own): the policy's pattern is an
        // index condition. Which index the engine's query takes then depends on the sizes
        // (a small tenant's key range beats any index); at a million rows the bench
        // records the plans (docs/benchmarks.md).
        const plan = await client.query('EXPLAIN SELECT id FROM customers_search');
        const text = plan.rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
        expect(text).toMatch(/Bitmap Index Scan on customers_search_text_idx/);
        expect(text).toMatch(
          /Index Cond: \(search_text ~~ COALESCE\(NULLIF\(current_setting\('app.search_pattern'/,
        );
        // The same search on the resource's own table cannot use an index for LIKE.
        const own = await client.query(`EXPLAIN SELECT id FROM customers WHERE search_text LIKE $1`, [
          searchPattern(RARE),
        ]);
        expect(own.rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n')).not.toMatch(
          /Index Cond: \(search_text/,
        );
        const found = await client.query(search.sql, search.parameters as unknown[]);
        expect(found.rows).toHaveLength(1);
        await client.query('ROLLBACK');
      } finally {
        await client.end();
      }
    },
  );
  it.runIf(engine === 'postgres')(
    "plans a list's page once per tenant: a small tenant's plan reads its own key range after a large one's",
    async () => {
      const db = server.built.services.db;
      const page = (tenantId: number) =>
        withTenant(tenantId, () =>
          listRows(db, customer, { tenantId, userId: 0, page: 1, count: 20, phrase: '', filters: {} }),
        );
      // A page of twenty of this tenant's (tenant and size are written into the text).
      const pageOf = (statement: string, tenantId: number) =>
        statement.includes(`"tenant_id" = ${tenantId} `) && / limit 20 /.test(statement);
      const found = await db.connection().execute(async (conn) => {
        await sql`ANALYZE customers`.execute(conn);
        const pageOn = (tenantId: number) =>
          withTenant(tenantId, () =>
            listRows(conn, customer, { tenantId, userId: 0, page: 1, count: 20, phrase: '', filters: {} }),
          );
        // The large tenant first: with the tenant a parameter, its plan would serve the small one.
        for (const tenantId of [demoTenantId, secondTenantId, demoTenantId, secondTenantId])
          expect((await pageOn(tenantId)).rows.length).toBeGreaterThan(0);
        const prepared = await sql<{ name: string; statement: string; generic: number; custom: number }>`
          SELECT name, statement, generic_plans::int AS generic, custom_plans::int AS custom
            FROM pg_prepared_statements WHERE statement LIKE '%page AS MATERIALIZED%customers%'`.execute(
          conn,
        );
        // Each tenant's generic plan, as the connection holds it (no parameter is looked at).
        const planOf = async (tenantId: number) => {
          const own = prepared.rows.find((row) => pageOf(row.statement, tenantId))!;
          await sql.raw(`PREPARE cached_page AS ${own.statement}`).execute(conn);
          const types = await sql<{ n: number }>`
            SELECT cardinality(parameter_types)::int AS n FROM pg_prepared_statements WHERE name = 'cached_page'`.execute(
            conn,
          );
          const nulls = Array.from({ length: types.rows[0].n }, () => 'NULL').join(', ');
          const plan = await sql<{
            'QUERY PLAN': string;
          }>`${sql.raw(`EXPLAIN EXECUTE cached_page(${nulls})`)}`.execute(conn);
          await sql`DEALLOCATE cached_page`.execute(conn);
          return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
        };
        await sql`SET plan_cache_mode = force_generic_plan`.execute(conn);
        const plans = { small: await planOf(secondTenantId) };
        await sql`SET plan_cache_mode = force_custom_plan`.execute(conn);
        return { prepared: prepared.rows, ...plans };
      });
      // One statement per tenant and page size, each planned once (generic) and never again
      // per call. (The size is written in so that the plan knows a page is twenty rows: a size
      // it could not see was taken for a tenth of the tenant, and at 100,000 customers a deep
      // page's records were merged by walking the tenant's rows a second time.)
      for (const tenantId of [demoTenantId, secondTenantId]) {
        const own = found.prepared.filter((row) => pageOf(row.statement, tenantId));
        expect(own).toHaveLength(1);
        expect(own[0].custom).toBe(0);
        expect(own[0].generic).toBeGreaterThanOrEqual(2);
      }
      // The small tenant's page is its range of the key (tenant_id, id), not a walk of every
      // tenant's rows filtered by tenant (a plan made for a large tenant: 54 ms for a tenant
      // of three rows among 100,000).
      expect(found.small).toMatch(/Index (Only )?Scan Backward using customers_pkey/);
      expect(found.small).toMatch(new RegExp(`Index Cond: \\(tenant_id = ${secondTenantId}\\)`));
      expect(found.small).not.toMatch(/customers_id_key/);
      // Through the pool, as the server answers: the same pages.
      expect((await page(secondTenantId)).rows.map((row) => row.name)).toEqual([
        'مشتری انبوه دیگر',
        `شعبه ${RARE} دوم`,
      ]);
    },
  );
});
