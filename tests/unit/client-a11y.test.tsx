// @vitest-environment jsdom
// Keyboard and screen-reader faults fixed in shared pieces, against a mocked API: the delete
// confirmation (named by its question, described by its detail, focus on «لغو»), the
// forward dialog (Enter in a field never sends; Ctrl+Enter does; Escape asks before
// throwing away what was typed), the letter body's editable area (a named multi-line text
// box) and the pager (Persian names for itself and its buttons).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Form } from 'react-admin';
import { setSession } from '../../src/api/session';
import { CONFIRM_QUESTION, ConfirmDialog } from '../../src/custom/dashboard/ConfirmDialog';
import { FORWARD_MODE, type ForwardMode, type LetterRecord } from '../../src/custom/letters/api';
import { ForwardDialog } from '../../src/custom/letters/letter/dialogs/ForwardDialog';
import { ComposeTab } from '../../src/custom/letters/letter/ComposeTab';
import { Pager } from '../../src/resources/list/ResourcePager';
import {
  CLIENT_TEST_TIMEOUT_MS,
  installMatchMedia,
  renderInAdmin,
  settleDebouncedInputs,
  signIn,
} from './client-render';
import { emptyLookups, peopleLookup } from './letter-screen-mocks';

let forwards: FormData[] = [];

const server = setupServer(
  peopleLookup(),
  emptyLookups(),
  http.post('*/api/message/forward/', async ({ request }) => {
    forwards.push(await request.formData());
    return HttpResponse.json({ status: 1, id: 41, messge: 'درخواست با موفقیت انجام شد' });
  }),
);

const LETTER = {
  messageId: 12,
  messageTypeFk: 4,
  subject: 'گزارش ماهانه',
  messageBody: '<p>متن</p>',
  andikatorFk: 1,
  isSend: true,
  signed: true,
  messageFrom: 'سارا احمدی',
} as LetterRecord;

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  forwards = [];
  signIn(['Messages']);
});
afterEach(() => cleanup());
afterAll(async () => {
  await settleDebouncedInputs();
  server.close();
  setSession(null);
});

describe('the delete confirmation', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('is named by its question, described by what is deleted, and starts on «لغو»', async () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    renderInAdmin(
      <ConfirmDialog open detail="شخص «سارا احمدی» حذف می‌شود." onCancel={onCancel} onConfirm={onConfirm} />,
    );
    const dialog = await screen.findByRole('dialog', { name: CONFIRM_QUESTION });
    const described = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('شخص «سارا احمدی» حذف می‌شود.');
    expect(screen.getByRole('heading', { name: CONFIRM_QUESTION })).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'لغو' })),
    );
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('takes another question and buttons, still focused on the one that keeps things', async () => {
    renderInAdmin(
      <ConfirmDialog
        open
        title="از ارجاع نامه صرف‌نظر می‌کنید؟"
        cancelLabel="ادامه نوشتن"
        confirmLabel="صرف‌نظر"
        onCancel={() => undefined}
        onConfirm={() => undefined}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'از ارجاع نامه صرف‌نظر می‌کنید؟' });
    expect(dialog.hasAttribute('aria-describedby')).toBe(false);
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'ادامه نوشتن' })),
    );
  });
});

