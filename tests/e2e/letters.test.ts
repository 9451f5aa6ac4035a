// Correspondence end to end in Chromium, on the real server: the administrator writes an
// internal letter to a colleague, saves it as a draft, signs and sends it; the colleague,
// signed in meanwhile, gets the toast and one more unread letter, opens it from the toast,
// replies (a draft in their drafts), files it in an archive folder, prints it (the
// .docx arrives) and deletes the unsent reply from the drafts list. Screenshots of a letter list and the letter screen go to tmp/screenshots.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_COLLEAGUE_PASSWORD } from '../../server/seed/seed';
import { DEMO_ADMIN } from '../api/harness';
import { openPortal, SCREENSHOTS, signInThroughForm, type Portal } from './browser';

const COLLEAGUE = { username: '09121111111', password: DEMO_COLLEAGUE_PASSWORD, name: 'مریم احمدی' };
const SUBJECT = `هماهنگی جلسه بودجه ${Date.now() % 100_000}`;
/** A 1×1 PNG: the server checks an attachment by its bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const IMAGE_NAME = 'نمودار بودجه.png';

const visible = (page: Page, text: string | RegExp, timeout = 15_000) =>
  expect.poll(() => page.getByText(text).first().isVisible(), { timeout }).toBe(true);

/** The unread box of the dashboard, as a number (its digits are Persian). */
async function unreadCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('box-unReadMessageCount').textContent()) ?? '';
  const digits = text.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))).replace(/\D/g, '');
  return Number(digits);
}

/** The bell's unread count, from its label «اعلان‌ها، ۳ خوانده‌نشده». */
async function bellCount(page: Page): Promise<number> {
  const label = (await page.getByRole('button', { name: /^اعلان‌ها،/ }).getAttribute('aria-label')) ?? '';
  return Number(label.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))).replace(/\D/g, ''));
}

