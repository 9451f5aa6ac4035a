// The plans of the letters' list queries on a seeded database (bench/seed.ts with
// BENCH_LETTERS), as the ordinary role the server connects as — row-level security on, as
// it binds in production. Each scenario runs the server's own listLetters (so the SQL is
// exactly what a request sends), captures its statements, and prints for each
// `EXPLAIN (ANALYZE, BUFFERS)`'s time, buffers and the plan's first lines (a ONE_PLAN
// statement's generic plan, as the server runs it; EXPLAIN_ONLY=name picks scenarios).
//   DATABASE_URL=postgres://role@host/db node --import tsx bench/explain-letters.ts
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import type { Database } from '../server/db/schema';
import { ONE_PLAN_TEXT } from '../server/db/named-statements';
import { fencedDialect, withTenant } from '../server/db/tenant-fence';
import { listLetters } from '../server/letters/lists';
import { listParams } from '../server/letters/params';
import { letterDetail } from '../server/letters/detail';
import type { Services } from '../server/services';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the seeded database, as the ordinary role');
const pool = new pg.Pool({ connectionString: url, max: 2 });
const captured: CompiledQuery[] = [];
const db = new Kysely<Database>({
  dialect: fencedDialect(new PostgresDialect({ pool })),
  log: (event) => {
    if (event.level === 'query') captured.push(event.query);
  },
});

// The demo admin, looked up as the platform would: every tenant visible for this one query.
const admin = await pool.query(
  `WITH seeing AS (SELECT set_config('app.all_tenants', 'on', true))
   SELECT u.id, u.tenant_id FROM seeing, users u JOIN tenants t ON t.id = u.tenant_id
    WHERE 'localhost' = ANY (t.hosts) AND u.username = '09120000000'`,
);
if (!admin.rows.length)
  throw new Error('no demo admin: run bench/seed.ts first (as a role that sees every tenant)');
const viewer = {
  tenantId: admin.rows[0].tenant_id as number,
  userId: admin.rows[0].id as number,
  permissions: new Set(['Messages', 'AllMessages']),
};
const services = { db, log: console } as unknown as Services;

const SCENARIOS: Array<[string, Record<string, unknown>]> = [
  ['cartable page 1', { PageType: 'AllMyMessage' }],
  ['cartable deep page (400)', { PageType: 'AllMyMessage', Page: 400 }],
  ['unread page 1', { PageType: 'UnReadMessage' }],
  ['needs answer page 1', { PageType: 'AnswerRequest' }],
  ['sent internal page 1', { PageType: 'Send', MessageType: 4 }],
  ['drafts', { PageType: 'Draft' }],
  ['cartable rare phrase', { PageType: 'AllMyMessage', Phrase: 'پرونده 481201' }],
  ['cartable rare number', { PageType: 'AllMyMessage', Phrase: '48201' }],
  ['cartable a hundred matches', { PageType: 'AllMyMessage', Phrase: 'پرونده 4812' }],
  ['cartable common phrase', { PageType: 'AllMyMessage', Phrase: 'گزارش' }],
  ['cartable topic phrase', { PageType: 'AllMyMessage', Phrase: 'بیمه تکمیلی' }],
  ['all letters page 1', { PageType: 'AllMessage' }],
  ['all letters deep page (2000)', { PageType: 'AllMessage', Page: 2000 }],
  ['all letters incoming', { PageType: 'AllMessage', MessageType: 5 }],
  ['all letters rare phrase', { PageType: 'AllMessage', Phrase: 'پرونده 481237' }],
  ['all letters rare number', { PageType: 'AllMessage', Phrase: '48201' }],
  ['all letters common phrase', { PageType: 'AllMessage', Phrase: 'گزارش' }],
  ['all letters to a customer', { PageType: 'AllMessage', toCustomerId: 'first-customer' }],
  [
    'all letters to a customer, rare number',
    { PageType: 'AllMessage', toCustomerId: 'first-customer', Phrase: '48201' },
  ],
  ['unread rare number', { PageType: 'UnReadMessage', Phrase: '48201' }],
  // A registry number typed as the phrase: the phrase, then its letter looked up by key.
  ['cartable registry number', { PageType: 'AllMyMessage', Phrase: 'د-48202' }],
  ['all letters registry number', { PageType: 'AllMessage', Phrase: 'د ۴۸۲۰۲' }],
  ['favourite contacts (three)', { PageType: 'FavoritePerson' }],
];

/** The statement's plan, run as the server runs it: fenced to the tenant, and no search
 *  pattern in force (search_matches sets its own, for its own search). */
