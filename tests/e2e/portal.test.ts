// The foundation's journey in a real browser against the real server: sign in on
// localhost, the Persian right-to-left dashboard, a pushed notification as a toast,
// a session ended elsewhere sending the idle page back to sign-in, and logout.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type TestServer, DEMO_ADMIN } from '../api/harness';
import { openPortal, SCREENSHOTS, signInThroughForm, type Portal } from './browser';
import { DEMO_TENANT_NAME } from '../../server/seed/seed';

describe('the portal in Chromium', () => {
  let portal: Portal;
  let server: TestServer;
  let page: Page;
  let origin: string;

  beforeAll(async () => {
    portal = await openPortal();
    ({ server, page, origin } = portal);
  });
  afterAll(() => portal?.close());

  it('shows the tenant sign-in page right to left and sends an anonymous visitor there', async () => {
    await page.goto(`${origin}/`);
    await page.waitForURL(/\/login/);
    await page.locator('input[name="username"]').waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'sign-in.png') });
    await expect
      .poll(() => page.getByText(DEMO_TENANT_NAME).first().isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.locator('img[src^="data:image/svg"]').count()).toBeGreaterThan(0);
  });

  it('refuses a wrong password with the server message in red', async () => {
    await page.fill('input[name="username"]', DEMO_ADMIN.username);
    await page.fill('input[name="password"]', 'wrong-password');
    await page.fill('input[name="captcha"]', '12345');
    await page.press('input[name="password"]', 'Enter');
    await expect
      .poll(() => page.getByText('نام کاربری یا رمز عبور اشتباه است').first().isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
  });

  it('signs in and lands on the Persian dashboard', async () => {
    await page.fill('input[name="password"]', DEMO_ADMIN.password);
    await page.fill('input[name="captcha"]', '12345');
    await page.press('input[name="password"]', 'Enter');
    await expect.poll(() => page.getByText('خوش آمدید').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/');
    await expect
      .poll(() => page.getByText('نیازمند پاسخ').first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    const direction = await page.evaluate(() => getComputedStyle(document.body).direction);
    expect(direction).toBe('rtl');
    const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(font).toMatch(/Vazirmatn/);
    // The side menu comes from the server.
    await expect.poll(() => page.getByText('مکاتبات').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard.png'), fullPage: true });
  });

  it('stays usable when the window is narrowed to a phone’s width with the side menu open', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      // No drawer left over the page: a count box takes the tap.
      await page.getByTestId('box-unReadMessageCount').click({ timeout: 10_000 });
      await page.waitForURL((url) => url.pathname === '/unreadmessage');
      // The top bar's button opens the menu as on a phone.
      await page.getByRole('button', { name: 'باز کردن منو' }).click();
      await page.getByText('مکاتبات').first().waitFor();
      await page.keyboard.press('Escape');
      await page.goto(`${origin}/`);
    } finally {
      await page.setViewportSize({ width: 1366, height: 850 });
    }
  });

  it('shows a notification pushed by the server as a toast', async () => {
    const admin = await server.built.services.db
      .selectFrom('users')
      .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
      .select(['users.id', 'users.tenant_id'])
      .where('tenants.full_name', '=', DEMO_TENANT_NAME)
      .where('users.username', '=', DEMO_ADMIN.username)
      .executeTakeFirstOrThrow();
    // The hub connection starts after sign-in; push until the toast shows.
    await expect
      .poll(
        async () => {
          await server.built.services.notifier.notify(admin.tenant_id, admin.id, {
            title: 'نامه تازه از مدیرعامل',
            url: '/mymessage',
          });
          return page.getByText('نامه تازه از مدیرعامل').first().isVisible();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'notification.png') });
  });

  it('goes back to the sign-in page by itself when its session is ended elsewhere, idle', async () => {
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('dabir.session') ?? '{}').token as string,
    );
    // As a password change on another device would: the server revokes this session and
    // closes its hub; the page, doing nothing, learns it on reconnecting (within 10 s).
    expect((await server.api.post('user/logout/', {}, { token })).body.status).toBe(1);
    await page.waitForURL(/\/login/, { timeout: 30_000 });
    expect(await page.evaluate(() => localStorage.getItem('dabir.session'))).toBeNull();
    await signInThroughForm(page, origin, DEMO_ADMIN.username, DEMO_ADMIN.password);
  });

  it('logs out back to the sign-in page', async () => {
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('dabir.session') ?? '{}').token as string,
    );
    expect(token).toBeTruthy();
    const errors: string[] = [];
    const onConsole = (message: { type(): string; text(): string }) => {
      if (message.type() === 'error') errors.push(message.text());
    };
    page.on('console', onConsole);
    await page
      .getByRole('button', { name: /حساب کاربری|پروفایل|کاربر/ })
      .first()
      .click();
    await page.getByText('خروج').first().click();
    await page.waitForURL(/\/login/);
    // The page closed its real-time connection before the session was revoked: no
    // «Session revoked» error from the library.
    await page.waitForTimeout(500);
    page.off('console', onConsole);
    expect(errors.filter((text) => /Session revoked|disconnected with error/.test(text))).toEqual([]);
    await expect
      .poll(() => page.locator('input[name="username"]').isVisible(), { timeout: 10_000 })
      .toBe(true);
    // The session is revoked on the server, not just forgotten by the browser.
    expect((await server.api.get('home/getbox', {}, { token })).status).toBe(401);
  });
});
