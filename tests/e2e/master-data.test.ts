// Master data in a real browser: a bank added, found, edited and deleted through its
// generic screen; a person added through theirs signs in with the new mobile; a customer
// with a group, Jalali dates and a tag, then chosen as an ECE receiver.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type TestServer, DEMO_ADMIN } from '../api/harness';
import { openPortal, SCREENSHOTS, signInThroughForm, type Portal } from './browser';
import { customer } from '../../src/schemas/customers';
import { groupDigits } from '../../src/shared/persian-digits';
import { insertRows } from '../../server/masterdata/repository';
import { COUNT_CAP } from '../../server/masterdata/lists';
import { rowOf } from '../../server/seed/organisation-seed';
import { withTenant } from '../../server/db/tenant-fence';

const visible = (page: Page, text: string | RegExp, timeout = 10_000) =>
  expect.poll(() => page.getByText(text).first().isVisible(), { timeout }).toBe(true);

describe('master data screens in Chromium', () => {
  let portal: Portal;
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let origin: string;

  beforeAll(async () => {
    portal = await openPortal();
    ({ server, browser, page, origin } = portal);
    await signInThroughForm(page, origin, DEMO_ADMIN.username, DEMO_ADMIN.password);
  });
  afterAll(() => portal?.close());

  it('adds, searches, edits and deletes a bank through its screen', async () => {
    await page.goto(`${origin}/banks`);
    await visible(page, 'ردیف');
    await visible(page, /مجموع/);
    await page.getByRole('button', { name: 'افزودن بانک' }).click();
    await page.getByLabel(/^نام بانک/).fill('بانك آزمايشي');
    await page.getByRole('button', { name: 'ذخیره' }).click();
    await visible(page, 'درخواست با موفقیت انجام شد');
    await visible(page, 'بانک آزمایشی'); // stored with Persian letters

    await page.getByPlaceholder('جستجو').fill('آزمایشی');
    await visible(page, 'بانک آزمایشی');
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'banks-search.png') });

    await page.getByRole('button', { name: 'ویرایش بانک آزمایشی' }).click();
    await page.getByLabel(/^نام بانک/).fill('بانک آزمایشی دوم');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'banks-edit.png') });
    await page.getByRole('button', { name: 'ذخیره' }).click();
    await visible(page, 'بانک آزمایشی دوم');

    await page.getByRole('button', { name: 'حذف بانک آزمایشی دوم' }).click();
    await visible(page, 'آیا اطمینان دارید ؟');
    await page.getByRole('button', { name: 'بله' }).click();
    await expect.poll(() => page.getByText('بانک آزمایشی دوم').count(), { timeout: 10_000 }).toBe(0);
    const left = await server.api.get(
      'bank/list/',
      { Phrase: 'آزمایشی', Count: -1 },
      { token: (await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token },
    );
    expect(left.body.record_count).toBe(0);
  });

  it('adds a customer with a group, Jalali dates and a tag, then makes it an ECE receiver', async () => {
    await page.goto(`${origin}/customers/list`);
    await page.getByRole('button', { name: 'افزودن مشتری' }).click();
    await page.getByLabel(/^نام مشتری/).fill('شرکت آزمون');
    await page.getByLabel(/^کد مشتری/).fill('T-1');
    await page.getByRole('group', { name: /تاریخ ایجاد/ }).click();
    await page.keyboard.type('14040115');
    await page.getByRole('group', { name: /تاریخ اعتبار/ }).click();
    await page.keyboard.type('14050115');
    await page.getByLabel(/^گروه‌های مشتری/).click();
    await page.getByRole('option', { name: 'مشتریان خصوصی' }).click();
    await page.getByRole('heading', { name: 'افزودن مشتری' }).click(); // closes the options, not the dialog
    await page.getByLabel(/^برچسب‌ها/).fill('فولاد');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'ذخیره' }).click();
    await visible(page, 'درخواست با موفقیت انجام شد');
    await visible(page, 'شرکت آزمون');

    const token = (await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token;
    const [stored] = (await server.api.get('customer/list/', { Phrase: 'آزمون' }, { token })).body.records;
    const group = (await server.api.get('customergroup/list/', { Phrase: 'خصوصی' }, { token })).body
      .records[0];
    // 1404/01/15 and 1405/01/15 in the Persian calendar.
    expect(stored).toMatchObject({
      code: 'T-1',
      createdDate: '2025-04-04',
      creditDate: '2026-04-04',
      tags: ['فولاد'],
      customerGroups: [group.customerGroupId],
    });

    await page.goto(`${origin}/ecereceivers`);
    await page.getByRole('button', { name: 'افزودن گیرنده الکترونیک' }).click();
    await page.getByLabel(/^مشتری/).click();
    await page.getByRole('option', { name: 'شرکت آزمون' }).click();
    await page.getByRole('button', { name: 'ذخیره' }).click();
    await visible(page, 'درخواست با موفقیت انجام شد');
    await page.getByPlaceholder('جستجو').fill('آزمون');
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);
    await visible(page, 'شرکت آزمون');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'ece-receivers.png') });
  });

  it('adds a person who can then sign in with their mobile', async () => {
    await page.goto(`${origin}/person`);
    await page.getByRole('button', { name: 'افزودن شخص' }).click();
    await page.getByLabel(/^نام\s*\*?$/).fill('سارا');
    await page.getByLabel(/^نام خانوادگی/).fill('نوری');
    await page.getByLabel(/^تلفن همراه/).fill('09351234567');
    await page.getByLabel(/^رمز عبور/).fill('sara-pass-1');
    // The city select offers the chosen province's cities only, and lets go of one outside it.
    await page.getByLabel(/^استان/).fill('فارس');
    await page.getByRole('option', { name: 'فارس' }).click();
    await page.getByLabel(/^شهر/).click();
    await expect
      .poll(async () => (await page.getByRole('option').allTextContents()).sort())
      .toEqual(['جهرم', 'شیراز', 'فسا', 'مرودشت', 'کازرون'].sort());
    await page.getByRole('option', { name: 'شیراز' }).click();
    await page.getByLabel(/^استان/).fill('یزد');
    await page.getByRole('option', { name: 'یزد' }).click();
    await expect.poll(() => page.getByLabel(/^شهر/).inputValue()).toBe('');
    await page.getByLabel(/^شهر/).click();
    await page.getByRole('option', { name: 'میبد' }).click();
    await page.getByLabel(/^نقش‌ها/).click();
    await page.getByRole('option').first().click();
    await page.getByRole('heading', { name: 'افزودن شخص' }).click(); // closes the options, not the dialog
    await page.screenshot({ path: path.join(SCREENSHOTS, 'person-add.png') });
    await page.getByRole('button', { name: 'ذخیره' }).click();
    await visible(page, 'درخواست با موفقیت انجام شد');
    await visible(page, 'نوری');

    const context = await browser.newContext({ viewport: { width: 1366, height: 850 } });
    const theirs = await context.newPage();
    await signInThroughForm(theirs, origin, '09351234567', 'sara-pass-1');
    await visible(theirs, 'خوش آمدید');
    await visible(theirs, 'سارا');
    await context.close();
    const token = (await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token;
    const [sara] = (await server.api.get('person/list/', { Phrase: 'نوری' }, { token })).body.records;
    expect(sara).toMatchObject({ provinceFkTitle: 'یزد', cityFkTitle: 'میبد' });
  });

  it('pages a list of more than a thousand customers, saying «بیش از ۱٬۰۰۰» until the count is within reach', async () => {
    const { db } = server.built.services;
    const tenantId = (await server.built.services.tenants.byHost('localhost'))!.id;
    const rows = Array.from({ length: COUNT_CAP + 40 }, (_, i) =>
      rowOf(customer, tenantId, {
        Name: `مشتری فهرست بلند ${i + 1}`,
        Code: `L-${i + 1}`,
        CreatedDate: '2025-03-21',
        CreditDate: '2026-03-20',
      }),
    );
    for (let start = 0; start < rows.length; start += 500)
      await withTenant(tenantId, () => insertRows(db, customer, rows.slice(start, start + 500)));
    const token = (await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token;
    const deep = (await server.api.get('customer/list/', { Page: 200, Count: 10 }, { token })).body;
    const exact = groupDigits(deep.record_count as number);

    await page.goto(`${origin}${customer.route}`);
    await visible(page, 'مجموع: بیش از ۱٬۰۰۰');
    // The counted pages and one more: the last page number offered is 101 (10 rows a page).
    await page.getByRole('button', { name: 'صفحه ۱۰۱' }).click();
    await visible(page, `مجموع: ${exact}`);
    await expect
      .poll(() => page.getByRole('button', { name: 'صفحه ۱۰۱' }).getAttribute('aria-current'))
      .toBe('page');
    await page.mouse.move(0, 0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'customers-past-the-cap.png') });
  });
});
