// Seeds a scratch database before the server starts, with the server's own modules:
// migrations, the first-start seed (demo tenant, its admin and colleagues), then
// BENCH_USERS more users in the demo tenant (through `addUser`, so each has a real
// argon2 hash and a group), quick links for the admin and every new user, and
// BENCH_CUSTOMERS customers, each in one or two customer groups (join-table rows).
// Run as its own process (`node --import tsx bench/seed.ts`) with the environment the
// server will get: on PGlite it must close the data directory before the server opens it.
import { sql } from 'kysely';
import { loadConfig } from '../server/config';
import { asSystem, withTenant } from '../server/db/tenant-fence';
import { searchTable } from '../server/masterdata/tables';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { seedIfEmpty } from '../server/seed/seed';
import { addUser } from '../server/tenancy/create-tenant';
import { createTenantDirectory } from '../server/tenancy/tenants';
import { rowOf, seedPeopleOfTenantUsers } from '../server/seed/organisation-seed';
import { customer } from '../src/schemas/customers';
import { customerGroup } from '../src/schemas/groups';
import { LETTER_TABLES, letterPoolOf, seedLetters, seedSmallTenants } from './seed-letters';

/** Letters of each small tenant beside the big one (BENCH_SMALL_TENANTS of them). */
const SMALL_TENANT_LETTERS = 200;

const FIRST_NAMES = ['مریم', 'علی', 'زهرا', 'حسین', 'فاطمه', 'رضا', 'سارا', 'محمد', 'نرگس', 'امیر'];
const LAST_NAMES = ['احمدی', 'رضایی', 'کریمی', 'محمدی', 'حسینی', 'موسوی', 'جعفری', 'صادقی', 'رحیمی', 'نوری'];
const GROUPS = [
  {
    title: 'کارکنان',
    permissions: ['Messages', 'CreateInternalMessage', 'Projects', 'Tasks', 'Customers', 'Links'],
  },
  { title: 'بایگانی', permissions: ['Messages', 'Links'] },
];
const ADMIN_LINKS = 60;
const LINKS_PER_USER = 5;
const HASH_CONCURRENCY = 4;

export interface SeedSummary {
  tenantId: number;
  users: number;
  links: number;
  customers: number;
  /** Letters of the demo tenant, and the small tenants beside it (BENCH_LETTERS). */
  letters: number;
  smallTenants: number;
  lettersMs: number;
  ms: number;
}

const CUSTOMER_WORDS = ['شرکت', 'فروشگاه', 'بازرگانی', 'صنایع', 'گروه', 'مؤسسه'];
const CUSTOMER_NAMES = [
  'آریا',
  'پارس',
  'کیان',
  'البرز',
  'سپهر',
  'نگین',
  'آسمان',
  'مهر',
  'دنا',
  'زاگرس',
  'کوثر',
  'ایده',
];

/** Rows per statement: one JSON parameter each, so a million rows are a hundred statements. */
const CUSTOMER_BATCH = 10_000;

/**
 * `count` customers of the tenant, each row built as the engine builds it (rowOf: the
 * schema's binding, its columns, its search text) and written set-based: a batch is one
 * `INSERT … SELECT … FROM json_populate_recordset`, the search table filled by the
 * engine's own trigger. Then each customer joins one or two groups in two statements.
 */
async function seedCustomers(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  tenantId: number,
  count: number,
) {
  const groups = (
    await db
      .selectFrom(customerGroup.table)
      .select('id')
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .execute()
  ).map((g) => g.id);
  const table = sql.table(customer.table);
  for (let start = 0; start < count; start += CUSTOMER_BATCH) {
    const batch = Array.from({ length: Math.min(CUSTOMER_BATCH, count - start) }, (_, k) => {
      const i = start + k;
      const name = `${CUSTOMER_WORDS[i % CUSTOMER_WORDS.length]} ${CUSTOMER_NAMES[Math.floor(i / CUSTOMER_WORDS.length) % CUSTOMER_NAMES.length]} ${i + 1}`;
      return rowOf(customer, tenantId, {
        Name: name,
        Code: `B-${i + 1}`,
        CreatedDate: '2025-03-21',
        CreditDate: '2026-03-20',
      });
    });
    const columns = sql.join(Object.keys(batch[0]).map((column) => sql.ref(column)));
    await sql`INSERT INTO ${table} (${columns})
      SELECT ${columns} FROM json_populate_recordset(NULL::${table}, ${JSON.stringify(batch)}::json)`.execute(
      db,
    );
  }
  if (!groups.length) return;
  // Every customer in the first group; every third in the second as well.
  const members = sql.table(customer.joinTable('customerGroups'));
  await sql`INSERT INTO ${members} (tenant_id, record_id, ref_id)
    SELECT tenant_id, id, ${groups[0]} FROM ${table} WHERE tenant_id = ${tenantId}
    ON CONFLICT DO NOTHING`.execute(db);
  if (groups.length > 1)
    await sql`INSERT INTO ${members} (tenant_id, record_id, ref_id)
      SELECT tenant_id, id, ${groups[1]} FROM ${table} WHERE tenant_id = ${tenantId} AND id % 3 = 0
      ON CONFLICT DO NOTHING`.execute(db);
  await sql`ANALYZE ${table}`.execute(db);
  await sql`ANALYZE ${sql.table(searchTable(customer))}`.execute(db);
  await sql`ANALYZE ${members}`.execute(db);
}