describe('the forward dialog', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  const openDialog = (mode: ForwardMode = FORWARD_MODE.forward) => {
    const onClose = vi.fn();
    const onDone = vi.fn();
    renderInAdmin(
      <ForwardDialog
        mode={mode}
        record={LETTER}
        pageType="AllMyMessage"
        myPersonId={1}
        onClose={onClose}
        onDone={onDone}
      />,
    );
    return { onClose, onDone };
  };

  /** Picks a recipient with the keyboard: type, arrow down to the first answer, Enter. */
  const pickByKeyboard = async () => {
    const dialog = await screen.findByRole('dialog', { name: 'ارجاع نامه' });
    const to = within(dialog).getByRole('combobox', { name: /گیرندگان/ });
    to.focus();
    fireEvent.change(to, { target: { value: 'سارا' } });
    await screen.findByRole('option', { name: 'سارا احمدی' });
    fireEvent.keyDown(to, { key: 'ArrowDown' });
    fireEvent.keyDown(to, { key: 'Enter' });
    await within(dialog).findByRole('button', { name: 'سارا احمدی' });
    return { dialog, to };
  };

  it('Enter in the recipients picks a person and then sends nothing; the button sends', async () => {
    const { onDone } = openDialog();
    const { dialog, to } = await pickByKeyboard();
    // The second Enter, nothing highlighted: its default (the form's implicit submission)
    // is cancelled.
    expect(fireEvent.keyDown(to, { key: 'Enter' })).toBe(false);
    const note = within(dialog).getByLabelText(/متن ارجاع/);
    fireEvent.change(note, { target: { value: 'لطفاً بررسی شود' } });
    // Enter in the note is a new line, left to the browser.
    expect(fireEvent.keyDown(note, { key: 'Enter' })).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(forwards).toHaveLength(0);
    expect(onDone).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'ارجاع' }));
    await waitFor(() => expect(forwards).toHaveLength(1));
    expect(forwards[0].getAll('SelectedTo')).toEqual(['2']);
    expect(forwards[0].get('ForwardMessage')).toBe('لطفاً بررسی شود');
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  });

  it('Ctrl+Enter sends, from the recipients too', async () => {
    const { onDone } = openDialog();
    const { to } = await pickByKeyboard();
    expect(fireEvent.keyDown(to, { key: 'Enter', ctrlKey: true })).toBe(false);
    await waitFor(() => expect(forwards).toHaveLength(1));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  });

  it('Ctrl+Enter sends', async () => {
    const { onDone } = openDialog();
    const { dialog } = await pickByKeyboard();
    const note = within(dialog).getByLabelText(/متن ارجاع/);
    fireEvent.change(note, { target: { value: 'فوری' } });
    expect(fireEvent.keyDown(note, { key: 'Enter', ctrlKey: true })).toBe(false);
    await waitFor(() => expect(forwards).toHaveLength(1));
    expect(forwards[0].get('ForwardMessage')).toBe('فوری');
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  });

  it('a reload or a closed tab asks first once a note is typed (it is not kept in the tab)', async () => {
    openDialog(FORWARD_MODE.reply);
    const dialog = await screen.findByRole('dialog', { name: 'پاسخ نامه' });
    const leave = () => window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    expect(leave()).toBe(true); // nothing typed: not asked
    fireEvent.change(within(dialog).getByLabelText(/متن پاسخ/), { target: { value: 'پاسخ نیمه‌کاره' } });
    await waitFor(() => expect(leave()).toBe(false));
  });

  it('Escape with nothing typed closes at once', async () => {
    const { onClose } = openDialog();
    const dialog = await screen.findByRole('dialog', { name: 'ارجاع نامه' });
    fireEvent.keyDown(within(dialog).getByLabelText(/متن ارجاع/), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Escape after choosing or typing asks first: «ادامه نوشتن» keeps them, «صرف‌نظر» closes', async () => {
    const { onClose } = openDialog();
    const { dialog } = await pickByKeyboard();
    const note = within(dialog).getByLabelText(/متن ارجاع/);
    fireEvent.change(note, { target: { value: 'یادداشت' } });
    fireEvent.keyDown(note, { key: 'Escape' });
    const ask = await screen.findByRole('dialog', { name: 'از ارجاع نامه صرف‌نظر می‌کنید؟' });
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'ادامه نوشتن' })),
    );
    fireEvent.click(within(ask).getByRole('button', { name: 'ادامه نوشتن' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'از ارجاع نامه صرف‌نظر می‌کنید؟' })).toBeNull(),
    );
    expect((within(dialog).getByLabelText(/متن ارجاع/) as HTMLTextAreaElement).value).toBe('یادداشت');
    expect(within(dialog).getByRole('button', { name: 'سارا احمدی' })).toBeTruthy();

    fireEvent.keyDown(within(dialog).getByLabelText(/متن ارجاع/), { key: 'Escape' });
    const again = await screen.findByRole('dialog', { name: 'از ارجاع نامه صرف‌نظر می‌کنید؟' });
    fireEvent.click(within(again).getByRole('button', { name: 'صرف‌نظر' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(forwards).toHaveLength(0);
  });
});

describe("the letter body's editor", { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  const compose = (readOnly: boolean) =>
    renderInAdmin(
      <Form record={{ messageBody: '<p>سلام</p>' }}>
        <ComposeTab messageType={4} readOnly={readOnly} schemes={[]} myPersonId={1} />
      </Form>,
    );

  it('is a multi-line text box named «متن نامه»', async () => {
    compose(false);
    const body = await screen.findByRole('textbox', { name: 'متن نامه' });
    expect(body.getAttribute('aria-multiline')).toBe('true');
    expect(body.getAttribute('contenteditable')).toBe('true');
    expect(body.hasAttribute('aria-readonly')).toBe(false);
    expect(body.textContent).toBe('سلام');
  });

  it('says it is read-only when the letter cannot be changed', async () => {
    compose(true);
    const body = await screen.findByRole('textbox', { name: 'متن نامه' });
    expect(body.getAttribute('aria-readonly')).toBe('true');
    expect(body.getAttribute('contenteditable')).toBe('false');
  });
});

describe('the pager', () => {
  it('is named «صفحه‌بندی», and its buttons in Persian with the current page marked', () => {
    render(<Pager page={2} perPage={10} total={35} capped={false} setPage={() => undefined} />);
    const pager = screen.getByRole('navigation', { name: 'صفحه‌بندی' });
    const names = within(pager)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual([
      'صفحه قبل',
      'برو به صفحه ۱',
      'صفحه ۲',
      'برو به صفحه ۳',
      'برو به صفحه ۴',
      'صفحه بعد',
    ]);
    expect(within(pager).getByRole('button', { name: 'صفحه ۲' }).getAttribute('aria-current')).toBe('page');
  });

  it('moves with its Persian-named buttons', () => {
    const setPage = vi.fn();
    render(<Pager page={1} perPage={10} total={25} capped={false} setPage={setPage} />);
    fireEvent.click(screen.getByRole('button', { name: 'صفحه بعد' }));
    fireEvent.click(screen.getByRole('button', { name: 'برو به صفحه ۳' }));
    expect(setPage.mock.calls).toEqual([[2], [3]]);
  });
});
