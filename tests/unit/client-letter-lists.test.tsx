// @vitest-environment jsdom
// The letter lists (spec 1 §2 "Letter list screens") against a mocked message/list: the
// columns per page type (type badge colours, read icon, recipients only on sent pages and
// all letters, Persian number and Jalali date), each list's call, a folder's list, the
// new-letter menu by permission, delete behind the confirmation, and the all-letters URL
// behaviour (phrase and customer filters in the URL, back to page 1 / 20 rows, the two
// customer filters exclusive, a reload on every URL change, «بیش از …» for a capped count).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Link, Route, Routes, useNavigate, useNavigationType, type Location } from 'react-router-dom';
import { setSession } from '../../src/api/session';
import { LetterList } from '../../src/custom/letters/list/LetterList';
import { LETTER_LISTS } from '../../src/custom/letters/list/listScreens';
import {
  CLIENT_TEST_TIMEOUT_MS,
  installMatchMedia,
  renderInAdmin,
  signIn,
  settleDebouncedInputs,
} from './client-render';

const letter = (id: number, type: number, extra: Record<string, unknown> = {}) => ({
  messageId: id,
  messageTypeFk: type,
  messageTypeString: { 4: 'داخلی', 5: 'وارده', 6: 'صادره' }[type],
  isReaded: id % 2 === 0,
  isSend: true,
  subject: `نامه ${id}`,
  messageFrom: 'سارا احمدی',
  messageTo: 'علی رضایی',
  displayMessageNumber: `ن-${id}`,
  createdDate: '2025-03-20T08:00:00Z',
  sentDate: '2025-03-20T08:00:00Z',
  createdUserPic: '',
  isAuthor: true,
  deletable: true,
  ...extra,
});

let listQueries: URLSearchParams[] = [];
/** The phrases the customer pickers asked for (a look-up of chosen ids left out). */
const customerAsks: string[] = [];
let listAnswer: Record<string, unknown> = {};
let deleted: unknown[] = [];

const server = setupServer(
  http.get('*/api/message/list/', ({ request }) => {
    listQueries.push(new URL(request.url).searchParams);
    return HttpResponse.json(listAnswer);
  }),
  http.delete('*/api/message/delete/', async ({ request }) => {
    deleted.push(await request.json());
    return HttpResponse.json({ status: 1, messge: 'درخواست با موفقیت انجام شد' });
  }),
  http.get('*/api/:kind/lookup/', ({ request, params }) => {
    if (params.kind !== 'archive' && params.kind !== 'favorite') return;
    const ids = new URL(request.url).searchParams.get('Ids');
    const all = [
      { id: 3, title: 'قراردادها' },
      { id: 5, title: 'پیگیری‌ها' },
      { id: 9, title: 'بایگانی ۱۴۰۳ / پوشه‌ای که در منو نیست' },
    ];
    const records = ids ? all.filter((f) => ids.split(',').includes(String(f.id))) : all;
    return HttpResponse.json({ status: 1, records, totalCount: records.length });
  }),
  http.get('*/api/customer/lookup/', ({ request }) => {
    const ids = new URL(request.url).searchParams.get('Ids');
    if (!ids) customerAsks.push(new URL(request.url).searchParams.get('Phrase') ?? '');
    const all = [
      { id: 7, title: 'شرکت آلفا' },
      { id: 8, title: 'شرکت بتا' },
    ];
    const records = ids ? all.filter((c) => ids.split(',').includes(String(c.id))) : all;
    return HttpResponse.json({ status: 1, records, totalCount: records.length });
  }),
);

let location: Location | undefined;
const show = (route: keyof typeof LETTER_LISTS, path: string, pattern = path.split('?')[0]) =>
  renderInAdmin(
    <Routes>
      <Route path={pattern} element={<LetterList config={LETTER_LISTS[route]} />} />
    </Routes>,
    { path, onLocation: (l) => (location = l) },
  );
const lastQuery = () => listQueries.at(-1)!;
const urlParams = () => new URLSearchParams(location?.search);
const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  listQueries = [];
  deleted = [];
  location = undefined;
  listAnswer = {
    status: 1,
    records: [letter(12, 4), letter(11, 5), letter(10, 6)],
    totalCount: 3,
  };
  signIn(['Messages', 'AllMessages', 'CreateInternalMessage', 'CreateExportMessage']);
});
afterEach(() => cleanup());
afterAll(async () => {
  await settleDebouncedInputs();
  server.close();
  setSession(null);
});

