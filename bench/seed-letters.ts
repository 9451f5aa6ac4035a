// Letters for the bench, written set-based: one statement per batch of letters makes the
// letters, their recipients, every user's box rows (the counts follow by the boxes' own
// trigger), their events (create, send, and a read for each recipient who has read it)
// and their search text — the rows the letters' code writes, in the shapes it writes them
// (server/letters/), without a request per letter. Texts come from a vocabulary that
// search normalisation leaves as it is (checked below), so the search text written here
// is the one letterSearchText would write.
//
// A letter g of `count` (oldest first):
// - its author is user (g · 7919) mod n of the pool; every 20th is incoming (from a
//   customer), every 20th + 1 outgoing (to a customer), the rest internal;
// - one to three colleagues receive it (never the author), every fourth a copy too;
//   every 200th (g ≡ 1) also goes to the pool's first user, the bench's signed-in admin;
// - the newest twentieth is unread by most, older letters read; every tenth internal
//   letter asks its recipients for an answer, still awaited in the newest tenth;
// - its subject names one of a few kinds (گزارش in a sixth of them: a common phrase) and
//   topics (a twentieth each), and «پرونده {g}» (one letter: a rare phrase).
import { sql } from 'kysely';
import type { DB } from '../server/db/database';
import { withTenant } from '../server/db/tenant-fence';
import type { EngineDb } from '../server/masterdata/repository';
import { rowOf } from '../server/seed/organisation-seed';
import { seedTenantMasterData } from '../server/seed/seed';
import { createTenant } from '../server/tenancy/create-tenant';
import { customer } from '../src/schemas/customers';
import { TENANT_PERMISSIONS } from '../src/shared/permissions';
import { foldAffixes, searchKey } from '../src/shared/persian';

const KINDS = ['گزارش', 'درخواست', 'صورتجلسه', 'ابلاغ', 'استعلام', 'پیگیری'];
const TOPICS = [
  'خرید تجهیزات اداری',
  'قرارداد پشتیبانی نرم افزار',
  'جلسه هماهنگی ماهانه',
  'بودجه سال آینده',
  'مرخصی کارکنان',
  'تعمیرات ساختمان مرکزی',
  'آموزش کارکنان جدید',
  'فروش فصل پاییز',
  'بیمه تکمیلی درمان',
  'حسابرسی داخلی',
  'نگهداری تاسیسات',
  'تمدید قرارداد اجاره',
  'پرداخت صورت وضعیت',
  'ارزیابی تامین کنندگان',
  'امنیت شبکه',
  'بایگانی اسناد',
  'سفر کاری کارشناسان',
  'جذب نیروی انسانی',
  'طرح توسعه انبار',
  'مطالبات معوق مشتریان',
];
const SENTENCES = [
  'با سلام و احترام',
  'به پیوست گزارش کامل این موضوع تقدیم می شود',
  'خواهشمند است دستور فرمایید اقدام لازم انجام شود',
  'نتیجه بررسی ها در جلسه آینده ارائه خواهد شد',
  'هزینه برآورد شده در سقف بودجه مصوب است',
  'لطفا نظر خود را تا پایان هفته اعلام فرمایید',
  'موضوع با واحد مالی هماهنگ شده است',
  'پیشنهاد می شود قرارداد برای یک سال دیگر تمدید شود',
];

/** A hamza's seat and the madda as a search reads them (ؤ ئ آ as و ی ا): the seed's SQL
 *  translates them, as normalizePersian does. */
const seatsRead = (text: string) => text.replace(/[ؤئآ]/g, (ch) => ({ ؤ: 'و', ئ: 'ی', آ: 'ا' })[ch] ?? ch);

/** The vocabulary must be its own search key but for the seats and the affixes search_fold
 *  joins (migration 0025), or the seeded search text would differ from what the server
 *  writes (and finds). */
for (const text of [...KINDS, ...TOPICS, ...SENTENCES, 'پرونده'])
  if (searchKey(text) !== foldAffixes(seatsRead(text)))
    throw new Error(`bench vocabulary is not normalised: ${text}`);

export interface LetterPool {
  tenantId: number;
  /** User ids; the first is the bench's signed-in user. Names in the same order. */
  users: number[];
  names: string[];
  /** The default scheme and its prefix of each letter type. */
  schemes: Record<4 | 5 | 6, { id: number; prefix: string }>;
  reciveMethod: number;
  customers: number[];
  customerNames: string[];
}

