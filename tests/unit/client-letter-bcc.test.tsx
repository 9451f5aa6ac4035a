// @vitest-environment jsdom
// Blind copies on the letter screen against a mocked API. message/get gives a letter's
// blind copies (selectedBcc) to its author, holder and sender all, to a blind recipient
// only themselves, to anyone else none (server/letters/detail.ts). The compose tab offers
// «رونوشت مخفی» beside «رونوشت» and saves what it holds (a draft passed on showed none, and
// the colleague it was passed to sent it to someone they never saw — probe of helper-87's
// brief); the view names them to the writers and tells a blind recipient it came so.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { setSession } from '../../src/api/session';
import { TO_ME_BLIND } from '../../src/custom/letters/letter/ViewTab';
import { CLIENT_TEST_TIMEOUT_MS, installMatchMedia, signIn, settleDebouncedInputs } from './client-render';
import {
  button,
  DRAFT_LETTER,
  emptyLookups,
  internalSchemeLookup,
  letterAnswer,
  ME,
  PEOPLE as LETTER_PEOPLE,
  openLetterScreen,
  peopleLookup,
  userSettings,
  waitForScreen,
} from './letter-screen-mocks';

const PEOPLE = [...LETTER_PEOPLE, { id: 4, title: 'مریم کاظمی' }];
const draft = DRAFT_LETTER;
/** A sent letter someone else wrote, opened from the cartable. */
const received = { ...draft, isSend: true, signed: true, isAuthor: false, isHolder: false, number: 5 };

let record: Record<string, unknown> = draft;
let saves: FormData[] = [];

const server = setupServer(
  http.get('*/api/message/get/', () => HttpResponse.json(letterAnswer(record))),
  internalSchemeLookup(),
  userSettings(),
  peopleLookup(PEOPLE),
  emptyLookups(),
  http.post('*/api/message/save/', async ({ request }) => {
    saves.push(await request.formData());
    return HttpResponse.json({ status: 1, id: 40, messge: 'درخواست با موفقیت انجام شد' });
  }),
  http.get('*/api/message/list/', () => HttpResponse.json({ status: 1, totalCount: 0, records: [] })),
);

const open = (path: string) => openLetterScreen(path);
const field = (source: string) => document.querySelector(`.ra-input-${source}`) as HTMLElement | null;
/** The view tab's particulars: each label (dt) with its value (dd). */
const particulars = () =>
  Object.fromEntries(
    [...document.querySelectorAll('article dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]),
  );
const openTab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));
/** The names a picker offers once opened. */
async function offered(label: RegExp) {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input);
  fireEvent.click(input);
  await screen.findAllByRole('option');
  return screen.getAllByRole('option').map((option) => option.textContent);
}

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  record = { ...draft };
  saves = [];
  signIn(['Messages', 'CreateInternalMessage', 'CreateImportMessage', 'CreateExportMessage']);
});
afterEach(() => cleanup());
afterAll(async () => {
  await settleDebouncedInputs();
  server.close();
  setSession(null);
});