describe('a letter from draft to archive in Chromium', () => {
  let portal: Portal;
  let admin: Page;
  let colleagueContext: BrowserContext;
  let colleague: Page;
  let origin: string;
  let unreadBefore = 0;
  let letterPath = '';

  beforeAll(async () => {
    portal = await openPortal();
    ({ page: admin, origin } = portal);
    colleagueContext = await portal.browser.newContext({
      viewport: { width: 1366, height: 850 },
      locale: 'fa-IR',
      acceptDownloads: true,
    });
    colleague = await colleagueContext.newPage();
    await signInThroughForm(admin, origin, DEMO_ADMIN.username, DEMO_ADMIN.password);
    await signInThroughForm(colleague, origin, COLLEAGUE.username, COLLEAGUE.password);
    await colleague.waitForFunction(() =>
      /[۰-۹]/.test(document.querySelector('[data-testid="box-unReadMessageCount"]')?.textContent ?? ''),
    );
    unreadBefore = await unreadCount(colleague);
  }, 60_000);
  afterAll(async () => {
    await colleagueContext?.close();
    await portal?.close();
  });

  it('the administrator writes an internal letter to a colleague and saves it as a draft', async () => {
    await admin.goto(`${origin}/letter/true/AllMyMessage/4/0`);
    await admin.getByRole('toolbar', { name: 'ثبت نامه' }).waitFor();
    // The type's default numbering scheme is chosen already.
    await expect
      .poll(() => admin.getByRole('combobox', { name: /اندیکاتور/ }).textContent())
      .toBe('اندیکاتور داخلی');
    await admin.getByLabel(/^موضوع/).fill(SUBJECT);
    const recipients = admin.getByRole('combobox', { name: /^گیرندگان/ });
    await recipients.click();
    await recipients.fill('مریم');
    await admin.getByRole('option', { name: COLLEAGUE.name }).click();
    // Not among the choices: the administrator themselves.
    await recipients.fill('مدیر');
    await visible(admin, 'موردی یافت نشد');
    await recipients.fill('');
    await admin.locator('.ProseMirror').click();
    await admin.keyboard.type('با سلام، جلسه بودجه سه‌شنبه ساعت ۱۰ برگزار می‌شود.');
    await admin.getByLabel('نیاز به پاسخ دارد').check();
    await admin.getByRole('tab', { name: /پیوست‌ها/ }).click();
    await admin
      .locator('input[type="file"]')
      .setInputFiles({ name: IMAGE_NAME, mimeType: 'image/png', buffer: PNG });
    await admin.locator(`img[title="${IMAGE_NAME}"]`).waitFor();
    await admin.getByRole('tab', { name: 'نگارش نامه' }).click();
    await admin.screenshot({ path: path.join(SCREENSHOTS, 'letter-compose.png'), fullPage: true });

    expect(await admin.getByRole('button', { name: 'امضا', exact: true }).isDisabled()).toBe(true);
    await admin.getByRole('button', { name: 'ذخیره پیش‌نویس', exact: true }).click();
    await admin.waitForURL((url) => url.pathname === '/draftmessage');
    await admin.getByRole('link', { name: SUBJECT }).click();
    await admin.waitForURL((url) => url.pathname.startsWith('/letter/false/Draft/4/'));
  });

  it('signs the draft and sends it; the sent letter opens', async () => {
    await admin.getByRole('button', { name: 'امضا', exact: true }).click();
    await expect.poll(() => admin.getByRole('button', { name: 'ارسال', exact: true }).isEnabled()).toBe(true);
    expect(await admin.getByRole('button', { name: 'حذف امضا', exact: true }).isEnabled()).toBe(true);
    await admin.getByRole('button', { name: 'ارسال', exact: true }).click();
    await admin.waitForURL((url) => url.pathname.startsWith('/letter/false/Send/4/'));
    letterPath = new URL(admin.url()).pathname;
    await expect.poll(() => admin.getByRole('button', { name: 'ارجاع', exact: true }).isEnabled()).toBe(true);
    expect(await admin.getByRole('button', { name: 'ارسال', exact: true }).isDisabled()).toBe(true);
  });

  it('the colleague gets the toast and one more unread letter, and opens it from the toast', async () => {
    const toast = colleague.getByText(`نامه جدید از مدیر سامانه: ${SUBJECT}`);
    await toast.waitFor({ timeout: 15_000 });
    await expect.poll(() => unreadCount(colleague), { timeout: 15_000 }).toBe(unreadBefore + 1);
    const bell = await bellCount(colleague);
    await colleague.getByRole('button', { name: 'مشاهده', exact: true }).click();
    await colleague.waitForURL((url) => url.pathname === letterPath.replace('/Send/', '/AllMyMessage/'));
    await colleague.getByRole('heading', { name: SUBJECT }).waitFor();
    // The notice is read with the letter: the bell counts one fewer.
    await expect.poll(() => bellCount(colleague), { timeout: 10_000 }).toBe(bell - 1);
    await visible(colleague, 'جلسه بودجه سه‌شنبه');
    await colleague.screenshot({ path: path.join(SCREENSHOTS, 'letter-view.png'), fullPage: true });
  });

  it('the colleague finds it read in the cartable list; opened again it shows its attachment, which downloads', async () => {
    await colleague.goto(`${origin}/mymessage`);
    const row = colleague.getByTestId('letter-row').filter({ hasText: SUBJECT });
    await row.waitFor();
    expect(await row.getByRole('img', { name: 'خوانده‌شده' }).count()).toBe(1);
    await colleague.screenshot({ path: path.join(SCREENSHOTS, 'letter-list.png'), fullPage: true });
    await row.getByRole('link', { name: SUBJECT }).click();
    // Read before: it opens on its attachments (spec 1 §2), the image under its own name.
    await expect
      .poll(() => colleague.getByRole('tab', { name: /پیوست‌ها/ }).getAttribute('aria-selected'))
      .toBe('true');
    const [download] = await Promise.all([
      colleague.waitForEvent('download'),
      colleague.getByRole('button', { name: `دریافت ${IMAGE_NAME}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(IMAGE_NAME);
  });

  it('replies: a draft to the sender in the colleague’s drafts', async () => {
    await colleague.getByRole('button', { name: 'پاسخ', exact: true }).click();
    const dialog = colleague.getByRole('dialog');
    await dialog.getByText('گیرنده: مدیر سامانه').waitFor();
    await dialog.getByLabel(/متن پاسخ/).fill('حضور خواهم داشت.');
    await dialog.getByRole('button', { name: 'ثبت پاسخ', exact: true }).click();
    await colleague.waitForURL((url) => url.pathname === '/draftmessage');
    await colleague.getByRole('link', { name: `پاسخ: ${SUBJECT}` }).waitFor();
  });

  it('files the letter in an archive folder, where its list shows it', async () => {
    await colleague.goto(`${origin}${letterPath.replace('/Send/', '/AllMyMessage/')}`);
    // Read before: it opens on its attachments; the reader goes to its events.
    const events = colleague.getByRole('tab', { name: 'رویدادهای نامه' });
    await events.click();
    // No favourite folder made yet: its dialog says where folders are made.
    await colleague.getByRole('button', { name: 'پوشه دلخواه', exact: true }).click();
    const favourite = colleague.getByRole('dialog').getByRole('combobox', { name: 'پوشه دلخواه' });
    await favourite.click();
    // In the open list, and as the field's description.
    const noneYet = /^پوشه دلخواهی نیست؛ پوشه‌ها در «تنظیمات مکاتبات»/;
    await colleague.locator('.MuiAutocomplete-noOptions').getByText(noneYet).waitFor();
    await expect
      .poll(() =>
        favourite.evaluate(
          (e) => document.getElementById(e.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
        ),
      )
      .toMatch(noneYet);
    await colleague.keyboard.press('Escape'); // the list
    await colleague.keyboard.press('Escape'); // the dialog
    await colleague.getByRole('dialog').waitFor({ state: 'detached' });
    await colleague.getByRole('button', { name: 'بایگانی', exact: true }).click();
    const dialog = colleague.getByRole('dialog');
    // It opens in its folder field: Enter at once asks for the folder.
    await expect
      .poll(() =>
        dialog.getByRole('combobox', { name: 'پوشه بایگانی' }).evaluate((e) => e === document.activeElement),
      )
      .toBe(true);
    await colleague.keyboard.press('Enter');
    await dialog.getByText('الزامی است').waitFor();
    await dialog.getByRole('combobox', { name: 'پوشه بایگانی' }).click();
    await colleague.getByRole('option', { name: 'قراردادها' }).click();
    // Enter files it, as the button does.
    await colleague.keyboard.press('Enter');
    await visible(colleague, 'درخواست با موفقیت انجام شد');
    // Reloaded with the filing among its events, on the tab the reader was on (it went to
    // the attachments once).
    await colleague.getByRole('cell', { name: 'بایگانی', exact: true }).waitFor();
    expect(await events.getAttribute('aria-selected')).toBe('true');
    const folder = await colleague.evaluate(async () => {
      const { token } = JSON.parse(localStorage.getItem('dabir.session') ?? '{}') as { token: string };
      const answer = await fetch('/api/archive/lookup/?Phrase=قراردادها', {
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await answer.json()) as { records: Array<{ id: number }> }).records[0].id;
    });
    // Opened by its address alone (no «?title=» of the menu's link): named as the menu names it.
    await colleague.goto(`${origin}/archivemessage/${folder}`);
    await colleague.getByRole('heading', { name: /نامه‌های بایگانی: قراردادها/, level: 1 }).waitFor();
    await colleague.getByRole('link', { name: SUBJECT }).waitFor();
  });

  it('prints the letter into the public template: the .docx arrives', async () => {
    await colleague.goto(`${origin}${letterPath.replace('/Send/', '/AllMyMessage/')}`);
    await colleague.getByRole('button', { name: 'چاپ', exact: true }).click();
    const dialog = colleague.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'قالب چاپ' }).click();
    await colleague.getByRole('option', { name: 'قالب پیش‌فرض نامه' }).click();
    const [download] = await Promise.all([
      colleague.waitForEvent('download'),
      dialog.getByRole('button', { name: 'چاپ', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.docx$/);
    const file = await download.path();
    expect(file).toBeTruthy();
  });

  it('deletes the unsent reply from the drafts list behind «آیا اطمینان دارید ؟»', async () => {
    await colleague.goto(`${origin}/draftmessage`);
    const reply = `پاسخ: ${SUBJECT}`;
    await colleague.getByRole('link', { name: reply }).waitFor();
    await colleague.getByRole('button', { name: `حذف نامه ${reply}` }).click();
    const dialog = colleague.getByRole('dialog');
    await dialog.getByText('آیا اطمینان دارید ؟').waitFor();
    await dialog.getByRole('button', { name: 'بله', exact: true }).click();
    await visible(colleague, 'درخواست با موفقیت انجام شد');
    await expect
      .poll(() => colleague.getByRole('link', { name: reply }).count(), { timeout: 15_000 })
      .toBe(0);
  });
});
