// A blind copy end to end in Chromium, on the real server: the administrator writes an
// internal letter to one colleague with a blind copy to another and sends it. The writer
// sees the blind copy named; its blind recipient is told it came to them so (on a phone's
// width too); the open recipient sees no trace of it. Screenshots go to tmp/screenshots.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_COLLEAGUE_PASSWORD } from '../../server/seed/seed';
import { DEMO_ADMIN } from '../api/harness';
import { openPortal, SCREENSHOTS, signInThroughForm, type Portal } from './browser';

const OPEN = { username: '09121111111', name: 'مریم احمدی' };
const BLIND = { username: '09122222222', name: 'علی رضایی' };
/** ViewTab's TO_ME_BLIND (that module draws React; this test runs in Node). */
const TO_ME_BLIND =
  'این نامه به صورت رونوشت مخفی برای شما فرستاده شده است؛ دیگر گیرندگان نام شما را نمی‌بینند.';
const SUBJECT = `رونوشت مخفی بودجه ${Date.now() % 100_000}`;

/** A page of its own (its own sign-in) at a width. */
async function signedIn(browser: Browser, origin: string, username: string, password: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 850 }, locale: 'fa-IR' });
  const page = await context.newPage();
  await signInThroughForm(page, origin, username, password);
  return page;
}

/** The view tab's particulars: each label with its value. */
const particulars = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('article dt')].map((dt) => [
        dt.textContent,
        dt.nextElementSibling?.textContent,
      ]),
    ),
  );

async function pick(page: Page, label: RegExp, phrase: string, name: string) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(phrase);
  await page.getByRole('option', { name }).click();
}

describe('a blind copy in Chromium', () => {
  let portal: Portal;
  let admin: Page;
  let origin: string;
  let letterId = '';

  beforeAll(async () => {
    portal = await openPortal();
    ({ page: admin, origin } = portal);
    await signInThroughForm(admin, origin, DEMO_ADMIN.username, DEMO_ADMIN.password);
  });
  afterAll(() => portal?.close());

  it('the administrator writes to one colleague with a blind copy to another and sends it', async () => {
    await admin.goto(`${origin}/letter/true/AllMyMessage/4/0`);
    await admin.getByRole('toolbar', { name: 'ثبت نامه' }).waitFor();
    await admin.getByLabel(/^موضوع/).fill(SUBJECT);
    await pick(admin, /^گیرندگان/, 'مریم', OPEN.name);
    await pick(admin, /^رونوشت مخفی/, 'علی', BLIND.name);
    await admin.locator('.ProseMirror').click();
    await admin.keyboard.type('با سلام، برآورد بودجه پیوست است.');
    await admin.screenshot({ path: path.join(SCREENSHOTS, 'letter-compose-bcc.png'), fullPage: true });
    await admin.getByRole('button', { name: 'ارسال', exact: true }).click();
    await admin.waitForURL((url) => url.pathname.startsWith('/letter/false/Send/4/'));
    letterId = new URL(admin.url()).pathname.split('/').pop()!;
    await admin.getByRole('tab', { name: 'مشاهده نامه' }).click();
    await expect.poll(async () => (await particulars(admin))['رونوشت مخفی']).toBe(BLIND.name);
    await admin.screenshot({ path: path.join(SCREENSHOTS, 'letter-view-bcc-writer.png'), fullPage: true });
  });

  it('its blind recipient is told it came to them so, on a phone too', async () => {
    const page = await signedIn(portal.browser, origin, BLIND.username, DEMO_COLLEAGUE_PASSWORD, 390);
    await page.goto(`${origin}/letter/false/AllMyMessage/4/${letterId}`);
    await page.getByRole('tab', { name: 'مشاهده نامه' }).click();
    await expect.poll(async () => (await particulars(page))['رونوشت مخفی']).toBe(TO_ME_BLIND);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'letter-view-bcc-390.png'), fullPage: true });
    // The line stays within the phone's width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Their form names them alone, read-only.
    await page.getByRole('tab', { name: 'نگارش نامه' }).click();
    const field = page.locator('.ra-input-selectedBcc');
    await expect.poll(() => field.locator('.MuiChip-label').allTextContents()).toEqual([BLIND.name]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'letter-compose-bcc-390.png'), fullPage: true });
  });

  it('the open recipient sees no trace of it', async () => {
    const page = await signedIn(portal.browser, origin, OPEN.username, DEMO_COLLEAGUE_PASSWORD, 1366);
    await page.goto(`${origin}/letter/false/AllMyMessage/4/${letterId}`);
    await page.getByRole('tab', { name: 'مشاهده نامه' }).click();
    await expect.poll(async () => (await particulars(page))['گیرندگان']).toBe(OPEN.name);
    await page.getByRole('tab', { name: 'نگارش نامه' }).click();
    await page.getByRole('combobox', { name: /^گیرندگان/ }).waitFor();
    expect(await page.getByText(/رونوشت مخفی/).count()).toBe(0);
    expect(await page.getByText(BLIND.name).count()).toBe(0);
  });
});
