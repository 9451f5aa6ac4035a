// The rules of the correspondence master data beyond the generic engine: one default
// numbering scheme per letter type, the ECE mailbox password kept encrypted and never
// answered, and letter templates (a .docx by content, downloaded back byte-identical
// with the token in the query, public ones locked, tenants apart, bounded in what they
// unpack to). Real HTTP.
import { asSystem, withTenant } from '../../server/db/tenant-fence';
import fs from 'node:fs';
import { sql } from 'kysely';
import crypto from 'node:crypto';
import PizZip from 'pizzip';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PERMISSION_MESSAGE } from '../../src/shared/permissions';
import type { DB } from '../../server/db/database';
import { findPrincipal } from '../../server/auth/sessions';
import {
  BUILT_IN_TEMPLATE,
  minimalDocx,
  seedCorrespondenceMasterData,
  storedZip,
} from '../../server/seed/correspondence-seed';
import { decryptSecret } from '../../server/masterdata/resource-hooks/eceemail';
import { keyText } from '../../src/shared/persian';
import {
  DOCX_MIME,
  isDocx,
  PUBLIC_TEMPLATE_LOCKED,
  TEMPLATE_FILES,
  TEMPLATE_TOO_LARGE,
} from '../../server/masterdata/resource-hooks/template';
import {
  addSecondTenant,
  DEMO_ADMIN,
  ENGINES,
  startTestServer,
  type TestServer,
  rerunMigration,
} from './harness';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const NOT_DOCX = 'فایل قالب باید یک سند Word با قالب docx باشد';

