// @vitest-environment jsdom
// The letter screens when the network fails them (a probe of lost answers and dropped
// loads) against a mocked API: a list that could not be loaded says so, with «تلاش دوباره»
// and no total; a letter likewise; both follow react-admin's refresh (the top bar's
// «بارگذاری دوباره»); a forward sent again after its answer was lost carries the same key;
// a refused sign, delete or draft passed on reloads the letter; a slow forward does not
// pull back a user who has left the screen.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useEffect } from 'react';
import { RefreshButton } from 'react-admin';
import { Route, Routes, useNavigate, type Location, type NavigateFunction } from 'react-router-dom';
import { setSession } from '../../src/api/session';
import { LetterList } from '../../src/custom/letters/list/LetterList';
import { LETTER_LISTS } from '../../src/custom/letters/list/listScreens';
import { routeByName } from '../../src/routes';
import { ALREADY_DELETED } from '../../src/custom/letters/letter/LetterDialogs';
import { LETTER_UPLOAD_CANCELLED } from '../../src/custom/letters/letter/useLetterActions';
import { ALREADY_NUMBERED, LETTER_NOT_FOUND } from '../../src/shared/letter-messages';
import {
  CLIENT_TEST_TIMEOUT_MS,
  installMatchMedia,
  renderInAdmin,
  settleDebouncedInputs,
  signIn,
} from './client-render';
import {
  button,
  DRAFT_LETTER,
  emptyLookups,
  internalSchemeLookup,
  letterAnswer,
  openLetterScreen,
  peopleLookup,
  userSettings,
  waitForScreen,
} from './letter-screen-mocks';

const draft = DRAFT_LETTER;
const sent = { ...draft, isSend: true, signed: true, isHolder: false, number: 5 };

const row = {
  messageId: 12,
  messageTypeFk: 4,
  messageTypeString: 'داخلی',
  isReaded: true,
  isSend: true,
  subject: 'نامه دوازده',
  messageFrom: 'سارا احمدی',
  messageTo: 'مدیر سامانه',
  displayMessageNumber: 'د-12',
  createdDate: '2025-03-20T08:00:00Z',
  sentDate: '2025-03-20T08:00:00Z',
};

let record: Record<string, unknown> = draft;
let opened = 0;
let listed = 0;
let forwards: FormData[] = [];
const ok = { status: 1, messge: 'درخواست با موفقیت انجام شد' };

const server = setupServer(
  http.get('*/api/message/get/', () => {
    opened += 1;
    return HttpResponse.json(letterAnswer(record));
  }),
  http.get('*/api/message/list/', () => {
    listed += 1;
    return HttpResponse.json({ status: 1, records: [row], totalCount: 1 });
  }),
  internalSchemeLookup(),
  userSettings(),
  peopleLookup(),
  emptyLookups(),
  http.post('*/api/message/forward/', async ({ request }) => {
    forwards.push(await request.formData());
    return HttpResponse.json({ ...ok, id: 12 });
  }),
  http.post('*/api/message/:action/', () => HttpResponse.json(ok)),
  http.delete('*/api/message/delete/', () => HttpResponse.json(ok)),
);

let location: Location | undefined;
let navigateTo: NavigateFunction | undefined;
function Navigator() {
  const navigate = useNavigate();
  useEffect(() => {
    navigateTo = navigate;
  }, [navigate]);
  return null;
}
const openLetter = (path: string) =>
  openLetterScreen(path, {
    beside: (
      <>
        <Navigator />
        <RefreshButton />
      </>
    ),
    onLocation: (l) => (location = l),
  });
const openList = () =>
  renderInAdmin(
    <>
      <Routes>
        <Route path="/mymessage" element={<LetterList config={LETTER_LISTS.MyMessage} />} />
      </Routes>
      <RefreshButton />
    </>,
    { path: '/mymessage', onLocation: (l) => (location = l) },
  );
const refresh = () => fireEvent.click(screen.getByRole('button', { name: 'بارگذاری دوباره' }));
/** The next call of this kind fails on the way (a dropped connection). */
const dropNext = (method: 'get' | 'post' | 'delete', path: string) =>
  server.use(http[method](`*/api/${path}`, () => HttpResponse.error(), { once: true }));
/** The next call of this kind is refused by the server with this message. */
const refuseNext = (method: 'post' | 'delete', path: string, messge: string) =>
  server.use(http[method](`*/api/${path}`, () => HttpResponse.json({ status: 0, messge }), { once: true }));

