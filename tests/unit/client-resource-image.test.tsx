// @vitest-environment jsdom
// The picture field of the generic screens: chosen (images only), uploaded with its
// progress to the field's upload call as base64, previewed, sent as the answered path;
// removed as ''; shown as a thumbnail in the table.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { setSession } from '../../src/api/session';
import { ResourcePage } from '../../src/resources';
import { defineResource, f } from '../../src/schemas';
import { CLIENT_TEST_TIMEOUT_MS, installMatchMedia, renderInAdmin } from './client-render';
import { fakeMasterData, signIn, type Row } from './client-resource-fixtures';
import { imageTooLargeMessage, MAX_IMAGE_BYTES } from '../../src/shared/uploads';

const brand = defineResource({
  name: 'brand',
  route: '/brands',
  title: 'نشان‌ها',
  singular: 'نشان',
  table: 'brands',
  idField: 'brandId',
  permission: 'Banks',
  fields: {
    title: f.title('عنوان'),
    logo: f.image('تصویر نشان', { list: true }),
  },
});

const NEW_PATH = '/media/brands/0123456789abcdef0123456789abcdef.png';
const uploads: Row[] = [];
const { api, handler } = fakeMasterData();
const server = setupServer(
  http.post('*/api/brand/fileuploader', async ({ request }) => {
    const body = (await request.json()) as Row;
    uploads.push(body);
    return String(body.File).startsWith('data:image/png;base64,')
      ? HttpResponse.json({ status: 1, fullPath: NEW_PATH })
      : HttpResponse.json({ status: 0, message: 'تصویر نشان باید یک تصویر باشد' });
  }),
  handler,
);
const writes = () => api.calls.filter((c) => c.method !== 'GET');
const dialog = () => screen.getByRole('dialog');
const chooseFile = (file: File) => {
  const input = dialog().querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
};

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  api.reset();
  uploads.length = 0;
  signIn(['Banks']);
});
afterEach(() => cleanup());
afterAll(() => {
  server.close();
  setSession(null);
});

describe('the picture field', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('uploads a chosen image, previews it and sends its path', async () => {
    api.tables.brand = [
      { brandId: 1, title: 'قدیمی', logo: '/media/brands/ffffffffffffffffffffffffffffffff.png' },
    ];
    renderInAdmin(<ResourcePage resource={brand} />, { path: '/brands' });
    expect(((await screen.findByAltText('تصویر نشان')) as HTMLImageElement).getAttribute('src')).toBe(
      '/media/brands/ffffffffffffffffffffffffffffffff.png',
    );

    fireEvent.click(screen.getByRole('button', { name: 'افزودن نشان' }));
    chooseFile(new File(['not an image'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog()).findByText('تصویر نشان باید یک تصویر باشد')).toBeTruthy();
    // Over the server's limit: refused before a byte is sent.
    chooseFile(new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'scan.png', { type: 'image/png' }));
    expect(await within(dialog()).findByText(imageTooLargeMessage('تصویر نشان'))).toBeTruthy();
    expect(uploads).toHaveLength(0);

    chooseFile(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' }));
    const preview = (await within(dialog()).findByAltText('تصویر نشان')) as HTMLImageElement;
    expect(preview.getAttribute('src')).toBe(NEW_PATH);
    expect(uploads).toHaveLength(1);
    fireEvent.change(within(dialog()).getByLabelText(/عنوان/), { target: { value: 'نشان نو' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].body).toMatchObject({ Title: 'نشان نو', Logo: NEW_PATH });
  });

  it('removes the picture of a record as an empty path', async () => {
    api.tables.brand = [{ brandId: 1, title: 'قدیمی', logo: NEW_PATH }];
    renderInAdmin(<ResourcePage resource={brand} />, { path: '/brands' });
    fireEvent.click(await screen.findByRole('button', { name: 'ویرایش قدیمی' }));
    fireEvent.click(await within(dialog()).findByRole('button', { name: 'حذف تصویر' }));
    expect(within(dialog()).getByText('بدون تصویر')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].body).toMatchObject({ Id: 1, Logo: null });
  });
});
