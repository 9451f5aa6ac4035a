// The print dialog in Chromium, on the real server (spec 1 §8: a status 0 answer shows the
// server's message in red): a template that cannot be filled (status 0, HTTP 200) and one
// deleted after the dialog opened (404) each show the server's Persian words and keep the
// dialog open, with nothing downloaded (once a «docx.json» was saved and the dialog closed
// as if printed; the deleted one then leaves the choice and the list); the built-in
// template then prints, the .docx arriving under its name.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { DEMO_ADMIN } from '../api/harness';
import { letters, letterWorld, type LetterWorld } from '../api/letters-kit';
import { asSystem } from '../../server/db/tenant-fence';
import { TEMPLATE_FILES } from '../../server/masterdata/resource-hooks/template';
import { minimalDocx } from '../../server/seed/correspondence-seed';
import { openPortal, SCREENSHOTS, signInThroughForm, type Portal } from './browser';

const RED = 'rgb(211, 47, 47)'; // MUI's error palette, the notice's background

describe('the print dialog refuses in Persian and stays open', () => {
  let portal: Portal;
  let page: Page;
  let w: LetterWorld;
  let letterId = 0;
  let broken = 0;
  let deleted = 0;
  const downloads: Download[] = [];

  const upload = async (name: string, lines = ['{subject}', '{@paragraphs}']) => {
    const form = new FormData();
    form.append('TemplateName', name);
    form.append('File', new File([new Uint8Array(minimalDocx(lines))], 'قالب.docx'));
    const answer = await portal.server.api.call('POST', 'template/create/', { token: w.admin.token, form });
    expect(answer.body.status).toBe(1);
    return answer.body.id as number;
  };

  /** Opens the print dialog and chooses a template; answers the dialog. */
  const choose = async (template: string) => {
    const dialog = page.getByRole('dialog');
    if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'چاپ', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'قالب چاپ' }).click();
    await page.getByRole('option', { name: template }).click();
    return dialog;
  };

  /** The notice that shows `text`, and its colour. */
  const notice = async (text: string) => {
    const alert = page.locator('.MuiSnackbarContent-root', { hasText: text });
    await alert.waitFor({ timeout: 15_000 });
    return alert.evaluate((element) => getComputedStyle(element).backgroundColor);
  };

  beforeAll(async () => {
    portal = await openPortal();
    page = portal.page;
    w = await letterWorld(portal.server);
    letterId = await letters(portal.server, w).sendNew(w.admin, [w.maryam], { Subject: 'نامه آزمون چاپ' });
    // Both before the page asks for the templates: the dialog offers them.
    broken = await upload('قالب خراب');
    deleted = await upload('قالب حذف‌شده');
    // Dense with tags: a second or more of filling, long enough to see the dialog wait.
    await upload(
      'قالب پرکار',
      Array.from({ length: 6000 }, () => '{subject} {number} {date} {sender}'),
    );
    page.on('download', (download) => downloads.push(download));
    await signInThroughForm(page, portal.origin, DEMO_ADMIN.username, DEMO_ADMIN.password);
    await page.goto(`${portal.origin}/letter/false/Send/4/${letterId}`);
    await page.getByRole('button', { name: 'چاپ', exact: true }).waitFor();
  }, 90_000);
  afterAll(() => portal?.close());

  it('shows «قالب انتخاب‌شده قابل استفاده نیست» in red for a template that cannot be filled', async () => {
    // Stored before uploads were tried: its main part is not XML.
    const tenantId = (await portal.server.built.services.tenants.byHost('localhost'))!.id;
    const [{ stored_name }] = await asSystem(() =>
      portal.server.built.services.db
        .selectFrom('templates')
        .select('stored_name')
        .where('id', '=', broken)
        .execute(),
    );
    fs.writeFileSync(
      portal.server.built.services.files.pathOf(tenantId, TEMPLATE_FILES, stored_name)!,
      'garbage',
    );

    const dialog = await choose('قالب خراب');
    await dialog.getByRole('button', { name: 'چاپ', exact: true }).click();
    expect(await notice('قالب انتخاب‌شده قابل استفاده نیست')).toBe(RED);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'print-refused.png') });
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'چاپ', exact: true }).isEnabled()).toBe(true);
    expect(downloads).toHaveLength(0);
  }, 60_000);

  it('shows «قالب نامه یافت نشد» for a template deleted after the dialog opened', async () => {
    // Chosen, and its name read back (the picker asks for a chosen record by id), before it
    // is deleted: a look-up answered after the delete would rightly take the choice away.
    const lookedUp = page.waitForResponse(
      (response) => response.url().includes('/api/template/lookup/') && response.url().includes('Ids='),
    );
    const dialog = await choose('قالب حذف‌شده');
    await lookedUp;
    const answer = await portal.server.api.call('DELETE', 'template/delete/', {
      token: w.admin.token,
      json: { Id: deleted },
    });
    expect(answer.body.status).toBe(1);
    await dialog.getByRole('button', { name: 'چاپ', exact: true }).click();
    expect(await notice('قالب نامه یافت نشد')).toBe(RED);
    expect(await dialog.isVisible()).toBe(true);
    expect(downloads).toHaveLength(0);
    // The choices asked for again: the deleted template is neither chosen nor offered.
    const picker = dialog.getByRole('combobox', { name: 'قالب چاپ' });
    await expect.poll(() => picker.inputValue(), { timeout: 10_000 }).toBe('');
    await picker.click();
    await page.getByRole('option', { name: 'قالب پیش‌فرض نامه' }).waitFor();
    expect(await page.getByRole('option', { name: 'قالب حذف‌شده' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'چاپ', exact: true }).click();
    expect(await dialog.getByText('الزامی است').isVisible()).toBe(true);
  }, 60_000);

  it('shows its progress while the document is made, its buttons waiting, then saves it', async () => {
    const dialog = await choose('قالب پرکار');
    const arrived = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'چاپ', exact: true }).click();
    await dialog.getByRole('progressbar', { name: 'در حال ساختن سند…' }).waitFor({ timeout: 5_000 });
    expect(await dialog.getByRole('button', { name: 'چاپ', exact: true }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'لغو', exact: true }).isDisabled()).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'print-progress.png') });
    expect((await arrived).suggestedFilename()).toMatch(/^نامه .+\.docx$/);
    await dialog.waitFor({ state: 'hidden' });
  }, 60_000);

  it('prints into the built-in template: the .docx arrives under its name and the dialog closes', async () => {
    const dialog = await choose('قالب پیش‌فرض نامه');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'چاپ', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^نامه .+\.docx$/);
    const file = fs.readFileSync((await download.path())!);
    expect(file.subarray(0, 2).toString()).toBe('PK');
    await dialog.waitFor({ state: 'hidden' });
  }, 60_000);
});
