// Records chosen by their title alone (kit `ownTitle`): a second record whose title reads
// as one the tenant has — among the same province, bank or parent where the schema says —
// is refused, on a create and on a rename or move into the pair; twins saved before stay
// editable; another tenant's titles are its own; of two creates at once, one wins. The
// probe (helper-86): «مشتریان دولتی» three times, «تهران» twice, «بانک هیئت امنا» three
// times, the account «0101-2233-44» twice in one bank. Real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSystem } from '../../server/db/tenant-fence';
import { findPrincipal } from '../../server/auth/sessions';
import { RESOURCES, resourceByName, type Resource } from '../../src/schemas';
import { cleanPersianText } from '../../src/shared/persian';
import { addSecondTenant, DEMO_ADMIN, ENGINES, startTestServer, type TestServer } from './harness';
import { createSample, sampleInput } from './masterdata-samples';

/** Every resource that declares the rule, and what its title and its siblings are. */
const DECLARED = RESOURCES.filter((resource) => resource.ownTitle);

const titleKey = (resource: Resource) => resource.inputName(resource.titleFieldNames()[0]);
const withinKey = (resource: Resource) =>
  resource.ownTitle?.within ? resource.inputName(resource.ownTitle.within) : undefined;

describe.each(ENGINES)('master-data titles of their own (%s)', (engine) => {
  let server: TestServer;
  let admin: string;
  let other: string;
  let tenantId: number;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    await addSecondTenant(server);
    admin = (await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token;
    other = (await server.api.signIn(DEMO_ADMIN.username, 'other-pass', 'second.localhost')).token;
    tenantId = (await findPrincipal(server.built.services.db, admin))!.tenantId;
  });
  afterAll(() => server?.stop());

  const create = (resource: Resource, input: Record<string, unknown>, token = admin) =>
    server.api.post(`${resource.name}/create/`, input, { token });
  const update = (resource: Resource, json: Record<string, unknown>) =>
    server.api.call('PUT', `${resource.name}/update/`, { token: admin, json });
  /** A new record of the resource a `within` field points to (a province, a bank, a parent). */
  const newParent = (resource: Resource, token = admin) =>
    createSample(
      server.api,
      token,
      resourceByName(resource.fields[resource.ownTitle!.within!].meta.resource!)!,
    );

  it('declares the rule on the resources picked by a title alone', () => {
    expect(DECLARED.map((resource) => resource.name).sort()).toEqual(
      [
        'account',
        'archive',
        'bank',
        'bankaccount',
        'blogcategory',
        'cashdesk',
        'city',
        'contractgroup',
        'customergroup',
        'eceemails',
        'favorite',
        'orgpost',
        'orgunit',
        'projectgroup',
        'province',
        'reciveMethod',
        'template',
      ].sort(),
    );
  });

  it.each(DECLARED.map((resource) => [resource.name, resource] as const))(
    '%s: a twin is refused, in its own words; a rename into the pair too; another tenant or another parent has its own',
    async (_name, resource) => {
      const isNumber = resource.ownTitle!.separatorsIgnored;
      const [title, twin] = isNumber
        ? ['0101-2233-44', '۰۱۰۱ ۲۲۳۳ ۴۴']
        : [`گروه‌های ویژه ${resource.name}`, `گروه هاي ويژه ${resource.name}`];
      const within = withinKey(resource);
      const input = await sampleInput(server.api, admin, resource);
      if (within) input[within] = await newParent(resource);
      const first = (await create(resource, { ...input, [titleKey(resource)]: title })).body;
      expect(first.status, JSON.stringify(first)).toBe(1);

      const refused = (await create(resource, { ...input, [titleKey(resource)]: twin })).body;
      expect(refused).toEqual({ status: 0, message: resource.ownTitle!.message(cleanPersianText(twin)) });
      expect(refused.message).toContain(`«${cleanPersianText(twin)}»`);

      // A rename into the pair is refused; a save of the title as it reads is not.
      const second = (await create(resource, { ...input, [titleKey(resource)]: `${title} دوم` })).body;
      expect(second.status, JSON.stringify(second)).toBe(1);
      expect((await update(resource, { Id: second.id, [titleKey(resource)]: twin })).body.status).toBe(0);
      expect((await update(resource, { Id: first.id, [titleKey(resource)]: twin })).body.status).toBe(1);

      if (within) {
        // Under another parent it is another title; moved into the pair, it is refused.
        const elsewhere = await newParent(resource);
        const apart = (await create(resource, { ...input, [within]: elsewhere, [titleKey(resource)]: twin }))
          .body;
        expect(apart.status, JSON.stringify(apart)).toBe(1);
        expect((await update(resource, { Id: apart.id, [within]: input[within] })).body).toEqual({
          status: 0,
          message: resource.ownTitle!.message(cleanPersianText(twin)),
        });
      }

      // Another tenant's record of the same title is its own.
      const theirs = await sampleInput(server.api, other, resource);
      if (within) theirs[within] = await newParent(resource, other);
      const answer = (await create(resource, { ...theirs, [titleKey(resource)]: title }, other)).body;
      expect(answer.status, JSON.stringify(answer)).toBe(1);
    },
  );

  it('refuses the probe’s twins: «مشتریان دولتی» typed with ي, «تهران» twice, «بانک هیئت امنا» written otherwise', async () => {
    const group = resourceByName('customergroup')!;
    // The demo's groups hold it (server/seed/organisation-seed.ts).
    for (const twin of ['مشتريان دولتي', 'مشتریان دولتی', ' مشتریان‌ دولتی ', 'مشتریان دولـتی'])
      expect((await create(group, { CustomerGroupTitle: twin })).body, JSON.stringify(twin)).toEqual({
        status: 0,
        message: `گروه مشتریانی با عنوان «${cleanPersianText(twin)}» هست؛ عنوان دیگری بنویسید`,
      });
    // The customer form's picker lists it once.
    const picked = (
      await server.api.get('customergroup/lookup/', { Phrase: 'مشتریان دولتی' }, { token: admin })
    ).body.records as { title: string }[];
    expect(picked.map((record) => record.title)).toEqual(['مشتریان دولتی']);

    const province = resourceByName('province')!;
    const tehran = (await server.api.get('province/lookup/', { Phrase: 'تهران' }, { token: admin })).body
      .records as { title: string }[];
    expect(tehran.map((record) => record.title)).toContain('تهران');
    expect((await create(province, { Title: 'تهران' })).body).toEqual({
      status: 0,
      message: 'استانی با نام «تهران» هست؛ نام دیگری بنویسید',
    });

    const bank = resourceByName('bank')!;
    expect((await create(bank, { Title: 'بانک هیئت امنا' })).body.status).toBe(1);
    for (const twin of ['بانک هيئت امنا', 'بانک هیئت‌امنا', 'ﺑﺎﻧﮏ هیئت امنا'])
      expect((await create(bank, { Title: twin })).body.status, twin).toBe(0);
  });

  it('reads an account number as its digits: Persian digits, dashes of any kind and spaces are one number', async () => {
    const account = resourceByName('bankaccount')!;
    const bank = (await create(resourceByName('bank')!, { Title: 'بانک شماره‌ها' })).body.id as number;
    expect((await create(account, { BankFk: bank, Number: '0101-2233-44' })).body.status).toBe(1);
    for (const twin of [
      '0101-2233-44',
      '۰۱۰۱-۲۲۳۳-۴۴',
      '0101223344',
      '0101 2233 44',
      '0101–2233–44',
      '٠١٠١.٢٢٣٣.٤٤',
    ])
      expect((await create(account, { BankFk: bank, Number: twin })).body, twin).toEqual({
        status: 0,
        message: `حساب شماره «${cleanPersianText(twin)}» در همین بانک ثبت شده است؛ شماره دیگری بنویسید`,
      });
    expect((await create(account, { BankFk: bank, Number: '0101-2233-45' })).body.status).toBe(1);
  });

  it('keeps twins saved before editable: saved as they read, renamed, and the rename judged', async () => {
    const db = server.built.services.db;
    const bank = (await create(resourceByName('bank')!, { Title: 'بانک پیشین دوقلو' })).body.id as number;
    const account = resourceByName('bankaccount')!;
    const insert = (number: string) =>
      asSystem(() =>
        db
          .insertInto('bank_accounts')
          .values({ tenant_id: tenantId, bank_fk: bank, number, search_text: number } as never)
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
    const a = (await insert('5555-66')).id;
    const b = (await insert('۵۵۵۵۶۶')).id;
    // Either saves as it reads (its number written otherwise too), with its bank.
    expect((await update(account, { Id: a, Number: '5555-66', BankFk: bank })).body.status).toBe(1);
    expect((await update(account, { Id: b, Number: '5555 66' })).body.status).toBe(1);
    // A rename to a number of its own is taken; back into the pair it is refused.
    expect((await update(account, { Id: b, Number: '5555-67' })).body.status).toBe(1);
    expect((await update(account, { Id: b, Number: '555566' })).body.status).toBe(0);
  });

  it('takes one of several creates of one title at once', async () => {
    const group = resourceByName('customergroup')!;
    const answers = await Promise.all(
      ['همکاران هم‌زمان', 'همكاران هم‌زمان', 'همکاران هم زمان', 'همکاران هم‌زمان'].map((title) =>
        create(group, { CustomerGroupTitle: title }),
      ),
    );
    expect(answers.map((answer) => answer.body.status).sort()).toEqual([0, 0, 0, 1]);
    const city = resourceByName('city')!;
    const province = (await create(resourceByName('province')!, { Title: 'استان هم‌زمان' })).body.id;
    const cities = await Promise.all(
      ['شهر هم‌زمان', 'شهر هم زمان', 'شهر هم‌زمان'].map((title) =>
        create(city, { Title: title, ProvinceFk: province }),
      ),
    );
    expect(cities.map((answer) => answer.body.status).sort()).toEqual([0, 0, 1]);
  });
});
