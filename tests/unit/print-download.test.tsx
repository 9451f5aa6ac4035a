// @vitest-environment jsdom
// Printing a letter and downloading a template's file (spec 1 §8: a status 0 answer shows
// the server's message in red). The file is fetched, not opened blindly as a link: a
// refusal — status 0 with HTTP 200 («قالب انتخاب‌شده قابل استفاده نیست»), or a 404 «قالب
// نامه یافت نشد» for a template deleted after the dialog opened — shows the server's words
// and keeps the print dialog open, no «docx.json» saved; while the document is made the
// dialog shows its progress and its buttons wait; a document that comes is saved under its
// name and the dialog closes. The only template offered is chosen as the dialog opens;
// of several, none is.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { setSession } from '../../src/api/session';
import { fileNameOf } from '../../src/api/download';
import { LetterDialogs } from '../../src/custom/letters/letter/LetterDialogs';
import type { LetterDetail } from '../../src/custom/letters/api';
import { ResourcePage } from '../../src/resources';
import { template } from '../../src/schemas/correspondence';
import { CLIENT_TEST_TIMEOUT_MS, installMatchMedia, renderInAdmin, signIn } from './client-render';
import { fakeMasterData } from './client-resource-fixtures';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const NAME = 'نامه ۱۲.docx';
const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** What message/docx answers next. */
let printAnswer: () => Promise<Response> | Response;
const printed: string[] = [];
const { api, handler } = fakeMasterData();
/** The templates the print dialog offers. */
const ONE_TEMPLATE = [{ id: 3, title: 'قالب رسمی' }];
let templates = ONE_TEMPLATE;
const server = setupServer(
  http.get('*/api/template/lookup/', ({ request }) => {
    const ids = new URL(request.url).searchParams.get('Ids')?.split(',');
    const records = ids ? templates.filter((row) => ids.includes(String(row.id))) : templates;
    return HttpResponse.json({ status: 1, records });
  }),
  http.get('*/api/message/docx', ({ request }) => {
    printed.push(new URL(request.url).search);
    expect(request.headers.get('authorization')).toBe('Bearer test-token');
    return printAnswer();
  }),
  handler,
);

/** The links the page clicked to save a file: their address and name. */
let saved: Array<{ href: string; download: string }> = [];

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  signIn(['TemplateManager']);
  saved = [];
  templates = ONE_TEMPLATE;
  printed.length = 0;
  api.reset();
  URL.createObjectURL = vi.fn(() => 'blob:dabir/1');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
afterAll(() => {
  server.close();
  setSession(null);
});

const detail = {
  record: { messageId: 12, subject: 'گزارش ماهانه' },
  attachment: [],
  relatedMessage: [],
  allForwardedMessage: [],
  messageEvent: [],
} as unknown as LetterDetail;

/** The letter screen's reload: a print is an event of the letter's, shown once it is loaded again. */
let reload = vi.fn();

function showPrintDialog() {
  const close = vi.fn();
  reload = vi.fn();
  renderInAdmin(
    <LetterDialogs
      detail={detail}
      messageType={4}
      pageType="MyMessage"
      schemes={[]}
      myPersonId={1}
      reload={reload}
      dialog="print"
      close={close}
    />,
  );
  return close;
}

const button = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('button', { name }) as HTMLButtonElement;

/** Chooses the template in the open print dialog and presses «چاپ». */
async function printWithTemplate() {
  const dialog = screen.getByRole('dialog');
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'قالب چاپ' }));
  fireEvent.click(await screen.findByRole('option', { name: 'قالب رسمی' }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'چاپ' }));
  return dialog;
}