/** Picks a person in the forward dialog's recipient field. */
async function pickRecipient(dialog: HTMLElement, label: RegExp, name: string) {
  const to = within(dialog).getByLabelText(label);
  fireEvent.mouseDown(to);
  fireEvent.click(to);
  fireEvent.click(await screen.findByRole('option', { name }));
}

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  record = { ...draft };
  opened = 0;
  listed = 0;
  forwards = [];
  location = undefined;
  navigateTo = undefined;
  signIn(['Messages', 'CreateInternalMessage']);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(async () => {
  await settleDebouncedInputs();
  server.close();
  setSession(null);
});

describe('a letter list the network fails', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  // First in the file: the fetch is once per page load (probe helper-95: over a slow link
  // the first letter opened waited seconds for its code, the list on screen, nothing moving).
  it('fetches the letter screen’s code while the list is read, once', async () => {
    const letterRoute = routeByName('Letter')!;
    const load = vi.spyOn(letterRoute, 'load');
    openList();
    expect(await screen.findByText('نامه دوازده')).toBeTruthy();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1), { timeout: 4000 });
    cleanup();
    openList();
    expect(await screen.findByText('نامه دوازده')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 1800));
    expect(load).toHaveBeenCalledTimes(1);
    load.mockRestore();
  });

  it('says the list could not be loaded, tells no total, and loads it again on «تلاش دوباره»', async () => {
    dropNext('get', 'message/list/');
    openList();
    expect(await screen.findByText('بارگذاری فهرست نامه‌ها انجام نشد')).toBeTruthy();
    expect(screen.queryByText('نامه‌ای یافت نشد')).toBeNull();
    expect(screen.queryByText(/مجموع/)).toBeNull();
    fireEvent.click(button('تلاش دوباره'));
    expect(await screen.findByText('نامه دوازده')).toBeTruthy();
    expect(screen.getByText('مجموع: ۱')).toBeTruthy();
    expect(screen.queryByText('بارگذاری فهرست نامه‌ها انجام نشد')).toBeNull();
  });

  it('loads the list again with react-admin’s refresh in the top bar', async () => {
    openList();
    expect(await screen.findByText('نامه دوازده')).toBeTruthy();
    const before = listed;
    refresh();
    await waitFor(() => expect(listed).toBe(before + 1));
  });
});

describe('a letter the network fails', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('says the letter could not be loaded and loads it again on «تلاش دوباره»', async () => {
    dropNext('get', 'message/get/');
    openLetter('/letter/false/Draft/4/12');
    expect(await screen.findByText('بارگذاری نامه انجام نشد')).toBeTruthy();
    expect(screen.getByText('خطا در ارتباط با سرور')).toBeTruthy();
    fireEvent.click(button('تلاش دوباره'));
    await waitForScreen();
    expect(opened).toBe(1);
  });

  it('a letter the server does not give is no failure: no «تلاش دوباره»', async () => {
    server.use(
      http.get('*/api/message/get/', () => HttpResponse.json({ status: 0, message: 'نامه یافت نشد' }), {
        once: true,
      }),
    );
    openLetter('/letter/false/Draft/4/12');
    expect(await screen.findByText('نامه یافت نشد')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'تلاش دوباره' })).toBeNull();
  });

  it('loads the letter again with react-admin’s refresh in the top bar', async () => {
    openLetter('/letter/false/Draft/4/12');
    await waitForScreen();
    expect(button('امضا').disabled).toBe(false);
    // Signed elsewhere meanwhile: the refresh shows it.
    record = { ...draft, signed: true };
    refresh();
    await waitFor(() => expect(opened).toBe(2));
    await waitFor(() => expect(button('حذف امضا').disabled).toBe(false));
  });

  it('sends a forward again after a lost answer under the same key; the dialog opened anew has a new one', async () => {
    record = { ...sent };
    dropNext('post', 'message/forward/');
    const keys: string[] = [];
    server.use(
      http.post('*/api/message/forward/', async ({ request }) => {
        const form = await request.formData();
        keys.push(String(form.get('ClientKey')));
        if (keys.length === 1) return HttpResponse.error();
        forwards.push(form);
        return HttpResponse.json({ ...ok, id: 12 });
      }),
    );
    openLetter('/letter/false/AllMyMessage/4/12');
    await waitForScreen();
    fireEvent.click(button('ارجاع'));
    let dialog = await screen.findByRole('dialog');
    await pickRecipient(dialog, /گیرندگان/, 'علی رضایی');
    fireEvent.click(within(dialog).getByRole('button', { name: 'ارجاع' }));
    expect(await screen.findByText('خطا در ارتباط با سرور')).toBeTruthy();
    // The dialog stays, as filled in; sent again.
    fireEvent.click(within(dialog).getByRole('button', { name: 'ارجاع' }));
    await waitFor(() => expect(forwards).toHaveLength(1));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(keys[1]).toBe(keys[0]);
    await waitFor(() => expect(location?.pathname).toBe('/mymessage'));
    // Another forward (another opening of the dialog): another key.
    cleanup();
    openLetter('/letter/false/AllMyMessage/4/12');
    await waitForScreen();
    fireEvent.click(button('ارجاع'));
    dialog = await screen.findByRole('dialog');
    await pickRecipient(dialog, /گیرندگان/, 'علی رضایی');
    fireEvent.click(within(dialog).getByRole('button', { name: 'ارجاع' }));
    await waitFor(() => expect(forwards).toHaveLength(2));
    expect(keys[2]).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('a draft passed on sends its key too', async () => {
    openLetter('/letter/false/Draft/4/12');
    await waitForScreen();
    fireEvent.click(button('ارجاع پیش‌نویس'));
    const dialog = await screen.findByRole('dialog');
    await pickRecipient(dialog, /گیرنده/, 'علی رضایی');
    fireEvent.click(within(dialog).getByRole('button', { name: 'ارجاع' }));
    await waitFor(() => expect(forwards).toHaveLength(1));
    expect(forwards[0].get('IsSend')).toBe('2');
    expect(String(forwards[0].get('ClientKey'))).toMatch(/^[A-Za-z0-9-]{8,64}$/);
  });
});

