// First start: the platform operator's tenant on PLATFORM_HOST and a demo organisation
// answering localhost and 127.0.0.1, each with an admin holding every permission;
// with DEMO_DATA, colleagues and quick links so the screens have something to show.
import { sql } from 'kysely';
import type { Config } from '../config';
import { ConfigError } from '../config';
import type { DB } from '../db/database';
import { PERMISSIONS, TENANT_PERMISSIONS } from '../../src/shared/permissions';
import { addUser, createTenant } from '../tenancy/create-tenant';
import { emblemLogo } from './logo';
import { link } from '../../src/schemas/links';
import { searchText } from '../masterdata/values';
import { seedCorrespondenceMasterData } from './correspondence-seed';
import { seedOrganisationMasterData } from './organisation-seed';
import { seedDemoCustomers } from './demo-customers';
import { seedDemoLetters } from './demo-letters';
import type { Services } from '../services';

export const DEMO_TENANT_NAME = 'شرکت نمونه دبیر';
export const DEMO_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
export const DEMO_COLLEAGUE_PASSWORD = 'demo1234';

const COLLEAGUES = [
  { username: '09121111111', firstName: 'مریم', lastName: 'احمدی' },
  { username: '09122222222', firstName: 'علی', lastName: 'رضایی' },
  { username: '09123333333', firstName: 'زهرا', lastName: 'کریمی' },
  { username: '09124444444', firstName: 'حسین', lastName: 'محمدی' },
  { username: '09125555555', firstName: 'فاطمه', lastName: 'حسینی' },
];
const STAFF_PERMISSIONS = ['Messages', 'CreateInternalMessage', 'Projects', 'Tasks', 'Customers', 'Links'];

const SEED_LOCK = 7_251_003;

/** One transaction: a first start that fails halfway leaves no half-seeded database, and
 *  two processes starting together on one PostgreSQL database seed it once. */
export async function seedIfEmpty(db: DB, config: Config): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const existing = await trx.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    await seedTenants(trx, config);
    return true;
  });
}

async function seedTenants(db: DB, config: Config) {
  if (!config.adminPassword) {
    throw new ConfigError(
      "ADMIN_PASSWORD must be set for the first start on PostgreSQL (DATABASE_URL): it becomes the administrators' password.",
    );
  }
  const admin = {
    username: config.adminUsername,
    password: config.adminPassword,
    firstName: 'مدیر',
    lastName: 'سامانه',
  };
  const platform = await createTenant(db, {
    fullName: 'سامانه دبیر',
    hosts: [config.platformHost],
    isPlatform: true,
    logo: emblemLogo('د', '#37474F'),
    admin,
    permissions: Object.keys(PERMISSIONS),
  });
  await seedTenantMasterData(db, platform.tenantId);
  const demo = await createTenant(db, {
    fullName: DEMO_TENANT_NAME,
    hosts: DEMO_HOSTS,
    logo: emblemLogo('د', '#7B1FA2'),
    admin,
    permissions: TENANT_PERMISSIONS,
  });
  // After the demo colleagues: the organisation seed gives every user a person record.
  if (config.demoData) await seedDemoData(db, demo.tenantId, demo.adminId);
  await seedTenantMasterData(db, demo.tenantId);
  // Customers sit in the master data's customer groups.
  if (config.demoData) await seedDemoCustomers(db, demo.tenantId);
}

/** The demo organisation's letters, once its people exist (seed/demo-letters.ts). */
export async function seedDemoTenantLetters(services: Services, adminUsername: string) {
  const demo = await services.tenants.byHost(DEMO_HOSTS[0]);
  if (demo) await seedDemoLetters(services, demo.id, adminUsername);
}

/** The master data every new organisation starts with (receive methods, numbering
 *  schemes, a public letter template, …). */
export async function seedTenantMasterData(db: DB, tenantId: number) {
  await seedCorrespondenceMasterData(db, tenantId);
  await seedOrganisationMasterData(db, tenantId);
}

async function seedDemoData(db: DB, tenantId: number, adminId: number) {
  for (const colleague of COLLEAGUES) {
    await addUser(db, tenantId, {
      ...colleague,
      password: DEMO_COLLEAGUE_PASSWORD,
      groupTitle: 'کارکنان',
      permissions: STAFF_PERMISSIONS,
    });
  }
  const links = [
    { caption: 'سامانه ثبت اسناد', url: 'https://www.ssaa.ir' },
    { caption: 'سازمان امور مالیاتی', url: 'https://www.intamedia.ir' },
    { caption: 'تقویم رسمی کشور', url: 'https://calendar.ut.ac.ir' },
  ];
  await db
    .insertInto('links')
    .values(
      links.map((l) => ({ tenant_id: tenantId, user_id: adminId, ...l, search_text: searchText(link, l) })),
    )
    .execute();
}
