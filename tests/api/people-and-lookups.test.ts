// People are users: a person created through person/create/ signs in with the mobile
// and password; roles are user groups; deactivating or deleting blocks sign-in. Also the
// enum/ lookups, provinces and cities seeded per tenant, and the tenant fence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_PERMISSIONS } from '../../src/shared/permissions';
import { DEMO_ADMIN, ENGINES, startTestServer, type TestServer } from './harness';
import { createTenant } from '../../server/tenancy/create-tenant';
import { DEMO_COLLEAGUE_PASSWORD } from '../../server/seed/seed';
import { BANKS, PROVINCES, seedOrganisationMasterData } from '../../server/seed/organisation-seed';

const ADMINS = 'مدیران سامانه';
const STAFF = 'کارکنان';

describe.each(ENGINES)('people and lookups (%s)', (engine) => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  let other: string;
  let demoTenantId: number;
  let mobileCounter = 0;

  const nextMobile = () => `0935${String(++mobileCounter).padStart(7, '0')}`;

  /** Status of a sign-in attempt (1 signed in, 0 refused) and its answer. */
  async function signInAnswer(username: string, password: string) {
    const form = new FormData();
    form.append('Username', username);
    form.append('Password', password);
    form.append('WebRootPath', 'localhost');
    return (await server.api.call('POST', 'Authenticate/Authenticate', { form })).body;
  }

  const personInput = (extra: Record<string, unknown> = {}) => ({
    PreTitle: 'آقای',
    FirstName: 'رضا',
    LastName: 'کاظمی',
    Mobile: nextMobile(),
    PassWord: 'first-pass',
    RoleNames: [STAFF],
    ...extra,
  });

  async function createPerson(extra: Record<string, unknown> = {}, token = admin) {
    const input = personInput(extra);
    const answer = await server.api.post('person/create/', input, { token });
    return { input, answer: answer.body, id: answer.body.id as number };
  }

  const update = (id: number, json: Record<string, unknown>, token = admin) =>
    server.api.call('PUT', 'person/update/', { token, json: { Id: id, ...json } });

  beforeAll(async () => {
    server = await startTestServer({ engine });
    const db = server.built.services.db;
    demoTenantId = (await server.built.services.tenants.byHost('localhost'))!.id;
    const second = await createTenant(db, {
      fullName: 'شرکت دوم',
      hosts: ['second.localhost'],
      admin: { username: DEMO_ADMIN.username, password: 'other-pass', firstName: 'م', lastName: 'د' },
      permissions: TENANT_PERMISSIONS,
    });
    // Run at tenant creation; running it again must change nothing.
    for (const tenantId of [demoTenantId, demoTenantId, second.tenantId])
      await seedOrganisationMasterData(db, tenantId);
    admin = (await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token;
    staff = (await server.api.signIn('09121111111', DEMO_COLLEAGUE_PASSWORD)).token;
    other = (await server.api.signIn(DEMO_ADMIN.username, 'other-pass', 'second.localhost')).token;
  });
  afterAll(() => server?.stop());

  it('seeds provinces, cities, the organisation chart, banks and groups once per tenant', async () => {
    const provinces = (await server.api.get('province/list/', { Count: -1 }, { token: admin })).body;
    expect(provinces.record_count).toBe(31);
    const tehran = provinces.records.find((p: { title: string }) => p.title === 'تهران');
    expect(tehran).toMatchObject({ provinceId: expect.any(Number), title: 'تهران' });

    const cities = await server.api.get(
      'city/list/',
      { parentId: tehran.provinceId, Count: -1, Language: 0 },
      { token: admin },
    );
    expect(cities.body.status).toBe(1);
    const titles = cities.body.records.map((c: { title: string }) => c.title);
    expect(titles).toEqual(expect.arrayContaining(['تهران', 'شهریار', 'ورامین']));
    expect(titles).not.toContain('تبریز');
    for (const record of cities.body.records)
      expect(record).toMatchObject({
        cityId: expect.any(Number),
        provinceFk: tehran.provinceId,
        provinceFkTitle: 'تهران',
      });
    const allCities = (await server.api.get('city/list/', { Count: 1 }, { token: admin })).body.record_count;
    expect(allCities).toBe(PROVINCES.reduce((n, [, list]) => n + list.length, 0));

    // A colleague without the Person permission picks places by name through the lookup.
    expect((await server.api.get('province/list/', {}, { token: staff })).body).toEqual({
      status: 0,
      message: 'شما به این بخش دسترسی ندارید',
    });
    const lookedUp = await server.api.get('city/lookup/', { parentId: tehran.provinceId }, { token: staff });
    expect(lookedUp.body.status).toBe(1);
    expect(lookedUp.body.records.map((c: { title: string }) => c.title)).toEqual(
      expect.arrayContaining(['تهران', 'شهریار', 'ورامین']),
    );
    expect(lookedUp.body.totalCount).toBe(lookedUp.body.records.length);
    for (const record of lookedUp.body.records) expect(Object.keys(record).sort()).toEqual(['id', 'title']);

    const units = (await server.api.get('orgunit/list/', { Count: -1 }, { token: admin })).body.records.map(
      (u: { fullName: string }) => u.fullName,
    );
    expect(units).toEqual(
      expect.arrayContaining([
        'مدیریت عامل',
        'مدیریت عامل / معاونت مالی و اداری / امور مالی',
        'مدیریت عامل / معاونت مالی و اداری / امور اداری',
        'مدیریت عامل / معاونت فنی',
      ]),
    );
    const found = await server.api.get('orgunit/list/', { Phrase: 'امور مالی', Count: -1 }, { token: admin });
    expect(found.body.records.map((u: { orgUnitTitle: string }) => u.orgUnitTitle)).toContain('امور مالی');
    const posts = (await server.api.get('orgpost/list/', { Count: -1 }, { token: admin })).body.records;
    expect(posts.find((p: { orgPostTitle: string }) => p.orgPostTitle === 'مدیر امور مالی')).toMatchObject({
      orgUnitFkTitle: 'مدیریت عامل / معاونت مالی و اداری / امور مالی',
    });

    const banks = (await server.api.get('bank/list/', { Count: -1 }, { token: admin })).body.records.map(
      (b: { title: string }) => b.title,
    );
    expect([...banks].sort()).toEqual([...BANKS].sort());
    for (const name of ['customergroup', 'contractgroup', 'projectgroup', 'blogcategory']) {
      expect(
        (await server.api.get(`${name}/list/`, { Count: -1 }, { token: admin })).body.record_count,
      ).toBeGreaterThanOrEqual(3);
    }
    const groups = (await server.api.get('contractgroup/list/', { Count: -1 }, { token: admin })).body
      .records;
    expect(groups).toContainEqual(
      expect.objectContaining({ contractGroupTitle: 'قراردادهای پرسنلی', contractType: 1, isCost: true }),
    );
  });

  it('gives the demo organisation customers in the seeded groups, one of them an ECE receiver', async () => {
    const customers = (await server.api.get('customer/list/', { Count: -1 }, { token: staff })).body.records;
    const publicGroup = (await server.api.get('customergroup/list/', { Phrase: 'دولتی' }, { token: staff }))
      .body.records[0].customerGroupId;
    expect(customers).toContainEqual(
      expect.objectContaining({ name: 'شهرداری تهران', code: '1001', customerGroups: [publicGroup] }),
    );
    const receivers = (await server.api.get('ecereceivers/list/', { Count: -1 }, { token: admin })).body
      .records;
    expect(receivers.map((r: { customerIdTitle: string }) => r.customerIdTitle)).toEqual(['شهرداری تهران']);
    expect((await server.api.get('customer/list/', { Count: -1 }, { token: other })).body.record_count).toBe(
      0,
    );
  });

  it('lists the tenant\u2019s existing users as people, and refuses to delete yourself', async () => {
    const people = (await server.api.get('person/list/', { Count: -1 }, { token: admin })).body;
    expect(people.records.map((p: { mobile: string }) => p.mobile)).toEqual(
      expect.arrayContaining([DEMO_ADMIN.username, '09121111111']),
    );
    const me = people.records.find((p: { mobile: string }) => p.mobile === DEMO_ADMIN.username);
    expect(me).toMatchObject({ firstName: 'مدیر', isActive: true });
    const got = (await server.api.get('person/get/', { Id: me.id }, { token: admin })).body;
    expect(got.roleName).toEqual([ADMINS]);
    const refused = await server.api.call('DELETE', 'person/delete/', { token: admin, json: { Id: me.id } });
    expect(refused.body).toEqual({ status: 0, message: 'نمی‌توانید خودتان را حذف کنید' });
    const theirs = (await server.api.get('person/list/', { Count: -1 }, { token: other })).body.records;
    expect(theirs.map((p: { mobile: string; firstName: string }) => [p.mobile, p.firstName])).toEqual([
      [DEMO_ADMIN.username, 'م'],
    ]);
  });

  it('answers the enumerations and the role names to any signed-in user', async () => {
    const methods = await server.api.get('enum/paymentmethods/', { Language: 0 }, { token: staff });
    expect(methods.body).toMatchObject({
      status: 1,
      records: [
        { id: 0, value: 'تاریخ ثابت' },
        { id: 1, value: 'روزانه' },
        { id: 2, value: 'سالانه' },
        { id: 3, value: 'ماهانه' },
        { id: 4, value: 'هفتگی' },
      ],
    });
    for (const name of [
      'usertype',
      'coefficient',
      'activitytype',
      'paymenttypes',
      'sslredirects',
      'wwwredirects',
    ]) {
      const answer = (await server.api.get(`enum/${name}/`, { Language: 0 }, { token: staff })).body;
      expect(answer.status).toBe(1);
      expect(answer.records.length).toBeGreaterThanOrEqual(2);
      for (const record of answer.records)
        expect(record).toEqual({ id: expect.any(Number), value: expect.stringMatching(/[\u0600-\u06FF]/) });
    }
    expect((await server.api.get('enum/usertype/')).status).toBe(401);

    const roles = await server.api.get('person/allrolenames/', { Language: 0 }, { token: staff });
    expect(roles.body).toMatchObject({ status: 1, allRoleNames: [ADMINS, STAFF] });
    const theirs = await server.api.get('person/allrolenames/', {}, { token: other });
    expect(theirs.body.allRoleNames).toEqual([ADMINS]);
  });

  it('creates a person who signs in with the mobile and password and holds the roles\u2019 permissions', async () => {
    const posts = (await server.api.get('orgpost/list/', { Count: -1 }, { token: admin })).body.records
      .slice(0, 2)
      .map((p: { orgPostId: number }) => p.orgPostId)
      .sort((a: number, b: number) => a - b);
    const tehran = (await server.api.get('province/list/', { Phrase: 'تهران', Count: -1 }, { token: admin }))
      .body.records[0];
    const city = (
      await server.api.get('city/list/', { parentId: tehran.provinceId, Phrase: 'شهریار' }, { token: admin })
    ).body.records[0];
    const { input, answer, id } = await createPerson({
      Mobile: '۰۹۳۵۱۱۱۲۲۳۳',
      NationalCode: '0012345678',
      BirthDate: '1990-05-21T00:00:00',
      GenderFk: 2,
      ProvinceFk: tehran.provinceId,
      CityFk: city.cityId,
      UserTypeFk: 3,
      OrganPosts: posts,
      RoleNames: [STAFF],
      Username: 'ignored',
    });
    expect(answer).toMatchObject({ status: 1, id: expect.any(Number) });
    expect(input.PassWord).toBe('first-pass');

    const signedIn = await signInAnswer('09351112233', 'first-pass');
    expect(signedIn).toMatchObject({
      status: 1,
      username: '09351112233',
      mobile: '09351112233',
      fName: 'رضا',
      lName: 'کاظمی',
    });
    expect(signedIn.permissions).toContain('Customers');
    expect(signedIn.permissions).not.toContain('Person');

    const got = (await server.api.get('person/get/', { Id: id, Language: 0 }, { token: admin })).body;
    expect(got).toMatchObject({
      status: 1,
      roleName: [STAFF],
      organPost: posts.map((orgPostId: number) => ({ orgPostId })),
    });
    expect(got.record).toMatchObject({
      id,
      mobile: '09351112233',
      userName: '09351112233',
      birthDate: '1990-05-21',
      genderFk: 2,
      provinceFk: tehran.provinceId,
      cityFk: city.cityId,
      cityFkTitle: 'شهریار',
      whatsApp: true,
      isActive: true,
      roleNames: [STAFF],
      organPosts: posts,
    });
    expect(got.record).not.toHaveProperty('passWord');
    expect(JSON.stringify(got)).not.toContain('first-pass');

    const list = (await server.api.get('person/list/', { Phrase: 'کاظمی', Count: -1 }, { token: admin }))
      .body;
    expect(list.records.map((r: { id: number }) => r.id)).toContain(id);
  });

  it('takes a mobile as people write it, and the person signs in with it written any way', async () => {
    const { answer, id } = await createPerson({ Mobile: '+98 (912) 444-1234' });
    expect(answer.status).toBe(1);
    const record = (await server.api.get('person/get/', { Id: id }, { token: admin })).body.record;
    expect(record.mobile).toBe('09124441234');
    expect((await signInAnswer('0098 912 444 1234', 'first-pass')).status).toBe(1);
  });

  it('keeps the mobile on edit, changes the password only when given, and refuses a city of another province', async () => {
    const { input, id } = await createPerson();
    const kept = await update(id, {
      ...input,
      Mobile: '09359999999',
      PassWord: '',
      FirstName: 'رضا',
      LastName: 'کاظمی‌نژاد',
    });
    expect(kept.body.status).toBe(1);
    const record = (await server.api.get('person/get/', { Id: id }, { token: admin })).body.record;
    expect(record).toMatchObject({ mobile: input.Mobile, lastName: 'کاظمی‌نژاد' });
    expect((await signInAnswer(input.Mobile, 'first-pass')).lName).toBe('کاظمی‌نژاد');

    const changed = await update(id, { ...input, PassWord: 'second-pass' });
    expect(changed.body.status).toBe(1);
    expect((await signInAnswer(input.Mobile, 'first-pass')).status).toBe(0);
    expect((await signInAnswer(input.Mobile, 'second-pass')).status).toBe(1);

    const provinces = (await server.api.get('province/list/', { Count: -1 }, { token: admin })).body.records;
    const tabriz = (await server.api.get('city/list/', { Phrase: 'تبریز', Count: -1 }, { token: admin })).body
      .records[0];
    const tehran = provinces.find((p: { title: string }) => p.title === 'تهران');
    const wrong = await update(id, { ...input, ProvinceFk: tehran.provinceId, CityFk: tabriz.cityId });
    expect(wrong.body).toEqual({ status: 0, message: 'شهر انتخاب‌شده در استان انتخاب‌شده نیست' });
    const inferred = await update(id, { ...input, CityFk: tabriz.cityId });
    expect(inferred.body.status).toBe(1);
    expect(
      (await server.api.get('person/get/', { Id: id }, { token: admin })).body.record.provinceFkTitle,
    ).toBe('آذربایجان شرقی');
  });

  it('refuses a duplicate mobile, a short or missing password, and missing or unknown roles', async () => {
    const { input } = await createPerson();
    const again = await server.api.post(
      'person/create/',
      { ...personInput(), Mobile: input.Mobile },
      { token: admin },
    );
    expect(again.body).toEqual({ status: 0, message: 'این شماره همراه قبلاً ثبت شده است' });
    const adminsMobile = await server.api.post(
      'person/create/',
      { ...personInput(), Mobile: DEMO_ADMIN.username },
      { token: admin },
    );
    expect(adminsMobile.body).toEqual({ status: 0, message: 'این شماره همراه قبلاً ثبت شده است' });

    const racing = personInput();
    const answers = await Promise.all(
      [1, 2].map(() => server.api.post('person/create/', racing, { token: admin })),
    );
    expect(answers.map((a) => a.body.status).sort()).toEqual([0, 1]);
    expect(answers.find((a) => a.body.status === 0)!.body.message).toBe('این شماره همراه قبلاً ثبت شده است');

    const noPassword = await server.api.post(
      'person/create/',
      { ...personInput(), PassWord: '' },
      { token: admin },
    );
    expect(noPassword.body).toEqual({ status: 0, message: 'رمز عبور الزامی است' });
    const noRoles = await server.api.post(
      'person/create/',
      { ...personInput(), RoleNames: [] },
      { token: admin },
    );
    expect(noRoles.body).toEqual({ status: 0, message: 'نقش‌ها الزامی است' });
    const unknown = personInput({ RoleNames: [STAFF, 'نقش ناموجود'] });
    expect((await server.api.post('person/create/', unknown, { token: admin })).body).toEqual({
      status: 0,
      message: 'نقش «نقش ناموجود» وجود ندارد',
    });
    // Nothing was left behind: the refused mobile is still free.
    expect(
      (await server.api.post('person/create/', { ...unknown, RoleNames: [STAFF] }, { token: admin })).body
        .status,
    ).toBe(1);
  });

  it('blocks sign-in when deactivated or deleted, and gives the mobile back to a new person', async () => {
    const { input, id } = await createPerson({ RoleNames: [STAFF, ADMINS] });
    const session = (await server.api.signIn(input.Mobile, 'first-pass')).token;
    expect((await server.api.get('person/list/', { Count: 1 }, { token: session })).body.status).toBe(1);

    expect((await update(id, { ...input, IsActive: false })).body.status).toBe(1);
    expect((await server.api.get('person/list/', { Count: 1 }, { token: session })).status).toBe(401);
    expect(await signInAnswer(input.Mobile, 'first-pass')).toMatchObject({
      status: 0,
      message: 'حساب کاربری شما غیرفعال است',
    });
    expect((await update(id, { ...input, IsActive: true })).body.status).toBe(1);
    const mine = (await server.api.signIn(input.Mobile, 'first-pass')).token;

    // A person cannot delete or deactivate themselves.
    expect(
      (await server.api.call('DELETE', 'person/delete/', { token: mine, json: { Id: id } })).body,
    ).toEqual({ status: 0, message: 'نمی‌توانید خودتان را حذف کنید' });
    expect((await update(id, { ...input, IsActive: false }, mine)).body).toEqual({
      status: 0,
      message: 'نمی‌توانید حساب کاربری خودتان را غیرفعال کنید',
    });

    expect(
      (await server.api.call('DELETE', 'person/delete/', { token: admin, json: { Id: id } })).body.status,
    ).toBe(1);
    expect((await server.api.get('person/list/', { Count: 1 }, { token: mine })).status).toBe(401);
    expect((await signInAnswer(input.Mobile, 'first-pass')).status).toBe(0);

    const back = await server.api.post(
      'person/create/',
      { ...personInput(), Mobile: input.Mobile, PassWord: 'third-pass' },
      { token: admin },
    );
    expect(back.body.status).toBe(1);
    const signedIn = await signInAnswer(input.Mobile, 'third-pass');
    expect(signedIn.status).toBe(1);
    expect(signedIn.permissions).not.toContain('Person'); // roles were reset to the new person's
  });

  it('lets a picker find people and customers by what it shows, never by a field it hides', async () => {
    const { id } = await createPerson({
      FirstName: 'نسترن',
      LastName: 'پیرنیا',
      NationalCode: '0079512346',
      Email: 'nastaran.p@example.com',
    });
    const lookup = async (resource: string, phrase: string) =>
      (await server.api.get(`${resource}/lookup/`, { Phrase: phrase }, { token: staff })).body;
    // A colleague without the Person permission: the list is closed, the picker open.
    expect((await server.api.get('person/list/', {}, { token: staff })).body.status).toBe(0);
    expect((await lookup('person', 'نسترن پیرنیا')).records.map((r: { id: number }) => r.id)).toEqual([id]);
    for (const hidden of ['0079', '00795123', 'nastaran', '@example'])
      expect(await lookup('person', hidden), hidden).toMatchObject({ records: [], totalCount: 0 });

    const customer = (
      await server.api.post(
        'customer/create/',
        {
          Name: 'بازرگانی نیلوفر',
          Code: 'NL-7731',
          Mobile: '09351234567',
          CreatedDate: '2026-01-01',
          CreditDate: '2026-12-01',
        },
        { token: admin },
      )
    ).body.id as number;
    expect((await lookup('customer', 'nl-7731')).records.map((r: { id: number }) => r.id)).toEqual([
      customer,
    ]);
    expect(await lookup('customer', '0935123')).toMatchObject({ records: [], totalCount: 0 });
  });

  it('finds a mobile or a phone typed in groups, and a code with spaces beside its dash', async () => {
    const customer = (
      await server.api.post(
        'customer/create/',
        {
          Name: 'پخش مروارید',
          Code: 'MV-5120',
          Mobile: '09131112233',
          Tell: '021 4455 6677',
          CreatedDate: '2026-01-01',
          CreditDate: '2026-12-01',
        },
        { token: admin },
      )
    ).body.id as number;
    const listed = async (Phrase: string) =>
      (
        (await server.api.get('customer/list/', { Phrase }, { token: admin })).body.records as {
          customerId: number;
        }[]
      ).map((r) => r.customerId);
    // Stored as their digits; typed as people write them (probe: found only typed whole).
    for (const phrase of ['0913 111 2233', '۰۹۱۳-۱۱۱-۲۲۳۳', '(021) 4455-6677', '4455 6677', 'MV - 5120'])
      expect([phrase, await listed(phrase)]).toEqual([phrase, [customer]]);
    // A mobile in groups finds the person too.
    const people = (await server.api.get('person/list/', { Phrase: '0912 111 1111' }, { token: admin })).body
      .records as { mobile: string }[];
    expect(people.map((p) => p.mobile)).toEqual(['09121111111']);
  });

  it('keeps people and places within the tenant and creation to holders of Person', async () => {
    const { id, input } = await createPerson();
    const theirs = (await server.api.get('person/list/', { Count: -1 }, { token: other })).body.records;
    expect(theirs.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await server.api.get('person/get/', { Id: id }, { token: other })).body.status).toBe(0);
    expect((await update(id, input, other)).body.status).toBe(0);

    const ourCities = (await server.api.get('city/list/', { Count: -1 }, { token: admin })).body.records.map(
      (c: { cityId: number }) => c.cityId,
    );
    const theirCities = (
      await server.api.get('city/list/', { Count: -1 }, { token: other })
    ).body.records.map((c: { cityId: number }) => c.cityId);
    expect(theirCities.length).toBe(ourCities.length);
    expect(theirCities.filter((cityId: number) => ourCities.includes(cityId))).toEqual([]);
    const ourProvince = (await server.api.get('province/list/', { Count: 1 }, { token: admin })).body
      .records[0].provinceId;
    const crossed = await server.api.post(
      'person/create/',
      { ...personInput(), ProvinceFk: ourProvince },
      { token: other },
    );
    expect(crossed.body).toEqual({ status: 0, message: 'استان انتخاب‌شده وجود ندارد' });

    const refused = await server.api.post('person/create/', personInput(), { token: staff });
    expect(refused.body).toEqual({ status: 0, message: 'شما به این بخش دسترسی ندارید' });
    expect(
      (await server.api.post('province/create/', { Title: 'استان تازه' }, { token: staff })).body.status,
    ).toBe(0);
    expect(
      (await server.api.call('DELETE', 'person/delete/', { token: staff, json: { Id: id } })).body.status,
    ).toBe(0);
  });
});
