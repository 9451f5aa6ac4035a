// A signature chosen as a WebP, in Chromium on the real server: the browser sends it as a
// PNG (webpAsPng), so the Word documents it is printed into show it in every Word — the
// server has no WebP decoder, and Word before Microsoft 365 shows a WebP as a red cross.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN } from '../api/harness';
import { asSystem } from '../../server/db/tenant-fence';
import { SIGNATURE_PICTURES } from '../../server/account/routes';
import { openPortal, signInThroughForm, type Portal } from './browser';

describe('a WebP signature is kept as a PNG', () => {
  let portal: Portal;
  let page: Page;

  beforeAll(async () => {
    portal = await openPortal();
    page = portal.page;
    await signInThroughForm(page, portal.origin, DEMO_ADMIN.username, DEMO_ADMIN.password);
  }, 90_000);
  afterAll(() => portal?.close());

  it('draws a WebP chosen in the account settings and sends it as a PNG of the same size', async () => {
    // A 120 × 40 WebP, made by the browser itself.
    const webp = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 120;
      canvas.height = 40;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#1a237e';
      context.fillRect(10, 10, 100, 20);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp'));
      return [...new Uint8Array(await blob!.arrayBuffer())];
    });
    expect(Buffer.from(webp).subarray(8, 12).toString()).toBe('WEBP');

    await page.getByRole('button', { name: 'حساب کاربری' }).click();
    await page.getByRole('menuitem', { name: /تنظیمات/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('تصویر امضا', { exact: true }).setInputFiles({
      name: 'امضا.webp',
      mimeType: 'image/webp',
      buffer: Buffer.from(webp),
    });
    await dialog.getByText('امضا.png').waitFor();
    await dialog.getByRole('button', { name: 'ذخیره' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });

    const services = portal.server.built.services;
    const tenantId = (await services.tenants.byHost('localhost'))!.id;
    const [{ sign_pic }] = await asSystem(() =>
      services.db
        .selectFrom('users')
        .select('sign_pic')
        .where('tenant_id', '=', tenantId)
        .where('username', '=', DEMO_ADMIN.username)
        .execute(),
    );
    expect(sign_pic).toMatch(/\.png$/);
    const stored = fs.readFileSync(services.files.pathOf(tenantId, SIGNATURE_PICTURES, sign_pic)!);
    expect(stored.subarray(1, 4).toString()).toBe('PNG');
    // Width and height from the PNG's header: the picture drawn whole.
    expect([stored.readUInt32BE(16), stored.readUInt32BE(20)]).toEqual([120, 40]);
  }, 60_000);
});
