// @vitest-environment jsdom
// The letter template manager (spec 1 §2, spec 3 §2) on the generic screen: every row downloads
// its file through a short-lived link (download/link for `/api/template/download?templateId=…`:
// no session token in any URL), a public template offers no edit
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

/** Clicks a row's download; answers the URLs download/link was asked for and the links opened. */
async function downloaded(name: string) {
  const asked: unknown[] = [];
  server.use(
    mock.post('*/api/download/link/', async ({ request }) => {
      const { Url } = (await request.json()) as { Url: string };
      asked.push(Url);
      return HttpResponse.json({ status: 1, url: `${Url}&dl=signed` });
    }),
  );
  const opened: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    opened.push(this.getAttribute('href') ?? '');
  });
  fireEvent.click(download(name));
  await waitFor(() => expect(opened).toHaveLength(1));
  click.mockRestore();
  return { asked, opened };
}

describe('letter templates', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('a public row shows download but no edit or delete, with the reason', async () => {
    show();
    await screen.findByText('قالب پایه');
    const publicRow = row('قالب پایه');
    expect(await downloaded('قالب پایه')).toEqual({
      asked: ['/api/template/download?templateId=1'],
      opened: ['/api/template/download?templateId=1&dl=signed'],
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
