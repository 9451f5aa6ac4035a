// A new tenant's starting master data: Iran's 31 provinces with their main cities, a
// small organisation chart with posts, the Iranian banks, a few customer, contract
// and project groups and content categories, and a person for each user who has none
// (the first administrator), so that everyone who signs in is listed among the people. Each part is written only when the tenant
// has none of it yet, so running it again changes nothing. Rows are built by the
// engine's own functions (input schema, columns, search text, tree path).
import { withTenant } from '../db/tenant-fence';
import type { DB } from '../db/database';
import type { Trx } from '../masterdata/hooks';
import { hasRecords, insertRow, insertRows, treePath } from '../masterdata/repository';
import { searchText, toColumns, type Row } from '../masterdata/values';
import { inputSchema, type Resource } from '../../src/schemas/kit';
import { city, province } from '../../src/schemas/places';
import { bank } from '../../src/schemas/banks';
import { orgPost, orgUnit } from '../../src/schemas/organisation';
import { blogCategory, contractGroup, customerGroup, projectGroup } from '../../src/schemas/groups';
import { person } from '../../src/schemas/people';
import { inTransaction } from '../db/in-transaction';

/** Provinces with their capital first, then major cities. */
export const PROVINCES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['آذربایجان شرقی', ['تبریز', 'مراغه', 'مرند', 'میانه', 'اهر']],
  ['آذربایجان غربی', ['ارومیه', 'خوی', 'مهاباد', 'میاندوآب', 'بوکان']],
  ['اردبیل', ['اردبیل', 'پارس‌آباد', 'مشگین‌شهر', 'خلخال']],
  ['اصفهان', ['اصفهان', 'کاشان', 'نجف‌آباد', 'خمینی‌شهر', 'شاهین‌شهر']],
  ['البرز', ['کرج', 'فردیس', 'نظرآباد', 'هشتگرد', 'کمال‌شهر']],
  ['ایلام', ['ایلام', 'دهلران', 'ایوان', 'آبدانان']],
  ['بوشهر', ['بوشهر', 'برازجان', 'گناوه', 'کنگان']],
  ['تهران', ['تهران', 'اسلامشهر', 'شهریار', 'ورامین', 'قدس']],
  ['چهارمحال و بختیاری', ['شهرکرد', 'بروجن', 'فارسان', 'لردگان']],
  ['خراسان جنوبی', ['بیرجند', 'قائن', 'طبس', 'فردوس']],
  ['خراسان رضوی', ['مشهد', 'نیشابور', 'سبزوار', 'تربت حیدریه', 'قوچان']],
  ['خراسان شمالی', ['بجنورد', 'شیروان', 'اسفراین']],
  ['خوزستان', ['اهواز', 'دزفول', 'آبادان', 'خرمشهر', 'بندر ماهشهر']],
  ['زنجان', ['زنجان', 'ابهر', 'خرمدره']],
  ['سمنان', ['سمنان', 'شاهرود', 'دامغان', 'گرمسار']],
  ['سیستان و بلوچستان', ['زاهدان', 'زابل', 'چابهار', 'ایرانشهر']],
  ['فارس', ['شیراز', 'مرودشت', 'جهرم', 'فسا', 'کازرون']],
  ['قزوین', ['قزوین', 'تاکستان', 'الوند', 'بوئین‌زهرا']],
  ['قم', ['قم', 'جعفریه', 'قنوات']],
  ['کردستان', ['سنندج', 'سقز', 'مریوان', 'بانه']],
  ['کرمان', ['کرمان', 'سیرجان', 'رفسنجان', 'جیرفت', 'بم']],
  ['کرمانشاه', ['کرمانشاه', 'اسلام‌آباد غرب', 'کنگاور', 'هرسین']],
  ['کهگیلویه و بویراحمد', ['یاسوج', 'دوگنبدان', 'دهدشت']],
  ['گلستان', ['گرگان', 'گنبد کاووس', 'علی‌آباد کتول', 'بندر ترکمن']],
  ['گیلان', ['رشت', 'بندر انزلی', 'لاهیجان', 'لنگرود', 'آستارا']],
  ['لرستان', ['خرم‌آباد', 'بروجرد', 'دورود', 'الیگودرز']],
  ['مازندران', ['ساری', 'بابل', 'آمل', 'قائم‌شهر', 'چالوس']],
  ['مرکزی', ['اراک', 'ساوه', 'خمین', 'محلات']],
  ['هرمزگان', ['بندرعباس', 'قشم', 'میناب', 'بندر لنگه', 'کیش']],
  ['همدان', ['همدان', 'ملایر', 'نهاوند', 'اسدآباد']],
  ['یزد', ['یزد', 'میبد', 'اردکان', 'بافق']],
];