describe('an action sent again after its answer was lost', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('a sign refused as done already reloads the letter, which shows it signed', async () => {
    openLetter('/letter/false/Draft/4/12');
    await waitForScreen();
    // The first sign's answer was lost; the letter is signed now, the retry refused.
    record = { ...draft, signed: true };
    refuseNext('post', 'message/sign/', 'این پیش‌نویس پیش‌تر امضا شده است');
    fireEvent.click(button('امضا'));
    expect(await screen.findByText('این پیش‌نویس پیش‌تر امضا شده است')).toBeTruthy();
    await waitFor(() => expect(opened).toBe(2));
    await waitFor(() => expect(button('حذف امضا').disabled).toBe(false));
  });

  it('a signature removal refused reloads the letter too', async () => {
    record = { ...draft, signed: true };
    openLetter('/letter/false/Draft/4/12');
    await waitForScreen();
    record = { ...draft };
    refuseNext('post', 'message/removesign/', 'این پیش‌نویس امضا نشده است');
    fireEvent.click(button('حذف امضا'));
    expect(await screen.findByText('این پیش‌نویس امضا نشده است')).toBeTruthy();
    await waitFor(() => expect(button('امضا').disabled).toBe(false));
  });

  it('a sign lost on the way is said, and the letter is not reloaded into an error', async () => {
    openLetter('/letter/false/Draft/4/12');
    await waitForScreen();
    dropNext('post', 'message/sign/');
    fireEvent.click(button('امضا'));
    expect(await screen.findByText('خطا در ارتباط با سرور')).toBeTruthy();
    expect(opened).toBe(1);
  });

  it('a delete refused reloads the letter and stays on it', async () => {
    openLetter('/letter/false/Draft/4/12');
    await waitForScreen();
    refuseNext('delete', 'message/delete/', 'نامه‌ای که کاربر دیگری آن را خوانده است حذف نمی‌شود');
    fireEvent.click(button('حذف'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'بله' }));
    expect(await screen.findByText('نامه‌ای که کاربر دیگری آن را خوانده است حذف نمی‌شود')).toBeTruthy();
    await waitFor(() => expect(opened).toBe(2));
    expect(location?.pathname).toBe('/letter/false/Draft/4/12');
  });

  it('a delete sent again after its answer was lost finds the letter gone: said so, and back to the list (probe helper-95)', async () => {
    openLetter('/letter/false/Draft/4/12');
    await waitForScreen();
    dropNext('delete', 'message/delete/');
    fireEvent.click(button('حذف'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'بله' }));
    expect(await screen.findByText('خطا در ارتباط با سرور')).toBeTruthy();
    refuseNext('delete', 'message/delete/', LETTER_NOT_FOUND);
    await waitFor(() => expect(button('حذف').disabled).toBe(false));
    fireEvent.click(button('حذف'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'بله' }));
    expect(await screen.findByText(ALREADY_DELETED)).toBeTruthy();
    expect(screen.queryByText(LETTER_NOT_FOUND)).toBeNull();
    await waitFor(() => expect(location?.pathname).not.toBe('/letter/false/Draft/4/12'));
  });

  it('a number asked again after its answer was lost shows the number the letter has (probe helper-95)', async () => {
    openLetter('/letter/false/Draft/4/12');
    await waitForScreen();
    record = { ...draft, number: 10, displayMessageNumber: 'د-10' };
    refuseNext('post', 'message/save/', ALREADY_NUMBERED);
    fireEvent.click(button('شماره‌گذاری'));
    expect(await screen.findByText(ALREADY_NUMBERED)).toBeTruthy();
    await waitFor(() => expect(opened).toBe(2));
    await waitFor(() => expect(button('شماره‌گذاری').disabled).toBe(true));
  });

  it('stops an upload of attachments on «لغو بارگذاری»: said so, the buttons open, the files kept (probe helper-95)', async () => {
    openLetter('/letter/false/Draft/4/12');
    await waitForScreen();
    fireEvent.change(screen.getByLabelText(/موضوع/), { target: { value: 'گزارش با پیوست' } });
    fireEvent.click(screen.getByRole('tab', { name: /پیوست‌ها/ }));
    const image = new File([new Uint8Array([137, 80, 78, 71])], 'نمودار.png', { type: 'image/png' });
    fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [image] } });
    // Taken once its first bytes are read.
    await screen.findByRole('button', { name: /حذف پیوست نمودار\.png/ });
    // A link that takes the bytes and never answers.
    server.use(http.post('*/api/message/save/', () => new Promise<never>(() => {}), { once: true }));
    fireEvent.click(button('ذخیره پیش‌نویس'));
    fireEvent.click(await screen.findByRole('button', { name: 'لغو بارگذاری' }));
    expect(await screen.findByText(LETTER_UPLOAD_CANCELLED)).toBeTruthy();
    await waitFor(() => expect(button('ذخیره پیش‌نویس').disabled).toBe(false));
    expect(screen.queryByRole('button', { name: 'لغو بارگذاری' })).toBeNull();
    expect(screen.getByRole('button', { name: /حذف پیوست نمودار\.png/ })).toBeTruthy();
    expect(location?.pathname).toBe('/letter/false/Draft/4/12');
  });

  it('a draft passed on refused (passed on already) reloads the letter', async () => {
    openLetter('/letter/false/Draft/4/12');
    await waitForScreen();
    record = { ...draft, isHolder: false };
    refuseNext('post', 'message/forward/', 'این پیش‌نویس در دست شما نیست');
    fireEvent.click(button('ارجاع پیش‌نویس'));
    const dialog = await screen.findByRole('dialog');
    await pickRecipient(dialog, /گیرنده/, 'علی رضایی');
    fireEvent.click(within(dialog).getByRole('button', { name: 'ارجاع' }));
    expect(await screen.findByText('این پیش‌نویس در دست شما نیست')).toBeTruthy();
    await waitFor(() => expect(opened).toBe(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button('امضا').disabled).toBe(true);
  });

  it('a forward refused keeps its dialog: the refusal is about what it holds', async () => {
    record = { ...sent };
    openLetter('/letter/false/AllMyMessage/4/12');
    await waitForScreen();
    refuseNext('post', 'message/forward/', 'گیرندگان ارجاع: «علی رضایی» غیرفعال است');
    fireEvent.click(button('ارجاع'));
    const dialog = await screen.findByRole('dialog');
    await pickRecipient(dialog, /گیرندگان/, 'علی رضایی');
    fireEvent.click(within(dialog).getByRole('button', { name: 'ارجاع' }));
    expect(await screen.findByText('گیرندگان ارجاع: «علی رضایی» غیرفعال است')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(opened).toBe(1);
  });
});

describe('a slow forward', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('does not take the user back from where they went meanwhile', async () => {
    record = { ...sent };
    let answer: () => void = () => undefined;
    server.use(
      http.post(
        '*/api/message/forward/',
        () =>
          new Promise<Response>((resolve) => {
            answer = () => resolve(HttpResponse.json({ ...ok, id: 12 }));
          }),
        { once: true },
      ),
    );
    openLetter('/letter/false/AllMyMessage/4/12');
    await waitForScreen();
    fireEvent.click(button('ارجاع'));
    const dialog = await screen.findByRole('dialog');
    await pickRecipient(dialog, /گیرندگان/, 'علی رضایی');
    fireEvent.click(within(dialog).getByRole('button', { name: 'ارجاع' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'ارجاع' })).toHaveProperty('disabled', true),
    );
    // The user goes to the drafts while the forward is on its way.
    act(() => void navigateTo!('/draftmessage'));
    await screen.findByText('جای دیگر');
    answer();
    expect(await screen.findByText('درخواست با موفقیت انجام شد')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(location?.pathname).toBe('/draftmessage');
  });
});