/** Letters g = from … to of `count`, ids base + g. */
async function seedBatch(
  db: EngineDb,
  pool: LetterPool,
  base: number,
  from: number,
  to: number,
  count: number,
) {
  const n = pool.users.length;
  const unreadFrom = count - Math.ceil(count / 20);
  const awaitedFrom = count - Math.ceil(count / 10);
  const scheme = (type: 4 | 5 | 6) => pool.schemes[type];
  await sql`
    WITH v AS MATERIALIZED (
      SELECT ${pool.users}::int[] AS users, ${pool.names}::text[] AS names,
             ${pool.customers}::int[] AS customers, ${pool.customerNames}::text[] AS customer_names,
             ${KINDS}::text[] AS kinds, ${TOPICS}::text[] AS topics, ${SENTENCES}::text[] AS sentences
    ),
    plan AS MATERIALIZED (
      SELECT g, ${base}::int + g AS id,
             ((g::bigint * 7919) % ${n})::int AS author,
             CASE WHEN g % 20 = 0 THEN 5 WHEN g % 20 = 1 THEN 6 ELSE 4 END AS type,
             now() - (${count}::int - g) * interval '37 seconds' AS at,
             v.kinds[1 + g % ${KINDS.length}] || ' ' || v.topics[1 + (g / 7) % ${TOPICS.length}] || ' پرونده ' || g AS subject,
             v.sentences[1 + g % ${SENTENCES.length}] AS first_line,
             v.sentences[1 + (g / 3) % ${SENTENCES.length}] AS second_line,
             1 + (g % 3 = 0)::int + (g % 7 = 0)::int AS recipients,
             g % 4 = 0 AS copied,
             g % 10 = 2 AS asks,
             g >= ${unreadFrom} AS recent,
             g >= ${awaitedFrom} AS awaited,
             1 + (g / 20) % ${pool.customers.length} AS customer
        FROM generate_series(${from}::int, ${to}::int) AS g, v
    ),
    addressed AS MATERIALIZED (
      -- Colleagues by kind, to (1) before cc (2); never the author; the admin every 200th.
      SELECT DISTINCT ON (p.id, u.idx) p.id, p.g, p.author, p.type, p.asks, p.recent, p.awaited, p.at,
             u.idx, u.kind, u.position
        FROM plan p,
             LATERAL (
               SELECT (p.author + 1 + ((p.g * 13 + k * 37) % (${n} - 1))) % ${n} AS idx, 1 AS kind, k AS position
                 FROM generate_series(0, p.recipients - 1) AS k
                WHERE p.type <> 6
               UNION ALL
               SELECT (p.author + 1 + ((p.g * 17 + 101) % (${n} - 1))) % ${n}, 2, 10 WHERE p.copied
               UNION ALL
               SELECT 0, 1, 9 WHERE p.g % 200 = 1 AND p.author <> 0 AND p.type <> 6
             ) AS u
       ORDER BY p.id, u.idx, u.kind
    ),
    names AS (
      SELECT a.id,
             string_agg(v.names[a.idx + 1], '، ' ORDER BY a.position) FILTER (WHERE a.kind = 1) AS to_names,
             string_agg(v.names[a.idx + 1], '، ' ORDER BY a.position) FILTER (WHERE a.kind = 2) AS cc_names
        FROM addressed a, v GROUP BY a.id
    ),
    letters AS (
      INSERT INTO messages (id, tenant_id, message_type_fk, subject, message_body, body_excerpt, andikator_fk, recive_method_fk,
                            imported_msg_number, imported_msg_date, from_customer_fk, from_man_user_id, answer_request,
                            author_id, sender_id, is_send, sent_at, signed_by, signed_at, number, andikator_prefix,
                            message_from, message_to, message_cc, created_at, first_read_at)
      SELECT p.id, ${pool.tenantId}::int, p.type, p.subject,
             '<p>' || p.first_line || '</p><p>' || p.second_line || '</p>',
             left(p.first_line || ' ' || p.second_line, 200),
             CASE p.type WHEN 4 THEN ${scheme(4).id}::int WHEN 5 THEN ${scheme(5).id}::int ELSE ${scheme(6).id}::int END,
             CASE WHEN p.type = 5 THEN ${pool.reciveMethod}::int END,
             CASE WHEN p.type = 5 THEN 'و' || (p.g * 3) ELSE '' END,
             CASE WHEN p.type = 5 THEN p.at - interval '2 days' END,
             CASE WHEN p.type = 5 THEN v.customers[p.customer] END,
             CASE WHEN p.type = 6 THEN v.users[p.author + 1] END,
             p.type = 4 AND p.asks,
             v.users[p.author + 1], v.users[p.author + 1], true, p.at, v.users[p.author + 1], p.at, p.g,
             CASE p.type WHEN 4 THEN ${scheme(4).prefix}::text WHEN 5 THEN ${scheme(5).prefix}::text ELSE ${scheme(6).prefix}::text END,
             CASE WHEN p.type = 5 THEN v.customer_names[p.customer] ELSE v.names[p.author + 1] END,
             CASE WHEN p.type = 6 THEN v.customer_names[p.customer] ELSE coalesce(nm.to_names, '') END,
             coalesce(nm.cc_names, ''), p.at,
             CASE WHEN NOT p.recent THEN p.at + interval '1 hour' END
        FROM plan p CROSS JOIN v LEFT JOIN names nm ON nm.id = p.id
      RETURNING id, andikator_prefix, number, subject, message_body, message_from, message_to, message_cc,
                imported_msg_number, author_id, created_at
    ),
    customers AS (
      INSERT INTO message_customers (tenant_id, message_id, customer_id, position)
      SELECT ${pool.tenantId}::int, p.id, v.customers[p.customer], 0 FROM plan p, v WHERE p.type = 6
    ),
    recipients AS (
      INSERT INTO message_recipients (tenant_id, message_id, user_id, kind, position)
      SELECT ${pool.tenantId}::int, a.id, v.users[a.idx + 1], a.kind, a.position FROM addressed a, v
    ),
    boxes AS (
      INSERT INTO message_boxes (tenant_id, user_id, message_id, sort_key, message_type, from_user_id, inbox,
                                 recipient_kind, is_read, first_read_at, answer_request, sent)
      SELECT ${pool.tenantId}::int, v.users[p.author + 1], p.id, p.g::bigint * 4, p.type, NULL::int,
             false, NULL::smallint, false, NULL::timestamptz, false, true
        FROM plan p, v
      UNION ALL
      SELECT ${pool.tenantId}::int, v.users[a.idx + 1], a.id, a.g::bigint * 4 + 1, a.type, v.users[a.author + 1], true,
             a.kind, NOT (a.recent AND a.idx % 5 <> 0),
             CASE WHEN NOT (a.recent AND a.idx % 5 <> 0) THEN a.at + interval '1 hour' END,
             a.type = 4 AND a.asks AND a.kind = 1 AND a.awaited, false
        FROM addressed a, v
      RETURNING user_id, message_id, is_read, first_read_at, inbox
    ),
    search AS (
      INSERT INTO messages_search (tenant_id, id, search_text)
      SELECT ${pool.tenantId}::int, l.id,
             search_fold(lower(translate(concat_ws(' ', l.andikator_prefix || l.number, l.subject,
                   trim(regexp_replace(regexp_replace(l.message_body, '<[^>]+>', ' ', 'g'), '[[:space:]]+', ' ', 'g')),
                   nullif(l.message_from, ''), nullif(l.message_to, ''), nullif(l.message_cc, ''),
                   nullif(l.imported_msg_number, '')), 'ؤئآ', 'ویا')))
        FROM letters l
    )
    INSERT INTO message_events (tenant_id, message_id, event_type, user_id, created_at)
    SELECT ${pool.tenantId}::int, l.id, e.type, l.author_id, l.created_at FROM letters l, (VALUES (1), (3)) AS e (type)
    UNION ALL
    SELECT ${pool.tenantId}::int, b.message_id, 8, b.user_id, b.first_read_at FROM boxes b WHERE b.inbox AND b.is_read
  `.execute(db);
}

