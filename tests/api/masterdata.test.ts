// One table-driven test over EVERY registered master-data resource: create, find by
// phrase, get, update, delete; required fields; another tenant; a user without the
// permission. Then the rules that are not per field: delete guards and trees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, resourceByName } from '../../src/schemas';
import { addSecondTenant, DEMO_ADMIN, ENGINES, startTestServer, type TestServer } from './harness';
import { createSample, sampleInput, searchPhrase } from './masterdata-samples';
import { tinyPng } from './fixtures';
import { addUser } from '../../server/tenancy/create-tenant';
import { DEMO_COLLEAGUE_PASSWORD } from '../../server/seed/seed';

describe.each(ENGINES)('master data engine (%s)', (engine) => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  let other: string;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    await addSecondTenant(server);
    admin = (await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token;
    // A colleague of the same tenant who holds no permission at all.
    const demo = await server.built.services.tenants.byHost('localhost');
    await addUser(server.built.services.db, demo!.id, {
      username: '09129999999',
      password: DEMO_COLLEAGUE_PASSWORD,
      firstName: 'بی',
      lastName: 'دسترسی',
      groupTitle: 'بدون دسترسی',
      permissions: [],
    });
    staff = (await server.api.signIn('09129999999', DEMO_COLLEAGUE_PASSWORD)).token;
    other = (await server.api.signIn(DEMO_ADMIN.username, 'other-pass', 'second.localhost')).token;
  });
  afterAll(() => server?.stop());

  describe.each(RESOURCES.map((r) => [r.name, r] as const))('%s', (_name, resource) => {
    it('creates, finds by a Persian phrase, reads, updates and deletes', async () => {
      const input = await sampleInput(server.api, admin, resource);
      const created = await server.api.post(`${resource.name}/create/`, input, { token: admin });
      expect(created.body).toMatchObject({ status: 1 });
      const id = created.body.id as number;

      const got = await server.api.get(`${resource.name}/get/`, { Id: id }, { token: admin });
      expect(got.body.status).toBe(1);
      expect(got.body.record[resource.idField]).toBe(id);

      // The phrase is typed with Arabic ي/ك; what is stored (and searched) has Persian ی/ک.
      const phrase = searchPhrase(resource, input, got.body.record);
      if (phrase) {
        expect(phrase).toMatch(/[يك]/);
        const found = await server.api.get(
          `${resource.name}/list/`,
          { Page: 1, Count: 10, Phrase: phrase },
          { token: admin },
        );
        expect(found.body.records.map((r: Record<string, unknown>) => r[resource.idField])).toContain(id);
        expect(found.body.record_count).toBeGreaterThanOrEqual(1);
      }

      const firstText = Object.keys(resource.fields).find(
        (f) =>
          resource.fields[f].meta.kind === 'text' && String(input[resource.inputName(f)]).startsWith('نمونه'),
      );
      if (firstText) {
        const updated = await server.api.call('PUT', `${resource.name}/update/`, {
          token: admin,
          json: { ...input, Id: id, [resource.inputName(firstText)]: 'ویرایش‌شده' },
        });
        expect(updated.body.status).toBe(1);
        const again = await server.api.get(`${resource.name}/get/`, { Id: id }, { token: admin });
        expect(again.body.record[firstText]).toBe('ویرایش‌شده');
      }

      const deleted = await server.api.call('DELETE', `${resource.name}/delete/`, {
        token: admin,
        json: { Id: id, Language: 0 },
      });
      expect(deleted.body.status).toBe(1);
      expect((await server.api.get(`${resource.name}/get/`, { Id: id }, { token: admin })).body.status).toBe(
        0,
      );
    });

    it('names each missing required field in Persian and stores nothing', async () => {
      const input = await sampleInput(server.api, admin, resource);
      const required = Object.entries(resource.fields).filter(
        ([, f]) => !f.schema.safeParse(undefined).success || f.meta.requiredOnCreate,
      );
      const before = (await server.api.get(`${resource.name}/list/`, { Count: 1 }, { token: admin })).body
        .record_count;
      for (const [name, field] of required) {
        const rest = { ...input };
        delete rest[resource.inputName(name)];
        const refused = await server.api.post(`${resource.name}/create/`, rest, { token: admin });
        expect(refused.body).toEqual({ status: 0, message: `${field.meta.label} الزامی است` });
      }
      expect(
        (await server.api.get(`${resource.name}/list/`, { Count: 1 }, { token: admin })).body.record_count,
      ).toBe(before);
    });

    it('keeps records from another tenant and from users without the permission', async () => {
      const id = await createSample(server.api, admin, resource);
      const theirs = await server.api.get(`${resource.name}/list/`, { Count: -1 }, { token: other });
      expect(theirs.body.records.map((r: Record<string, unknown>) => r[resource.idField])).not.toContain(id);
      expect((await server.api.get(`${resource.name}/get/`, { Id: id }, { token: other })).body.status).toBe(
        0,
      );
      const input = await sampleInput(server.api, admin, resource);
      expect(
        (
          await server.api.call('PUT', `${resource.name}/update/`, {
            token: other,
            json: { ...input, Id: id },
          })
        ).body.status,
      ).toBe(0);
      expect(
        (await server.api.call('DELETE', `${resource.name}/delete/`, { token: other, json: { Id: id } })).body
          .status,
      ).toBe(0);
      expect((await server.api.get(`${resource.name}/get/`, { Id: id }, { token: admin })).body.status).toBe(
        1,
      );

      const refused = await server.api.post(`${resource.name}/create/`, input, { token: staff });
      expect(refused.body).toEqual({ status: 0, message: 'شما به این بخش دسترسی ندارید' });
      expect(
        (await server.api.call('DELETE', `${resource.name}/delete/`, { token: staff, json: { Id: id } })).body
          .status,
      ).toBe(0);
      expect((await server.api.get(`${resource.name}/get/`, { Id: id }, { token: admin })).body.status).toBe(
        1,
      );
    });
  });

  it('refuses to delete a bank that has accounts, and deletes nothing', async () => {
    // Not the demo's «بانک ملت»: a bank's name is its own in the tenant.
    const bankId = (await server.api.post('bank/create/', { Title: 'بانک ملت نو' }, { token: admin })).body
      .id;
    const accountId = (
      await server.api.post('bankaccount/create/', { BankFk: bankId, Number: '123-456' }, { token: admin })
    ).body.id;
    const refused = await server.api.call('DELETE', 'bank/delete/', { token: admin, json: { Id: bankId } });
    expect(refused.body).toEqual({
      status: 0,
      message: 'این بانک در «حساب‌های بانکی» استفاده شده است و حذف نمی‌شود',
    });
    expect((await server.api.get('bank/get/', { Id: bankId }, { token: admin })).body.record.title).toBe(
      'بانک ملت نو',
    );
    const account = (await server.api.get('bankaccount/get/', { Id: accountId }, { token: admin })).body
      .record;
    expect(account).toMatchObject({ bankFk: bankId, bankFkTitle: 'بانک ملت نو', number: '123-456' });
    const filtered = await server.api.get('bankaccount/list/', { bankId, Count: -1 }, { token: admin });
    expect(filtered.body.records.map((r: { bankAccountId: number }) => r.bankAccountId)).toEqual([accountId]);
  });

  it('refuses a reference to another tenant\u2019s record', async () => {
    const theirBank = (await server.api.post('bank/create/', { Title: 'بانک آن‌ها' }, { token: other })).body
      .id;
    const refused = await server.api.post(
      'bankaccount/create/',
      { BankFk: theirBank, Number: '1' },
      { token: admin },
    );
    expect(refused.body).toEqual({ status: 0, message: 'بانک انتخاب‌شده وجود ندارد' });
  });

  it('keeps tree paths true when a node is renamed or moved, and refuses a cycle', async () => {
    const unit = resourceByName('orgunit')!;
    const create = async (title: string, parent?: number) =>
      (
        await server.api.post(
          `${unit.name}/create/`,
          { OrgUnitTitle: title, ParentOrgUnitFk: parent, IsActive: true },
          { token: admin },
        )
      ).body.id as number;
    const root = await create('مدیریت');
    const finance = await create('مالی', root);
    const payroll = await create('حقوق و دستمزد', finance);
    const path = async (id: number) =>
      (await server.api.get(`${unit.name}/get/`, { Id: id }, { token: admin })).body.record.fullName;
    expect(await path(payroll)).toBe('مدیریت / مالی / حقوق و دستمزد');
    await server.api.call('PUT', `${unit.name}/update/`, {
      token: admin,
      json: { Id: root, OrgUnitTitle: 'مدیرعامل', IsActive: true },
    });
    expect(await path(payroll)).toBe('مدیرعامل / مالی / حقوق و دستمزد');
    const cycle = await server.api.call('PUT', `${unit.name}/update/`, {
      token: admin,
      json: { Id: root, OrgUnitTitle: 'مدیرعامل', ParentOrgUnitFk: payroll },
    });
    expect(cycle.body).toEqual({
      status: 0,
      message: 'واحد بالادست نمی‌تواند خود این واحد سازمانی یا زیرمجموعه آن باشد',
    });
    const children = await server.api.get(
      `${unit.name}/list/`,
      { parentId: finance, Count: -1 },
      { token: admin },
    );
    expect(children.body.records).toHaveLength(1);
    expect(children.body.records[0]).toMatchObject({
      orgUnitId: payroll,
      parentOrgUnitFkTitle: 'مدیرعامل / مالی',
    });
    const refused = await server.api.call('DELETE', `${unit.name}/delete/`, {
      token: admin,
      json: { Id: finance },
    });
    expect(refused.body.message).toBe(
      'این واحد سازمانی زیرمجموعه دارد و حذف نمی‌شود؛ ابتدا زیرمجموعه‌های آن را حذف یا جابه‌جا کنید',
    );
  });

  const newCustomer = (token: string, fields: Record<string, unknown>) =>
    server.api.post(
      'customer/create/',
      { CreatedDate: '2025-03-21', CreditDate: '2026-03-20', ...fields },
      { token },
    );

  it('keeps customer codes unique within a tenant, not across tenants', async () => {
    expect((await newCustomer(admin, { Name: 'شرکت آلفا', Code: 'C-100' })).body.status).toBe(1);
    const again = await newCustomer(admin, { Name: 'شرکت بتا', Code: 'C-100' });
    expect(again.body).toEqual({ status: 0, message: 'این کد مشتری قبلاً در «مشتریان» ثبت شده است' });
    expect((await newCustomer(other, { Name: 'شرکت بتا', Code: 'C-100' })).body.status).toBe(1);
    const beta = (await newCustomer(admin, { Name: 'شرکت بتا', Code: 'C-101' })).body.id;
    const renamed = await server.api.call('PUT', 'customer/update/', {
      token: admin,
      json: {
        Id: beta,
        Name: 'شرکت بتا',
        Code: 'C-100',
        CreatedDate: '2025-03-21',
        CreditDate: '2026-03-20',
      },
    });
    expect(renamed.body.message).toBe('این کد مشتری قبلاً در «مشتریان» ثبت شده است');
  });

  it('checks a whole-record rule on create and on the merged record of an update', async () => {
    const MESSAGE = 'تاریخ اعتبار نباید پیش از تاریخ ایجاد باشد';
    const backwards = await newCustomer(admin, {
      Name: 'شرکت وارونه',
      Code: 'C-150',
      CreatedDate: '2026-03-21',
      CreditDate: '2026-03-20',
    });
    expect(backwards.body).toEqual({ status: 0, message: MESSAGE });
    const id = (await newCustomer(admin, { Name: 'شرکت درست', Code: 'C-151' })).body.id as number;
    // The request names one date only; the stored other one makes the range wrong.
    const moved = await server.api.call('PUT', 'customer/update/', {
      token: admin,
      json: { Id: id, CreatedDate: '2027-01-01' },
    });
    expect(moved.body).toEqual({ status: 0, message: MESSAGE });
    const kept = (await server.api.get('customer/get/', { Id: id }, { token: admin })).body.record;
    expect(kept).toMatchObject({ createdDate: '2025-03-21', creditDate: '2026-03-20' });
    const sameDay = await server.api.call('PUT', 'customer/update/', {
      token: admin,
      json: { Id: id, CreatedDate: '2026-03-20' },
    });
    expect(sameDay.body.status).toBe(1);
  });

  it('finds a customer by a phrase of several words whose affixes are written apart, joined or with a ZWNJ', async () => {
    const id = (await newCustomer(admin, { Name: 'فروشگاه‌های زنجیره‌ای بی‌نظیر دلتا', Code: 'C-310' })).body
      .id;
    for (const phrase of [
      'فروشگاه‌های زنجیره‌ای بی‌نظیر',
      'فروشگاه های زنجیره ای بی نظیر',
      'فروشگاههای زنجیرهای بینظیر',
      'زنجيره اي بي نظير دلتا',
    ]) {
      const listed = await server.api.get('customer/list/', { Phrase: phrase }, { token: admin });
      expect([phrase, listed.body.records.map((r: { customerId: number }) => r.customerId)]).toEqual([
        phrase,
        [id],
      ]);
    }
  });

  it('keeps a customer’s groups in one list answer and refuses to delete a group in use', async () => {
    const group = async (title: string) =>
      (await server.api.post('customergroup/create/', { CustomerGroupTitle: title }, { token: admin })).body
        .id as number;
    const [vip, wholesale] = [await group('مشتریان ویژه'), await group('عمده‌فروشان')];
    const id = (
      await newCustomer(admin, { Name: 'فروشگاه گاما', Code: 'C-200', CustomerGroups: [wholesale, vip, vip] })
    ).body.id;
    const listed = await server.api.get('customer/list/', { Phrase: 'گاما' }, { token: admin });
    expect(listed.body.records).toEqual([
      expect.objectContaining({
        customerId: id,
        name: 'فروشگاه گاما',
        customerGroups: [vip, wholesale].sort((a, b) => a - b),
      }),
    ]);
    const refused = await server.api.call('DELETE', 'customergroup/delete/', {
      token: admin,
      json: { Id: vip },
    });
    expect(refused.body).toEqual({
      status: 0,
      message: 'این گروه مشتریان در «مشتریان» استفاده شده است و حذف نمی‌شود',
    });
    await server.api.call('PUT', 'customer/update/', {
      token: admin,
      json: {
        Id: id,
        Name: 'فروشگاه گاما',
        Code: 'C-200',
        CreatedDate: '2025-03-21',
        CreditDate: '2026-03-20',
        CustomerGroups: [wholesale],
      },
    });
    expect(
      (await server.api.get('customer/get/', { Id: id }, { token: admin })).body.record.customerGroups,
    ).toEqual([wholesale]);
    expect(
      (await server.api.call('DELETE', 'customergroup/delete/', { token: admin, json: { Id: vip } })).body
        .status,
    ).toBe(1);
  });

  it('ECE receivers: a customer once, shown and found by the customer’s name, which stays while it is used', async () => {
    const customerId = (await newCustomer(admin, { Name: 'اداره كل پست', Code: 'C-300' })).body.id;
    const receiver = await server.api.post(
      'ecereceivers/create/',
      { CustomerId: customerId },
      { token: admin },
    );
    expect(receiver.body.status).toBe(1);
    const twice = await server.api.post('ecereceivers/create/', { CustomerId: customerId }, { token: admin });
    expect(twice.body).toEqual({ status: 0, message: 'این مشتری قبلاً در «گیرندگان الکترونیک» ثبت شده است' });
    const found = await server.api.get('ecereceivers/list/', { Phrase: 'اداره کل' }, { token: admin });
    expect(found.body.records).toEqual([
      { eCEReceiverId: receiver.body.id, customerId, customerIdTitle: 'اداره کل پست' },
    ]);
    expect(
      (await server.api.get('ecereceivers/list/', { Phrase: 'گاما' }, { token: admin })).body.records,
    ).toEqual([]);
    const theirs = await server.api.post(
      'ecereceivers/create/',
      { CustomerId: customerId },
      { token: other },
    );
    expect(theirs.body).toEqual({ status: 0, message: 'مشتری انتخاب‌شده وجود ندارد' });
    const kept = await server.api.call('DELETE', 'customer/delete/', {
      token: admin,
      json: { Id: customerId },
    });
    expect(kept.body).toEqual({
      status: 0,
      message: 'این مشتری در «گیرندگان الکترونیک» استفاده شده است و حذف نمی‌شود',
    });
  });

  it('takes the record id as Id or by the resource’s own id name, and asks for one', async () => {
    const id = (
      await server.api.post('customergroup/create/', { CustomerGroupTitle: 'نمایندگان' }, { token: admin })
    ).body.id;
    const renamed = await server.api.call('PUT', 'customergroup/update/', {
      token: admin,
      json: { CustomerGroupId: id, CustomerGroupTitle: 'نمایندگان فروش' },
    });
    expect(renamed.body).toMatchObject({ status: 1, id });
    expect(
      (await server.api.get('customergroup/get/', { customerGroupId: id }, { token: admin })).body.record
        .customerGroupTitle,
    ).toBe('نمایندگان فروش');
    expect((await server.api.get('customergroup/get/', {}, { token: admin })).body).toEqual({
      status: 0,
      message: 'شناسه الزامی است',
    });
    expect(
      (await server.api.call('DELETE', 'customergroup/delete/', { token: admin, json: {} })).body,
    ).toEqual({ status: 0, message: 'شناسه الزامی است' });
  });

  it('keeps a company logo: uploaded by content, served to the tenant, replaced and removed with the record', async () => {
    const upload = (file: Buffer, token = admin) =>
      server.api.post(
        'company/fileuploader/',
        { File: `data:image/png;base64,${file.toString('base64')}` },
        { token },
      );
    const notImage = await upload(Buffer.from('%PDF-1.4 not a picture'));
    expect(notImage.body).toEqual({
      status: 0,
      message: 'نشان شرکت باید یک تصویر (png، jpg، gif یا webp) باشد',
    });
    expect((await upload(tinyPng(), staff)).body).toEqual({
      status: 0,
      message: 'شما به این بخش دسترسی ندارید',
    });

    const first = (await upload(tinyPng())).body.fullPath as string;
    expect(first).toMatch(/^\/media\/companies\/[a-f0-9]{32}\.png$/);
    const id = (
      await server.api.post(
        'company/create/',
        { CompanyName: 'شرکت نشان‌دار', Logo: first },
        { token: admin },
      )
    ).body.id;
    expect((await server.api.get('company/get/', { Id: id }, { token: admin })).body.record.logo).toBe(first);
    const media = (fullPath: string, host = 'localhost') => server.api.call('GET', fullPath, { host });
    const served = await media(first);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(
      Number(served.headers['content-length'] ?? Buffer.byteLength(served.text, 'latin1')),
    ).toBeGreaterThan(0);
    expect((await media(first, 'second.localhost')).status).toBe(404);

    // A path that was never uploaded here is refused; a replaced logo leaves the disk.
    const forged = await server.api.post(
      'company/create/',
      { CompanyName: 'جعلی', Logo: '/media/companies/0123456789abcdef0123456789abcdef.png' },
      { token: admin },
    );
    expect(forged.body).toEqual({ status: 0, message: 'نشان شرکت یافت نشد؛ تصویر را دوباره بارگذاری کنید' });
    const second = (await upload(tinyPng())).body.fullPath as string;
    await server.api.call('PUT', 'company/update/', {
      token: admin,
      json: { Id: id, CompanyName: 'شرکت نشان‌دار', Logo: second },
    });
    expect((await media(first)).status).toBe(404);
    expect((await media(second)).status).toBe(200);
    expect(
      (await server.api.call('DELETE', 'company/delete/', { token: admin, json: { Id: id } })).body.status,
    ).toBe(1);
    expect((await media(second)).status).toBe(404);
  });

  it('validates digits and e-mail on companies', async () => {
    const phone = await server.api.post(
      'company/create/',
      { CompanyName: 'الف', Phone: '021-abc' },
      { token: admin },
    );
    expect(phone.body).toEqual({ status: 0, message: 'تلفن باید فقط شامل رقم باشد' });
    const email = await server.api.post(
      'company/create/',
      { CompanyName: 'الف', Email: 'no-at-sign' },
      { token: admin },
    );
    expect(email.body).toEqual({ status: 0, message: 'پست الکترونیک معتبر نیست' });
    const persianDigits = await server.api.post(
      'company/create/',
      { CompanyName: 'ب', Phone: '۰۲۱-۸۸۷۷۶۶۵۵' },
      { token: admin },
    );
    expect(persianDigits.body.status).toBe(1);
    expect(
      (await server.api.get('company/get/', { Id: persianDigits.body.id }, { token: admin })).body.record
        .phone,
    ).toBe('02188776655');
    // Latin text is found whatever its case.
    const latin = await server.api.post(
      'company/create/',
      { CompanyName: 'Pars Online', Email: 'Sales@ParsOnline.IR' },
      { token: admin },
    );
    const found = await server.api.get('company/list/', { Phrase: 'sales@parsonline' }, { token: admin });
    expect(found.body.records.map((r: { companyId: number }) => r.companyId)).toEqual([latin.body.id]);
    expect(
      (await server.api.get('company/list/', { Phrase: 'PARS ONLINE' }, { token: admin })).body.record_count,
    ).toBe(1);
  });
});