describe('letter lists', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('my cartable: the columns without recipients, badges by type, read icons, Persian number and date', async () => {
    show('MyMessage', '/mymessage');
    expect(await screen.findByText('نامه 12')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'کارتابل من' })).toBeTruthy();
    expect(headers()).toEqual(['نوع', 'وضعیت', 'موضوع', 'فرستنده', 'شماره نامه', 'تاریخ', 'عملیات']);
    const rows = screen.getAllByTestId('letter-row');
    const badges = rows.map((row) => within(row).getByTestId('letter-type'));
    expect(badges.map((badge) => badge.textContent)).toEqual(['داخلی', 'وارده', 'صادره']);
    // blue internal, pink incoming, teal others
    expect(badges.map((badge) => badge.dataset.color)).toEqual(['#1565C0', '#AD1457', '#00796B']);
    expect(within(rows[0]).getByRole('img', { name: 'خوانده‌شده' })).toBeTruthy();
    expect(within(rows[1]).getByRole('img', { name: 'خوانده‌نشده' })).toBeTruthy();
    expect(within(rows[0]).getByText('ن-۱۲')).toBeTruthy();
    // 2025-03-20 08:00 UTC is 30 Esfand 1403 in Tehran
    expect(within(rows[0]).getByText('۱۴۰۳/۱۲/۳۰')).toBeTruthy();
    // With its hour under the pointer (11:30 in Tehran).
    fireEvent.mouseOver(within(rows[0]).getByText('۱۴۰۳/۱۲/۳۰'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('۱۴۰۳/۱۲/۳۰ ۱۱:۳۰');
    expect(within(rows[0]).getByText('نامه 12').closest('a')?.getAttribute('href')).toBe(
      '/letter/false/AllMyMessage/4/12',
    );
    expect(screen.getByText('مجموع: ۳')).toBeTruthy();
    expect(lastQuery().get('PageType')).toBe('AllMyMessage');
    expect(lastQuery().get('Count')).toBe('20');
    expect(lastQuery().get('Page')).toBe('1');
    expect(lastQuery().get('MessageType')).toBe('0');
  });

  it('turns to one cell a letter where the columns do not fit the room given, whatever the window', async () => {
    // The room the list is given, as ResizeObserver reports it (jsdom has none).
    let room = 760;
    const original = globalThis.ResizeObserver;
    globalThis.ResizeObserver = class {
      constructor(private readonly report: ResizeObserverCallback) {}
      observe() {
        this.report([{ contentRect: { width: room } } as ResizeObserverEntry], this as never);
      }
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    try {
      show('AllMessage', '/allmessage');
      await screen.findByText('نامه 12');
      await waitFor(() => expect(screen.queryAllByRole('columnheader')).toHaveLength(0));
      expect(screen.getAllByTestId('letter-row')).toHaveLength(3);
      cleanup();
      room = 1100;
      show('AllMessage', '/allmessage');
      await screen.findByText('نامه 12');
      await waitFor(() => expect(headers()).toContain('گیرندگان'));
    } finally {
      globalThis.ResizeObserver = original;
    }
  });

  it.each([
    ['UnReadMessage', '/unreadmessage', 'UnReadMessage', '0'],
    ['AnswerRequest', '/answerrequest', 'AnswerRequest', '0'],
    ['DraftMessage', '/draftmessage', 'Draft', '0'],
  ] as const)('%s asks for its page type and shows no recipients', async (route, path, pageType, type) => {
    show(route, path);
    await screen.findByText('نامه 12');
    expect(lastQuery().get('PageType')).toBe(pageType);
    expect(lastQuery().get('MessageType')).toBe(type);
    expect(headers()).not.toContain('گیرندگان');
  });

  it.each([
    ['DomesticLetters', '/domesticletters', '4', 'نامه‌های داخلی ارسالی'],
    ['IncomingLetters', '/incomingletters', '5', 'نامه‌های وارده'],
    ['LettersIssued', '/lettersissued', '6', 'نامه‌های صادره'],
  ] as const)('%s: sent letters of type %s with the recipients column', async (route, path, type, title) => {
    show(route, path);
    await screen.findByText('نامه 12');
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(lastQuery().get('PageType')).toBe('Send');
    expect(lastQuery().get('MessageType')).toBe(type);
    expect(headers()).toContain('گیرندگان');
    expect(screen.getAllByText('علی رضایی')).toHaveLength(3);
    expect(
      within(screen.getAllByTestId('letter-row')[0]).getByText('نامه 12').closest('a')?.getAttribute('href'),
    ).toBe('/letter/false/Send/4/12');
  });

  it('sent incoming letters read fromCustomerId from the URL, outgoing toCustomerId', async () => {
    show('IncomingLetters', '/incomingletters?fromCustomerId=7');
    await screen.findByText('نامه 12');
    expect(lastQuery().get('fromCustomerId')).toBe('7');
    cleanup();
    show('LettersIssued', '/lettersissued?toCustomerId=8');
    await screen.findByText('نامه 12');
    expect(lastQuery().get('toCustomerId')).toBe('8');
    expect(lastQuery().get('fromCustomerId')).toBeNull();
  });

  it('a folder list asks for its folder (TypeNumber) and shows the folder’s name', async () => {
    show('ArchiveMessage', '/archivemessage/3?title=قراردادها', '/archivemessage/:typeNumber');
    await screen.findByText('نامه 12');
    expect(lastQuery().get('PageType')).toBe('Archive');
    expect(lastQuery().get('TypeNumber')).toBe('3');
    expect(screen.getByRole('heading', { name: 'نامه‌های بایگانی: قراردادها' })).toBeTruthy();
    expect(headers()).not.toContain('گیرندگان');
    cleanup();
    show('FavoriteMessage', '/favoritemessage/5', '/favoritemessage/:typeNumber');
    await screen.findByText('نامه 12');
    expect(lastQuery().get('PageType')).toBe('Favorite');
    expect(lastQuery().get('TypeNumber')).toBe('5');
    // Not in the menu, no name in the link: named by the folder's lookup.
    expect(await screen.findByRole('heading', { name: 'نامه‌های پوشه من: پیگیری‌ها' })).toBeTruthy();
  });

  it('takes a letter out of the folder from a folder’s list, not deleting it, behind the question', async () => {
    show('ArchiveMessage', '/archivemessage/3?title=قراردادها', '/archivemessage/:typeNumber');
    await screen.findByText('نامه 12');
    expect(screen.queryByRole('button', { name: 'حذف نامه نامه 11' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'خارج کردن نامه نامه 11 از پوشه' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/از این پوشه خارج می‌شود؛ خود نامه و جاهای دیگرش می‌مانند/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'بله' }));
    await waitFor(() => expect(deleted).toHaveLength(1));
    expect(deleted[0]).toMatchObject({ Id: 11, PageType: 'Archive', TypeNumber: 3 });
  });

  it('names a folder the menu does not hold by its lookup, and switches folders by its picker', async () => {
    show('ArchiveMessage', '/archivemessage/9', '/archivemessage/:typeNumber');
    expect(
      await screen.findByRole('heading', { name: 'نامه‌های بایگانی: بایگانی ۱۴۰۳ / پوشه‌ای که در منو نیست' }),
    ).toBeTruthy();
    const picker = screen.getByRole('combobox', { name: 'پوشه' });
    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'پیگیری‌ها' }));
    await waitFor(() => expect(location?.pathname).toBe('/archivemessage/5'));
  });

  it.each(['0', '2147483648', '-3', '1.5', 'abc'])(
    'asks for a folder when the link names none («پوشه‌های دیگر…» of the menu, or no id: %s), listing nothing',
    async (typeNumber) => {
      show('FavoriteMessage', `/favoritemessage/${typeNumber}`, '/favoritemessage/:typeNumber');
      expect(await screen.findByText(/پوشه‌ای را از فهرست «پوشه» انتخاب کنید/)).toBeTruthy();
      expect(screen.getByRole('combobox', { name: 'پوشه' })).toBeTruthy();
      expect(listQueries).toHaveLength(0);
      expect(screen.queryByText(/مجموع/)).toBeNull();
    },
  );

  it('offers only the new letters the user may write', async () => {
    show('MyMessage', '/mymessage');
    await screen.findByText('نامه 12');
    fireEvent.click(screen.getByRole('button', { name: 'نامه جدید' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('داخلی').closest('a')?.getAttribute('href')).toBe(
      '/letter/true/AllMyMessage/4/0',
    );
    expect(within(menu).getByText('صادره')).toBeTruthy();
    expect(within(menu).queryByText('وارده')).toBeNull();
  });

  it('hides the new-letter menu from a user who may write none', async () => {
    signIn(['Messages']);
    show('MyMessage', '/mymessage');
    await screen.findByText('نامه 12');
    expect(screen.queryByRole('button', { name: 'نامه جدید' })).toBeNull();
  });

  it('opens a letter by a click anywhere on its row; its buttons stay theirs (probe helper-67)', async () => {
    show('DraftMessage', '/draftmessage');
    await screen.findByText('نامه 12');
    const [, second] = screen.getAllByTestId('letter-row');
    fireEvent.click(within(second).getByRole('button', { name: 'حذف نامه نامه 11' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'لغو' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location?.pathname).toBe('/draftmessage');
    // Ctrl and a click: the browser's (a new tab by the subject's link), not the row's.
    fireEvent.click(within(second).getByText('ن-۱۱'), { ctrlKey: true });
    expect(location?.pathname).toBe('/draftmessage');
    fireEvent.click(within(second).getByText('ن-۱۱'));
    await waitFor(() => expect(location?.pathname).toBe('/letter/false/Draft/5/11'));
  });

  it('deletes a letter after «آیا اطمینان دارید ؟» and reloads the list', async () => {
    show('DraftMessage', '/draftmessage');
    await screen.findByText('نامه 12');
    const before = listQueries.length;
    fireEvent.click(screen.getByRole('button', { name: 'حذف نامه نامه 11' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('آیا اطمینان دارید ؟')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'لغو' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleted).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'حذف نامه نامه 11' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'بله' }));
    await waitFor(() => expect(deleted).toHaveLength(1));
    expect(deleted[0]).toMatchObject({ Id: 11, PageType: 'Draft' });
    expect(await screen.findByText('درخواست با موفقیت انجام شد')).toBeTruthy();
    await waitFor(() => expect(listQueries.length).toBe(before + 1));
  });

  it('offers delete only where the server says the user may: wrote or holds it, unread by others', async () => {
    listAnswer = {
      status: 1,
      records: [
        letter(31, 4, { isAuthor: false, deletable: false }),
        letter(32, 4, { isAuthor: false, isHolder: true, isSend: false }),
        letter(33, 4),
        letter(34, 4, { deletable: false }),
      ],
      totalCount: 4,
    };
    show('MyMessage', '/mymessage');
    await screen.findByText('نامه 31');
    expect(screen.queryByRole('button', { name: 'حذف نامه نامه 31' })).toBeNull();
    expect(screen.getByRole('button', { name: 'حذف نامه نامه 32' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'حذف نامه نامه 33' })).toBeTruthy();
    // Written by the user but read by a recipient: the delete would be refused.
    expect(screen.queryByRole('button', { name: 'حذف نامه نامه 34' })).toBeNull();
  });

  it('shows the server refusal of a delete in red, and reloads the list: the row has changed (probe helper-84)', async () => {
    server.use(
      http.delete('*/api/message/delete/', () =>
        HttpResponse.json({ status: 0, messge: 'نامه‌ای که کاربر دیگری آن را خوانده است حذف نمی‌شود' }),
      ),
    );
    show('DomesticLetters', '/domesticletters');
    await screen.findByText('نامه 12');
    const before = listQueries.length;
    // Since the list was drawn a recipient has read letter 11: no longer the user's to delete.
    listAnswer = {
      status: 1,
      records: [letter(12, 4), letter(11, 4, { isReaded: true, deletable: false })],
      totalCount: 2,
    };
    fireEvent.click(screen.getByRole('button', { name: 'حذف نامه نامه 11' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'بله' }));
    expect(await screen.findByText('نامه‌ای که کاربر دیگری آن را خوانده است حذف نمی‌شود')).toBeTruthy();
    await waitFor(() => expect(listQueries.length).toBe(before + 1));
    // The confirmation gone first: while it closes, the page behind it is hidden from the
    // roles, and the delete button would seem gone whether or not the row changed.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'حذف نامه نامه 11' })).toBeNull());
    const row = screen.getByText('نامه 11').closest('tr')!;
    expect(within(row).getByRole('img', { name: 'خوانده‌شده' })).toBeTruthy();
  });

  it('tells no total while the list loads for the first time, not «مجموع: ۰» (probe helper-84)', async () => {
    let answer: (() => void) | undefined;
    server.use(
      http.get(
        '*/api/message/list/',
        () =>
          new Promise<Response>((resolve) => {
            answer = () => resolve(HttpResponse.json(listAnswer));
          }),
        { once: true },
      ),
    );
    show('MyMessage', '/mymessage');
    await waitFor(() => expect(answer).toBeDefined());
    expect(screen.getByRole('table', { name: 'فهرست نامه‌ها' })).toBeTruthy();
    expect(screen.queryByText(/مجموع/)).toBeNull();
    answer!();
    expect(await screen.findByText('مجموع: ۳')).toBeTruthy();
  });

  it('reads a letter’s paperclip as «پیوست دارد»; a letter without one has none (probe helper-98)', async () => {
    listAnswer = {
      status: 1,
      records: [letter(12, 4, { hasMessageAttachment: true }), letter(11, 5)],
      totalCount: 2,
    };
    show('MyMessage', '/mymessage');
    expect(await screen.findByText('نامه 12')).toBeTruthy();
    const rows = screen.getAllByTestId('letter-row');
    expect(within(rows[0]).getByRole('img', { name: 'پیوست دارد' })).toBeTruthy();
    expect(within(rows[1]).queryByRole('img', { name: 'پیوست دارد' })).toBeNull();
  });

  it('an empty list reads «نامه‌ای یافت نشد» with a zero total', async () => {
    listAnswer = { status: 1, records: [], totalCount: 0 };
    show('MyMessage', '/mymessage');
    expect(await screen.findByText('نامه‌ای یافت نشد')).toBeTruthy();
    expect(screen.getByText('مجموع: ۰')).toBeTruthy();
  });

  it('a refused list is empty and says why, in the server’s words', async () => {
    listAnswer = { status: 0, message: 'عبارت جستجو کوتاه است؛ دست‌کم سه حرف بنویسید' };
    show('MyMessage', '/mymessage');
    expect(await screen.findByText('عبارت جستجو کوتاه است؛ دست‌کم سه حرف بنویسید')).toBeTruthy();
    expect(screen.queryByText('نامه‌ای یافت نشد')).toBeNull();
    expect(screen.getByText('مجموع: ۰')).toBeTruthy();
  });
});

describe('all letters: the URL holds the list', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => letter(100 - i, 4));

  it('reads page, pageSize, phrase, projectId and a customer filter from the URL', async () => {
    listAnswer = { status: 1, records: many(50), totalCount: 180 };
    show('AllMessage', '/allmessage?page=3&pageSize=50&phrase=قرارداد&projectId=4&toCustomerId=7');
    await screen.findByText('نامه 100');
    const query = lastQuery();
    expect(query.get('PageType')).toBe('AllMessage');
    expect(query.get('Page')).toBe('3');
    expect(query.get('Count')).toBe('50');
    expect(query.get('Phrase')).toBe('قرارداد');
    expect(query.get('projectId')).toBe('4');
    expect(query.get('toCustomerId')).toBe('7');
    expect(headers()).toContain('گیرندگان');
    expect((screen.getByLabelText('جستجو در نامه‌ها') as HTMLInputElement).value).toBe('قرارداد');
    expect(await screen.findByDisplayValue('شرکت آلفا')).toBeTruthy();
    expect(screen.getByText('نامه‌های پروژه ۴')).toBeTruthy();
    // The pickers' own buttons are named in Persian (read out, and shown on a long press).
    expect(screen.getAllByRole('button', { name: 'بازکردن' })).toHaveLength(2);
  });

  it('a new phrase rewrites the URL: page 1, 20 rows, and the list reloads', async () => {
    listAnswer = { status: 1, records: many(50), totalCount: 180 };
    show('AllMessage', '/allmessage?page=3&pageSize=50&fromCustomerId=8');
    await screen.findByText('نامه 100');
    fireEvent.change(screen.getByLabelText('جستجو در نامه‌ها'), { target: { value: 'بودجه' } });
    await waitFor(() => expect(urlParams().get('phrase')).toBe('بودجه'));
    expect(urlParams().get('page')).toBe('1');
    expect(urlParams().get('pageSize')).toBe('20');
    expect(urlParams().get('fromCustomerId')).toBe('8');
    await waitFor(() => expect(lastQuery().get('Phrase')).toBe('بودجه'));
    expect(lastQuery().get('Page')).toBe('1');
    expect(lastQuery().get('Count')).toBe('20');
  });

  it('says the shown rows are the last answer’s while a new search loads', async () => {
    show('MyMessage', '/mymessage');
    await screen.findByText('نامه 12');
    expect(screen.queryByRole('progressbar')).toBeNull();
    let answer: (() => void) | undefined;
    server.use(
      http.get(
        '*/api/message/list/',
        () =>
          new Promise<Response>((resolve) => {
            answer = () => resolve(HttpResponse.json({ status: 1, records: [letter(30, 4)], totalCount: 1 }));
          }),
        { once: true },
      ),
    );
    fireEvent.change(screen.getByLabelText('جستجو در نامه‌ها'), { target: { value: 'زرشکی' } });
    expect(await screen.findByRole('progressbar', { name: 'در حال بارگذاری' })).toBeTruthy();
    expect(screen.getByText('نامه 12')).toBeTruthy();
    await waitFor(() => expect(answer).toBeDefined());
    expect(screen.getByRole('progressbar', { name: 'در حال بارگذاری' })).toBeTruthy();
    answer!();
    await screen.findByText('نامه 30');
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });

  it('choosing a recipient customer clears the sender customer, and back again', async () => {
    show('AllMessage', '/allmessage?page=2&pageSize=10&fromCustomerId=8');
    await screen.findByText('نامه 12');
    expect(await screen.findByDisplayValue('شرکت بتا')).toBeTruthy();

    const recipient = screen.getByLabelText('مشتری گیرنده');
    fireEvent.mouseDown(recipient);
    fireEvent.click(await screen.findByRole('option', { name: 'شرکت آلفا' }));
    await waitFor(() => expect(urlParams().get('toCustomerId')).toBe('7'));
    expect(urlParams().get('fromCustomerId')).toBeNull();
    expect(urlParams().get('page')).toBe('1');
    expect(urlParams().get('pageSize')).toBe('20');
    await waitFor(() => expect(lastQuery().get('toCustomerId')).toBe('7'));
    expect(lastQuery().get('fromCustomerId')).toBeNull();

    const sender = screen.getByLabelText('مشتری فرستنده');
    fireEvent.mouseDown(sender);
    fireEvent.click(await screen.findByRole('option', { name: 'شرکت بتا' }));
    await waitFor(() => expect(urlParams().get('fromCustomerId')).toBe('8'));
    expect(urlParams().get('toCustomerId')).toBeNull();
  });

  it('asks for customers once a picker is opened, and a typed phrase once typing pauses (probe helper-99)', async () => {
    customerAsks.length = 0;
    show('AllMessage', '/allmessage');
    await screen.findByText('نامه 12');
    await settleDebouncedInputs();
    expect(customerAsks).toEqual([]);
    const sender = screen.getByLabelText('مشتری فرستنده');
    fireEvent.mouseDown(sender);
    expect(await screen.findByRole('option', { name: 'شرکت آلفا' })).toBeTruthy();
    expect(customerAsks).toEqual(['']);
    for (const typed of ['آ', 'آل', 'آلف']) fireEvent.change(sender, { target: { value: typed } });
    await waitFor(() => expect(customerAsks).toEqual(['', 'آلف']));
    await settleDebouncedInputs();
    expect(customerAsks).toEqual(['', 'آلف']);
  });

  it('a link carrying both customer filters reads the one written last', async () => {
    show('AllMessage', '/allmessage?fromCustomerId=8&toCustomerId=7');
    await screen.findByText('نامه 12');
    expect(lastQuery().get('toCustomerId')).toBe('7');
    expect(lastQuery().get('fromCustomerId')).toBeNull();
    expect(await screen.findByDisplayValue('شرکت آلفا')).toBeTruthy();
    expect(screen.queryByDisplayValue('شرکت بتا')).toBeNull();
  });

  it('a link’s customer that is not there: said in red, the filter leaves the URL in place of a new history step', async () => {
    let navigation: string | undefined;
    const Navigation = () => {
      navigation = useNavigationType();
      return null;
    };
    renderInAdmin(
      <>
        <Routes>
          <Route path="/allmessage" element={<LetterList config={LETTER_LISTS.AllMessage} />} />
        </Routes>
        <Navigation />
      </>,
      { path: '/allmessage?phrase=کیوی&toCustomerId=99', onLocation: (l) => (location = l) },
    );
    expect(await screen.findByText(/مشتری این نشانی یافت نشد/)).toBeTruthy();
    await waitFor(() => expect(urlParams().get('toCustomerId')).toBeNull());
    expect(navigation).toBe('REPLACE');
    expect(urlParams().get('phrase')).toBe('کیوی');
    await waitFor(() => expect(lastQuery().get('toCustomerId')).toBeNull());
    expect(lastQuery().get('Phrase')).toBe('کیوی');
  });

  it('a link’s customer filter that is no number at all is said as one not there, and leaves the URL', async () => {
    show('AllMessage', '/allmessage?phrase=کیوی&fromCustomerId=abc');
    expect(await screen.findByText(/مشتری این نشانی یافت نشد/)).toBeTruthy();
    await waitFor(() => expect(urlParams().get('fromCustomerId')).toBeNull());
    expect(urlParams().get('phrase')).toBe('کیوی');
    await waitFor(() => expect(lastQuery().get('Phrase')).toBe('کیوی'));
    expect(lastQuery().get('fromCustomerId')).toBeNull();
  });

  it('a list with no customer filter neither reads nor complains about one in its link (probe helper-84)', async () => {
    show('MyMessage', '/mymessage?phrase=کیوی&fromCustomerId=abc&toCustomerId=7');
    await screen.findByText('نامه 12');
    expect(lastQuery().get('fromCustomerId')).toBeNull();
    expect(lastQuery().get('toCustomerId')).toBeNull();
    // The notice would come from an effect after the first render: give it its turn.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(/مشتری این نشانی یافت نشد/)).toBeNull();
    expect(urlParams().get('fromCustomerId')).toBe('abc');
    cleanup();
    // Incoming letters offer the sender customer only: the recipient one is not theirs.
    show('IncomingLetters', '/incomingletters?fromCustomerId=8&toCustomerId=abc');
    await screen.findByText('نامه 12');
    await waitFor(() => expect(lastQuery().get('fromCustomerId')).toBe('8'));
    expect(lastQuery().get('toCustomerId')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(/مشتری این نشانی یافت نشد/)).toBeNull();
  });

  it('drops a customer id past what an id holds, and keeps it dropped as a page past the end is corrected', async () => {
    show('AllMessage', '/allmessage?fromCustomerId=99999999999&page=9');
    expect(await screen.findByText(/مشتری این نشانی یافت نشد/)).toBeTruthy();
    await waitFor(() => expect(urlParams().get('page')).toBe('1'));
    expect(urlParams().get('fromCustomerId')).toBeNull();
  });

  it('pages through the URL, and a capped count reads «بیش از …» with one page more', async () => {
    listAnswer = { status: 1, records: many(20), totalCount: 1000, countCapped: true };
    show('AllMessage', '/allmessage');
    await screen.findByText('نامه 100');
    expect(screen.getByText('مجموع: بیش از ۱٬۰۰۰')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'برو به صفحه ۵۱' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'برو به صفحه ۲' }));
    await waitFor(() => expect(urlParams().get('page')).toBe('2'));
    await waitFor(() => expect(lastQuery().get('Page')).toBe('2'));
  });
});

