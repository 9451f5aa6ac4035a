// Debian's Chromium driven by playwright-core (no browser download).
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../api/harness';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium" (.ci/run does).`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Signs in through the sign-in form (CAPTCHA is off in tests) and waits for the dashboard. */
export async function signInThroughForm(
  page: import('playwright-core').Page,
  origin: string,
  username: string,
  password: string,
) {
  await page.goto(`${origin}/login`);
  await page.locator('input[name="username"]').waitFor({ timeout: 15_000 });
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', password);
  await page.fill('input[name="captcha"]', '00000');
  await page.press('input[name="password"]', 'Enter');
  await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
}

export const SCREENSHOTS = path.resolve('tmp/screenshots');

export interface Portal {
  server: TestServer;
  browser: Browser;
  page: import('playwright-core').Page;
  origin: string;
  close(): Promise<void>;
}

/** The real server serving the built client, and a Chromium page on it (localhost).
 *  E2E_CLIENT_DIR: a client built elsewhere (`vite build --outDir`), leaving dist/client
 *  to a server that is running from it. */
export async function openPortal(): Promise<Portal> {
  const server = await startTestServer({
    clientDir: path.resolve(process.env.E2E_CLIENT_DIR ?? 'dist/client'),
  });
  const browser = await launchChromium();
  // A context of its own (not newPage's), so a test may open a second tab in it.
  const context = await browser.newContext({ viewport: { width: 1366, height: 850 }, locale: 'fa-IR' });
  const page = await context.newPage();
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    server,
    browser,
    page,
    origin: `http://localhost:${server.port}`,
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}
