// A colleague (the demo staff: letters, projects, customers, links; not people or banks) in a
// real browser: a screen they may not open, typed by hand, shows the Persian refusal and
// never asks the server for its records.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_COLLEAGUE_PASSWORD } from '../../server/seed/seed';
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

  it('opens a screen they do hold (links)', async () => {
    await page.goto(`${origin}/links`);
    await visible(page, 'افزودن پیوند');
    expect(await page.getByText('شما به این بخش دسترسی ندارید').count()).toBe(0);
  });
});