async function explain(query: CompiledQuery) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [String(viewer.tenantId)]);
    const { rows } = query.sql.includes(ONE_PLAN_TEXT)
      ? await explainGeneric(client, query)
      : await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`, [...query.parameters]);
    await client.query('ROLLBACK');
    return rows.map((row: Record<string, string>) => row['QUERY PLAN']);
  } finally {
    client.release();
  }
}

/** A ONE_PLAN statement's plan as the server runs it: generic, made once for every
 *  parameter (named-statements.ts), so EXPLAIN goes through PREPARE and EXECUTE. */
async function explainGeneric(client: pg.PoolClient, query: CompiledQuery) {
  await client.query('SET LOCAL plan_cache_mode = force_generic_plan');
  await client.query(`PREPARE explained AS ${query.sql}`);
  const values = query.parameters.map((value) =>
    value === null
      ? 'NULL'
      : client.escapeLiteral(Array.isArray(value) ? `{${value.join(',')}}` : String(value)),
  );
  try {
    return await client.query(`EXPLAIN (ANALYZE, BUFFERS) EXECUTE explained(${values.join(', ')})`);
  } finally {
    await client.query('DEALLOCATE explained');
  }
}

function summary(plan: string[]) {
  const executed =
    plan.find((line) => line.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '';
  const planned = plan.find((line) => line.startsWith('Planning Time'))?.replace('Planning Time: ', '') ?? '';
  const time = `${executed} (planned in ${planned})`;
  const buffers = plan.find((line) => line.includes('Buffers:'))?.trim() ?? '';
  const scans = [
    ...new Set(
      plan.flatMap(
        (line) =>
          line.match(
            /(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)( Backward)? (using \S+ )?on \S+/g,
          ) ?? [],
      ),
    ),
  ];
  return { time, buffers, scans };
}

// Three favourite contacts for the admin (kept: the database is a scratch one).
await pool.query(
  `WITH fence AS (SELECT set_config('app.tenant_id', $1, true))
   INSERT INTO favorite_persons (tenant_id, user_id, person_user_id, position)
   SELECT $2::int, $3::int, u.id, row_number() OVER (ORDER BY u.id) FROM fence, users u
    WHERE u.tenant_id = $2 AND u.id <> $3 ORDER BY u.id LIMIT 3 ON CONFLICT DO NOTHING`,
  [String(viewer.tenantId), viewer.tenantId, viewer.userId],
);
const customer = await pool.query(
  `SELECT set_config('app.tenant_id', $1, false), (SELECT customer_id FROM message_customers WHERE tenant_id = $2 LIMIT 1) AS id`,
  [String(viewer.tenantId), viewer.tenantId],
);
const only = process.env.EXPLAIN_ONLY;
for (const [name, raw] of SCENARIOS.filter(([name]) => !only || name.includes(only))) {
  const input = { ...raw };
  if (input.toCustomerId === 'first-customer') input.toCustomerId = customer.rows[0].id;
  const params = listParams.parse(input);
  captured.length = 0;
  const started = performance.now();
  const answer = await withTenant(viewer.tenantId, () => listLetters(services, viewer, params));
  const ms = performance.now() - started;
  console.log(
    `\n## ${name}: ${answer.records.length} rows, total ${answer.total}${answer.capped ? '+' : ''}, ${ms.toFixed(1)} ms through the code`,
  );
  for (const query of captured) {
    if (/set_config|^begin|^commit/i.test(query.sql)) continue;
    const plan = await explain(query);
    const { time, buffers, scans } = summary(plan);
    console.log(`- ${time}; ${buffers}; ${scans.join(', ')}`);
    if (process.env.EXPLAIN_FULL) console.log(plan.map((line) => `    ${line}`).join('\n'));
  }
}

// A letter opened from the cartable: message/get's reads (no marking: it was read before).
captured.length = 0;
const opened = await pool.query(
  `SELECT set_config('app.tenant_id', $1, false), (SELECT message_id FROM message_boxes WHERE tenant_id = $2 AND user_id = $3 AND inbox AND is_read ORDER BY sort_key DESC LIMIT 1) AS id`,
  [String(viewer.tenantId), viewer.tenantId, viewer.userId],
);
const started = performance.now();
await withTenant(viewer.tenantId, () => letterDetail(services, viewer, opened.rows[0].id));
console.log(
  `\n## message/get: ${(performance.now() - started).toFixed(1)} ms through the code, ${captured.length} statements`,
);
for (const query of captured) {
  const { time, scans } = summary(await explain(query));
  console.log(`- ${time}; ${scans.join(', ')}`);
}
await db.destroy();
