// What a careless client or an attacker sends, and what the server must answer: several
// values where one is expected, updates that leave fields out, NUL characters, integers
// past what a column holds, broken multipart bodies, reads without the permission. Each
// gets a clear Persian answer and changes nothing it did not name.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUCCESS_MESSAGE } from '../../server/http/answers';
import { addUser } from '../../server/tenancy/create-tenant';
import { DEMO_COLLEAGUE_PASSWORD } from '../../server/seed/seed';
import { addSecondTenant, DEMO_ADMIN, ENGINES, startTestServer, type TestServer } from './harness';

const NO_PERMISSION = { status: 0, message: 'شما به این بخش دسترسی ندارید' };

describe.each(ENGINES)('bad input (%s)', (engine) => {
  let server: TestServer;
  let admin: string;
  let adminPersonId: number;
  let colleague: string;
  let other: string;
  let bank: number;
  let theirBank: number;

  const bankTitle = async (id: number, token = admin) =>
    (await server.api.get('bank/get/', { Id: id }, { token })).body.record?.title;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    await addSecondTenant(server);
    const demo = await server.built.services.tenants.byHost('localhost');
    await addUser(server.built.services.db, demo!.id, {
      username: '09129999998',
      password: DEMO_COLLEAGUE_PASSWORD,
      firstName: 'همکار',
      lastName: 'ساده',
      groupTitle: 'همکاران بدون دسترسی',
      permissions: ['Messages'],
    });
    admin = (await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token;
    colleague = (await server.api.signIn('09129999998', DEMO_COLLEAGUE_PASSWORD)).token;
    other = (await server.api.signIn(DEMO_ADMIN.username, 'other-pass', 'second.localhost')).token;
    bank = (await server.api.post('bank/create/', { Title: 'بانک آزمون' }, { token: admin })).body.id;
    theirBank = (await server.api.post('bank/create/', { Title: 'بانک آن‌ها' }, { token: other })).body.id;
    const people = (await server.api.get('person/list/', { Count: -1 }, { token: admin })).body.records;
    adminPersonId = people.find((p: { mobile: string }) => p.mobile === DEMO_ADMIN.username).id;
  });
  afterAll(() => server?.stop());

  describe('several values where one is expected', () => {
    it('refuses a JSON array as the id and changes no record', async () => {
      const refused = await server.api.call('PUT', 'bank/update/', {
        token: admin,
        json: { Id: [999999, bank], Title: 'ربوده' },
      });
      expect(refused.body).toEqual({ status: 0, message: 'شناسه باید یک مقدار باشد، نه فهرستی از مقادیر' });
      expect(await bankTitle(bank)).toBe('بانک آزمون');
    });

    it('refuses repeated query keys and arrays in any single-valued field', async () => {
      const repeated = await server.api.call('PUT', `bank/update/?Id=999999&Id=${bank}`, {
        token: admin,
        json: { Title: 'ربوده' },
      });
      expect(repeated.body.status).toBe(0);
      const titles = await server.api.call('PUT', 'bank/update/', {
        token: admin,
        json: { Id: bank, Title: ['الف', 'ب'] },
      });
      expect(titles.body).toEqual({ status: 0, message: 'نام بانک باید یک مقدار باشد، نه فهرستی از مقادیر' });
      expect(await bankTitle(bank)).toBe('بانک آزمون');
    });

    it('refuses a key written twice in one JSON object, whichever would have won, changing nothing', async () => {
      const raw = async (body: string) =>
        (
          await fetch(`${server.baseUrl}/api/bank/update/`, {
            method: 'PUT',
            headers: {
              host: 'localhost',
              authorization: `Bearer ${admin}`,
              'content-type': 'application/json',
            },
            body,
          })
        ).json();
      // JSON.parse keeps the last in silence: the other bank would have been renamed.
      expect(await raw(`{"Id":${bank},"Title":"ربوده","Id":999999}`)).toEqual({
        status: 0,
        message: 'کلید «Id» بیش از یک بار در درخواست آمده است',
      });
      expect(await raw(`{"Id":${bank},"Title":"الف","Titl\\u0065":"ب"}`)).toMatchObject({ status: 0 });
      expect(await bankTitle(bank)).toBe('بانک آزمون');
      // The same key in two objects is no repeat.
      expect(await raw(`{"Id":${bank},"Title":"بانک آزمون","Extra":[{"Id":1},{"Id":2}]}`)).toMatchObject({
        status: 1,
      });
    });

    it('refuses an id array on person/update: the administrator keeps name, password and roles', async () => {
      const before = (await server.api.get('person/get/', { Id: adminPersonId }, { token: admin })).body;
      const refused = await server.api.call('PUT', 'person/update/', {
        token: admin,
        json: {
          Id: [999999, adminPersonId],
          FirstName: 'ربوده',
          LastName: 'شده',
          PassWord: 'hijacked-1',
          RoleNames: ['کارکنان'],
        },
      });
      expect(refused.body.status).toBe(0);
      const after = (await server.api.get('person/get/', { Id: adminPersonId }, { token: admin })).body;
      expect(after.record).toEqual(before.record);
      expect(after.roleName).toEqual(before.roleName);
      expect((await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token).toBeTruthy();
    });

    it('refuses two different ids under the two id names', async () => {
      const refused = await server.api.call('PUT', 'bank/update/', {
        token: admin,
        json: { Id: 999999, BankId: bank, Title: 'ربوده' },
      });
      expect(refused.body).toEqual({ status: 0, message: 'شناسه معتبر نیست' });
      expect(await bankTitle(bank)).toBe('بانک آزمون');
    });

    it('still takes a list from repeated keys where the parameter is a list', async () => {
      const looked = await server.api.call('GET', `bank/lookup/?Ids=${bank}&Ids=${theirBank}`, {
        token: admin,
      });
      expect(looked.body).toEqual({
        status: 1,
        message: SUCCESS_MESSAGE,
        records: [{ id: bank, title: 'بانک آزمون' }],
        totalCount: 1,
      });
    });

    it('answers a form field named like an object’s own property (__proto__, constructor) with a Persian 400, polluting nothing', async () => {
      for (const name of ['__proto__', 'constructor', 'toString']) {
        const form = new FormData();
        form.append('Title', 'بانک فرم');
        form.append(name, 'x');
        const refused = await server.api.call('POST', 'bank/create/', { token: admin, form });
        expect(refused.status, name).toBe(400);
        expect(refused.body).toMatchObject({ status: 0, message: 'درخواست نامعتبر است' });
      }
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    });
  });

  it('refuses lists of lists, however deep, naming the field (5,000 deep overflowed the stack)', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000); // written by hand: JSON.stringify would recurse too
    const post = (path: string, fields: string) =>
      rawPost(server, path, 'application/json', `{${fields}}`, admin);
    expect(
      (await post('customer/create/', `"Name": "شرکت تو در تو", "Code": "DEEP-1", "CustomerGroups": ${deep}`))
        .body,
    ).toEqual({ status: 0, message: 'گروه‌های مشتری معتبر نیست' });
    expect(
      (await post('message/save/', `"Subject": "الف", "SelectedTo": [[${adminPersonId}]]`)).body,
    ).toMatchObject({ status: 0, message: 'گیرندگان معتبر نیست' });
    for (const related of [deep, JSON.stringify(deep)]) {
      expect(
        (await post('message/save/', `"Subject": "الف", "RelatedMessages": ${related}`)).body,
      ).toMatchObject({
        status: 0,
        message: 'نامه‌های مرتبط معتبر نیست',
      });
    }
    const customers = await server.api.get('customer/list/', { Phrase: 'DEEP-1' }, { token: admin });
    expect(customers.body.records).toEqual([]);
  });

  describe('an update changes only the fields it names', () => {
    it('keeps a deactivated organisational unit inactive when IsActive is left out', async () => {
      const unit = (
        await server.api.post(
          'orgunit/create/',
          { OrgUnitTitle: 'واحد آزمون', IsActive: false },
          { token: admin },
        )
      ).body.id;
      const updated = await server.api.call('PUT', 'orgunit/update/', {
        token: admin,
        json: { Id: unit, OrgUnitTitle: 'واحد آزمون ۲' },
      });
      expect(updated.body.status).toBe(1);
      const record = (await server.api.get('orgunit/get/', { Id: unit }, { token: admin })).body.record;
      expect(record).toMatchObject({ orgUnitTitle: 'واحد آزمون ۲', isActive: false });
      // Sent, it changes; sent empty, a switch is left as it is (never reset to its default).
      await server.api.call('PUT', 'orgunit/update/', { token: admin, json: { Id: unit, IsActive: null } });
      expect(
        (await server.api.get('orgunit/get/', { Id: unit }, { token: admin })).body.record.isActive,
      ).toBe(false);
      await server.api.call('PUT', 'orgunit/update/', { token: admin, json: { Id: unit, IsActive: true } });
      expect(
        (await server.api.get('orgunit/get/', { Id: unit }, { token: admin })).body.record,
      ).toMatchObject({
        orgUnitTitle: 'واحد آزمون ۲',
        isActive: true,
      });
    });

    it('keeps a deactivated person unable to sign in when an update leaves IsActive out', async () => {
      const created = await server.api.post(
        'person/create/',
        {
          FirstName: 'سارا',
          LastName: 'محمدی',
          Mobile: '09127777777',
          PassWord: 'pass-7777',
          RoleNames: ['کارکنان'],
          IsActive: false,
          Phone: '02112345678',
        },
        { token: admin },
      );
      expect(created.body.status).toBe(1);
      const id = created.body.id;
      const renamed = await server.api.call('PUT', 'person/update/', {
        token: admin,
        json: { Id: id, LastName: 'محمدی‌نژاد' },
      });
      expect(renamed.body.status).toBe(1);
      const record = (await server.api.get('person/get/', { Id: id }, { token: admin })).body;
      expect(record.record).toMatchObject({
        firstName: 'سارا',
        lastName: 'محمدی‌نژاد',
        phone: '02112345678',
        isActive: false,
      });
      expect(record.roleName).toEqual(['کارکنان']);
      const signIn = await server.api.call('POST', 'Authenticate/Authenticate', {
        json: { Username: '09127777777', Password: 'pass-7777', WebRootPath: 'localhost' },
      });
      expect(signIn.body).toEqual({ status: 0, message: 'حساب کاربری شما غیرفعال است' });
    });

    it('keeps references, join rows and text a customer update does not mention; clears what is sent empty', async () => {
      const groups = (await server.api.get('customergroup/lookup/', {}, { token: admin })).body.records;
      const created = await server.api.post(
        'customer/create/',
        {
          Name: 'شرکت نگه‌دار',
          Code: 'KEEP-1',
          Tell: '02133334444',
          CustomerGroups: [groups[0].id, groups[1].id],
          CreatedDate: '2025-03-21',
          CreditDate: '2026-03-20',
        },
        { token: admin },
      );
      expect(created.body.status).toBe(1);
      const id = created.body.id;
      const get = async () =>
        (await server.api.get('customer/get/', { Id: id }, { token: admin })).body.record;
      const before = await get();
      expect(
        (await server.api.call('PUT', 'customer/update/', { token: admin, json: { Id: id, Code: 'KEEP-2' } }))
          .body.status,
      ).toBe(1);
      expect(await get()).toEqual({ ...before, code: 'KEEP-2' });
      // What is sent empty is cleared.
      expect(
        (
          await server.api.call('PUT', 'customer/update/', {
            token: admin,
            json: { Id: id, Tell: '', CustomerGroups: null },
          })
        ).body.status,
      ).toBe(1);
      expect(await get()).toMatchObject({ code: 'KEEP-2', tell: '', customerGroups: [] });
      // A required field sent empty is refused; left out, it is kept.
      const refused = await server.api.call('PUT', 'customer/update/', {
        token: admin,
        json: { Id: id, Name: '' },
      });
      expect(refused.body).toEqual({ status: 0, message: 'نام مشتری الزامی است' });
      expect((await get()).name).toBe('شرکت نگه‌دار');
    });
  });

  describe('nobody takes away their own administration', () => {
    it('refuses new roles without the right to manage people, and keeps the roles', async () => {
      const before = (await server.api.get('person/get/', { Id: adminPersonId }, { token: admin })).body
        .roleName;
      const refused = await server.api.call('PUT', 'person/update/', {
        token: admin,
        json: { Id: adminPersonId, RoleNames: ['کارکنان'] },
      });
      expect(refused.body).toEqual({
        status: 0,
        message: 'نمی‌توانید دسترسی مدیریت اشخاص را از خودتان بگیرید؛ این کار را مدیر دیگری انجام دهد',
      });
      expect(
        (await server.api.get('person/get/', { Id: adminPersonId }, { token: admin })).body.roleName,
      ).toEqual(before);
      // Keeping an administrators' role (and adding another) is fine.
      const kept = await server.api.call('PUT', 'person/update/', {
        token: admin,
        json: { Id: adminPersonId, RoleNames: [...before, 'کارکنان'] },
      });
      expect(kept.body.status).toBe(1);
      const restored = await server.api.call('PUT', 'person/update/', {
        token: admin,
        json: { Id: adminPersonId, RoleNames: before },
      });
      expect(restored.body.status).toBe(1);
      const me = await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
      expect(me.permissions).toContain('Person');
    });
  });

  describe('control characters and numbers past a column', () => {
    it('answers a NUL character in Persian, before sign-in and after', async () => {
      const before = await server.api.call('GET', '/api/login/get/?WebRootPath=a%00');
      expect(before.status).toBe(200);
      expect(before.body).toEqual({ status: 0, message: 'نشانی سازمان نویسه‌های نامعتبر دارد' });
      const phrase = await server.api.get('bank/list/', { Phrase: 'ب\u0000' }, { token: admin });
      expect(phrase.body).toEqual({ status: 0, message: 'عبارت جستجو نویسه‌های نامعتبر دارد' });
      const created = await server.api.post('bank/create/', { Title: 'بانک\u0000' }, { token: admin });
      expect(created.body).toEqual({ status: 0, message: 'نام بانک نویسه‌های نامعتبر دارد' });
      // Nor the noncharacters no XML document (a printed letter) can hold.
      // Nor half a surrogate pair, which no UTF-8 holds (it was stored as «�»).
      for (const title of ['بانک\uFFFF', 'بانک\uFFFE', 'بانک\ud800', '\udc00بانک'])
        expect((await server.api.post('bank/create/', { Title: title }, { token: admin })).body).toEqual({
          status: 0,
          message: 'نام بانک نویسه‌های نامعتبر دارد',
        });
      // Nor bytes that are not UTF-8 (a body sent as Latin-1): decoded, they are «�»,
      // which would have been stored in place of what was sent.
      const sent = async (contentType: string, body: Buffer) =>
        (
          await fetch(`${server.baseUrl}/api/bank/create/`, {
            method: 'POST',
            headers: { host: 'localhost', authorization: `Bearer ${admin}`, 'content-type': contentType },
            body: new Uint8Array(body),
          })
        ).json();
      const refused = { status: 0, message: 'نام بانک نویسه‌های نامعتبر دارد' };
      expect(await sent('application/json', Buffer.from('{"Title":"\xff\xfe"}', 'latin1'))).toEqual(refused);
      expect(
        await sent(
          'application/x-www-form-urlencoded; charset=latin1',
          Buffer.from('Title=\xe9\xff', 'latin1'),
        ),
      ).toEqual(refused);
      // Percent-encoded, in a form body or the query: the same.
      expect(await sent('application/x-www-form-urlencoded', Buffer.from('Title=caf%E9'))).toEqual(refused);
      const query = await server.api.call('GET', '/api/bank/list/?Phrase=caf%E9', { token: admin });
      expect(query.body).toEqual({ status: 0, message: 'عبارت جستجو نویسه‌های نامعتبر دارد' });

      expect((await server.api.post('bank/create/', { Title: 'بانک\uFFFD' }, { token: admin })).body).toEqual(
        refused,
      );
      const banks = (await server.api.get('bank/list/', { Count: -1 }, { token: admin })).body.records;
      expect(JSON.stringify(banks)).not.toContain('\uFFFD');
      const signIn = await server.api.call('POST', 'Authenticate/Authenticate', {
        json: { Username: '0912\u0000', Password: 'x', WebRootPath: 'localhost' },
      });
      expect(signIn.body).toEqual({ status: 0, message: 'نام کاربری نویسه‌های نامعتبر دارد' });
    });

    it('takes a text of only invisible marks as empty, and a yes-or-no only as one', async () => {
      const invisible = await server.api.post(
        'bank/create/',
        { Title: '\u200c\u200f \u200e' },
        { token: admin },
      );
      expect(invisible.body).toEqual({ status: 0, message: 'نام بانک الزامی است' });
      const customer = {
        Name: 'مشتری بله و نه',
        Code: 'YN-1',
        CreatedDate: '2026-01-01',
        CreditDate: '2026-12-01',
      };
      for (const whatsApp of [2, -1, 'perhaps'])
        expect(
          (await server.api.post('customer/create/', { ...customer, WhatsApp: whatsApp }, { token: admin }))
            .body,
        ).toMatchObject({ status: 0, message: 'واتس‌اپ دارد معتبر نیست' });
      expect(
        (await server.api.post('customer/create/', { ...customer, WhatsApp: 1 }, { token: admin })).body
          .status,
      ).toBe(1);
    });

    it('refuses a page before the first and a page size below −1, in every list', async () => {
      const page = { status: 0, message: 'صفحه باید ۱ یا بیشتر باشد' };
      const size = { status: 0, message: 'تعداد باید ۱- (همه) یا عددی از ۰ به بالا باشد' };
      for (const path of ['bank/list/', 'message/list/', 'notification/list/']) {
        for (const Page of ['0', '-1'])
          expect((await server.api.get(path, { Page }, { token: admin })).body, `${path} ${Page}`).toEqual(
            page,
          );
        expect((await server.api.get(path, { Count: '-2' }, { token: admin })).body, path).toEqual(size);
        // −1 (all), 0 (the list's own size) and the first page are lists: each as many as left out.
        const records = async (query: Record<string, string>) =>
          (await server.api.get(path, { Page: '1', ...query }, { token: admin })).body.records.length;
        const own = await records({});
        expect(own, path).toBeGreaterThan(1);
        expect([await records({ Count: '0' }), await records({ Count: '-1' })], path).toEqual([
          own,
          expect.any(Number),
        ]);
        expect(await records({ Count: '-1' }), path).toBeGreaterThanOrEqual(own);
      }
      expect((await server.api.get('bank/lookup/', { Count: '-100' }, { token: admin })).body).toEqual(size);
    });

    it('refuses integers past 2^31 − 1 in ids, references, filters and templateId', async () => {
      const id = await server.api.get('bank/get/', { Id: '2147483648' }, { token: admin });
      expect(id.body).toEqual({ status: 0, message: 'شناسه معتبر نیست' });
      const reference = await server.api.post(
        'bankaccount/create/',
        { BankFk: 2 ** 40, Number: '1' },
        { token: admin },
      );
      expect(reference.body).toEqual({ status: 0, message: 'بانک معتبر نیست' });
      const filter = await server.api.get('bankaccount/list/', { bankId: '99999999999' }, { token: admin });
      expect(filter.body).toEqual({ status: 0, message: 'بانک بیش از حد بزرگ است' });
      const template = await server.api.get(
        'template/download/',
        { templateId: '2147483648' },
        { token: admin },
      );
      expect(template.status).toBeLessThan(500);
      expect(template.body.status).toBe(0);
      const page = await server.api.get('bank/list/', { Page: 1e300 }, { token: admin });
      expect(page.body).toEqual({ status: 0, message: 'صفحه بیش از حد بزرگ است' });
      const number = await server.api.post(
        'andikator/create/',
        { AndikatorTitle: 'بزرگ', MessageTypeFk: 4, StartNumber: 2 ** 31 },
        { token: admin },
      );
      expect(number.body).toEqual({ status: 0, message: 'شماره شروع بیش از حد بزرگ است' });
    });
  });

  describe('the letter lists’ numbers', () => {
    /** message/list/ or message/delete/ with the query's pairs as written (a key repeated is a list). */
    const asked = (path: string, pairs: [string, string][]) =>
      server.api.call(
        path === 'message/delete/' ? 'DELETE' : 'GET',
        `/api/${path}?${new URLSearchParams(pairs)}`,
        {
          token: admin,
        },
      );

    it('answers a folder’s TypeNumber in the lists as message/delete does: 0 or a folder id, else «معتبر نیست»', async () => {
      const required = { status: 0, message: 'شماره پوشه الزامی است' };
      const invalid = { status: 0, message: 'شماره پوشه معتبر نیست' };
      for (const PageType of ['Archive', 'Favorite']) {
        // A folder page without its folder asks for one (left out, empty, or 0: no folder).
        for (const pairs of [[], [['TypeNumber', '']], [['TypeNumber', ' ']], [['TypeNumber', '0']]] as [
          string,
          string,
        ][][])
          expect((await asked('message/list/', [['PageType', PageType], ...pairs])).body, `${pairs}`).toEqual(
            required,
          );
        // What is no folder id: below 0, a fraction, past 2^31 − 1 (however far), not a number.
        for (const TypeNumber of [
          '-5',
          '-1',
          '1.5',
          '2147483648',
          '99999999999999999999',
          '1e+300',
          'abc',
          '0x10',
        ])
          for (const [path, page] of [
            ['message/list/', PageType],
            ['message/list/', 'AllMyMessage'],
            ['message/delete/', PageType],
          ]) {
            const answer = await asked(path, [
              ['Id', '1'],
              ['PageType', page],
              ['TypeNumber', TypeNumber],
            ]);
            expect(answer.status, `${path} ${page} ${TypeNumber}`).toBe(200);
            expect(answer.body, `${path} ${page} ${TypeNumber}`).toMatchObject(invalid);
          }
        // Two values, or a NUL: refused as every single-valued parameter is, the same on both calls.
        for (const path of ['message/list/', 'message/delete/']) {
          const two = await asked(path, [
            ['Id', '1'],
            ['PageType', PageType],
            ['TypeNumber', '1'],
            ['TypeNumber', '2'],
          ]);
          expect(two.body).toMatchObject({
            status: 0,
            message: 'شماره پوشه باید یک مقدار باشد، نه فهرستی از مقادیر',
          });
          const nul = await asked(path, [
            ['Id', '1'],
            ['PageType', PageType],
            ['TypeNumber', '1\u0000'],
          ]);
          expect(nul.body).toMatchObject({ status: 0, message: 'شماره پوشه نویسه‌های نامعتبر دارد' });
        }
        // The largest folder id is a folder (none of the user's: an empty list).
        expect(
          (
            await asked('message/list/', [
              ['PageType', PageType],
              ['TypeNumber', '2147483647'],
            ])
          ).body,
        ).toMatchObject({ status: 1, records: [], totalCount: 0 });
      }
    });

    it('answers every other bad number of a list by its field, in one Persian sentence, never a 500', async () => {
      const fields: [string, string, string][] = [
        ['Page', 'صفحه', 'AllMyMessage'],
        ['Count', 'تعداد', 'AllMyMessage'],
        ['MessageType', 'نوع نامه', 'Send'],
        ['projectId', 'پروژه', 'AllMessage'],
        ['toCustomerId', 'مشتری گیرنده', 'Send'],
        ['fromCustomerId', 'مشتری فرستنده', 'Send'],
      ];
      // Each a value of the field (two values: the field repeated).
      const values = [
        ...['-5', '1.5', '2147483648', '99999999999999999999', '1e+300', 'abc', '0x10', '1\u0000'].map(
          (v) => [v],
        ),
        ['1', '2'],
      ];
      for (const [name, label, PageType] of fields)
        for (const sent of values) {
          const query = sent.map((v): [string, string] => [name, v]);
          const answer = await asked('message/list/', [['PageType', PageType], ...query]);
          const what = `${name} ${JSON.stringify(query)}`;
          expect(answer.status, what).toBe(200);
          expect(answer.body.status, what).toBe(0);
          expect(answer.body.message, what).toMatch(
            new RegExp(
              `^${label} (معتبر نیست|بیش از حد بزرگ است|نویسه‌های نامعتبر دارد|باید یک مقدار باشد، نه فهرستی از مقادیر|باید ۱ یا بیشتر باشد|باید ۱- \\(همه\\) یا عددی از ۰ به بالا باشد)$`,
            ),
          );
        }
      // The last page there could be is a page (empty), not a failure.
      expect(
        (
          await asked('message/list/', [
            ['Page', '2147483647'],
            ['Count', '500'],
          ])
        ).body,
      ).toMatchObject({ status: 1, records: [] });
    });
  });

  describe('dates', () => {
    it('takes a date within the years a form takes, and refuses others in Persian, changing nothing', async () => {
      const fields = {
        Name: 'شرکت تاریخ',
        Code: 'DATE-1',
        CreatedDate: '2025-03-21',
        CreditDate: '2026-03-20',
      };
      const created = await server.api.post('customer/create/', fields, { token: admin });
      expect(created.body.status).toBe(1);
      const id = created.body.id;
      const refusals: Array<[string, string]> = [
        ['0000-01-01', 'تاریخ ایجاد باید میان سال‌های ۱۲۰۰ و ۱۵۹۹ باشد'], // a year PostgreSQL has not
        ['1405-09-05', 'تاریخ ایجاد باید میان سال‌های ۱۲۰۰ و ۱۵۹۹ باشد'], // a Jalali date sent as Gregorian
        ['2026-02-30', 'تاریخ ایجاد معتبر نیست'],
        ['1/1/1', 'تاریخ ایجاد معتبر نیست'],
      ];
      for (const [date, message] of refusals) {
        const update = await server.api.call('PUT', 'customer/update/', {
          token: admin,
          json: { Id: id, CreatedDate: date },
        });
        expect(update.body, date).toEqual({ status: 0, message });
        const create = await server.api.post(
          'customer/create/',
          { ...fields, CreatedDate: date },
          { token: admin },
        );
        expect(create.body, date).toEqual({ status: 0, message });
      }
      const record = (await server.api.get('customer/get/', { Id: id }, { token: admin })).body.record;
      expect(record.createdDate).toBe('2025-03-21');
      // The first and last days of those years are taken (Jalali 1200/01/01 and 1599/12/29).
      for (const date of ['1821-03-21', '2221-03-20']) {
        const update = await server.api.call('PUT', 'customer/update/', {
          token: admin,
          json: { Id: id, CreatedDate: date, CreditDate: '2221-03-20' },
        });
        expect(update.body.status, date).toBe(1);
      }
    });
  });

  describe('broken multipart bodies', () => {
    it('answers 400 without a boundary or for a body cut short, also at sign-in', async () => {
      for (const path of ['Authenticate/Authenticate', 'bank/create/']) {
        const noBoundary = await rawPost(server, path, 'multipart/form-data', 'x', admin);
        expect(noBoundary.status).toBe(400);
        expect(noBoundary.body).toEqual({ status: 0, message: 'درخواست نامعتبر است' });
        const cut = await rawPost(
          server,
          path,
          'multipart/form-data; boundary=XX',
          '--XX\r\nContent-Disposition: form-data; name="Title"\r\n\r\nبانک ناتمام',
          admin,
        );
        expect(cut.status).toBe(400);
      }
      const banks = (await server.api.get('bank/list/', { Phrase: 'ناتمام' }, { token: admin })).body;
      expect(banks.record_count).toBe(0);
    });

    it('answers a plain-text body with 415 and a query string past the headers’ limit with 431, in Persian', async () => {
      const plain = await rawPost(server, 'bank/create/', 'text/plain', 'Title=بانک متنی', admin);
      expect(plain.status).toBe(415);
      expect(plain.body).toEqual({ status: 0, message: 'نوع محتوای درخواست پشتیبانی نمی‌شود' });
      // A body said to be compressed (gzip or not): not read as it came, 415.
      for (const body of [gzipSync('{"Title":"بانک فشرده"}'), Buffer.from('{"Title":"بانک فشرده"}')]) {
        const encoded = await fetch(`${server.baseUrl}/api/bank/create/`, {
          method: 'POST',
          headers: {
            host: 'localhost',
            authorization: `Bearer ${admin}`,
            'content-type': 'application/json',
            'content-encoding': 'gzip',
          },
          body: new Uint8Array(body),
        });
        expect(encoded.status).toBe(415);
        expect(await encoded.json()).toEqual({ status: 0, message: 'نوع محتوای درخواست پشتیبانی نمی‌شود' });
      }
      expect(
        (await server.api.get('bank/list/', { Phrase: 'فشرده' }, { token: admin })).body.record_count,
      ).toBe(0);
      // A request with no body is not refused for the header.
      const bodiless = await fetch(`${server.baseUrl}/api/bank/list/`, {
        headers: { host: 'localhost', authorization: `Bearer ${admin}`, 'content-encoding': 'gzip' },
      });
      expect(bodiless.status).toBe(200);
      const long = await fetch(`${server.baseUrl}/api/bank/list/?Phrase=${'ب'.repeat(20_000)}`, {
        headers: { host: 'localhost', authorization: `Bearer ${admin}` },
      });
      expect(long.status).toBe(431);
      expect(await long.json()).toEqual({
        status: 0,
        message: 'نشانی یا سرآیندهای درخواست بیش از حد بلند است',
      });
      // The server goes on answering.
      expect(
        (await server.api.get('bank/list/', { Phrase: 'متنی' }, { token: admin })).body.record_count,
      ).toBe(0);
    });
  });

  describe('reading needs the permission; pickers get names only', () => {
    it('refuses list and get of people to a colleague without the permission', async () => {
      expect((await server.api.get('person/list/', {}, { token: colleague })).body).toEqual(NO_PERMISSION);
      expect((await server.api.get('person/get/', { Id: adminPersonId }, { token: colleague })).body).toEqual(
        NO_PERMISSION,
      );
      expect((await server.api.get('bank/list/', {}, { token: colleague })).body).toEqual(NO_PERMISSION);
      expect((await server.api.get('andikator/list/', {}, { token: colleague })).body).toEqual(NO_PERMISSION);
    });

    it('answers a lookup of people with names only, by id and by phrase, within the tenant', async () => {
      const all = await server.api.get('person/lookup/', {}, { token: colleague });
      expect(all.body.status).toBe(1);
      expect(all.body.totalCount).toBe(all.body.records.length);
      for (const record of all.body.records) expect(Object.keys(record).sort()).toEqual(['id', 'title']);
      expect(all.text).not.toContain(DEMO_ADMIN.username);
      expect(all.body.records).toContainEqual({ id: adminPersonId, title: expect.any(String) });

      const byId = await server.api.get(
        'person/lookup/',
        { Ids: `${adminPersonId},999999` },
        { token: colleague },
      );
      expect(byId.body.records.map((r: { id: number }) => r.id)).toEqual([adminPersonId]);
      // Typed with the Arabic ي, found with the Persian ی.
      const byPhrase = await server.api.get(
        'person/lookup/',
        { Phrase: 'مدير سامانه' },
        { token: colleague },
      );
      expect(byPhrase.body.records).toEqual([{ id: adminPersonId, title: 'مدیر سامانه' }]);
      const theirs = await server.api.get('bank/lookup/', { Ids: theirBank }, { token: admin });
      expect(theirs.body).toEqual({ status: 1, message: SUCCESS_MESSAGE, records: [], totalCount: 0 });
    });

    it('gives a tree node’s parent in its lookup, so a picker can leave out a subtree', async () => {
      const units = (await server.api.get('orgunit/lookup/', {}, { token: colleague })).body.records;
      const child = units.find((u: { title: string }) => u.title.includes(' / '));
      expect(child).toMatchObject({
        id: expect.any(Number),
        title: expect.any(String),
        parentOrgUnitFk: expect.any(Number),
      });
    });
  });
});

/** A POST with a hand-written body and content type (the harness encodes bodies itself). */
async function rawPost(server: TestServer, path: string, contentType: string, body: string, token?: string) {
  const response = await fetch(`${server.baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    /* not JSON */
  }
  return { status: response.status, body: parsed };
}