async function main() {
  const started = Date.now();
  const users = Number(process.env.BENCH_USERS ?? 200);
  const customers = Number(process.env.BENCH_CUSTOMERS ?? 20_000);
  const config = loadConfig();
  // The embedded engine is for one small organisation: at most 100,000 letters unless told.
  const askedLetters = Number(process.env.BENCH_LETTERS ?? 20_000);
  const letters = config.databaseUrl
    ? askedLetters
    : Math.min(askedLetters, Number(process.env.BENCH_PGLITE_LETTERS ?? 100_000));
  const smallTenants = Number(process.env.BENCH_SMALL_TENANTS ?? 100);
  const database = await openDatabase(config);
  try {
    // The seed writes as the platform does: every tenant visible (server/db/tenant-fence.ts).
    await asSystem(() => migrate(database.db));
    await asSystem(() => seedIfEmpty(database.db, config));
    const tenant = await createTenantDirectory(database.db).byHost('localhost');
    if (!tenant) throw new Error('the demo tenant (localhost) was not seeded');
    const admin = await withTenant(tenant.id, () =>
      database.db
        .selectFrom('users')
        .select('id')
        .where('tenant_id', '=', tenant.id)
        .where('username', '=', config.adminUsername)
        .executeTakeFirstOrThrow(),
    );

    const userIds: number[] = [];
    const create = async (i: number) => {
      const group = GROUPS[i % GROUPS.length];
      const id = await addUser(database.db, tenant.id, {
        username: `0935${String(i).padStart(7, '0')}`,
        password: 'bench1234',
        firstName: FIRST_NAMES[i % FIRST_NAMES.length],
        lastName: LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length],
        groupTitle: group.title,
        permissions: group.permissions,
      });
      userIds.push(id);
    };
    // One user per group first: addUser creates a missing group, and two concurrent
    // calls on PostgreSQL would each create it. Then hash in parallel (argon2 runs on
    // libuv's thread pool).
    let next = Math.min(GROUPS.length, users);
    for (let i = 0; i < next; i++) await create(i);
    const worker = async () => {
      for (let i = next++; i < users; i = next++) await create(i);
    };
    await Promise.all(Array.from({ length: HASH_CONCURRENCY }, worker));
    // Each a person too, as the organisation's own users are: the pickers offer people, and
    // a letter names its recipients by their persons (probe helper-99: the picker was empty).
    await seedPeopleOfTenantUsers(database.db, tenant.id);

    const links = [
      ...Array.from({ length: ADMIN_LINKS }, (_, i) => ({
        user_id: admin.id,
        caption: `سامانه نمونه ${i + 1}`,
        url: `https://example.com/admin/${i + 1}`,
      })),
      ...userIds.flatMap((userId) =>
        Array.from({ length: LINKS_PER_USER }, (_, i) => ({
          user_id: userId,
          caption: `پیوند ${i + 1}`,
          url: `https://example.com/u/${userId}/${i + 1}`,
        })),
      ),
    ].map((link) => ({ ...link, tenant_id: tenant.id }));
    for (let i = 0; i < links.length; i += 500)
      await withTenant(tenant.id, () =>
        database.db
          .insertInto('links')
          .values(links.slice(i, i + 500))
          .execute(),
      );

    await withTenant(tenant.id, () => seedCustomers(database.db, tenant.id, customers));

    // Letters among the demo tenant's users (the admin first: the bench signs in as it),
    // then the small organisations beside it.
    const lettersStarted = Date.now();
    const anyDb = database.db as unknown as import('../server/masterdata/repository').EngineDb;
    if (letters > 0) {
      await withTenant(tenant.id, async () =>
        seedLetters(anyDb, await letterPoolOf(anyDb, tenant.id, config.adminUsername), letters),
      );
      await seedSmallTenants(database.db, smallTenants, SMALL_TENANT_LETTERS);
      for (const table of LETTER_TABLES) await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(database.db);
    }

    const summary: SeedSummary = {
      tenantId: tenant.id,
      users: userIds.length,
      links: links.length,
      customers,
      letters,
      smallTenants: letters > 0 ? smallTenants : 0,
      lettersMs: Date.now() - lettersStarted,
      ms: Date.now() - started,
    };
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench seed failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
