// The main screens checked by axe-core against WCAG 2 A and AA: the sign-in page, the
// dashboard, a master-data list and its edit form, the account settings, a letter list,
// a letter and a new letter's compose form.
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
  });
});
