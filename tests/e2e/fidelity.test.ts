// Persian fidelity as a user sees it in Chromium: the tab names the screen, a long menu
// label wraps instead of ending in «…», the page-size select keeps to its numbers, and on a
// 390 px phone the dashboard's daily to-do field keeps a usable width and a letter list
// fits the screen (one cell per letter) instead of scrolling sideways.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type TestServer, DEMO_ADMIN } from '../api/harness';
import { openPortal, SCREENSHOTS, signInThroughForm, type Portal } from './browser';

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

  it('gives the daily to-do field a usable width on a 390 px phone', async () => {
    const context = await portal.browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'fa-IR',
    });
    const phone = await context.newPage();
    await signInThroughForm(phone, origin, DEMO_ADMIN.username, DEMO_ADMIN.password);
    const field = phone.getByLabel('کار امروز');
    await field.waitFor();
    await field.scrollIntoViewIfNeeded();
    await phone.screenshot({ path: path.join(SCREENSHOTS, 'phone-daily-todo.png') });
    expect((await field.boundingBox())!.width).toBeGreaterThan(200);
    await context.close();
  });

  it('fits a letter list to a 390 px phone: subject, sender and date in one cell, no sideways scroll', async () => {
    const context = await portal.browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'fa-IR',
    });
    const phone = await context.newPage();
    await signInThroughForm(phone, origin, DEMO_ADMIN.username, DEMO_ADMIN.password);
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
});