describe.each(ENGINES)('correspondence master data (%s)', (engine) => {
  let server: TestServer;
  let db: DB;
  let admin: string;
  let other: string;
  let tenantId: number;

  /** Seeds a tenant unless its tenant seed already did. */
  async function seedOnce(tenant: number) {
    const seeded = await withTenant(tenant, () =>
      db
        .selectFrom('templates')
        .select('id')
        .where('tenant_id', '=', tenant)
        .where('is_public', '=', true)
        .executeTakeFirst(),
    );
    if (!seeded) await seedCorrespondenceMasterData(server.built.services.db, tenant);
  }

  beforeAll(async () => {
    server = await startTestServer({ engine });
    db = server.built.services.db;
    const second = await addSecondTenant(server);
    admin = (await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token;
    other = (await server.api.signIn(DEMO_ADMIN.username, 'other-pass', 'second.localhost')).token;
    tenantId = (await findPrincipal(server.built.services.db, admin))!.tenantId;
    await seedOnce(tenantId);
    await seedOnce(second.tenantId);
  });
  afterAll(() => server?.stop());

  type AnyRecord = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const list = async (entity: string, query: Record<string, unknown> = {}, token = admin) =>
    (await server.api.get(`${entity}/list/`, { Count: -1, ...query }, { token })).body.records as AnyRecord[];

  /** A row written straight into a table, as an older version stored it (no folding, no checks). */
  const insertAsBefore = (table: string, row: Record<string, unknown>) =>
    asSystem(() =>
      db
        .insertInto(table as never)
        .values({ tenant_id: tenantId, ...row } as never)
        .returning('id' as never)
        .executeTakeFirstOrThrow(),
    ) as Promise<{ id: number }>;
  /** An internal letters' numbering scheme saved before, its prefix as given. */
  const schemeAsBefore = (prefix: string, { title = 'قدیمی', search = 'قدیمی' } = {}) =>
    insertAsBefore('andikators', {
      andikator_title: title,
      andikator_pre_fix: prefix,
      start_number: 1,
      message_type_fk: 4,
      search_text: search,
    });
  /** A scheme's prefix as the API answers it. */
  const prefixOf = async (id: number) =>
    (await server.api.get('andikator/get/', { Id: id }, { token: admin })).body.record.andikatorPreFix;

  /**
   * Runs a key-folding migration again over schemes and a customer code saved as before
   * it: each lone prefix must read as keyText reads it now (in SQL as in the server); a
   * prefix whose folded key another holds, and two that would fold to one key, keep their
   * text but one; the customer's code is folded. Gives the lone schemes' ids and prefixes.
   */
  async function foldKeysSavedBefore(
    migration: string,
    keys: {
      alone: string[];
      /** A prefix already folded, and one that folds to it. */
      held: [string, string];
      /** Two prefixes that fold to one key nobody holds. */
      twins: [string, string];
      /** A customer's code as stored, and its search text. */
      code: [string, string];
      foldedCode: string;
    },
  ) {
    const rows = new Map<string, number>();
    for (const prefix of keys.alone) rows.set(prefix, (await schemeAsBefore(prefix)).id);
    // One after another: of two twins, the older is folded.
    const held = await schemeAsBefore(keys.held[0]);
    const heldTwin = await schemeAsBefore(keys.held[1]);
    const twinA = await schemeAsBefore(keys.twins[0]);
    const twinB = await schemeAsBefore(keys.twins[1]);
    const customer = await insertAsBefore('customers', {
      name: 'مشتری قدیمی',
      code: keys.code[0],
      created_date: '2025-03-21',
      credit_date: '2026-03-20',
      search_text: keys.code[1],
    });
    await rerunMigration(db, migration);
    const prefixes = new Map<string, string>();
    for (const [prefix, id] of rows) prefixes.set(prefix, await prefixOf(id));
    for (const prefix of keys.alone)
      expect(prefixes.get(prefix), JSON.stringify(prefix)).toBe(keyText(prefix));
    expect([await prefixOf(held.id), await prefixOf(heldTwin.id)]).toEqual(keys.held);
    expect([await prefixOf(twinA.id), await prefixOf(twinB.id)].sort()).toEqual(
      [keyText(keys.twins[0]), keys.twins[1]].sort(),
    );
    const code = (await server.api.get('customer/get/', { Id: customer.id }, { token: admin })).body.record
      .code;
    expect(code).toBe(keys.foldedCode);
    return { rows, prefixes };
  }

  it('seeds receive methods, a default numbering scheme per letter type, an archive tree and a public template', async () => {
    expect((await list('reciveMethod')).map((r) => r.reciveMethodTitle).sort()).toEqual(
      ['حضوری', 'دورنگار', 'نامه‌رسان', 'پست', 'پست الکترونیک'].sort(),
    );
    const defaults = (await list('andikator')).filter((a) => a.isDefault);
    expect(
      defaults.map((a) => [a.messageTypeFk, a.andikatorPreFix, a.startNumber, a.isActive]).sort(),
    ).toEqual([
      [4, 'د-', 1, true],
      [5, 'و-', 1, true],
      [6, 'ص-', 1, true],
    ]);
    expect((await list('archive')).map((a) => a.fullName)).toContain('بایگانی عمومی / ۱۴۰۵');
    const found = await server.api.get('archive/list/', { Phrase: '۱۴۰۵' }, { token: admin });
    expect(found.body.records.map((a: { archiveTitle: string }) => a.archiveTitle)).toContain('۱۴۰۵');
    const [builtIn] = (await list('template')).filter((t) => t.isPublic);
    expect(builtIn).toMatchObject({
      templateName: BUILT_IN_TEMPLATE.name,
      fileName: BUILT_IN_TEMPLATE.fileName,
    });
    const builtInFile = await download({ templateId: builtIn.templateManagerId, token: admin });
    expect(builtInFile.status).toBe(200);
    expect(await isDocx(builtInFile.data)).toBe(true);
  });

  it('keeps one default numbering scheme per letter type and never takes the last number from the client', async () => {
    const create = (title: string, type: number, isDefault: boolean) =>
      server.api.post(
        'andikator/create/',
        {
          AndikatorTitle: title,
          AndikatorPreFix: `${title}/`,
          StartNumber: 100,
          MessageTypeFk: type,
          IsActive: true,
          IsDefault: isDefault,
          LastMessageNumber: 99,
        },
        { token: admin },
      );
    const first = (await create('داخلی دوم', 4, true)).body.id as number;
    const defaultsOf = async (type: number) =>
      (await list('andikator', { messageType: type })).filter((a) => a.isDefault).map((a) => a.andikatorId);
    expect(await defaultsOf(4)).toEqual([first]);
    expect(await defaultsOf(5)).toHaveLength(1);

    const second = (await create('داخلی سوم', 4, false)).body.id as number;
    expect(await defaultsOf(4)).toEqual([first]);
    const update = {
      Id: second,
      AndikatorTitle: 'داخلی سوم',
      AndikatorPreFix: 'س-',
      IsActive: true,
      IsDefault: true,
      StartNumber: 5,
      MessageTypeFk: 4,
      LastMessageNumber: 77,
    };
    expect(
      (await server.api.call('PUT', 'andikator/update/', { token: admin, json: update })).body.status,
    ).toBe(1);
    expect(await defaultsOf(4)).toEqual([second]);
    expect(await defaultsOf(6)).toHaveLength(1);

    const record = (await server.api.get('andikator/get/', { Id: second }, { token: admin })).body.record;
    expect(record).toMatchObject({
      andikatorPreFix: 'س-',
      startNumber: 5,
      lastMessageNumber: 0,
      isDefault: true,
      messageTypeFk: 4,
    });
    expect(
      (await server.api.get('andikator/get/', { Id: first }, { token: admin })).body.record.lastMessageNumber,
    ).toBe(0);
    const racing = await Promise.all([1, 2, 3, 4].map((n) => create(`صادره ${n}`, 6, true)));
    expect(racing.map((r) => r.body.status)).toEqual([1, 1, 1, 1]);
    expect(await defaultsOf(6)).toHaveLength(1);
    const badType = await server.api.post(
      'andikator/create/',
      { AndikatorTitle: 'نادرست', MessageTypeFk: 7 },
      { token: admin },
    );
    expect(badType.body).toEqual({ status: 0, message: 'نوع نامه معتبر نیست' });
  });

  it('gives every scheme its own prefix, a start of at least 1, an active default, and keeps the type of a used one', async () => {
    const save = (method: 'POST' | 'PUT', json: Record<string, unknown>) =>
      server.api.call(method, method === 'POST' ? 'andikator/create/' : 'andikator/update/', {
        token: admin,
        json: { AndikatorTitle: 'دبیرخانه مرکزی', MessageTypeFk: 6, IsActive: true, ...json },
      });
    const count = async () => (await list('andikator', {})).length;
    const before = await count();
    // The seeded internal scheme's prefix: its letters' numbers would repeat.
    expect((await save('POST', { AndikatorPreFix: 'د-' })).body).toEqual({
      status: 0,
      message: 'این پیشوند قبلاً در «اندیکاتورها» ثبت شده است',
    });
    expect((await save('POST', { AndikatorPreFix: 'م-', StartNumber: 0 })).body).toEqual({
      status: 0,
      message: 'شماره شروع باید دست‌کم ۱ باشد',
    });
    expect((await save('POST', { AndikatorPreFix: 'م-', IsDefault: true, IsActive: false })).body).toEqual({
      status: 0,
      message: 'اندیکاتور پیش‌فرض باید فعال باشد',
    });
    // «ص1» then 10 would read as «ص» then 110.
    expect((await save('POST', { AndikatorPreFix: 'ص۱' })).body).toEqual({
      status: 0,
      message: 'پیشوند نباید با رقم پایان یابد؛ برای نمونه «ص-۱-» یا «ص۱/»',
    });
    expect(await count()).toBe(before);
    // One prefix whatever digits it is typed with: stored with Latin digits, shown Persian.
    const digits = (await save('POST', { AndikatorPreFix: 'ص۱/' })).body;
    expect(digits.status).toBe(1);
    for (const again of ['ص1/', 'ص١/'])
      expect((await save('POST', { AndikatorPreFix: again })).body).toEqual({
        status: 0,
        message: 'این پیشوند قبلاً در «اندیکاتورها» ثبت شده است',
      });
    const stored = (await server.api.get('andikator/get/', { Id: digits.id }, { token: admin })).body.record;
    expect(stored.andikatorPreFix).toBe('ص1/');
    await server.api.call('DELETE', 'andikator/delete/', { token: admin, json: { Id: digits.id } });
    // Marks that do not show make no other prefix, nor hide a final digit.
    for (const [alike, message] of [
      ['ر1-\u200c', 'این پیشوند قبلاً در «اندیکاتورها» ثبت شده است'],
      ['\u200fر１-', 'این پیشوند قبلاً در «اندیکاتورها» ثبت شده است'],
      ['ر1\u200f', 'پیشوند نباید با رقم پایان یابد؛ برای نمونه «ص-۱-» یا «ص۱/»'],
    ]) {
      const first = (await save('POST', { AndikatorPreFix: 'ر1-' })).body;
      expect((await save('POST', { AndikatorPreFix: alike })).body, alike).toEqual({ status: 0, message });
      await server.api.call('DELETE', 'andikator/delete/', { token: admin, json: { Id: first.id } });
    }
    const created = (await save('POST', { AndikatorPreFix: 'م-', StartNumber: 10 })).body;
    expect(created.status).toBe(1);
    // Unused, it may change type; once a letter has it, not.
    expect((await save('PUT', { Id: created.id, AndikatorPreFix: 'م-', MessageTypeFk: 4 })).body.status).toBe(
      1,
    );
    const colleague = await server.api.signIn('09121111111', 'demo1234');
    const person = (await server.api.get('person/list/', { Count: -1 }, { token: admin })).body.records.find(
      (p: { mobile: string }) => p.mobile === '09122222222',
    ).id;
    const letter = new FormData();
    for (const [key, value] of Object.entries({
      MessageTypeFk: 4,
      Subject: 'درخواست',
      MessageBody: '<p>متن</p>',
      AndikatorFk: created.id,
      SelectedTo: person,
      IsSend: 6,
    }))
      letter.append(key, String(value));
    const numbered = (
      await server.api.call('POST', 'message/save/', { token: colleague.token, form: letter })
    ).body;
    expect(numbered.status).toBe(1);
    expect((await save('PUT', { Id: created.id, AndikatorPreFix: 'م-', MessageTypeFk: 6 })).body).toEqual({
      status: 0,
      message: 'نوع نامه‌ی اندیکاتوری که نامه‌ها با آن ثبت شده‌اند تغییر نمی‌کند',
    });
    // Other changes of a used scheme are taken; its number stays with the letter.
    expect(
      (await save('PUT', { Id: created.id, AndikatorPreFix: 'م-', MessageTypeFk: 4, StartNumber: 50 })).body
        .status,
    ).toBe(1);
    const got = (await server.api.get('message/get/', { Id: numbered.id }, { token: colleague.token })).body
      .record;
    expect(got).toMatchObject({ number: 10, displayMessageNumber: 'م-10' });
  });

  it('refuses a prefix that reads as one taken, or as ending in a digit, however it is written (probe: «د-1» twice)', async () => {
    const DUPLICATE = 'این پیشوند قبلاً در «اندیکاتورها» ثبت شده است';
    const ENDS_IN_DIGIT = 'پیشوند نباید با رقم پایان یابد؛ برای نمونه «ص-۱-» یا «ص۱/»';
    const save = (prefix: string) =>
      server.api.call('POST', 'andikator/create/', {
        token: admin,
        json: { AndikatorTitle: 'هم‌شکل', AndikatorPreFix: prefix, MessageTypeFk: 6, IsActive: true },
      });
    const count = async () => (await list('andikator', {})).length;
    const before = await count();
    // The seeded internal scheme's «د-»: each of these issued numbers that read «د-1».
    for (const alike of ['د\u200d-', 'دـ-', 'د-ً', 'دً-', 'د‐', 'د−', 'د–', 'د—', 'د－', 'د -', 'د - '])
      expect((await save(alike)).body, JSON.stringify(alike)).toEqual({ status: 0, message: DUPLICATE });
    for (const alike of ['ص1\u0300', 'ص߁', 'ص१', 'ص੧', 'ص1ـ', 'ص1\u200d'])
      expect((await save(alike)).body, JSON.stringify(alike)).toEqual({ status: 0, message: ENDS_IN_DIGIT });
    expect(await count()).toBe(before);
    // «ە-» beside «ه-», «ة-» beside it: one prefix, stored as the search reads it.
    const heh = (await save('ە-')).body;
    expect(heh.status).toBe(1);
    expect(
      (await server.api.get('andikator/get/', { Id: heh.id }, { token: admin })).body.record,
    ).toMatchObject({ andikatorPreFix: 'ه-' });
    for (const alike of ['ه-', 'ة-', 'ۀ –'])
      expect((await save(alike)).body, alike).toEqual({ status: 0, message: DUPLICATE });
    // A non-joiner inside a word is part of it: «نامه‌ها-» is not «نامهها-».
    const joined = (await save('نامه\u200cها-')).body;
    const apart = (await save('نامهها-')).body;
    expect([joined.status, apart.status]).toEqual([1, 1]);
    for (const id of [heh.id, joined.id, apart.id])
      await server.api.call('DELETE', 'andikator/delete/', { token: admin, json: { Id: id } });
  });

  it('folds a customer code as a prefix, and refuses one that folds to nothing as missing', async () => {
    const newCustomer = (Code: string) =>
      server.api.post(
        'customer/create/',
        { Name: `مشتری ${Code}`, Code, CreatedDate: '2025-03-21', CreditDate: '2026-03-20' },
        { token: admin },
      );
    const first = (await newCustomer('CX – 300')).body;
    expect(first.status).toBe(1);
    expect((await server.api.get('customer/get/', { Id: first.id }, { token: admin })).body.record.code).toBe(
      'CX-300',
    );
    for (const alike of ['CX-300', 'CX‐300', 'CX\u200d-300', 'CX - 300'])
      expect((await newCustomer(alike)).body, alike).toEqual({
        status: 0,
        message: 'این کد مشتری قبلاً در «مشتریان» ثبت شده است',
      });
    expect((await newCustomer('ـً')).body).toEqual({ status: 0, message: 'کد مشتری الزامی است' });
  });

  it('finds a customer code typed with another dash, and a text stored before dashes were folded (0036)', async () => {
    const created = (
      await server.api.post(
        'customer/create/',
        { Name: 'مشتری خط تیره', Code: 'DX-410', CreatedDate: '2025-03-21', CreditDate: '2026-03-20' },
        { token: admin },
      )
    ).body;
    expect(created.status).toBe(1);
    const found = async (Phrase: string) =>
      (
        (await server.api.get('customer/list/', { Phrase }, { token: admin })).body.records as {
          customerId: number;
        }[]
      ).map((r) => r.customerId);
    for (const phrase of ['DX–410', 'dx—410', 'DX-410'])
      expect(await found(phrase), phrase).toEqual([created.id]);
    // As stored before: the search text with the en dash as typed.
    const db = server.built.services.db;
    for (const table of ['customers', 'customers_search'] as const)
      await asSystem(() =>
        db
          .updateTable(table)
          .set({ search_text: sql`replace(search_text, 'dx-410', 'dx–410')` } as never)
          .where('id', '=', created.id)
          .execute(),
      );
    expect(await found('DX-410')).toEqual([]);
    await rerunMigration(db, '0036_search_dashes_folded.sql');
    for (const phrase of ['DX–410', 'DX-410']) expect(await found(phrase), phrase).toEqual([created.id]);
  });

  it('refuses a receive method that reads as one the tenant has (probe: «پست» three times); one saved before stays editable', async () => {
    const create = (title: string, token = admin) =>
      server.api.post('reciveMethod/create/', { ReciveMethodTitle: title }, { token });
    const titles = async () => (await list('reciveMethod')).map((r) => r.reciveMethodTitle as string);
    const before = await titles();
    for (const twin of ['پست', ' پست ', 'پسـت', 'ﭘﺴﺖ', 'پست\u2060', 'پُست'])
      expect((await create(twin)).body, JSON.stringify(twin)).toEqual({
        status: 0,
        message: expect.stringMatching(/^روش دریافتی با عنوان «.+» هست؛ عنوان دیگری بنویسید$/),
      });
    expect(await titles()).toEqual(before);
    // Another tenant's «پست» is its own; a title that reads otherwise is taken.
    const courier = (await create('پست سفارشی')).body;
    expect(courier.status).toBe(1);
    expect((await create('پست سفارشی', other)).body.status).toBe(1);
    // A rename into a twin is refused, as a new one is.
    const rename = (id: number, title: string) =>
      server.api.call('PUT', 'reciveMethod/update/', {
        token: admin,
        json: { Id: id, ReciveMethodTitle: title },
      });
    expect((await rename(courier.id as number, 'پسـت')).body.status).toBe(0);
    // Twins made before the rule stay, and are saved as they read.
    const twin = (await asSystem(() =>
      db
        .insertInto('recive_methods' as never)
        .values({ tenant_id: tenantId, recive_method_title: 'پست', search_text: 'پست' } as never)
        .returning('id' as never)
        .executeTakeFirstOrThrow(),
    )) as { id: number };
    expect((await rename(twin.id, 'پست')).body.status).toBe(1);
    expect((await rename(twin.id, 'پست ویژه')).body.status).toBe(1);
    for (const id of [courier.id as number, twin.id])
      await server.api.call('DELETE', 'reciveMethod/delete/', { token: admin, json: { Id: id } });
  });

  it("tells any colleague a scheme's type and default through the lookup, not the list", async () => {
    const colleague = (await server.api.signIn('09121111111', 'demo1234')).token;
    expect((await server.api.get('andikator/list/', {}, { token: colleague })).body.status).toBe(0);
    const lookup = await server.api.get('andikator/lookup/', { MessageType: 4 }, { token: colleague });
    expect(lookup.body.status).toBe(1);
    const schemes = lookup.body.records as Array<Record<string, unknown>>;
    expect(schemes.length).toBeGreaterThan(0);
    expect(schemes.every((scheme) => scheme.messageTypeFk === 4)).toBe(true);
    expect(schemes.filter((scheme) => scheme.isDefault === true)).toHaveLength(1);
    expect(Object.keys(schemes[0]).sort()).toEqual(
      ['andikatorPreFix', 'id', 'isActive', 'isDefault', 'messageTypeFk', 'title'].sort(),
    );
  });

  it('stores the ECE mailbox password encrypted and never answers it', async () => {
    const password = 'Mail-Pass-4321';
    const mailbox = {
      Title: 'صندوق دبیرخانه',
      Email: 'dabir@example.ir',
      UserName: 'dabir',
      Password: password,
      InputServer: 'imap.example.ir',
      InputPort: 993,
      OutputServer: 'smtp.example.ir',
      OutputPort: 465,
    };
    const created = await server.api.post('eceemails/create/', mailbox, { token: admin });
    expect(created.body.status).toBe(1);
    const id = created.body.id as number;
    const got = await server.api.get('eceemails/get/', { Id: id }, { token: admin });
    expect(got.body.record).toMatchObject({
      eCEEmailId: id,
      userName: 'dabir',
      inSSl: true,
      outSSl: true,
      outTls: true,
    });
    expect(got.body.record).not.toHaveProperty('password');
    const listed = await server.api.get('eceemails/list/', { Count: -1 }, { token: admin });
    for (const text of [created.text, got.text, listed.text]) expect(text).not.toContain(password);

    const stored = async () =>
      (
        await asSystem(() =>
          db.selectFrom('ece_emails').select('password').where('id', '=', id).executeTakeFirstOrThrow(),
        )
      ).password;
    const cipher = await stored();
    expect(cipher).not.toContain(password);
    expect(cipher.startsWith('v1:')).toBe(true);
    expect(decryptSecret(server.built.services.config.secret, cipher)).toBe(password);

    const { Password: _unchanged, ...withoutPassword } = mailbox;
    expect(
      (
        await server.api.call('PUT', 'eceemails/update/', {
          token: admin,
          json: { ...withoutPassword, Id: id, Password: '', Title: 'صندوق اصلی' },
        })
      ).body.status,
    ).toBe(1);
    expect(await stored()).toBe(cipher);
    expect(
      (
        await server.api.call('PUT', 'eceemails/update/', {
          token: admin,
          json: { ...mailbox, Id: id, Title: 'صندوق اصلی', Password: 'New-Pass-99' },
        })
      ).body.status,
    ).toBe(1);
    expect(decryptSecret(server.built.services.config.secret, await stored())).toBe('New-Pass-99');

    const noPassword = await server.api.post('eceemails/create/', withoutPassword, { token: admin });
    expect(noPassword.body).toEqual({ status: 0, message: 'رمز عبور الزامی است' });
    const badPort = await server.api.post(
      'eceemails/create/',
      { ...mailbox, InputPort: 70000 },
      { token: admin },
    );
    expect(badPort.body).toEqual({ status: 0, message: 'درگاه ورودی باید عددی بین ۱ تا ۶۵۵۳۵ باشد' });

    const post = (await list('orgpost'))[0] ?? (await createPost());
    const andikatorId = (await list('andikator', { messageType: 5 }))[0].andikatorId;
    const definition = await server.api.post(
      'ece/create/',
      { Title: 'مکاتبات وارده', ECEEmailFk: id, AndikatorFk: andikatorId, OrgPostFk: post.orgPostId },
      { token: admin },
    );
    expect(definition.body.status).toBe(1);
    const record = (await server.api.get('ece/get/', { Id: definition.body.id }, { token: admin })).body
      .record;
    expect(record).toMatchObject({
      eCEId: definition.body.id,
      eCEEmailFk: id,
      eCEEmailFkTitle: 'صندوق اصلی',
      in: true,
      out: true,
    });
    const refused = await server.api.call('DELETE', 'eceemails/delete/', { token: admin, json: { Id: id } });
    expect(refused.body.message).toBe(
      'این پست الکترونیک مکاتبات در «تعریف مکاتبات الکترونیک» استفاده شده است و حذف نمی‌شود',
    );
  });

  async function createPost() {
    const unit = (await server.api.post('orgunit/create/', { OrgUnitTitle: 'دبیرخانه' }, { token: admin }))
      .body.id;
    const id = (
      await server.api.post(
        'orgpost/create/',
        { OrgPostTitle: 'مسئول دبیرخانه', OrgUnitFk: unit },
        { token: admin },
      )
    ).body.id;
    return { orgPostId: id };
  }

  /** A GET answered as raw bytes (the harness decodes bodies as text). */
  function download(
    query: Record<string, string | number>,
    host = 'localhost',
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; data: Buffer }> {
    const url = new URL('/api/template/download', server.baseUrl);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    return new Promise((resolve, reject) => {
      http
        .get(url, { headers: { host } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, data: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    });
  }

  const upload = (
    method: 'POST' | 'PUT',
    path: string,
    fields: Record<string, string>,
    file?: { data: Buffer; name: string },
    token = admin,
  ) => {
    const form = new FormData();
    form.append('Language', '0');
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (file) form.append('file', new File([new Uint8Array(file.data)], file.name));
    return server.api.call(method, path, { token, form });
  };

  it('accepts only a Word document by content, serves it back byte-identical, and keeps tenants apart', async () => {
    expect(
      (
        await upload(
          'POST',
          'template/create/',
          { TemplateName: 'تصویر' },
          { data: PNG, name: 'letter.docx' },
        )
      ).body,
    ).toEqual({ status: 0, message: NOT_DOCX });
    expect(
      (
        await upload(
          'POST',
          'template/create/',
          { TemplateName: 'متن' },
          { data: Buffer.from('نامه اداری'), name: 'letter.docx' },
        )
      ).body,
    ).toEqual({ status: 0, message: NOT_DOCX });
    const plainZip = storedZip([{ name: 'readme.txt', data: Buffer.from('not a document') }]);
    expect(
      (
        await upload(
          'POST',
          'template/create/',
          { TemplateName: 'زیپ' },
          { data: plainZip, name: 'letter.docx' },
        )
      ).body,
    ).toEqual({ status: 0, message: NOT_DOCX });
    expect((await upload('POST', 'template/create/', { TemplateName: 'بی‌فایل' })).body).toEqual({
      status: 0,
      message: 'فایل قالب الزامی است',
    });

    const docx = minimalDocx(['موضوع: {subject}', 'متن: {body}']);
    const created = await upload(
      'POST',
      'template/create/',
      { TemplateName: 'قالب مدیریت', IsPublic: 'true' },
      { data: docx, name: 'نامه مدیریت.docx' },
    );
    expect(created.body.status).toBe(1);
    const id = created.body.id as number;
    const record = (await server.api.get('template/get/', { Id: id }, { token: admin })).body.record;
    expect(record).toMatchObject({
      templateManagerId: id,
      templateName: 'قالب مدیریت',
      fileName: 'نامه مدیریت.docx',
      isPublic: false,
    });
    expect(record).not.toHaveProperty('storedName');

    const file = await download({ templateId: id, token: admin });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe(DOCX_MIME);
    expect(file.headers['content-disposition']).toMatch(/^attachment; /);
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('نامه مدیریت.docx'));
    expect(file.data.equals(docx)).toBe(true);

    expect((await download({ templateId: id })).status).toBe(401);
    // A colleague without the template manager's permission: refused, no file (probe helper-65).
    const colleague = (await server.api.signIn('09121111111', 'demo1234')).token;
    const refused = await download({ templateId: id, token: colleague });
    expect(refused.headers['content-type']).not.toBe(DOCX_MIME);
    expect(JSON.parse(refused.data.toString())).toMatchObject({ status: 0, message: NO_PERMISSION_MESSAGE });
    expect((await download({ templateId: id, token: other }, 'second.localhost')).status).toBe(404);
    expect((await download({ templateId: id, token: other })).status).toBe(404);
    expect((await list('template', {}, other)).map((t) => t.templateManagerId)).not.toContain(id);

    // A new document replaces the old one on disk; the name alone changes nothing else.
    const storedName = async () =>
      (
        await asSystem(() =>
          db.selectFrom('templates').select('stored_name').where('id', '=', id).executeTakeFirstOrThrow(),
        )
      ).stored_name;
    const firstFile = server.built.services.files.pathOf(tenantId, TEMPLATE_FILES, await storedName())!;
    expect(fs.existsSync(firstFile)).toBe(true);
    expect(
      (await upload('PUT', 'template/update/', { Id: String(id), TemplateName: 'قالب مدیرعامل' })).body
        .status,
    ).toBe(1);
    expect(await storedName()).toBe(firstFile.split('/').pop());
    const replacement = minimalDocx(['نسخه دوم {subject}']);
    expect(
      (
        await upload(
          'PUT',
          'template/update/',
          { Id: String(id), TemplateName: 'قالب مدیرعامل' },
          { data: PNG, name: 'x.docx' },
        )
      ).body,
    ).toEqual({ status: 0, message: NOT_DOCX });
    expect(
      (
        await upload(
          'PUT',
          'template/update/',
          { Id: String(id), TemplateName: 'قالب مدیرعامل' },
          { data: replacement, name: 'دوم.docx' },
        )
      ).body.status,
    ).toBe(1);
    expect(fs.existsSync(firstFile)).toBe(false);
    expect((await download({ templateId: id, token: admin })).data.equals(replacement)).toBe(true);
    expect((await server.api.get('template/get/', { Id: id }, { token: admin })).body.record).toMatchObject({
      templateName: 'قالب مدیرعامل',
      fileName: 'دوم.docx',
    });

    const secondFile = server.built.services.files.pathOf(tenantId, TEMPLATE_FILES, await storedName())!;
    expect(
      (await server.api.call('DELETE', 'template/delete/', { token: admin, json: { Id: id } })).body.status,
    ).toBe(1);
    expect(fs.existsSync(secondFile)).toBe(false);
  });

  it('refuses a template that unpacks past its limits, measured by unpacking, not by what it declares', async () => {
    const MB = 1024 * 1024;
    // A package of the built-in sort with one part grown: deflated, a few kilobytes each.
    const grown = (name: string, data: Buffer | string) => {
      const zip = new PizZip(minimalDocx(['{subject}']));
      zip.file(name, data);
      return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
    };
    const paragraphs = (bytes: number) =>
      `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${'<w:p><w:r><w:t>{subject}</w:t></w:r></w:p>'.repeat(Math.ceil(bytes / 44))}</w:body></w:document>`;
    const templates = async () => (await list('template', {}, admin)).length;
    const before = await templates();
    for (const [what, data] of [
      ['3 MB of text', grown('word/document.xml', paragraphs(3 * MB))],
      ['25 MB of a picture', grown('word/media/image1.png', Buffer.alloc(25 * MB))],
    ] as const) {
      expect(data.length, what).toBeLessThan(MB);
      const refused = await upload(
        'POST',
        'template/create/',
        { TemplateName: what },
        { data, name: 'a.docx' },
      );
      expect(refused.body, what).toEqual({ status: 0, message: TEMPLATE_TOO_LARGE });
    }
    expect(await templates()).toBe(before);
    // Within them: 1.5 MB of text and a 5 MB picture.
    const zip = new PizZip(minimalDocx(['{subject}']));
    zip.file('word/document.xml', paragraphs(1.5 * MB));
    zip.file('word/media/image1.jpeg', crypto.randomBytes(5 * MB));
    const data = zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
    const taken = await upload(
      'POST',
      'template/create/',
      { TemplateName: 'سربرگ' },
      { data, name: 'سربرگ.docx' },
    );
    expect(taken.body.status).toBe(1);
    expect(await templates()).toBe(before + 1);
  });

  it('refuses to edit or delete a public template', async () => {
    const [builtIn] = (await list('template')).filter((t) => t.isPublic);
    const id = builtIn.templateManagerId as number;
    const edit = await upload(
      'PUT',
      'template/update/',
      { Id: String(id), TemplateName: 'تغییر' },
      { data: minimalDocx(['x']), name: 'x.docx' },
    );
    expect(edit.body).toEqual({ status: 0, message: PUBLIC_TEMPLATE_LOCKED });
    const removed = await server.api.call('DELETE', 'template/delete/', { token: admin, json: { Id: id } });
    expect(removed.body).toEqual({ status: 0, message: PUBLIC_TEMPLATE_LOCKED });
    expect((await server.api.get('template/get/', { Id: id }, { token: admin })).body.record).toMatchObject({
      templateName: BUILT_IN_TEMPLATE.name,
      isPublic: true,
    });
  });

  it('folds the keys saved before keys were folded, and keeps those records editable', async () => {
    const scheme = (prefix: string) => schemeAsBefore(prefix, { title: `قدیمی ${prefix}` });
    const endsInDigit = await scheme('ل7');
    const persianDigits = await scheme('ن۲-');
    const twinA = await scheme('ق۳-');
    const twinB = await scheme('ق٣-');
    // The migration, run again over these rows as a start would run it.
    await rerunMigration(db, '0022_key_texts_folded.sql');
    expect(await prefixOf(persianDigits.id)).toBe('ن2-');
    // Of two that fold to one key, one is folded and the other keeps its text.
    expect([await prefixOf(twinA.id), await prefixOf(twinB.id)].sort()).toEqual(['ق3-', 'ق٣-'].sort());
    // Still editable: a prefix saved before the rule, and the twin left as it was.
    const edit = (id: number, prefix: string) =>
      server.api.call('PUT', 'andikator/update/', {
        token: admin,
        json: {
          Id: id,
          AndikatorTitle: 'ویرایش‌شده',
          AndikatorPreFix: prefix,
          MessageTypeFk: 4,
          IsActive: false,
        },
      });
    expect((await edit(endsInDigit.id, 'ل7')).body.status).toBe(1);
    const unfolded = (await prefixOf(twinA.id)) === 'ق٣-' ? twinA.id : twinB.id;
    expect((await edit(unfolded, 'ق٣-')).body.status).toBe(1);
    expect((await edit(unfolded, 'ق۳-')).body.status).toBe(1);
    // Changed to another prefix, it is judged as any new one.
    expect((await edit(endsInDigit.id, 'ل8')).body).toMatchObject({
      status: 0,
      message: expect.stringContaining('رقم'),
    });
  });

  it('folds what 0022 left of a key, and finds a folded key as the list shows it (probe helper-64)', async () => {
    const scheme = (prefix: string, search = 'قدیمی') => schemeAsBefore(prefix, { search });
    // Saved before, each as 0022 left it: a non-joiner that joins nothing, an Arabic letter
    // from a presentation form, spaces at the ends; a twin of a key another holds.
    const rows = {
      joinerAtEnd: await scheme('نژ-\u200c'),
      joinerByDigit: await scheme('هژ\u200c5-'),
      arabicKaf: await scheme('كلژ-'),
      spaces: await scheme(' طژ-9 '),
      wordJoiner: await scheme('وژ-\u2060'),
      onlyJoiner: await scheme('\u200c\u200c'),
      twin: await scheme('مژ-\u200c'),
      held: await scheme('مژ-'),
    };
    await rerunMigration(db, '0032_key_texts_folded_whole.sql');
    expect(await prefixOf(rows.joinerAtEnd.id)).toBe('نژ-');
    expect(await prefixOf(rows.joinerByDigit.id)).toBe('هژ5-');
    expect(await prefixOf(rows.arabicKaf.id)).toBe('کلژ-');
    expect(await prefixOf(rows.spaces.id)).toBe('طژ-9');
    expect(await prefixOf(rows.twin.id)).toBe('مژ-\u200c');
    expect(await prefixOf(rows.wordJoiner.id)).toBe('وژ-');
    // Left empty it would be no key at all: it keeps its text.
    expect(await prefixOf(rows.onlyJoiner.id)).toBe('\u200c\u200c');
    // The key as it reads now is taken: a second «نژ-» or «کلژ-» is refused.
    for (const prefix of ['نژ-', 'کلژ-', 'ﻙلژ-'])
      expect(
        (
          await server.api.post(
            'andikator/create/',
            {
              AndikatorTitle: 'تازه',
              AndikatorPreFix: prefix,
              MessageTypeFk: 4,
              StartNumber: 1,
              IsActive: true,
            },
            { token: admin },
          )
        ).body,
        prefix,
      ).toMatchObject({ status: 0, message: expect.stringContaining('قبلاً') });
    // Found by the key as the list shows it, though its search text was of the old spelling.
    const found = async (Phrase: string) =>
      (
        (await server.api.get('andikator/list/', { Phrase, Count: 100 }, { token: admin })).body.records as {
          andikatorId: number;
        }[]
      ).map((r) => r.andikatorId);
    expect(await found('هژ5-')).toContain(rows.joinerByDigit.id);
    expect(await found('طژ-9')).toContain(rows.spaces.id);
  });

  it('folds the keys 0032 left that read alike — dashes, tatweel, diacritics, the joiner, ە — as keyText does now', async () => {
    // Saved before, each as 0032 left it (and as a create stored it then).
    const alone = [
      'ثظ–',
      'جظـ-',
      'چظً-',
      'حظ - ',
      'ەظ-',
      'خظ\u200d-',
      'ر\u200cـظ-',
      'زظ\u200c–',
      'ژظ\u00a0−\u3000',
      'سظ﹘',
      'شظ\u0627\u0653-',
      'صظ\u034f\u0301-',
      // Every dash keyText reads as «-», so the migration's list is held to its list.
      ...[
        ...'\u02d7\u058a\u05be\u1806\u2010\u2011\u2012\u2013\u2014\u2015\u2043\u2212\u2796\u23af\u2500\u2501\u2e3a\u2e3b\ufe58\ufe63\uff0d\u207b\ufe31',
      ].map((dash, n) => `طظ${n}${dash}`),
    ];
    const { rows, prefixes } = await foldKeysSavedBefore('0034_key_texts_folded_alike.sql', {
      alone,
      held: ['دظ-', 'دظ–'],
      twins: ['ذظ–', 'ذظ—'],
      code: ['CZ – 7', 'مشتری قدیمی'],
      foldedCode: 'CZ-7',
    });
    expect(prefixes.get('ەظ-')).toBe('هظ-');
    expect(prefixes.get('ر\u200cـظ-')).toBe('ر\u200cظ-');
    expect(prefixes.get('حظ - ')).toBe('حظ-');
    // The key as it reads now is taken, and a phrase of it finds the scheme.
    const create = (prefix: string) =>
      server.api.post(
        'andikator/create/',
        { AndikatorTitle: 'تازه', AndikatorPreFix: prefix, MessageTypeFk: 4, StartNumber: 1, IsActive: true },
        { token: admin },
      );
    for (const prefix of ['هظ-', 'ثظ-', 'جظ-'])
      expect((await create(prefix)).body, prefix).toMatchObject({
        status: 0,
        message: expect.stringContaining('قبلاً'),
      });
    const found = (
      (await server.api.get('andikator/list/', { Phrase: 'هظ-', Count: 100 }, { token: admin })).body
        .records as { andikatorId: number }[]
    ).map((r) => r.andikatorId);
    expect(found).toContain(rows.get('ەظ-'));
  });

  it('refuses a prefix or a code that reads as one taken with another slash (probe: «صق/» five times), and finds it typed so', async () => {
    const scheme = (prefix: string) =>
      server.api.post(
        'andikator/create/',
        { AndikatorTitle: 'اسلش', AndikatorPreFix: prefix, MessageTypeFk: 6, IsActive: true },
        { token: admin },
      );
    const made = (await scheme('صق∕')).body;
    expect(made.status).toBe(1);
    expect(
      (await server.api.get('andikator/get/', { Id: made.id }, { token: admin })).body.record,
    ).toMatchObject({ andikatorPreFix: 'صق/' });
    for (const alike of ['صق/', 'صق⁄', 'صق⧸', 'صق╱', 'صق／', 'صق\u0338'])
      expect((await scheme(alike)).body, JSON.stringify(alike)).toEqual({
        status: 0,
        message: 'این پیشوند قبلاً در «اندیکاتورها» ثبت شده است',
      });
    const customer = (Code: string) =>
      server.api.post(
        'customer/create/',
        { Name: `مشتری ${Code}`, Code, CreatedDate: '2025-03-21', CreditDate: '2026-03-20' },
        { token: admin },
      );
    const code = (await customer('SL/1')).body;
    expect(code.status).toBe(1);
    for (const alike of ['SL∕1', 'SL⁄1'])
      expect((await customer(alike)).body, alike).toEqual({
        status: 0,
        message: 'این کد مشتری قبلاً در «مشتریان» ثبت شده است',
      });
    const found = async (Phrase: string) =>
      (
        (await server.api.get('customer/list/', { Phrase }, { token: admin })).body.records as {
          customerId: number;
        }[]
      ).map((r) => r.customerId);
    for (const phrase of ['SL∕1', 'sl⁄1', 'SL/1']) expect(await found(phrase), phrase).toEqual([code.id]);
    await server.api.call('DELETE', 'andikator/delete/', { token: admin, json: { Id: made.id } });
  });

  it('folds the keys saved with another slash (0037) where no two become one', async () => {
    // Saved before, each as 0034 left it: every slash keyText reads as «/», and more.
    const alone = [
      ...[
        '\u2044',
        '\u2215',
        '\u2571',
        '\u27cb',
        '\u29f8',
        '\u3033',
        '\u{1d23a}',
        '\u{1f67c}',
        '\u0338',
        '\u0337',
        '\u2afd',
        '\u2afb',
      ].map((slash, n) => `غس${n}${slash}`),
      'فس – ∕',
      'آس∕',
    ];
    const { prefixes } = await foldKeysSavedBefore('0037_key_texts_slashes_folded.sql', {
      alone,
      held: ['قس/', 'قس∕'],
      twins: ['کس⁄', 'کس╱'],
      code: ['SM∕2', 'مشتری قدیمی sm∕2'],
      foldedCode: 'SM/2',
    });
    expect(prefixes.get('آس∕')).toBe('آس/');
    expect(prefixes.get('غس10\u2afd')).toBe('غس10//');
    // The key as it reads now is taken.
    expect(
      (
        await server.api.post(
          'andikator/create/',
          {
            AndikatorTitle: 'تازه',
            AndikatorPreFix: 'غس1/',
            MessageTypeFk: 4,
            StartNumber: 1,
            IsActive: true,
          },
          { token: admin },
        )
      ).body,
    ).toMatchObject({ status: 0, message: expect.stringContaining('قبلاً') });
  });

  it('finds a name by its hamza seats read as letters, and folds the search texts stored before (0038) as the server writes them', async () => {
    const created = (
      await server.api.post(
        'customer/create/',
        {
          Name: 'مؤسسه پائیز آذرخش و نامه هائی',
          Code: 'SQ/7',
          CreatedDate: '2025-03-21',
          CreditDate: '2026-03-20',
        },
        { token: admin },
      )
    ).body;
    expect(created.status).toBe(1);
    const found = async (Phrase: string) =>
      (
        (await server.api.get('customer/list/', { Phrase }, { token: admin })).body.records as {
          customerId: number;
        }[]
      ).map((r) => r.customerId);
    // Probe: «موسسه» found nothing of «مؤسسه», «پاییز» of «پائیز», «اذرخش» of «آذرخش».
    for (const phrase of ['موسسه', 'مؤسسه', 'پاییز', 'آذرخش', 'اذرخش', 'نامه‌هایی', 'SQ∕7'])
      expect(await found(phrase), phrase).toEqual([created.id]);
    const textOf = async (table: 'customers' | 'customers_search') =>
      (
        await asSystem(() =>
          db.selectFrom(table).select('search_text').where('id', '=', created.id).executeTakeFirstOrThrow(),
        )
      ).search_text as string;
    const written = await textOf('customers');
    // As stored before: the seats, the madda and the slash as typed, the older ending apart.
    const before = written
      .replace('موسسه', 'مؤسسه')
      .replace('پاییز', 'پائیز')
      .replace('اذرخش', 'آذرخش')
      .replace('نامههایی', 'نامه هائی')
      .replace('sq/7', 'sq∕7');
    expect(before).not.toBe(written);
    for (const table of ['customers', 'customers_search'] as const)
      await asSystem(() =>
        db
          .updateTable(table)
          .set({ search_text: before } as never)
          .where('id', '=', created.id)
          .execute(),
      );
    expect(await found('موسسه')).toEqual([]);
    await rerunMigration(db, '0038_search_slashes_and_seats_folded.sql');
    expect([await textOf('customers'), await textOf('customers_search')]).toEqual([written, written]);
    for (const phrase of ['موسسه', 'پاییز', 'اذرخش', 'نامه ها', 'SQ/7'])
      expect(await found(phrase), phrase).toEqual([created.id]);
  });

  it('finds a name written joined by a phrase typed with a ZWNJ, in a list and a picker (probe: «کار‌آفرین»)', async () => {
    const created = (
      await server.api.post(
        'customer/create/',
        { Name: 'بانک کارآفرین', Code: 'KA-1', CreatedDate: '2025-03-21', CreditDate: '2026-03-20' },
        { token: admin },
      )
    ).body;
    expect(created.status).toBe(1);
    const listed = async (Phrase: string) =>
      (
        (await server.api.get('customer/list/', { Phrase }, { token: admin })).body.records as {
          customerId: number;
        }[]
      ).map((r) => r.customerId);
    const picked = async (Phrase: string) =>
      (
        (await server.api.get('customer/lookup/', { Phrase }, { token: admin })).body.records as {
          id: number;
        }[]
      ).map((r) => r.id);
    for (const phrase of ['کار\u200cآفرین', 'بانک کار\u200cآفرین', 'کارآفرین']) {
      expect(await listed(phrase), phrase).toEqual([created.id]);
      expect(await picked(phrase), phrase).toEqual([created.id]);
    }
  });
});