export const BANKS = [
  'بانک ملی ایران',
  'بانک ملت',
  'بانک صادرات ایران',
  'بانک تجارت',
  'بانک سپه',
  'بانک مسکن',
  'بانک کشاورزی',
  'بانک پاسارگاد',
  'بانک سامان',
  'بانک پارسیان',
  'بانک رفاه کارگران',
  'پست بانک ایران',
];

interface UnitSeed {
  title: string;
  posts: string[];
  children?: UnitSeed[];
}

export const ORG_CHART: UnitSeed = {
  title: 'مدیریت عامل',
  posts: ['مدیرعامل', 'مسئول دفتر مدیرعامل'],
  children: [
    {
      title: 'معاونت مالی و اداری',
      posts: ['معاون مالی و اداری'],
      children: [
        { title: 'امور مالی', posts: ['مدیر امور مالی', 'کارشناس حسابداری'] },
        { title: 'امور اداری', posts: ['مدیر امور اداری', 'کارشناس منابع انسانی', 'مسئول دبیرخانه'] },
      ],
    },
    {
      title: 'معاونت فنی',
      posts: ['معاون فنی'],
      children: [
        { title: 'امور فنی و مهندسی', posts: ['مدیر فنی', 'کارشناس فنی'] },
        { title: 'فناوری اطلاعات', posts: ['کارشناس فناوری اطلاعات'] },
      ],
    },
  ],
};

const CUSTOMER_GROUPS = ['مشتریان دولتی', 'مشتریان خصوصی', 'همکاران تجاری'];
const CONTRACT_GROUPS = [
  { ContractGroupTitle: 'قراردادهای فروش', ContractType: 2, IsCost: false },
  { ContractGroupTitle: 'قراردادهای خرید و تأمین', ContractType: 2, IsCost: true },
  { ContractGroupTitle: 'قراردادهای پیمانکاری', ContractType: 2, IsCost: true },
  { ContractGroupTitle: 'قراردادهای پرسنلی', ContractType: 1, IsCost: true },
];
const PROJECT_GROUPS = ['پروژه‌های داخلی', 'پروژه‌های مشتریان', 'پژوهش و توسعه'];
const BLOG_CATEGORIES = ['اخبار', 'اطلاعیه‌ها', 'مقالات'];

/** A table row of `resource` from API-style input, exactly as the create call would write it. */
export function rowOf(resource: Resource, tenantId: number, input: Record<string, unknown>): Row {
  const values = toColumns(resource, inputSchema(resource, 'create').parse(input), 'create');
  return { ...values, tenant_id: tenantId, search_text: searchText(resource, values) };
}

const isEmpty = async (trx: Trx, resource: Resource, tenantId: number) =>
  !(await hasRecords(trx, resource, tenantId));

const insertAll = (trx: Trx, resource: Resource, tenantId: number, inputs: Record<string, unknown>[]) =>
  insertRows(
    trx,
    resource,
    inputs.map((input) => rowOf(resource, tenantId, input)),
  );