describe('the print dialog', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('shows a status 0 refusal in red and stays open; nothing is saved', async () => {
    printAnswer = () => HttpResponse.json({ status: 0, message: 'قالب انتخاب‌شده قابل استفاده نیست' });
    const close = showPrintDialog();
    const dialog = await printWithTemplate();
    const notice = await screen.findByText('قالب انتخاب‌شده قابل استفاده نیست');
    expect(notice.closest('.MuiSnackbarContent-root')?.className).toMatch(/error/i);
    expect(printed).toEqual(['?templateId=3&id=12']);
    expect(saved).toEqual([]);
    expect(close).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBe(dialog);
    await waitFor(() => expect(button(dialog, 'چاپ').disabled).toBe(false));
    expect(reload).not.toHaveBeenCalled();
  });

  it('shows «قالب نامه یافت نشد» for a template deleted meanwhile (404) and stays open', async () => {
    printAnswer = () => HttpResponse.json({ status: 0, message: 'قالب نامه یافت نشد' }, { status: 404 });
    const close = showPrintDialog();
    await printWithTemplate();
    expect(await screen.findByText('قالب نامه یافت نشد')).toBeTruthy();
    expect(saved).toEqual([]);
    expect(close).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('starts from the only template there is: «چاپ» at once prints into it', async () => {
    printAnswer = () => HttpResponse.json({ status: 0, message: 'قالب انتخاب‌شده قابل استفاده نیست' });
    showPrintDialog();
    const dialog = screen.getByRole('dialog');
    const picker = within(dialog).getByRole('combobox', { name: 'قالب چاپ' }) as HTMLInputElement;
    await waitFor(() => expect(picker.value).toBe('قالب رسمی'));
    fireEvent.click(button(dialog, 'چاپ'));
    await waitFor(() => expect(printed).toEqual(['?templateId=3&id=12']));
    expect(within(dialog).queryByText('الزامی است')).toBeNull();
  });

  it('leaves the choice to the user when there are several templates, and asks for one', async () => {
    templates = [...ONE_TEMPLATE, { id: 4, title: 'قالب دوم' }];
    showPrintDialog();
    const dialog = screen.getByRole('dialog');
    const picker = within(dialog).getByRole('combobox', { name: 'قالب چاپ' }) as HTMLInputElement;
    fireEvent.mouseDown(picker);
    expect(await screen.findByRole('option', { name: 'قالب دوم' })).toBeTruthy();
    fireEvent.keyDown(picker, { key: 'Escape' });
    expect(picker.value).toBe('');
    fireEvent.click(button(dialog, 'چاپ'));
    expect(await within(dialog).findByText('الزامی است')).toBeTruthy();
    expect(printed).toEqual([]);
  });

  it('shows progress while the document is made, then saves it under its name and closes', async () => {
    const bytes = new Uint8Array(2048).fill(7);
    printAnswer = async () => {
      await delay(400);
      return new HttpResponse(bytes, {
        headers: {
          'content-type': DOCX,
          'content-length': String(bytes.length),
          'content-disposition': disposition(NAME),
        },
      });
    };
    const close = showPrintDialog();
    const dialog = await printWithTemplate();
    expect(await within(dialog).findByText('در حال ساختن سند…')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar', { name: 'در حال ساختن سند…' })).toBeTruthy();
    expect(button(dialog, 'چاپ').disabled).toBe(true);
    expect(button(dialog, 'لغو').disabled).toBe(true);
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(saved).toEqual([{ href: 'blob:dabir/1', download: NAME }]);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0][0] as Blob;
    expect(blob.size).toBe(bytes.length);
    expect(blob.type).toBe(DOCX);
    // Loaded again, its events tab shows the print.
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});

describe('the template manager’s download', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  beforeEach(() => {
    api.tables.template = [
      { templateManagerId: 7, templateName: 'قالب مدیریت', isPublic: false, fileName: 'مدیریت.docx' },
    ];
  });

  it('shows a refusal in red and saves nothing; a file that comes is saved under its name', async () => {
    let answer = () => HttpResponse.json({ status: 0, message: 'قالب نامه یافت نشد' }, { status: 404 });
    server.use(http.get('*/api/template/download', () => answer()));
    renderInAdmin(<ResourcePage resource={template} />, { path: template.route });
    const button = await screen.findByRole('button', { name: 'دریافت فایل قالب مدیریت' });
    fireEvent.click(button);
    expect(await screen.findByText('قالب نامه یافت نشد')).toBeTruthy();
    expect(saved).toEqual([]);

    answer = () =>
      new HttpResponse(new Uint8Array([1, 2, 3]), {
        headers: { 'content-type': DOCX, 'content-disposition': disposition('مدیریت.docx') },
      });
    fireEvent.click(button);
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:dabir/1', download: 'مدیریت.docx' }]));
  });
});

describe('a downloaded file’s name', () => {
  it('is read from RFC 5987’s filename*, else from filename', () => {
    expect(fileNameOf(disposition('نامه ۱۲.docx'))).toBe('نامه ۱۲.docx');
    expect(fileNameOf('attachment; filename="report.docx"')).toBe('report.docx');
    expect(fileNameOf('attachment; filename="a.docx"; filename*=UTF-8\'\'%E0%A4%A')).toBe('a.docx');
    expect(fileNameOf(null)).toBe('file');
  });
});