describe(
  'back from a letter: the list where it was left (probe helper-84)',
  { timeout: CLIENT_TEST_TIMEOUT_MS },
  () => {
    const scrollTo = vi.fn();
    const realScrollTo = window.scrollTo;
    beforeEach(() => {
      sessionStorage.clear();
      scrollTo.mockReset();
      window.scrollTo = scrollTo as typeof window.scrollTo;
      Object.defineProperty(window, 'scrollY', { value: 375, configurable: true, writable: true });
    });
    afterEach(() => {
      window.scrollTo = realScrollTo;
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
    });

    /** The letter screen, with the browser's Back, and a menu link to the list. */
    const LetterStandIn = () => {
      const navigate = useNavigate();
      return (
        <>
          <button onClick={() => void navigate(-1)}>Back</button>
          <Link to="/draftmessage">پیش‌نویس‌ها</Link>
        </>
      );
    };
    const showWithLetter = () =>
      renderInAdmin(
        <Routes>
          <Route path="/draftmessage" element={<LetterList config={LETTER_LISTS.DraftMessage} />} />
          <Route path="/letter/*" element={<LetterStandIn />} />
        </Routes>,
        { path: '/draftmessage', onLocation: (l) => (location = l) },
      );
    /** The next list answer waits for the test's word. */
    const holdNextList = () => {
      const held: { answer?: () => void } = {};
      server.use(
        http.get(
          '*/api/message/list/',
          () =>
            new Promise<Response>((resolve) => {
              held.answer = () => resolve(HttpResponse.json(listAnswer));
            }),
          { once: true },
        ),
      );
      return held;
    };
    const subject = (name: string) => screen.getByText(name).closest('a')!;

    it('restores the scroll position and focuses the opened row’s subject once the rows are in', async () => {
      showWithLetter();
      await screen.findByText('نامه 11');
      // Enter on the focused subject is a click on it.
      fireEvent.click(subject('نامه 11'));
      await waitFor(() => expect(location?.pathname).toBe('/letter/false/Draft/5/11'));
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });

      const held = holdNextList();
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
      await waitFor(() => expect(held.answer).toBeDefined());
      expect(location?.pathname).toBe('/draftmessage');
      // The skeleton has nothing to scroll to: nothing is restored before the rows.
      expect(scrollTo).not.toHaveBeenCalled();
      held.answer!();
      await screen.findByText('نامه 11');
      await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 375));
      expect(document.activeElement).toBe(subject('نامه 11'));
    });

    it('a row clicked anywhere is the one returned to; its delete button is not an opening', async () => {
      showWithLetter();
      await screen.findByText('نامه 11');
      fireEvent.click(screen.getByRole('button', { name: 'حذف نامه نامه 12' }));
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'لغو' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      fireEvent.click(within(screen.getByText('نامه 10').closest('tr')!).getByText('ن-۱۰'));
      await waitFor(() => expect(location?.pathname).toBe('/letter/false/Draft/6/10'));
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
      await screen.findByText('نامه 10');
      await waitFor(() => expect(document.activeElement).toBe(subject('نامه 10')));
      expect(scrollTo).toHaveBeenCalledWith(0, 375);
    });

    it('a fresh visit (the menu, a link) starts at the top, with no row focused', async () => {
      showWithLetter();
      await screen.findByText('نامه 11');
      fireEvent.click(subject('نامه 11'));
      await waitFor(() => expect(location?.pathname).toBe('/letter/false/Draft/5/11'));
      fireEvent.click(screen.getByRole('link', { name: 'پیش‌نویس‌ها' }));
      await screen.findByText('نامه 11');
      await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(scrollTo).not.toHaveBeenCalled();
      expect(document.activeElement).toBe(document.body);
    });

    it('a page chosen at the bottom starts at the list’s top', async () => {
      const many = Array.from({ length: 20 }, (_, i) => letter(100 - i, 4));
      listAnswer = { status: 1, records: many, totalCount: 60 };
      const scrollIntoView = vi.fn();
      const realScrollIntoView = Element.prototype.scrollIntoView;
      const realRect = Element.prototype.getBoundingClientRect;
      Element.prototype.scrollIntoView = scrollIntoView;
      // Scrolled to the pager: the list's top is above the window.
      Element.prototype.getBoundingClientRect = () => ({ top: -900, bottom: 40 }) as DOMRect;
      try {
        show('DraftMessage', '/draftmessage');
        await screen.findByText('نامه 100');
        expect(scrollIntoView).not.toHaveBeenCalled();
        fireEvent.click(screen.getByRole('button', { name: 'برو به صفحه ۲' }));
        await waitFor(() => expect(urlParams().get('page')).toBe('2'));
        expect(scrollIntoView).toHaveBeenCalledWith({ block: 'start' });
        const list = scrollIntoView.mock.contexts[0] as HTMLElement;
        expect(within(list).getByRole('table', { name: 'فهرست نامه‌ها' })).toBeTruthy();
      } finally {
        Element.prototype.scrollIntoView = realScrollIntoView;
        Element.prototype.getBoundingClientRect = realRect;
      }
    });
  },
);
