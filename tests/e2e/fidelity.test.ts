// Persian fidelity as a user sees it in Chromium: the tab names the screen, a long menu
// label wraps instead of ending in «…», the page-size select keeps to its numbers, and on a
// 390 px phone the dashboard's daily to-do field keeps a usable width and a letter list
// fits the screen (one cell per letter) instead of scrolling sideways; long unbroken words
// (a folder's name, a subject, a forward's note, a file name) wrap instead of widening the
// page or pushing columns out of the card.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type TestServer, DEMO_ADMIN } from '../api/harness';
import { openPortal, SCREENSHOTS, signInThroughForm, type Portal } from './browser';

/** An image the server accepts (it checks an attachment by its bytes): a 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * What sticks out on the page: the page wider than the screen, the heading past the
 * screen's edges, or a cell, list item, value or button (not a scrollable tab) past its
 * card's edges — cut by the card or scrolled out of view inside it — or with text wider
 * than itself.
 */
const overflowOf = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const { scrollWidth } = document.documentElement;
    if (scrollWidth > innerWidth) found.push(`page ${scrollWidth} px wide on a ${innerWidth} px screen`);
    const outside = (element: Element, left: number, right: number) => {
      const box = element.getBoundingClientRect();
      const text = (element.textContent ?? '').slice(0, 30);
      if (box.width > 0 && (box.left < left - 1 || box.right > right + 1))
        found.push(`${element.tagName} «${text}» at ${Math.round(box.left)}–${Math.round(box.right)}`);
      if (element.scrollWidth > element.clientWidth + 1)
        found.push(`${element.tagName} «${text}» holds ${element.scrollWidth} px in ${element.clientWidth}`);
    };
    const content = document.getElementById('main-content')!;
    for (const heading of content.querySelectorAll('h1')) outside(heading, 0, innerWidth);
    for (const card of content.querySelectorAll('.MuiCard-root')) {
      const edges = card.getBoundingClientRect();
      for (const element of card.querySelectorAll('h2, dd, li, th, td, button:not([role="tab"])'))
        outside(element, edges.left, edges.right);
    }
    return found;
  });

const widthOf = async (page: Page, selector: string) =>
  (await page.locator(selector).first().boundingBox())?.width ?? 0;