const BATCH = 25_000;

/** `count` letters among the pool's users; answers the first letter's id. */
export async function seedLetters(db: EngineDb, pool: LetterPool, count: number): Promise<number> {
  if (count <= 0 || pool.users.length < 2) return 0;
  // Ids from the sequence (every tenant's; a max(id) would see this tenant's rows only).
  const { rows } = await sql<{ base: number }>`SELECT nextval('messages_id_seq') - 1 AS base`.execute(db);
  const base = Number(rows[0].base);
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(from + BATCH - 1, count);
    await db.transaction().execute((trx) => seedBatch(trx, pool, base, from, to, count));
  }
  await sql`SELECT setval('messages_id_seq', ${base + count}::int)`.execute(db);
  // New arrivals go after every seeded one, in this tenant and in those seeded before.
  await sql`SELECT setval('message_box_sort_seq', greatest((SELECT last_value FROM message_box_sort_seq),
              (SELECT max(sort_key) FROM message_boxes), 1))`.execute(db);
  // The schemes go on after the numbers the letters took.
  await sql`UPDATE andikators a SET last_message_number = greatest(a.last_message_number, m.top)
              FROM (SELECT andikator_fk, max(number) AS top FROM messages WHERE tenant_id = ${pool.tenantId} GROUP BY andikator_fk) m
             WHERE a.tenant_id = ${pool.tenantId} AND a.id = m.andikator_fk`.execute(db);
  return base + 1;
}

