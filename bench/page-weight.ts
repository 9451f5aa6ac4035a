// Page weight: what a browser downloads for the sign-in page, and then for the dashboard
// after signing in, as it arrives (compressed), by kind — read from Chromium's network
// events over the real server serving the built client (embedded database, demo data).
// Run by `npm run bench` (BENCH_PAGES=off skips it); written to docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createLogger } from '../server/logger';
import { BENCH_ADMIN } from './calls';
import { REPO_ROOT, scratchDataDir } from './server';

export type Kind = 'script' | 'font' | 'style' | 'other';
export type Weights = Record<Kind, number>;

export interface PageWeights {
  signIn: Weights;
  /** Everything after the sign-in page until the dashboard has settled. */
  dashboard: Weights;
}

const kindOf = (url: string): Kind =>
  /\.m?js(\?|$)/.test(url)
    ? 'script'
    : /\.(woff2?|ttf)(\?|$)/.test(url)
      ? 'font'
      : /\.css(\?|$)/.test(url)
        ? 'style'
        : 'other';

const empty = (): Weights => ({ script: 0, font: 0, style: 0, other: 0 });

/** Bytes on the wire per kind of everything the page loads from now on, until `stop`. */
async function recordWeights(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  let weights = empty();
  cdp.on('Network.responseReceived', (event) => urls.set(event.requestId, event.response.url));
  cdp.on('Network.loadingFinished', (event) => {
    const url = urls.get(event.requestId);
    if (url && !url.startsWith('data:')) weights[kindOf(url)] += event.encodedDataLength;
  });
  return {
    take(): Weights {
      const taken = weights;
      weights = empty();
      return taken;
    },
  };
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500); // chunks a screen asks for after its first render
}

export async function measurePageWeights(): Promise<PageWeights> {
  const build = spawnSync('npx', ['vite', 'build'], { cwd: REPO_ROOT, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('vite build failed');
  const dataDir = scratchDataDir();
  const config = loadConfig({
    DATA_DIR: dataDir,
    CAPTCHA: 'off',
    DEMO_DATA: 'on',
    ADMIN_PASSWORD: BENCH_ADMIN.password,
  });
  const built = await buildApp({
    config,
    log: createLogger('warn'),
    clientDir: path.join(REPO_ROOT, 'dist/client'),
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`;
    const page = await browser.newPage({ locale: 'fa-IR' });
    const weights = await recordWeights(page);
    await page.goto(`${origin}/login`);
    await settle(page);
    const signIn = weights.take();
    await page.fill('input[name="username"]', BENCH_ADMIN.username);
    await page.fill('input[name="password"]', BENCH_ADMIN.password);
    await page.fill('input[name="captcha"]', '00000');
    await page.press('input[name="password"]', 'Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await settle(page);
    return { signIn, dashboard: weights.take() };
  } finally {
    await browser.close();
    await built.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const kib = (bytes: number) => Math.round(bytes / 1024);
const total = (w: Weights) => w.script + w.font + w.style + w.other;

/** The figures as a Markdown section, with the targets of issue 8 beside them. */
export function pageWeightSection(weights: PageWeights, date: string): string {
  const both: Weights = {
    script: weights.signIn.script + weights.dashboard.script,
    font: weights.signIn.font + weights.dashboard.font,
    style: weights.signIn.style + weights.dashboard.style,
    other: weights.signIn.other + weights.dashboard.other,
  };
  const row = (name: string, w: Weights) =>
    `| ${name} | ${kib(w.script)} | ${kib(w.font)} | ${kib(w.style)} | ${kib(w.other)} | ${kib(total(w))} |`;
  return [
    `### Page weight (${date})`,
    '',
    'KiB on the wire (compressed as sent), measured in Chromium over the built client. "other"',
    'is the API answers, the CAPTCHA picture and icons. Targets: the sign-in page at most 320',
    'KiB of JavaScript; sign-in and dashboard together at most 450 KiB of JavaScript, styles',
    'and fonts.',
    '',
    '| page | JavaScript | fonts | styles | other | all |',
    '| --- | --- | --- | --- | --- | --- |',
    row('sign-in', weights.signIn),
    row('then the dashboard', weights.dashboard),
    row('sign-in and dashboard', both),
    '',
    `Sign-in and dashboard, JavaScript, styles and fonts: ${kib(both.script + both.font + both.style)} KiB.`,
  ].join('\n');
}
