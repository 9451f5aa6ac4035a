// Nothing typed is lost (src/custom/letters/letter/composeBackup.ts): a letter being
// written comes back after a reload, and after the session ended under it (signed out
// elsewhere) and the user signed in again — with a banner that can drop it; a tab closed
// or reloaded with unsaved changes asks first.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_COLLEAGUE_PASSWORD } from '../../server/seed/seed';
import { openPortal, SCREENSHOTS, signInThroughForm, type Portal } from './browser';

const MARYAM = '09121111111';
const SUBJECT = 'گزارش ماهانه‌ای که نباید گم شود';
const BODY = 'متن بلندی که پیش از پایان نشست نوشته شد.';

describe('a letter being written survives a reload and an ended session', () => {
  let portal: Portal;
  let page: Page;
  let origin: string;
  const subject = () => page.getByLabel('موضوع').first();
  const body = () => page.locator('.ProseMirror');

  beforeAll(async () => {
    portal = await openPortal();
    ({ page, origin } = portal);
    await signInThroughForm(page, origin, MARYAM, DEMO_COLLEAGUE_PASSWORD);
  });
  afterAll(() => portal?.close());

  it('asks before a reload, and brings the letter back after it', async () => {
    await page.goto(`${origin}/letter/true/AllMyMessage/4/0`);
    await subject().fill(SUBJECT);
    await body().click();
    await page.keyboard.type(BODY);
    await page.waitForTimeout(600); // the copy is written 300 ms after the last key
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    expect(asked).toEqual(['beforeunload']);
    await page.getByRole('button', { name: 'دور انداختن' }).waitFor();
    await expect.poll(() => subject().inputValue()).toBe(SUBJECT);
    expect(await body().innerText()).toContain(BODY);
    // What was brought back is no step to undo: Ctrl+Z leaves it.
    await body().click();
    await page.keyboard.press('Control+z');
    await page.waitForTimeout(300);
    expect(await body().innerText()).toContain(BODY);
    // The banner names the day and the hour apart, and its close icon keeps what was restored.
    const banner = page.getByRole('alert').filter({ hasText: 'بازگردانده شد' });
    expect(await banner.innerText()).toMatch(/در [۰-۹]{4}\/[۰-۹]{2}\/[۰-۹]{2} ساعت [۰-۹]{2}:[۰-۹]{2} نوشته/);
    await banner.getByRole('button', { name: 'بستن پیام بازگردانی' }).click();
    await expect.poll(() => banner.count()).toBe(0);
    expect(await subject().inputValue()).toBe(SUBJECT);
  });

  it('keeps the last words typed before a click elsewhere in the portal, or a reload at once', async () => {
    await page.goto(`${origin}/letter/true/AllMyMessage/4/0`);
    await subject().fill(SUBJECT);
    await body().click();
    await page.keyboard.type(BODY);
    await page.waitForTimeout(600);
    // More words, and at once away through the side menu (no reload, no question asked).
    await page.keyboard.type(' و سطر آخر');
    await page.locator('a[href="/"]').first().click();
    await page.waitForURL(`${origin}/`);
    await page.goto(`${origin}/letter/true/AllMyMessage/4/0`);
    await page.getByRole('button', { name: 'دور انداختن' }).waitFor();
    await expect.poll(() => body().innerText()).toContain(`${BODY} و سطر آخر`);
    // Typed and reloaded at once: the copy is written as the page goes.
    await body().click();
    await page.keyboard.press('End');
    await page.keyboard.type(' و پی‌نوشت');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await page.getByRole('button', { name: 'دور انداختن' }).waitFor();
    await expect.poll(() => body().innerText()).toContain('و پی‌نوشت');
    expect(await subject().inputValue()).toBe(SUBJECT);
    // Kept for the next case, which ends the session under it.
  });

  it('brings it back after the session ended under it and the user signed in again', async () => {
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('dabir.session') ?? '{}') as { token?: string }).token,
    );
    // Signed out from elsewhere: the page finds its session gone and goes to sign in.
    await portal.server.api.post('user/logout/', {}, { token });
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
    await page.fill('input[name="username"]', MARYAM);
    await page.fill('input[name="password"]', DEMO_COLLEAGUE_PASSWORD);
    await page.fill('input[name="captcha"]', '00000');
    await page.press('input[name="password"]', 'Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/letter/'), { timeout: 15_000 });
    await page.getByRole('button', { name: 'دور انداختن' }).waitFor();
    await expect.poll(() => subject().inputValue()).toBe(SUBJECT);
    expect(await body().innerText()).toContain(BODY);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'letter-restored.png') });
    // Dropped: the form is the empty new letter again, and stays so after a reload.
    await page.getByRole('button', { name: 'دور انداختن' }).click();
    await expect.poll(() => subject().inputValue()).toBe('');
    await page.reload();
    await subject().waitFor();
    await page.waitForTimeout(300);
    expect(await subject().inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'دور انداختن' }).count()).toBe(0);
  });

  it('sends once a letter whose send reached the server but whose answer was lost, then reloaded', async () => {
    const subjectOnce = `نامه یک‌باره ${Date.now() % 100_000}`;
    const admin = (await portal.server.api.signIn('09120000000', 'admin123')).token;
    const sentTo = async () =>
      (
        (
          await portal.server.api.get(
            'message/list/',
            { PageType: 'AllMessage', Phrase: subjectOnce },
            { token: admin },
          )
        ).body.records as unknown[]
      ).length;
    await page.goto(`${origin}/letter/true/AllMyMessage/4/0`);
    await subject().fill(subjectOnce);
    const recipients = page.getByRole('combobox', { name: /^گیرندگان/ });
    await recipients.click();
    await recipients.fill('علی');
    await page.getByRole('option', { name: 'علی رضایی' }).click();
    await body().click();
    await page.keyboard.type(BODY);
    await page.waitForTimeout(600);
    // The send reaches the server; its answer never reaches the page.
    await page.route('**/api/message/save/**', async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'ارسال', exact: true }).click();
    await expect.poll(sentTo).toBe(1);
    await page.unroute('**/api/message/save/**');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await page.getByRole('button', { name: 'دور انداختن' }).waitFor();
    await expect.poll(() => subject().inputValue()).toBe(subjectOnce);
    await page.getByRole('button', { name: 'ارسال', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/letter/false/Send/'), { timeout: 15_000 });
    expect(await sentTo()).toBe(1);
  });

  it('keeps what is typed without a pause when the session is revoked meanwhile, and another tab’s sign-in brings the letter’s tab back to it', async () => {
    const letterUrl = `${origin}/letter/true/AllMyMessage/4/0`;
    await page.goto(letterUrl);
    await subject().fill('نامه‌ای که بی‌وقفه نوشته شد');
    await body().click();
    const list = await page.context().newPage();
    await list.goto(`${origin}/mymessage`);
    await list.getByRole('heading', { name: 'کارتابل من', level: 1 }).waitFor();
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('dabir.session') ?? '{}') as { token?: string }).token,
    );
    // Typed at a steady 40 ms a key, no pause the copy's 300 ms would wait for; the session
    // is revoked from elsewhere while the typing goes on.
    const typedFirst = 'سطر نخست که بی‌درنگ پس از آن نشست بسته می‌شود';
    await page.keyboard.type(typedFirst, { delay: 40 });
    const typing = page.keyboard.type(' و ادامه‌ی آن'.repeat(3), { delay: 40 }).catch(() => undefined);
    await portal.server.api.post('user/logout/', {}, { token });
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
    await typing;
    // The hub's word that the session was revoked is said, as a 401's is.
    await page
      .getByText('نشست شما به پایان رسیده است؛ دوباره وارد شوید')
      .first()
      .waitFor({ timeout: 10_000 });
    await list.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
    // Signed in in the other tab: the letter's tab goes back to its letter, and offers it.
    await list.fill('input[name="username"]', MARYAM);
    await list.fill('input[name="password"]', DEMO_COLLEAGUE_PASSWORD);
    await list.fill('input[name="captcha"]', '00000');
    await list.press('input[name="password"]', 'Enter');
    await list.waitForURL((url) => url.pathname === '/mymessage', { timeout: 15_000 });
    await page.waitForURL((url) => url.pathname === '/letter/true/AllMyMessage/4/0', { timeout: 15_000 });
    await page.getByRole('button', { name: 'دور انداختن' }).waitFor();
    await expect.poll(() => subject().inputValue()).toBe('نامه‌ای که بی‌وقفه نوشته شد');
    expect(await body().innerText()).toContain(typedFirst);
    await page.getByRole('button', { name: 'دور انداختن' }).click();
    await list.close();
  });

  /** A draft to علی written through the screen, opened from the drafts: its id and address. */
  async function draftOnScreen(draftSubject: string) {
    await page.goto(`${origin}/letter/true/AllMyMessage/4/0`);
    await subject().fill(draftSubject);
    const recipients = page.getByRole('combobox', { name: /^گیرندگان/ });
    await recipients.click();
    await recipients.fill('علی');
    await page.getByRole('option', { name: 'علی رضایی' }).click();
    await body().click();
    await page.keyboard.type('متن نخست');
    await page.getByRole('button', { name: 'ذخیره پیش‌نویس' }).click();
    await page.waitForURL(/\/draftmessage/);
    await page.getByText(draftSubject).first().click();
    await page.waitForURL(/\/letter\/false\/Draft\/4\/\d+/);
    await expect.poll(() => body().innerText()).toContain('متن نخست');
    return { id: Number(page.url().split('/').pop()), url: page.url() };
  }
  const token = () =>
    page.evaluate(
      () => (JSON.parse(localStorage.getItem('dabir.session') ?? '{}') as { token?: string }).token,
    );
  async function typeMore(words: string) {
    await body().click();
    await page.keyboard.press('End');
    await page.keyboard.type(words);
    await page.waitForTimeout(600);
  }

  it('keeps what a tab typed when its save is refused as the draft was edited in another, and offers it on reopening', async () => {
    const draftSubject = `پیش‌نویس دو زبانه ${Date.now() % 100_000}`;
    const { url: draftUrl } = await draftOnScreen(draftSubject);
    // A second tab of the same user opens the same draft.
    const other = await page.context().newPage();
    await other.goto(draftUrl);
    await other.getByLabel('موضوع').first().fill(`${draftSubject} — زبانه دوم`);
    await other.getByRole('button', { name: 'ذخیره پیش‌نویس' }).click();
    await other.waitForURL(/\/draftmessage/);
    await other.close();
    // The first tab, still on the first load, writes a body of its own: refused, kept.
    await typeMore(' و افزوده‌ی زبانه نخست');
    await page.getByRole('button', { name: 'ذخیره پیش‌نویس' }).click();
    await page
      .getByText(/جای دیگری ویرایش شده است/)
      .first()
      .waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    const banner = page.getByRole('alert').filter({ hasText: 'بازگردانده شد' });
    await banner.waitFor();
    expect(await banner.innerText()).toContain('این نامه پس از آن جای دیگری ویرایش شده است');
    await expect.poll(() => body().innerText()).toContain('و افزوده‌ی زبانه نخست');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'compose-overtaken-copy.png') });
    // «دور انداختن» shows the newer draft, the other tab's subject.
    await banner.getByRole('button', { name: 'دور انداختن' }).click();
    await expect.poll(() => subject().inputValue()).toBe(`${draftSubject} — زبانه دوم`);
    expect(await body().innerText()).not.toContain('افزوده‌ی زبانه نخست');
  });

  it('offers what was typed as text and as a new letter when the draft was sent elsewhere meanwhile', async () => {
    const draftSubject = `پیش‌نویسی که جای دیگر رفت ${Date.now() % 100_000}`;
    const { id, url } = await draftOnScreen(draftSubject);
    await typeMore(' و بندی که نباید گم شود');
    // Another tab (here the API, with the same session) signs and sends it.
    const signed = await portal.server.api.post('message/sign/', { id }, { token: await token() });
    expect(signed.body.status).toBe(1);
    const form = new FormData();
    form.append('MessageId', String(id));
    form.append('IsSend', '1');
    const sent = await portal.server.api.call('POST', 'message/save/', { token: await token(), form });
    expect(sent.body.status).toBe(1);
    // This tab saves: refused, and the letter is shown as it now is, the words beside it.
    await page.getByRole('button', { name: 'ذخیره پیش‌نویس' }).click();
    const stranded = page.getByRole('alert', { name: 'متن ذخیره‌نشده' });
    await stranded.waitFor();
    expect(await stranded.innerText()).toContain('ذخیره نشد. این نامه پس از آن ارسال شده است');
    expect(await stranded.getByLabel('متن نوشته‌شده').innerText()).toBe(
      `${draftSubject}\n\nمتن نخست و بندی که نباید گم شود`,
    );
    await page.screenshot({ path: path.join(SCREENSHOTS, 'compose-stranded-copy.png') });
    // The refusal's notice, at the window's foot, leaves the bottom buttons free to press.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const notice = page.locator('.MuiSnackbar-root').filter({ hasText: 'نامه ارسال‌شده قابل ویرایش نیست' });
    const noticeBox = (await notice.boundingBox())!;
    for (const button of await page.getByRole('toolbar', { name: 'ثبت نامه' }).getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.y + box.height <= noticeBox.y || box.y >= noticeBox.y + noticeBox.height).toBe(true);
    }
    // Still there after a reload (no question asked: nothing on the screen is unsaved), and
    // on the letter opened from the sent letters.
    await page.reload();
    await stranded.waitFor();
    await page.goto(`${origin}/letter/false/Send/4/${id}`);
    await stranded.waitFor();
    // A new letter with it: the same words, a letter of its own.
    await stranded.getByRole('button', { name: 'نامه تازه با این متن' }).click();
    await page.waitForURL(/\/letter\/true\/AllMyMessage\/4\/0\?copy=/);
    await expect.poll(() => subject().inputValue()).toBe(draftSubject);
    await expect.poll(() => body().innerText()).toContain('و بندی که نباید گم شود');
    expect(await page.getByRole('alert').filter({ hasText: 'اینجا نامه‌ای تازه است' }).count()).toBe(1);
    await page.getByRole('button', { name: 'ذخیره پیش‌نویس' }).click();
    await page.waitForURL(/\/draftmessage/);
    // Saved: neither copy is offered again.
    await page.goto(url);
    await page.getByRole('tab', { name: 'مشاهده نامه' }).waitFor();
    await page.waitForTimeout(300);
    expect(await stranded.count()).toBe(0);
  });

  it('offers it beside «نامه یافت نشد» when the draft was deleted elsewhere, and drops it when asked', async () => {
    const draftSubject = `پیش‌نویسی که جای دیگر حذف شد ${Date.now() % 100_000}`;
    const { id } = await draftOnScreen(draftSubject);
    await typeMore(' و سطری تازه');
    const deleted = await portal.server.api.call('DELETE', 'message/delete/', {
      token: await token(),
      json: { Id: id },
    });
    expect(deleted.body.status).toBe(1);
    await page.getByRole('button', { name: 'ذخیره پیش‌نویس' }).click();
    await page.getByRole('heading', { name: 'نامه یافت نشد' }).waitFor();
    const stranded = page.getByRole('alert', { name: 'متن ذخیره‌نشده' });
    expect(await stranded.innerText()).toContain('حذف شده است');
    expect(await stranded.getByLabel('متن نوشته‌شده').innerText()).toContain('متن نخست و سطری تازه');
    await stranded.getByRole('button', { name: 'دور انداختن' }).click();
    await expect.poll(() => stranded.count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { name: 'نامه یافت نشد' }).waitFor();
    await page.waitForTimeout(300);
    expect(await stranded.count()).toBe(0);
    // Deleted in this tab, on purpose, words typed in it and all: nothing is offered back.
    const here = await draftOnScreen(`پیش‌نویسی که اینجا حذف شد ${Date.now() % 100_000}`);
    await typeMore(' و سطری که با نامه می‌رود');
    await page.getByRole('button', { name: 'حذف' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'بله' }).click();
    await page.waitForURL(/\/mymessage/);
    await page.goto(here.url);
    await page.getByRole('heading', { name: 'نامه یافت نشد' }).waitFor();
    await page.waitForTimeout(300);
    expect(await stranded.count()).toBe(0);
  });

  it('forgets the copies when the user signs out on purpose', async () => {
    await page.goto(`${origin}/letter/true/AllMyMessage/4/0`);
    await subject().fill('نامه‌ای که با خروج فراموش می‌شود');
    await page.waitForTimeout(600);
    const copies = () =>
      page.evaluate(
        () => Object.keys(sessionStorage).filter((key) => key.startsWith('dabir:compose:')).length,
      );
    expect(await copies()).toBe(1);
    await page
      .getByRole('button', { name: /حساب کاربری|پروفایل|کاربر/ })
      .first()
      .click();
    await page.getByText('خروج').first().click();
    // Asked first: staying keeps the letter.
    const asked = page.getByRole('dialog', { name: 'نامه‌ای ذخیره‌نشده دارید' });
    await asked.getByRole('button', { name: 'ماندن' }).click();
    await expect.poll(() => asked.count()).toBe(0);
    expect(await copies()).toBe(1);
    expect(await subject().inputValue()).toBe('نامه‌ای که با خروج فراموش می‌شود');
    await page
      .getByRole('button', { name: /حساب کاربری|پروفایل|کاربر/ })
      .first()
      .click();
    await page.getByText('خروج').first().click();
    await asked.getByRole('button', { name: 'خروج و دور انداختن متن' }).click();
    await page.waitForURL(/\/login/);
    expect(await copies()).toBe(0);
  });
});
