// Two tabs of one browser in Chromium, on the real server: a letter read in one tab lowers
// the other's unread count and bell without a reload; a toast of a 300-letter subject with
// no space stays within the screen, its «مشاهده» in view; a sign-out in one tab sends the
// other to the sign-in page at once, quietly (no connection errors in its console); and
// someone else signing in in one tab makes the other follow, never keeping the first user's
// name.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_COLLEAGUE_PASSWORD } from '../../server/seed/seed';
import { letters, letterWorld } from '../api/letters-kit';
import { openPortal, SCREENSHOTS, signInThroughForm, type Portal } from './browser';

const MARYAM = { username: '09121111111', password: DEMO_COLLEAGUE_PASSWORD, name: 'مریم احمدی' };
const ALI = { username: '09122222222', password: DEMO_COLLEAGUE_PASSWORD, name: 'علی رضایی' };
const latin = (text: string) => text.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)));

/** The dashboard's unread letters, as a number. */
async function unreadCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('box-unReadMessageCount').textContent()) ?? '';
  return Number(latin(text).replace(/\D/g, ''));
}

/** The bell's unread count, from its label «اعلان‌ها، ۳ خوانده‌نشده». */
async function bellCount(page: Page): Promise<number> {
  const label = (await page.getByRole('button', { name: /^اعلان‌ها،/ }).getAttribute('aria-label')) ?? '';
  return Number(latin(label).replace(/\D/g, ''));
}

const dashboardShown = (page: Page) =>
  page.waitForFunction(() =>
    /[۰-۹]/.test(document.querySelector('[data-testid="box-unReadMessageCount"]')?.textContent ?? ''),
  );

describe('two tabs of one browser', () => {
  let portal: Portal;
  let first: Page;
  let second: Page;
  let origin: string;
  let world: Awaited<ReturnType<typeof letterWorld>>;
  let api: ReturnType<typeof letters>;

  beforeAll(async () => {
    portal = await openPortal();
    origin = portal.origin;
    world = await letterWorld(portal.server);
    api = letters(portal.server, world);
    // One browser profile, two tabs: they share localStorage, as tabs do.
    const context = await portal.browser.newContext({
      viewport: { width: 1366, height: 850 },
      locale: 'fa-IR',
    });
    first = await context.newPage();
    await signInThroughForm(first, origin, MARYAM.username, MARYAM.password);
    second = await context.newPage();
    await second.goto(`${origin}/`);
    await Promise.all([dashboardShown(first), dashboardShown(second)]);
  });
  afterAll(() => portal?.close());

  it('lowers the other tab’s unread count and bell when a letter is read in one', async () => {
    const before = await unreadCount(first);
    const id = await api.sendNew(world.ali, [world.maryam], { Subject: 'برنامه بازدید کارخانه' });
    await expect.poll(() => unreadCount(first), { timeout: 15_000 }).toBe(before + 1);
    await expect.poll(() => unreadCount(second), { timeout: 15_000 }).toBe(before + 1);
    const bell = await bellCount(first);
    await second.goto(`${origin}/letter/false/AllMyMessage/4/${id}`);
    await second.getByRole('heading', { name: 'برنامه بازدید کارخانه' }).waitFor();
    // The first tab was left alone: the server told it, and it counted again.
    await expect.poll(() => unreadCount(first), { timeout: 10_000 }).toBe(before);
    await expect.poll(() => bellCount(first), { timeout: 10_000 }).toBe(bell - 1);
    await second.goto(`${origin}/`);
    await dashboardShown(second);
  });

  it('keeps the toast of a long subject without spaces within the screen, its «مشاهده» in view', async () => {
    const subject = 'گزارش'.repeat(60);
    await api.sendNew(world.ali, [world.maryam], { Subject: subject });
    const toast = first.getByRole('alert').filter({ hasText: subject });
    await toast.waitFor({ timeout: 15_000 });
    await first.waitForTimeout(300); // its entrance (Grow) over: measured at its full size
    await first.screenshot({ path: path.join(SCREENSHOTS, 'toast-long-subject.png') });
    const viewport = first.viewportSize()!;
    const box = (await toast.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    const view = (await toast.getByRole('button', { name: 'مشاهده' }).boundingBox())!;
    expect(view.x).toBeGreaterThanOrEqual(0);
    expect(view.x + view.width).toBeLessThanOrEqual(viewport.width);
    // In the bell too, the entry wraps within its list: nothing wider than the list.
    await first.getByRole('button', { name: /^اعلان‌ها،/ }).click();
    await first
      .getByRole('button', { name: new RegExp(subject) })
      .first()
      .waitFor();
    const list = first.locator('.MuiPopover-paper ul');
    const widths = await list.evaluate((element) => [element.scrollWidth, element.clientWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]);
    await first.keyboard.press('Escape');
  });

  it('sends the other tab to the sign-in page at once when one signs out, with no connection errors', async () => {
    const errors: string[] = [];
    first.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
    });
    await second
      .getByRole('button', { name: /حساب کاربری|پروفایل|کاربر/ })
      .first()
      .click();
    await second.getByText('خروج').first().click();
    await second.waitForURL(/\/login/);
    await first.waitForURL(/\/login/, { timeout: 5_000 });
    await first.waitForTimeout(1_000);
    expect(errors.filter((text) => /Session revoked|disconnected|negotiat|\[hub\]/i.test(text))).toEqual([]);
  });

  it('follows someone else signing in in the other tab, without the first user’s name', async () => {
    await signInThroughForm(second, origin, ALI.username, ALI.password);
    await first.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    await expect
      .poll(() => first.getByTestId('menu-user-name').textContent(), { timeout: 10_000 })
      .toBe(ALI.name);
    expect(await first.getByText(MARYAM.name).count()).toBe(0);
  });
});
