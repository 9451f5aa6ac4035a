// The main screens checked by axe-core against WCAG 2 A and AA: the sign-in page, the
// dashboard, a master-data list and its edit form, the account settings, a letter list,
// a letter and a new letter's compose form. Then keyboard use: the delete confirmation
// (named, focus on «لغو»), the pager's Persian names, the top bar staying in reach after
// scrolling, the letter body as a named text box, and the forward dialog that Enter in
// the recipients never sends and Escape does not empty without asking.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN } from '../api/harness';
import { wcagViolations } from './axe';
import { openPortal, SCREENSHOTS, signInThroughForm, type Portal } from './browser';

describe('accessibility of the main screens (axe-core, WCAG 2 A/AA)', () => {
  let portal: Portal;
  let page: Page;
  let origin: string;

  beforeAll(async () => {
    portal = await openPortal();
    ({ page, origin } = portal);
  });
  afterAll(() => portal?.close());

  it('the sign-in page', async () => {
    await page.goto(`${origin}/login`);
    await page.locator('input[name="username"]').waitFor({ timeout: 15_000 });
    await page.locator('img[src^="data:image/svg"]').first().waitFor();
    expect(await wcagViolations(page)).toEqual([]);
  });

  it('the dashboard', async () => {
    await signInThroughForm(page, origin, DEMO_ADMIN.username, DEMO_ADMIN.password);
    await page.getByText('کارهای امروز').waitFor();
    await page.getByText('امضای نامه‌های صادره').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'a11y-dashboard.png'), fullPage: true });
    expect(await wcagViolations(page)).toEqual([]);
  });

  it('a master-data list and its edit form', async () => {
    await page.goto(`${origin}/person`);
    await page.getByRole('button', { name: 'افزودن شخص' }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    expect(await wcagViolations(page)).toEqual([]);
    await page
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: /^ویرایش/ })
      .click();
    await page
      .getByRole('dialog')
      .getByLabel(/^نام خانوادگی/)
      .waitFor();
    await page.waitForTimeout(500); // the dialog's entrance transition
    expect(await wcagViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('the account settings', async () => {
    await page.goto(`${origin}/`);
    await page.getByRole('button', { name: 'حساب کاربری' }).click();
    await page.getByRole('menuitem', { name: /تنظیمات/ }).click();
    await page.getByRole('dialog').getByLabel('رمز عبور فعلی').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'a11y-account.png') });
    expect(await wcagViolations(page)).toEqual([]);
  });

  it('a letter list', async () => {
    await page.goto(`${origin}/mymessage`);
    await page.getByRole('heading', { name: 'کارتابل من', level: 1 }).waitFor();
    await page.getByTestId('letter-row').first().waitFor();
    expect(await wcagViolations(page)).toEqual([]);
  });

  it('a letter', async () => {
    await page.getByTestId('letter-row').first().getByRole('link').click();
    await page.getByRole('toolbar', { name: 'ثبت نامه' }).waitFor();
    // The names of its people and folders load after it (the top bar's spinner meanwhile).
    await page.waitForLoadState('networkidle');
    expect(await wcagViolations(page)).toEqual([]);
  });

  it("a new letter's compose form", async () => {
    await page.goto(`${origin}/letter/true/AllMyMessage/4/0`);
    await page.getByRole('toolbar', { name: 'ثبت نامه' }).waitFor();
    await page.locator('.ProseMirror').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await wcagViolations(page)).toEqual([]);
    // The editable body is a multi-line text box named as its label.
    const body = page.getByRole('textbox', { name: 'متن نامه', exact: true });
    expect(await body.getAttribute('aria-multiline')).toBe('true');
    await body.focus();
    await page.keyboard.type('سلام');
    expect(await body.textContent()).toBe('سلام');
  });

  it('the delete confirmation: named by its question, focus on «لغو», so Enter cancels', async () => {
    await page.goto(`${origin}/banks`);
    const row = page.locator('tbody tr').first();
    await row.waitFor();
    const name = (await row.locator('td').nth(1).textContent())?.trim() ?? '';
    await row.getByRole('button', { name: /^حذف/ }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'آیا اطمینان دارید ؟' });
    await dialog.waitFor();
    await page.waitForTimeout(500); // the entrance transition
    expect(await dialog.ariaSnapshot()).toContain(`- paragraph: بانک «${name}» حذف می‌شود.`);
    const described = await dialog.evaluate(
      (element) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent,
    );
    expect(described).toBe(`بانک «${name}» حذف می‌شود.`);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('لغو');
    expect(await wcagViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.locator('tbody tr').first().locator('td').nth(1).textContent()).toBe(name);
  });

  it('the top bar stays on screen, its buttons in reach, after the page scrolls', async () => {
    await page.setViewportSize({ width: 1366, height: 500 });
    try {
      await page.goto(`${origin}/banks`);
      await page.locator('tbody tr').nth(9).waitFor(); // a full first page, taller than the window
      await page.mouse.move(600, 300);
      for (let step = 0; step < 6; step++) await page.mouse.wheel(0, 200);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
      await page.waitForTimeout(500); // react-admin's bar would slide away meanwhile
      const account = page.getByRole('button', { name: 'حساب کاربری' });
      await account.focus();
      const box = await account.boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= 60).toBe(true);
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: /تنظیمات/ }).waitFor();
      await page.keyboard.press('Escape');
    } finally {
      await page.setViewportSize({ width: 1366, height: 850 });
    }
  });

  it('the pager and its buttons have Persian names', async () => {
    await page.goto(`${origin}/banks`);
    const pager = page.getByRole('navigation', { name: 'صفحه‌بندی', exact: true });
    await pager.waitFor();
    const current = pager.getByRole('button', { name: 'صفحه ۱', exact: true });
    expect(await current.getAttribute('aria-current')).toBe('page');
    expect(await pager.getByRole('button', { name: 'صفحه بعد', exact: true }).isEnabled()).toBe(true);
    await pager.getByRole('button', { name: 'برو به صفحه ۲', exact: true }).click();
    await expect
      .poll(() => pager.getByRole('button', { name: 'صفحه ۲', exact: true }).getAttribute('aria-current'))
      .toBe('page');
    expect(await pager.getByRole('button', { name: 'صفحه قبل', exact: true }).isEnabled()).toBe(true);
  });

  it('the forward dialog: Enter in the recipients never sends; Escape asks before throwing them away', async () => {
    const sent: string[] = [];
    const watch = (request: { url(): string }) => {
      if (request.url().includes('/api/message/forward')) sent.push(request.url());
    };
    page.on('request', watch);
    try {
      // A letter of the cartable that can be forwarded.
      const forward = page.getByRole('button', { name: 'ارجاع', exact: true });
      let found = false;
      for (let index = 0; index < 10 && !found; index++) {
        await page.goto(`${origin}/mymessage`);
        const rows = page.getByTestId('letter-row');
        await rows.first().waitFor();
        if (index >= (await rows.count())) break;
        await rows.nth(index).getByRole('link').first().click();
        await page.getByRole('toolbar', { name: 'ثبت نامه' }).waitFor();
        await page.waitForLoadState('networkidle');
        found = await forward.isEnabled();
      }
      expect(found).toBe(true);
      await forward.click();
      const dialog = page.getByRole('dialog', { name: 'ارجاع نامه' });
      const to = dialog.getByRole('combobox', { name: /گیرندگان/ });
      await to.focus();
      await page.keyboard.type('احمدی');
      await page.getByRole('option').first().waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(() => dialog.locator('.MuiChip-root').count()).toBe(1);
      // Nothing highlighted now: Enter again (and again) must not send.
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await page.waitForTimeout(1000);
      expect(sent).toEqual([]);
      expect(await dialog.isVisible()).toBe(true);

      const ask = page.getByRole('dialog', { name: 'از ارجاع نامه صرف‌نظر می‌کنید؟' });
      /** Escape closes the recipients' list first, if open; then the dialog asks. */
      const escapeUntilAsked = async () => {
        for (let press = 0; press < 3 && !(await ask.isVisible()); press++) {
          await page.keyboard.press('Escape');
          await page.waitForTimeout(400);
        }
        await ask.waitFor();
        await page.waitForTimeout(400);
      };
      await escapeUntilAsked();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('ادامه نوشتن');
      await page.keyboard.press('Enter'); // keep writing
      await ask.waitFor({ state: 'hidden' });
      expect(await dialog.locator('.MuiChip-root').count()).toBe(1);

      await escapeUntilAsked();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('صرف‌نظر');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      expect(sent).toEqual([]);
    } finally {
      page.off('request', watch);
    }
  });
});
