// Colleagues in a real browser. The demo staff (letters, projects, customers, links; not
// people or banks): a screen they may not open, typed by hand, shows the Persian refusal
// and never asks the server for its records. A colleague who keeps the electronic
// correspondence only: the customer picker names customers through customer/lookup,
// although listing customers needs a permission they do not hold.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_COLLEAGUE_PASSWORD } from '../../server/seed/seed';
import { addUser } from '../../server/tenancy/create-tenant';
import { openPortal, SCREENSHOTS, signInThroughForm, type Portal } from './browser';

const COLLEAGUE = { username: '09121111111', password: DEMO_COLLEAGUE_PASSWORD };

const visible = (page: Page, text: string | RegExp, timeout = 10_000) =>
  expect.poll(() => page.getByText(text).first().isVisible(), { timeout }).toBe(true);

describe('a colleague in Chromium', () => {
  let portal: Portal;
  let page: Page;
  let origin: string;

  beforeAll(async () => {
    portal = await openPortal();
    ({ page, origin } = portal);
    await signInThroughForm(page, origin, COLLEAGUE.username, COLLEAGUE.password);
  });
  afterAll(() => portal?.close());

  it('is refused «شما به این بخش دسترسی ندارید» on /person, typed by hand', async () => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/person\//i.test(request.url())) asked.push(request.url());
    });
    await page.goto(`${origin}/person`);
    await visible(page, 'شما به این بخش دسترسی ندارید');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'colleague-no-permission.png') });
    expect(await page.getByRole('button', { name: 'افزودن شخص' }).count()).toBe(0);
    expect(asked).toEqual([]);
    // Their menu has no entry for it either: its group «سازمان» is not there at all.
    expect(await page.getByText('مکاتبات', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByText('سازمان', { exact: true }).count()).toBe(0);
  });

  it('picks a customer for an ECE receiver holding «مکاتبات الکترونیک» only', async () => {
    const tenant = await portal.server.built.services.tenants.byHost('localhost');
    await addUser(portal.server.built.services.db, tenant!.id, {
      username: '09128888888',
      password: DEMO_COLLEAGUE_PASSWORD,
      firstName: 'رضا',
      lastName: 'مکاتبات',
      groupTitle: 'مکاتبات الکترونیک',
      permissions: ['Ece'],
    });
    const context = await portal.browser.newContext({ viewport: { width: 1366, height: 850 } });
    const theirs = await context.newPage();
    const calls: string[] = [];
    theirs.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/customer/')) calls.push(pathname);
    });
    await signInThroughForm(theirs, origin, '09128888888', DEMO_COLLEAGUE_PASSWORD);
    await theirs.goto(`${origin}/ecereceivers`);
    await theirs.getByRole('button', { name: 'افزودن گیرنده الکترونیک' }).click();
    await theirs.getByLabel(/^مشتری/).fill('فولاد');
    await theirs.getByRole('option', { name: 'شرکت فولاد مبارکه اصفهان' }).click();
    await theirs.screenshot({ path: path.join(SCREENSHOTS, 'colleague-customer-picker.png') });
    await theirs.getByRole('button', { name: 'ذخیره' }).click();
    await visible(theirs, 'درخواست با موفقیت انجام شد');
    await visible(theirs, 'شرکت فولاد مبارکه اصفهان');
    await context.close();
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((call) => call === '/api/customer/lookup/')).toBe(true);
  });

  it('opens a screen they do hold (links)', async () => {
    await page.goto(`${origin}/links`);
    await visible(page, 'افزودن پیوند');
    expect(await page.getByText('شما به این بخش دسترسی ندارید').count()).toBe(0);
  });
});
