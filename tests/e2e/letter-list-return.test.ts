// Back from a letter to its list in Chromium (probe helper-84): the list comes back where it
// was left — the same scroll position, focus on the opened letter's subject, in sight — though
// it first draws a skeleton the browser's own restoration cannot scroll. A page chosen at the
// bottom pager starts at the list's top. A screenshot goes to tmp/screenshots.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { letters, letterWorld } from '../api/letters-kit';
import { DEMO_ADMIN } from '../api/harness';
import { openPortal, SCREENSHOTS, signInThroughForm, type Portal } from './browser';

const where = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement as HTMLElement;
    const { top, bottom } = focused.getBoundingClientRect();
    return {
      scrollY: Math.round(scrollY),
      focused: focused.textContent,
      inSight: top >= 0 && bottom <= innerHeight,
    };
  });

describe('back from a letter to its list in Chromium', () => {
  let portal: Portal;
  let page: Page;

  beforeAll(async () => {
    portal = await openPortal();
    page = portal.page;
    // Seventy letters to the administrator: four pages of twenty in «کارتابل من».
    const world = await letterWorld(portal.server);
    const kit = letters(portal.server, world);
    for (let n = 1; n <= 70; n++)
      await kit.sendNew(world.maryam, [world.admin], { Subject: `نامه بازگشت ${n}` });
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInThroughForm(page, portal.origin, DEMO_ADMIN.username, DEMO_ADMIN.password);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const rows = () => page.getByTestId('letter-row');

  it('returns to the scroll position with focus on the opened subject, by the mouse and by the keyboard', async () => {
    await page.goto(`${portal.origin}/mymessage?page=3`);
    await rows().first().waitFor();
    await page.evaluate(() => scrollTo(0, 375));
    await expect.poll(() => page.evaluate(() => Math.round(scrollY))).toBe(375);
    const opened = rows().nth(15).locator('a[href]');
    const subject = await opened.textContent();
    await opened.click();
    await page.waitForURL(/\/letter\//);
    await page.getByText(subject!).first().waitFor();
    await page.goBack();
    await expect.poll(() => where(page)).toEqual({ scrollY: 375, focused: subject, inSight: true });

    // Enter on a subject: the keyboard user comes back to it, ringed.
    const next = rows().nth(17).locator('a[href]');
    const nextSubject = await next.textContent();
    await next.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/letter\//);
    await page.getByText(nextSubject!).first().waitFor();
    await page.goBack();
    await expect.poll(() => where(page)).toEqual({ scrollY: 375, focused: nextSubject, inSight: true });
    expect(
      await rows()
        .nth(17)
        .evaluate((row) => getComputedStyle(row).outlineStyle),
    ).toBe('solid');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'letter-list-back.png') });
  });

  it('a page chosen at the bottom pager starts at the list’s top', async () => {
    await page.goto(`${portal.origin}/mymessage?page=3`);
    await rows().first().waitFor();
    await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
    await page.getByRole('button', { name: 'برو به صفحه ۲' }).click();
    await page.waitForURL(/page=2/);
    await expect
      .poll(() =>
        page.getByRole('table', { name: 'فهرست نامه‌ها' }).evaluate((t) => t.getBoundingClientRect().top),
      )
      .toBeGreaterThan(0);
  });
});
