// @vitest-environment jsdom
// The letter template manager (spec 1 §2, spec 3 §2) on the generic screen: every row downloads
// its file (fetched from `/api/template/download?templateId=…` with the session in a header,
// never in a URL, and saved under the server's name), a public template offers no edit
// or delete (a lock says why), a private one offers both; the type column reads «عمومی» / «اختصاصی».
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { setSession } from '../../src/api/session';
import { ResourcePage } from '../../src/resources';
import { template } from '../../src/schemas/correspondence';
import { CLIENT_TEST_TIMEOUT_MS, installMatchMedia, renderInAdmin } from './client-render';
import { fakeMasterData, signIn } from './client-resource-fixtures';

const { api, handler } = fakeMasterData();
const server = setupServer(handler);

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  api.reset();
  api.tables.template = [
    { templateManagerId: 1, templateName: 'قالب پایه', isPublic: true, fileName: 'پایه.docx' },
    { templateManagerId: 7, templateName: 'قالب مدیریت', isPublic: false, fileName: 'مدیریت.docx' },
  ];
  signIn(['TemplateManager']);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => {
  server.close();
  setSession(null);
});

const show = () => renderInAdmin(<ResourcePage resource={template} />, { path: template.route });
const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const download = (name: string) => within(row(name)).getByRole('button', { name: `دریافت فایل ${name}` });

/** Clicks a row's download; answers the files fetched and the names they were saved under. */
async function downloaded(name: string) {
  const asked: string[] = [];
  server.use(
    mock.get('*/api/template/download', ({ request }) => {
      const url = new URL(request.url);
      asked.push(`${url.pathname}${url.search}`);
      return new HttpResponse(new Uint8Array([1]), {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(`${name}.docx`)}`,
        },
      });
    }),
  );
  URL.createObjectURL = vi.fn(() => 'blob:dabir/1');
  URL.revokeObjectURL = vi.fn();
  const saved: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  fireEvent.click(download(name));
  await waitFor(() => expect(saved).toHaveLength(1));
  click.mockRestore();
  return { asked, saved };
}

describe('letter templates', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('a public row shows download but no edit or delete, with the reason', async () => {
    show();
    await screen.findByText('قالب پایه');
    const publicRow = row('قالب پایه');
    expect(await downloaded('قالب پایه')).toEqual({
      asked: ['/api/template/download?templateId=1'],
      saved: ['قالب پایه.docx'],
    });
    expect(within(publicRow).queryByRole('button', { name: 'ویرایش قالب پایه' })).toBeNull();
    expect(within(publicRow).queryByRole('button', { name: 'حذف قالب پایه' })).toBeNull();
    expect(within(publicRow).getByRole('img', { name: 'قالب عمومی قابل ویرایش یا حذف نیست' })).toBeTruthy();
    expect(within(publicRow).getByText('عمومی')).toBeTruthy();
  });

  it('a private row shows download, edit and delete', async () => {
    show();
    await screen.findByText('قالب مدیریت');
    const privateRow = row('قالب مدیریت');
    expect((await downloaded('قالب مدیریت')).asked).toEqual(['/api/template/download?templateId=7']);
    expect(within(privateRow).getByRole('button', { name: 'ویرایش قالب مدیریت' })).toBeTruthy();
    expect(within(privateRow).getByRole('button', { name: 'حذف قالب مدیریت' })).toBeTruthy();
    expect(within(privateRow).getByText('اختصاصی')).toBeTruthy();
  });

  it('asks for a .docx file when adding, before anything is sent', async () => {
    show();
    await screen.findByText('قالب مدیریت');
    fireEvent.click(screen.getByRole('button', { name: 'افزودن قالب نامه' }));
    const form = screen.getByRole('dialog');
    fireEvent.change(within(form).getByLabelText(/نام قالب/), { target: { value: 'قالب نو' } });
    expect((form.querySelector('input[type=file]') as HTMLInputElement).accept).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document,.docx',
    );
    fireEvent.click(within(form).getByRole('button', { name: 'ذخیره' }));
    expect(await within(form).findByText('فایل قالب الزامی است')).toBeTruthy();
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('says at the pick that an old .doc is no template, and saves nothing, adding or editing', async () => {
    const notDocx = template.fields.file.meta.acceptMessage;
    const oldDoc = () =>
      new File([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0])], 'old.doc', { type: 'application/msword' });
    show();
    await screen.findByText('قالب مدیریت');

    fireEvent.click(screen.getByRole('button', { name: 'افزودن قالب نامه' }));
    let form = screen.getByRole('dialog');
    fireEvent.change(within(form).getByLabelText(/نام قالب/), { target: { value: 'قالب نو' } });
    fireEvent.change(form.querySelector('input[type=file]')!, { target: { files: [oldDoc()] } });
    // Beside the field, in the server's words, with the file it means.
    expect(await within(form).findByText(notDocx)).toBeTruthy();
    expect(within(form).getByText('old.doc')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(within(form).getByText(notDocx)).toBeTruthy());
    expect(within(form).queryByText('فایل قالب الزامی است')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'لغو' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(row('قالب مدیریت')).getByRole('button', { name: 'ویرایش قالب مدیریت' }));
    form = await screen.findByRole('dialog');
    await waitFor(() => expect(form.querySelector('input[type=file]')).toBeTruthy());
    fireEvent.change(form.querySelector('input[type=file]')!, { target: { files: [oldDoc()] } });
    expect(await within(form).findByText(notDocx)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'ذخیره' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(within(form).getByText(notDocx)).toBeTruthy();
    expect(screen.queryByText('درخواست با موفقیت انجام شد')).toBeNull();
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('readers without the permission still download every template', async () => {
    signIn([]);
    show();
    await screen.findByText('قالب پایه');
    expect(download('قالب پایه')).toBeTruthy();
    expect(download('قالب مدیریت')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'ویرایش قالب مدیریت' })).toBeNull();
    expect(screen.queryByRole('img', { name: 'قالب عمومی قابل ویرایش یا حذف نیست' })).toBeNull();
  });
});