/** The tables the letters fill, for VACUUM ANALYZE after seeding (index-only scans need the
 *  visibility map a steady database has). */
export const LETTER_TABLES = [
  'messages',
  'message_boxes',
  'message_box_counts',
  'message_recipients',
  'message_customers',
  'messages_search',
  'message_events',
];

/** The letter writers of a tenant: its users (the administrator first), its default
 *  schemes, a receive method and up to a thousand of its customers (made when it has none). */
export async function letterPoolOf(
  db: EngineDb,
  tenantId: number,
  adminUsername: string,
): Promise<LetterPool> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'username'])
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .execute();
  users.sort((a, b) => Number(b.username === adminUsername) - Number(a.username === adminUsername));
  const schemes = await db
    .selectFrom('andikators')
    .select(['id', 'message_type_fk', 'andikator_pre_fix'])
    .where('tenant_id', '=', tenantId)
    .where('is_default', '=', true)
    .execute();
  const schemeOf = (type: number) => {
    const found = schemes.find((s: { message_type_fk: number }) => s.message_type_fk === type);
    if (!found)
      throw new Error(`tenant ${tenantId} has no default numbering scheme for letters of type ${type}`);
    return { id: found.id as number, prefix: found.andikator_pre_fix as string };
  };
  const method = await db
    .selectFrom('recive_methods')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  let customers = await db
    .selectFrom('customers')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .limit(1000)
    .execute();
  if (!customers.length) {
    await db
      .insertInto('customers')
      .values(
        ['شرکت آریا', 'بازرگانی پارس', 'صنایع البرز'].map((name, i) => ({
          ...rowOf(customer, tenantId, {
            Name: name,
            Code: `L-${tenantId}-${i + 1}`,
            CreatedDate: '2025-03-21',
            CreditDate: '2026-03-20',
          }),
        })),
      )
      .execute();
    customers = await db
      .selectFrom('customers')
      .select(['id', 'name'])
      .where('tenant_id', '=', tenantId)
      .execute();
  }
  return {
    tenantId,
    users: users.map((u: { id: number }) => u.id),
    names: users.map((u: { first_name: string; last_name: string }) =>
      `${u.first_name} ${u.last_name}`.trim(),
    ),
    schemes: { 4: schemeOf(4), 5: schemeOf(5), 6: schemeOf(6) },
    reciveMethod: method.id,
    customers: customers.map((c: { id: number }) => c.id),
    customerNames: customers.map((c: { name: string }) => c.name),
  };
}

/**
 * `count` small organisations beside the big one, each with its administrator, three
 * colleagues (sharing the administrator's password hash: no argon2 per user), its master
 * data and `lettersEach` letters — so the big tenant's indexes hold other tenants' rows,
 * as a shared database does.
 */
export async function seedSmallTenants(db: DB, count: number, lettersEach: number) {
  const people = ['سارا', 'رضا', 'نرگس'];
  for (let i = 1; i <= count; i++) {
    const { tenantId } = await createTenant(db, {
      fullName: `سازمان کوچک ${i}`,
      hosts: [`t${i}.bench.localhost`],
      admin: { username: '09120000000', password: 'bench1234', firstName: 'مدیر', lastName: `سازمان ${i}` },
      permissions: TENANT_PERMISSIONS,
    });
    await withTenant(tenantId, async () => {
      await sql`INSERT INTO users (tenant_id, username, password_hash, first_name, last_name, mobile)
        SELECT ${tenantId}::int, '0936' || lpad((${i}::int * 10 + k)::text, 7, '0'), u.password_hash, (${people}::text[])[k], 'همکار', ''
          FROM users u, generate_series(1, ${people.length}::int) AS k
         WHERE u.tenant_id = ${tenantId}`.execute(db);
      await seedTenantMasterData(db, tenantId);
      const engineDb = db as unknown as EngineDb;
      await seedLetters(engineDb, await letterPoolOf(engineDb, tenantId, '09120000000'), lettersEach);
    });
  }
}