async function seedPlaces(trx: Trx, tenantId: number) {
  if (!(await isEmpty(trx, province, tenantId))) return;
  const ids = await insertAll(
    trx,
    province,
    tenantId,
    PROVINCES.map(([title]) => ({ Title: title })),
  );
  const cities = PROVINCES.flatMap(([, names], index) =>
    names.map((title) => ({ Title: title, ProvinceFk: ids[index] })),
  );
  await insertAll(trx, city, tenantId, cities);
}

async function seedOrgUnit(trx: Trx, tenantId: number, unit: UnitSeed, parentId?: number) {
  const row = rowOf(orgUnit, tenantId, {
    OrgUnitTitle: unit.title,
    ParentOrgUnitFk: parentId,
    IsActive: true,
  });
  row.full_name = await treePath(trx, orgUnit, tenantId, parentId ?? null, unit.title);
  const id = await insertRow(trx, orgUnit, row);
  await insertAll(
    trx,
    orgPost,
    tenantId,
    unit.posts.map((title) => ({ OrgPostTitle: title, OrgUnitFk: id, IsActive: true })),
  );
  for (const child of unit.children ?? []) await seedOrgUnit(trx, tenantId, child, id);
}

async function seedList(trx: Trx, resource: Resource, tenantId: number, inputs: Record<string, unknown>[]) {
  if (await isEmpty(trx, resource, tenantId)) await insertAll(trx, resource, tenantId, inputs);
}

/** A person row for every user of the tenant without one (mobile = the username). */
async function seedPeopleOfUsers(trx: Trx, tenantId: number) {
  const users = await trx
    .selectFrom('users as u')
    .select(['u.id', 'u.username', 'u.first_name', 'u.last_name', 'u.is_active'])
    .where('u.tenant_id', '=', tenantId)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('persons as p').select('p.id').whereRef('p.user_fk', '=', 'u.id'))),
    )
    .orderBy('u.id')
    .execute();
  if (!users.length) return;
  const rows = users.map((user) => {
    const input = {
      FirstName: user.first_name,
      LastName: user.last_name,
      Mobile: user.username,
      IsActive: user.is_active,
      WhatsApp: true,
    };
    const values = toColumns(person, input, 'create');
    return { ...values, tenant_id: tenantId, user_fk: user.id, search_text: searchText(person, values) };
  });
  await insertRows(trx, person, rows);
}

async function seedOrganisationMasterDataUnfenced(db: DB, tenantId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await seedPlaces(trx, tenantId);
    if (await isEmpty(trx, orgUnit, tenantId)) await seedOrgUnit(trx, tenantId, ORG_CHART);
    await seedList(
      trx,
      bank,
      tenantId,
      BANKS.map((title) => ({ Title: title })),
    );
    await seedList(
      trx,
      customerGroup,
      tenantId,
      CUSTOMER_GROUPS.map((title) => ({ CustomerGroupTitle: title })),
    );
    await seedList(trx, contractGroup, tenantId, CONTRACT_GROUPS);
    await seedList(
      trx,
      projectGroup,
      tenantId,
      PROJECT_GROUPS.map((title) => ({ ProjectGroupTitle: title })),
    );
    await seedList(
      trx,
      blogCategory,
      tenantId,
      BLOG_CATEGORIES.map((title) => ({ Title: title })),
    );
    await seedPeopleOfUsers(trx, tenantId);
  });
}

/** A person for every user of the tenant without one, in its own transaction (the bench's
 *  users, made after the first start's seed, are letters' recipients as the demo's are). */
export function seedPeopleOfTenantUsers(db: DB, tenantId: number) {
  return withTenant(tenantId, () => inTransaction(db, (trx) => seedPeopleOfUsers(trx, tenantId)));
}

/** Fenced to the tenant it writes for (tenant-fence.ts). */
export function seedOrganisationMasterData(db: DB, tenantId: number) {
  return withTenant(tenantId, () => seedOrganisationMasterDataUnfenced(db, tenantId));
}