describe('blind copies', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('a new letter offers them beside the copies, without the user or its recipients', async () => {
    open('/letter/true/AllMyMessage/4/0');
    await waitForScreen();
    expect(field('selectedBcc')).not.toBeNull();
    // Only colleagues not yet on the letter: the server keeps a recipient named here too
    // as a recipient (compose.ts), never hidden.
    const to = screen.getByLabelText(/گیرندگان/);
    fireEvent.mouseDown(to);
    fireEvent.click(to);
    fireEvent.click(await screen.findByRole('option', { name: 'سارا احمدی' }));
    await waitFor(() => expect(within(field('selectedTo')!).getByText('سارا احمدی')).toBeTruthy());
    expect(await offered(/رونوشت مخفی/)).toEqual(['علی رضایی', 'مریم کاظمی']);
    fireEvent.click(screen.getByRole('option', { name: 'علی رضایی' }));
    await waitFor(() => expect(within(field('selectedBcc')!).getByText('علی رضایی')).toBeTruthy());
  });

  it('a draft the user holds shows them in the form and the view, saves them as they are', async () => {
    // Passed on to the user (not its author): they hold it and see whom it goes to.
    record = { ...draft, isAuthor: false, selectedBcc: [3] };
    open('/letter/false/Draft/4/12');
    await waitForScreen();
    openTab('نگارش نامه');
    await waitFor(() => expect(within(field('selectedBcc')!).getByText('علی رضایی')).toBeTruthy());
    openTab('مشاهده نامه');
    await waitFor(() => expect(particulars()['رونوشت مخفی']).toBe('علی رضایی'));

    openTab('نگارش نامه');
    fireEvent.change(screen.getByLabelText(/موضوع/), { target: { value: 'گزارش سالانه' } });
    fireEvent.click(button('ذخیره پیش‌نویس'));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].getAll('SelectedBcc')).toEqual(['3']);
  });

  it('a blind copy taken off is saved as none', async () => {
    record = { ...draft, selectedBcc: [3] };
    open('/letter/false/Draft/4/12');
    await waitForScreen();
    openTab('نگارش نامه');
    const chip = await within(field('selectedBcc')!).findByRole('button', { name: 'علی رضایی' });
    fireEvent.keyDown(chip, { key: 'Backspace' });
    await waitFor(() => expect(within(field('selectedBcc')!).queryByText('علی رضایی')).toBeNull());
    fireEvent.click(button('ذخیره پیش‌نویس'));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].getAll('SelectedBcc')).toEqual(['']);
  });

  it('says that one chosen as a blind copy and as a recipient too gets the letter openly', async () => {
    record = { ...draft, selectedTo: [2, 3], selectedBcc: [3] };
    open('/letter/false/Draft/4/12');
    await waitForScreen();
    openTab('نگارش نامه');
    expect(
      await screen.findByText(
        '«علی رضایی» در گیرندگان یا رونوشت هم هست؛ نامه آشکارا به او می‌رسد، نه به صورت رونوشت مخفی.',
      ),
    ).toBeTruthy();
  });

  it('the sender of a sent letter sees them named on its view, read-only in its form', async () => {
    record = { ...received, isAuthor: true, selectedBcc: [3, 4] };
    open('/letter/false/Send/4/12');
    await waitForScreen();
    openTab('مشاهده نامه');
    await waitFor(() => expect(particulars()['رونوشت مخفی']).toBe('علی رضایی، مریم کاظمی'));
    openTab('نگارش نامه');
    const input = within(field('selectedBcc')!).getByRole('combobox');
    expect((input as HTMLInputElement).disabled).toBe(true);
  });

  it('a blind recipient is told the letter came to them so, and sees only themselves', async () => {
    record = { ...received, selectedBcc: [ME.id] };
    open('/letter/false/AllMyMessage/4/12');
    await waitForScreen();
    openTab('مشاهده نامه');
    await waitFor(() => expect(particulars()['رونوشت مخفی']).toBe(TO_ME_BLIND));
    // Their form names only them, as the server gave it: read-only.
    openTab('نگارش نامه');
    const bcc = field('selectedBcc')!;
    await waitFor(() => expect(within(bcc).getByText('مدیر سامانه')).toBeTruthy());
    expect([...bcc.querySelectorAll('.MuiChip-label')].map((chip) => chip.textContent)).toEqual([
      'مدیر سامانه',
    ]);
    expect((within(bcc).getByRole('combobox') as HTMLInputElement).disabled).toBe(true);
  });

  it('anyone else sees no blind-copy line or field: none given is no sign there are none', async () => {
    record = { ...received };
    open('/letter/false/AllMyMessage/4/12');
    await waitForScreen();
    openTab('مشاهده نامه');
    await waitFor(() => expect(particulars()['رونوشت']).toBeUndefined());
    expect(particulars()['گیرندگان']).toBe('سارا احمدی');
    expect(particulars()['رونوشت مخفی']).toBeUndefined();
    expect(field('selectedBcc')).toBeNull();
    expect(screen.queryByText(/رونوشت مخفی/)).toBeNull();
  });
});