describe('Persian fidelity in Chromium', () => {
  let portal: Portal;
  let server: TestServer;
  let page: Page;
  let origin: string;

  beforeAll(async () => {
    portal = await openPortal();
    ({ server, page, origin } = portal);
    await signInThroughForm(page, origin, DEMO_ADMIN.username, DEMO_ADMIN.password);
  });
  afterAll(() => portal?.close());

  /** A 390 × 844 phone of its own, the administrator signed in (close its context after). */
  const signedInPhone = async (touch = false) => {
    const context = await portal.browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'fa-IR',
      ...(touch && { hasTouch: true, isMobile: true }),
    });
    const phone = await context.newPage();
    await signInThroughForm(phone, origin, DEMO_ADMIN.username, DEMO_ADMIN.password);
    return { context, phone };
  };

  it('names the screen in the browser tab', async () => {
    const context = await portal.browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${origin}/login`);
    await expect.poll(() => visitor.title()).toBe('ورود — دبیر');
    await context.close();
    await expect.poll(() => page.title()).toBe('داشبورد — دبیر');
    await page.goto(`${origin}/banks`);
    await expect.poll(() => page.title()).toBe('بانک‌ها — دبیر');
  });

  it('wraps a long menu label instead of cutting it with «…»', async () => {
    await page.getByRole('menuitem', { name: 'مکاتبات', exact: true }).click();
    await page.getByRole('menuitem', { name: 'تنظیمات مکاتبات' }).click();
    const label = page.getByText('تعریف مکاتبات الکترونیک', { exact: true });
    await label.waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'menu-long-label.png') });
    const cut = await label.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
    expect(cut).toBe(false);
  });

  it('keeps the page-size select to its numbers, not the table’s width', async () => {
    const token = (await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token;
    for (let i = 1; i <= 12; i++) await server.api.post('bank/create/', { Title: `بانک ${i}` }, { token });
    await page.goto(`${origin}/banks`);
    await page.getByLabel('تعداد در صفحه').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'banks-pager.png') });
    expect(await widthOf(page, 'table')).toBeGreaterThan(600);
    const select = page.locator('.MuiFormControl-root', { has: page.getByLabel('تعداد در صفحه') });
    expect((await select.boundingBox())!.width).toBeLessThan(200);
  });

  it('undoes and redoes typing in the letter body step by step (Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y)', async () => {
    // A context of its own: the unsent letter (and its kept copy) stays out of the other tests.
    const context = await portal.browser.newContext({ locale: 'fa-IR' });
    const writer = await context.newPage();
    await signInThroughForm(writer, origin, DEMO_ADMIN.username, DEMO_ADMIN.password);
    await writer.goto(`${origin}/letter/true/AllMyMessage/4/0`);
    const body = writer.getByRole('textbox', { name: 'متن نامه' });
    await body.click();
    const text = async () => (await body.innerText()).trim();
    // Pauses part the words into undo steps, as a person's pauses do.
    for (const word of ['اول', ' دوم', ' سوم']) {
      await writer.keyboard.type(word);
      await writer.waitForTimeout(1200);
    }
    await expect.poll(text).toBe('اول دوم سوم');
    const seen: string[] = [];
    for (const key of ['Control+z', 'Control+z', 'Control+Shift+z', 'Control+y']) {
      await writer.keyboard.press(key);
      await writer.waitForTimeout(300);
      seen.push(await text());
    }
    expect(seen).toEqual(['اول دوم', 'اول', 'اول دوم', 'اول دوم سوم']);
    await context.close();
  });

  it('keeps a table pasted from Word a table: in the editor, the saved draft and its view', async () => {
    const context = await portal.browser.newContext({ locale: 'fa-IR' });
    const writer = await context.newPage();
    await signInThroughForm(writer, origin, DEMO_ADMIN.username, DEMO_ADMIN.password);
    await writer.goto(`${origin}/letter/true/AllMyMessage/4/0`);
    await writer.getByLabel('موضوع').fill('جدول هزینه‌ها');
    const body = writer.getByRole('textbox', { name: 'متن نامه' });
    await body.click();
    const word =
      "<p class=MsoNormal dir=RTL>هزینه‌ها:</p><table class=MsoTableGrid border=1 dir=rtl style='border-collapse:collapse'>" +
      "<tr><td style='border:solid windowtext 1.0pt'><p class=MsoNormal><b>ردیف</b></p></td><td><p class=MsoNormal><b>شرح</b></p></td></tr>" +
      '<tr><td><p class=MsoNormal>۱</p></td><td><p class=MsoNormal>خرید تجهیزات</p></td></tr></table>';
    await body.evaluate((element, html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, word);
    const cells = async (root: import('playwright-core').Locator) =>
      root.locator('td').evaluateAll((tds) => tds.map((td) => td.textContent?.trim()));
    await expect.poll(() => cells(body)).toEqual(['ردیف', 'شرح', '۱', 'خرید تجهیزات']);
    const to = writer.getByLabel(/گیرندگان/);
    await to.click();
    await writer.getByRole('option').first().click();
    await writer.getByRole('button', { name: 'ذخیره پیش‌نویس' }).click();
    await writer.waitForURL(/\/draftmessage/);
    await writer.getByText('جدول هزینه‌ها').first().click();
    // The draft opens on its compose tab: the table is in the editor again, and in the view.
    await expect.poll(() => cells(body)).toEqual(['ردیف', 'شرح', '۱', 'خرید تجهیزات']);
    await writer.getByRole('tab', { name: 'مشاهده نامه' }).click();
    const view = writer.getByRole('article', { name: 'متن نامه' });
    await expect.poll(() => cells(view)).toEqual(['ردیف', 'شرح', '۱', 'خرید تجهیزات']);
    await writer.screenshot({ path: path.join(SCREENSHOTS, 'letter-pasted-table.png') });
    await context.close();
  });

  it('gives the daily to-do field a usable width on a 390 px phone', async () => {
    const { context, phone } = await signedInPhone();
    const field = phone.getByLabel('کار امروز');
    await field.waitFor();
    await field.scrollIntoViewIfNeeded();
    await phone.screenshot({ path: path.join(SCREENSHOTS, 'phone-daily-todo.png') });
    expect((await field.boundingBox())!.width).toBeGreaterThan(200);
    await context.close();
  });

  it('fits a letter list to a 390 px phone: subject, sender and date in one cell, no sideways scroll', async () => {
    const { context, phone } = await signedInPhone();
    await phone.goto(`${origin}/allmessage`);
    const row = phone.getByTestId('letter-row').first();
    await row.waitFor();
    await phone.screenshot({ path: path.join(SCREENSHOTS, 'phone-letter-list.png') });
    const table = phone.getByRole('table', { name: 'فهرست نامه‌ها' });
    const sideways = await table.evaluate((element) => {
      const box = element.parentElement!;
      return box.scrollWidth > box.clientWidth + 1 || document.documentElement.scrollWidth > innerWidth;
    });
    expect(sideways).toBe(false);
    const text = await row.innerText();
    expect(text).toMatch(/[۰-۹]{4}\/[۰-۹]{2}\/[۰-۹]{2}/); // the Jalali date, under the subject
    expect(await row.getByRole('link').count()).toBe(1);
    await context.close();
  });

  it('gives a finger 44 px targets on a touch phone: page numbers on one line, icon and text buttons', async () => {
    const { context, phone } = await signedInPhone(true);
    await phone.goto(`${origin}/cities`);
    const pager = phone.getByRole('navigation', { name: 'صفحه‌بندی' });
    await pager.scrollIntoViewIfNeeded();
    await phone.screenshot({ path: path.join(SCREENSHOTS, 'phone-touch-pager.png') });
    const items = await pager.locator('button').evaluateAll((buttons) =>
      buttons.map((button) => {
        const box = button.getBoundingClientRect();
        return { width: box.width, height: box.height, top: Math.round(box.top) };
      }),
    );
    expect(items.length).toBeGreaterThan(3);
    expect(items.every((item) => item.width >= 44 && item.height >= 44)).toBe(true);
    expect(new Set(items.map((item) => item.top)).size).toBe(1); // one line
    const edit = (await phone
      .getByRole('button', { name: /^ویرایش / })
      .first()
      .boundingBox())!;
    expect(Math.min(edit.width, edit.height)).toBeGreaterThanOrEqual(44);
    const newLetter = phone.getByRole('button', { name: 'نامه جدید' });
    await phone.goto(`${origin}/allmessage`);
    expect((await newLetter.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await context.close();
  });

  it('keeps a wide master-data table’s row icons in reach and its search box centred on a 390 px phone', async () => {
    const { context, phone } = await signedInPhone();
    await phone.goto(`${origin}/person`);
    const edit = phone.getByRole('button', { name: /^ویرایش / }).first();
    await edit.waitFor();
    // The table is wider than the phone (it scrolls sideways inside its box), and the
    // «عملیات» column stays at its end edge, on screen, however far it is scrolled.
    const wrapper = phone.locator('.RaDataTable-tableWrapper');
    expect(await wrapper.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    for (const scrolled of [0, -200, -10_000]) {
      await wrapper.evaluate((box, to) => (box.scrollLeft = to), scrolled);
      const at = (await edit.boundingBox())!;
      expect([scrolled, at.x >= 0 && at.x + at.width <= 390]).toEqual([scrolled, true]);
      const heading = (await phone.getByRole('columnheader', { name: 'عملیات' }).boundingBox())!;
      expect([scrolled, heading.x >= 0 && heading.x + heading.width <= 390]).toEqual([scrolled, true]);
    }
    // The search box above it sits as far from the screen's left edge as from its right.
    const search = (await phone
      .getByPlaceholder('جستجو')
      .locator('xpath=ancestor::div[contains(@class,"MuiFormControl-root")][1]')
      .boundingBox())!;
    expect(Math.abs(search.x - (390 - search.x - search.width))).toBeLessThanOrEqual(1);
    await phone.screenshot({ path: path.join(SCREENSHOTS, 'phone-person-actions.png') });
    await context.close();
  });

  it('keeps the related-letter picker’s «انتخاب» in reach on a 390 px phone', async () => {
    const { context, phone } = await signedInPhone();
    await phone.goto(`${origin}/letter/true/AllMyMessage/4/0`);
    await phone.getByRole('tab', { name: /^نامه‌های مرتبط/ }).click();
    await phone.getByRole('button', { name: 'افزودن نامه مرتبط' }).click();
    const picker = phone.getByRole('dialog');
    await picker.getByRole('combobox', { name: 'از میان' }).click();
    await phone.getByRole('option', { name: 'همه نامه‌ها' }).click();
    const choose = picker.getByRole('button', { name: /^انتخاب: / }).first();
    await choose.waitFor();
    const at = (await choose.boundingBox())!;
    expect(at.x >= 0 && at.x + at.width <= 390).toBe(true);
    // The dialog itself does not scroll sideways: the table does, in its own box.
    const content = picker.locator('.MuiDialogContent-root');
    expect(await content.evaluate((box) => box.scrollWidth <= box.clientWidth + 1)).toBe(true);
    await phone.screenshot({ path: path.join(SCREENSHOTS, 'phone-related-picker.png') });
    await context.close();
  });

  it('wraps long unbroken words in a folder’s list and the letter’s tabs on a 390 px phone', async () => {
    const token = (await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token;
    const as = { token };
    const people = (await server.api.get('person/list/', { Count: -1 }, as)).body.records as Array<{
      id: number;
      mobile: string;
    }>;
    const colleagues = people.filter((p) => p.mobile !== DEMO_ADMIN.username).map((p) => p.id);
    const word = (letter: string) => letter.repeat(120);
    const created = async (path: string, fields: Record<string, unknown>) => {
      const answer = await server.api.post(path, fields, as);
      expect(answer.body.status, `${path}: ${answer.text}`).toBe(1);
      return answer.body.id as number;
    };
    // A colleague whose first name is one 100-letter word, among the letter's recipients.
    const longNamed = await created('person/create/', {
      FirstName: 'ن'.repeat(100),
      LastName: 'طباطبایی‌نژاد',
      Mobile: '09139990001',
      RoleNames: ['کارکنان'],
      PassWord: 'demo1234',
      IsActive: true,
    });
    const schemes = (await server.api.get('andikator/list/', { Count: -1 }, as)).body.records as Array<{
      andikatorId: number;
      messageTypeFk: number;
      isDefault: boolean;
    }>;
    const scheme = schemes.find((s) => s.messageTypeFk === 4 && s.isDefault)!.andikatorId;

    // A folder inside a folder, both named with one long word: the menu shows the path.
    const parentTitle = 'بایگانی_قراردادهای_پیمانکاران_طرح‌های_عمرانی_۱۴۰۴';
    const parent = await created('archive/create/', { ArchiveTitle: parentTitle });
    const folderTitle = `پوشه ${word('ف')}`;
    const folder = await created('archive/create/', { ArchiveTitle: folderTitle, ParentFk: parent });
    const letter = (subject: string, extra: Record<string, unknown> = {}) =>
      created('message/save/', {
        MessageId: 0,
        IsSend: 1,
        MessageTypeFk: 4,
        Subject: subject,
        MessageBody: `<p>متن ${word('ک')}</p>`,
        AndikatorFk: scheme,
        SelectedTo: [...colleagues, longNamed],
        ...extra,
      });
    const earlier = await letter(`نامه پیشین ${word('ر')}`);
    const subject = `گزارش عملکرد ${word('ب')}`;
    const id = await letter(subject, {
      RelatedMessages: JSON.stringify({ MessageId: earlier, Follow: true }),
      Attachments: new File([new Uint8Array(PNG)], `${'پ'.repeat(180)}.png`, { type: 'image/png' }),
    });
    await created('message/forward/', {
      MessageId: id,
      IsSend: 1,
      SelectedTo: [colleagues[0]],
      ForwardMessage: `برای اقدام ${'ش'.repeat(250)}`,
    });
    await created('message/setarchive/', { MessageId: id, ArchiveId: folder });

    // On a desktop the folder's menu entry is its own title over its parent's, a few lines.
    const fullPath = `${parentTitle} / ${folderTitle}`;
    await page.goto(`${origin}/archivemessage/${folder}?title=${encodeURIComponent(fullPath)}`);
    const entry = page.getByRole('menuitem', { name: fullPath });
    await entry.waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'menu-long-folder.png') });
    expect((await entry.boundingBox())!.height).toBeLessThan(100);
    const cut = await entry.evaluate((element) =>
      [element, ...element.querySelectorAll('*')].some((e) => e.scrollWidth > e.clientWidth + 1),
    );
    expect(cut).toBe(false);
    expect(await overflowOf(page)).toEqual([]);

    const { context, phone } = await signedInPhone();
    await phone.goto(`${origin}/archivemessage/${folder}?title=${encodeURIComponent(fullPath)}`);
    await phone.getByRole('link', { name: subject }).waitFor();
    await phone.screenshot({ path: path.join(SCREENSHOTS, 'phone-long-folder.png'), fullPage: true });
    expect(await overflowOf(phone)).toEqual([]);

    await phone.getByRole('link', { name: subject }).click();
    const tabs: Array<[file: string, tab: RegExp, shows: string | RegExp]> = [
      ['view', /^مشاهده نامه/, subject],
      ['attachments', /^پیوست‌ها/, /^پپپ/],
      ['related', /^نامه‌های مرتبط/, /^نامه پیشین/],
      ['forwards', /^ارجاع‌ها/, /^برای اقدام/],
      ['events', /^رویدادهای نامه/, /^برای اقدام/],
    ];
    for (const [file, tab, shows] of tabs) {
      await phone.getByRole('tab', { name: tab }).click();
      await phone.getByText(shows).first().waitFor();
      await phone.screenshot({ path: path.join(SCREENSHOTS, `phone-long-${file}.png`), fullPage: true });
      expect(await overflowOf(phone), file).toEqual([]);
    }
    await context.close();
  });
});
