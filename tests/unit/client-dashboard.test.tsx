// @vitest-environment jsdom
// The home dashboard against a mocked API: the four counts, the shortcuts that depend on
// permissions, deleting a quick link behind the confirmation, the favourite contacts' ten
// latest letters with the dialog choosing them, and a pushed notification refreshing the
// counts and those letters.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { setSession } from '../../src/api/session';
import { Dashboard } from '../../src/custom/dashboard/Dashboard';
import { FAILED_TEXT } from '../../src/custom/dashboard/FavoriteLetters';
import { ThemeColorProvider } from '../../src/theme';
import type { HubNotification } from '../../src/realtime';
import { installMatchMedia, renderInAdmin, signIn, settleDebouncedInputs } from './client-render';

// The hub's listeners, so a test can push a notification as the server would.
const hubListeners = vi.hoisted(() => new Set<(notification: HubNotification) => void>());
vi.mock('../../src/realtime', async (original) => ({
  ...(await original<typeof import('../../src/realtime')>()),
  onHubNotification: (listener: (notification: HubNotification) => void) => {
    hubListeners.add(listener);
    return () => hubListeners.delete(listener);
  },
}));

let boxAnswer: Record<string, unknown> = {};
const INITIAL_LINKS = [
  { linkId: 1, caption: 'گوگل', url: 'https://www.google.com/' },
  { linkId: 2, caption: 'سامانه مالیات', url: 'https://tax.gov.ir/' },
];
let links = INITIAL_LINKS;
let deletedIds: unknown[] = [];
let favoriteQueries: URLSearchParams[] = [];
let favoriteLetters: Array<Record<string, unknown>> = [];
let favoritePersons: Array<{ id: number; firstName: string; lastName: string; isActive?: boolean }> = [
  { id: 2, firstName: 'سارا', lastName: 'احمدی' },
];
let savedPersons: unknown[] = [];
let favoritesRefused = false;
const PEOPLE = [
  { id: 1, title: 'مدیر سامانه' },
  { id: 2, title: 'سارا احمدی' },
  { id: 3, title: 'علی رضایی' },
];

const server = setupServer(
  http.get('*/api/home/getbox/', () => HttpResponse.json(boxAnswer)),
  http.get('*/api/link/list/', ({ request }) => {
    const query = new URL(request.url).searchParams;
    expect(query.get('Count')).toBe('-1');
    return HttpResponse.json({ status: 1, records: links, record_count: links.length });
  }),
  http.post('*/api/link/delete/', async ({ request }) => {
    const body = (await request.json()) as { Id: number };
    deletedIds.push(body.Id);
    links = links.filter((link) => link.linkId !== body.Id);
    return HttpResponse.json({ status: 1, message: 'درخواست با موفقیت انجام شد' });
  }),
  http.get('*/api/message/list/', ({ request }) => {
    favoriteQueries.push(new URL(request.url).searchParams);
    return HttpResponse.json({ status: 1, records: favoriteLetters, totalCount: favoriteLetters.length });
  }),
  http.get('*/api/person/getfavoritepersons/', () =>
    favoritesRefused
      ? HttpResponse.json({ status: 0, message: 'خطای پایگاه داده' })
      : HttpResponse.json({ status: 1, records: favoritePersons, persons: favoritePersons.map((p) => p.id) }),
  ),
  http.post('*/api/person/savefavoritepersons/', async ({ request }) => {
    const body = (await request.json()) as { Persons: number[] };
    savedPersons.push(body.Persons);
    return HttpResponse.json({ status: 1, message: 'درخواست با موفقیت انجام شد' });
  }),
  http.get('*/api/person/lookup/', ({ request }) => {
    const query = new URL(request.url).searchParams;
    const ids = query.get('Ids')?.split(',');
    const phrase = query.get('Phrase');
    // Asked by ids, a colleague not among PEOPLE is named by the chosen contacts' answer.
    const named = [
      ...PEOPLE,
      ...favoritePersons.map((p) => ({ id: p.id, title: `${p.firstName} ${p.lastName}` })),
    ].filter((p, i, all) => all.findIndex((q) => q.id === p.id) === i);
    const records = ids
      ? named.filter((p) => ids.includes(String(p.id)))
      : PEOPLE.filter((p) => !phrase || p.title.includes(phrase));
    return HttpResponse.json({ status: 1, records });
  }),
  http.get('*/api/usersetting/get/', () =>
    HttpResponse.json({ status: 1, record: { themeColor: '#7B1FA2', personId: PEOPLE[0].id } }),
  ),
);

const renderDashboard = () =>
  renderInAdmin(
    <ThemeColorProvider>
      <Dashboard />
    </ThemeColorProvider>,
  );

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  boxAnswer = {
    status: 1,
    unReadMessageCount: 3,
    draftMessageCount: 12,
    answerRequestCount: 5,
    unCompleteTaskCount: 7,
  };
  links = [...INITIAL_LINKS];
  deletedIds = [];
  favoriteQueries = [];
  favoriteLetters = [];
  favoritePersons = [{ id: 2, firstName: 'سارا', lastName: 'احمدی' }];
  savedPersons = [];
  favoritesRefused = false;
  signIn(['Messages', 'Links']);
});
afterEach(() => cleanup());
afterAll(async () => {
  await settleDebouncedInputs();
  server.close();
  setSession(null);
});

describe('home dashboard', () => {
  it('shows the four counts from home/getbox in Persian digits, each linking to its list', async () => {
    signIn(['Messages', 'Tasks']);
    renderDashboard();
    const unread = await screen.findByTestId('box-unReadMessageCount');
    await waitFor(() => expect(unread.textContent).toContain('۳'));
    expect(unread.textContent).toContain('نامه‌های خوانده‌نشده');
    expect(unread.getAttribute('href')).toBe('/unreadmessage');
    expect(screen.getByTestId('box-answerRequestCount').textContent).toContain('۵');
    expect(screen.getByTestId('box-answerRequestCount').getAttribute('href')).toBe('/answerrequest');
    expect(screen.getByTestId('box-draftMessageCount').textContent).toContain('۱۲');
    expect(screen.getByTestId('box-draftMessageCount').getAttribute('href')).toBe('/draftmessage');
    expect(screen.getByTestId('box-unCompleteTaskCount').textContent).toContain('۷');
    expect(screen.getByTestId('box-unCompleteTaskCount').getAttribute('href')).toBe('/tasks');
  });

  it('shows each box to users of its list: tasks without letters, letters without tasks (probe helper-90)', async () => {
    signIn(['Tasks']);
    renderDashboard();
    const tasks = await screen.findByTestId('box-unCompleteTaskCount');
    await waitFor(() => expect(tasks.textContent).toContain('۷'));
    for (const box of ['unReadMessageCount', 'answerRequestCount', 'draftMessageCount'])
      expect(screen.queryByTestId(`box-${box}`), box).toBeNull();
    cleanup();
    signIn(['Messages']);
    renderDashboard();
    await screen.findByTestId('box-unReadMessageCount');
    expect(screen.getByTestId('box-draftMessageCount')).toBeTruthy();
    expect(screen.queryByTestId('box-unCompleteTaskCount')).toBeNull();
  });

  it('shows quick links only to holders of Links, whose screen adds them (probe helper-92)', async () => {
    signIn(['Messages']);
    renderDashboard();
    await screen.findByTestId('box-unReadMessageCount');
    expect(screen.queryByText('پیوندهای سریع')).toBeNull();
    expect(screen.queryByText('افزودن پیوند')).toBeNull();
    expect(screen.queryByText('گوگل')).toBeNull();
  });

  it('also reads the counts under record', async () => {
    boxAnswer = {
      status: 1,
      record: {
        unReadMessageCount: 9,
        draftMessageCount: 12346,
        answerRequestCount: 0,
        unCompleteTaskCount: 0,
      },
    };
    renderDashboard();
    const unread = await screen.findByTestId('box-unReadMessageCount');
    await waitFor(() => expect(unread.textContent).toContain('۹'));
    // A count is a quantity: grouped, as the lists' totals are (probe helper-91).
    expect(screen.getByTestId('box-draftMessageCount').textContent).toContain('۱۲٬۳۴۶');
  });

  it('hides «همه نامه‌ها» and the new-letter menu without the permissions', async () => {
    renderDashboard();
    await screen.findByText('کارتابل من');
    expect(screen.queryByText('همه نامه‌ها')).toBeNull();
    expect(screen.queryByText('نامه جدید')).toBeNull();
    expect(screen.getByText('پیش‌نویس‌ها', { selector: 'a' })).toBeTruthy();
  });

  it('offers no letters at all to a user without letters, whatever letter type they may create', async () => {
    signIn(['Links', 'CreateExportMessage']);
    renderDashboard();
    await screen.findByText('گوگل');
    for (const text of ['کارتابل من', 'پیش‌نویس‌ها', 'نامه‌های ارسالی', 'نامه جدید', 'همه نامه‌ها'])
      expect(screen.queryByText(text), text).toBeNull();
    expect(screen.queryByTestId('box-unReadMessageCount')).toBeNull();
    expect(screen.queryByText('مخاطبان منتخب', { exact: false })).toBeNull();
  });

  it('shows «همه نامه‌ها» with AllMessages, and only the permitted new-letter entries', async () => {
    signIn(['Messages', 'AllMessages', 'CreateInternalMessage', 'CreateExportMessage']);
    renderDashboard();
    const all = await screen.findByText('همه نامه‌ها');
    expect(all.closest('a')?.getAttribute('href')).toBe('/allmessage');

    fireEvent.click(screen.getByText('نامه جدید'));
    const menu = await screen.findByRole('menu');
    const internal = within(menu).getByText('داخلی').closest('a');
    expect(internal?.getAttribute('href')).toBe('/letter/true/AllMyMessage/4/0');
    expect(within(menu).getByText('صادره').closest('a')?.getAttribute('href')).toBe(
      '/letter/true/AllMyMessage/6/0',
    );
    expect(within(menu).queryByText('وارده')).toBeNull();
  });

  it('opens quick links in a new tab', async () => {
    renderDashboard();
    const tile = (await screen.findByText('گوگل')).closest('a')!;
    expect(tile.getAttribute('href')).toBe('https://www.google.com/');
    expect(tile.getAttribute('target')).toBe('_blank');
    expect(tile.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('افزودن پیوند').closest('a')?.getAttribute('href')).toBe('/links');
  });

  it('rings a quick link and «افزودن پیوند» where the keyboard is (probe helper-100)', async () => {
    renderDashboard();
    const tiles = [
      (await screen.findByText('گوگل')).closest('a')!,
      screen.getByText('افزودن پیوند').closest('a')!,
    ];
    for (const tile of tiles) {
      fireEvent.keyDown(document.body, { key: 'Tab' });
      act(() => tile.focus());
      expect(tile.classList.contains('Mui-focusVisible')).toBe(true);
      expect(getComputedStyle(tile).outline).toMatch(/^2px solid /);
      expect(getComputedStyle(tile).outlineOffset).toBe('-2px');
    }
  });

  it('asks «آیا اطمینان دارید ؟» before deleting a quick link, then calls link/delete', async () => {
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'حذف گوگل' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('آیا اطمینان دارید ؟')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'لغو' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletedIds).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'حذف گوگل' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'بله' }));
    await waitFor(() => expect(deletedIds).toEqual([1]));
    await waitFor(() => expect(screen.queryByText('گوگل')).toBeNull());
    expect(await screen.findByText('درخواست با موفقیت انجام شد')).toBeTruthy();
    expect(screen.getByText('سامانه مالیات')).toBeTruthy();
  });

  it('lists the ten latest letters of the favourite contacts, each opening its letter', async () => {
    favoriteLetters = [
      {
        messageId: 31,
        messageTypeFk: 4,
        messageTypeString: 'داخلی',
        isReaded: false,
        isSend: true,
        subject: 'جلسه هفتگی',
        messageFrom: 'سارا احمدی',
        messageTo: 'مدیر سامانه',
        displayMessageNumber: 'د-7',
        createdDate: '2025-03-20T08:00:00Z',
      },
    ];
    renderDashboard();
    const subject = await screen.findByText('جلسه هفتگی');
    expect(subject.closest('a')?.getAttribute('href')).toBe('/letter/false/AllMyMessage/4/31');
    expect(screen.getByText('د-۷')).toBeTruthy();
    expect(favoriteQueries[0].get('PageType')).toBe('FavoritePerson');
    expect(favoriteQueries[0].get('Count')).toBe('10');
    expect(screen.queryByText('پس از فعال شدن بخش نامه‌ها نمایش داده می‌شود')).toBeNull();
  });

  it('says whether no contact is chosen yet or none of them wrote', async () => {
    favoritePersons = [];
    renderDashboard();
    expect(await screen.findByText(/هنوز مخاطبی برنگزیده‌اید/)).toBeTruthy();
  });

  it('chooses the favourite contacts (without the user) and reloads their letters', async () => {
    renderDashboard();
    expect(await screen.findByText('از مخاطبان منتخب شما نامه‌ای نرسیده است.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'انتخاب مخاطبان' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('سارا احمدی')).toBeTruthy();
    const input = within(dialog).getByLabelText('مخاطبان');
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    fireEvent.click(await screen.findByRole('option', { name: 'علی رضایی' }));
    expect(screen.queryByRole('option', { name: 'مدیر سامانه' })).toBeNull();
    const before = favoriteQueries.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(savedPersons).toEqual([[2, 3]]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(favoriteQueries.length).toBe(before + 1));
  });

  const openChooser = async () => {
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'انتخاب مخاطبان' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('سارا احمدی')).toBeTruthy();
    return { dialog, input: within(dialog).getByLabelText('مخاطبان') };
  };

  it('takes Enter in the search as choosing the suggestion highlighted, never as saving the dialog', async () => {
    const { dialog, input } = await openChooser();
    fireEvent.change(input, { target: { value: 'علی' } });
    await screen.findByRole('option', { name: 'علی رضایی' });
    // Nothing highlighted yet (the list may still answer an older phrase): Enter does nothing.
    expect(fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' })).toBe(false);
    expect(within(dialog).queryByRole('button', { name: 'علی رضایی' })).toBeNull();
    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
    expect(fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' })).toBe(false);
    expect(await within(dialog).findByText('علی رضایی')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(savedPersons).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(savedPersons).toEqual([[2, 3]]));
  });

  it('does not save the dialog on Enter after a name nobody has', async () => {
    const { input } = await openChooser();
    fireEvent.change(input, { target: { value: 'ناشناس' } });
    // Its default, the form's submission, prevented.
    expect(fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' })).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(savedPersons).toEqual([]);
  });

  it('offers no save when the chosen contacts could not be read (an empty save would erase them), and tries again', async () => {
    favoriteLetters = [
      { messageId: 31, messageTypeFk: 4, isSend: true, subject: 'جلسه', createdDate: '2025-03-20T08:00:00Z' },
    ];
    renderDashboard();
    await screen.findByText('جلسه');
    favoritesRefused = true;
    fireEvent.click(screen.getByRole('button', { name: 'انتخاب مخاطبان' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('خطای پایگاه داده')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'ذخیره' })).toBeNull();
    favoritesRefused = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'تلاش دوباره' }));
    expect(await within(dialog).findByText('سارا احمدی')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'ذخیره' })).toBeTruthy();
    expect(savedPersons).toEqual([]);
  });

  it('says how many contacts may be chosen as they are chosen, and refuses more than 50 before saving (probe helper-93)', async () => {
    const { dialog, input } = await openChooser();
    expect(within(dialog).getByRole('status').textContent).toBe('۱ از ۵۰ نفر');
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    fireEvent.click(await screen.findByRole('option', { name: 'علی رضایی' }));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('۲ از ۵۰ نفر'));
    cleanup();
    // Chosen before the limit (or by another client): the dialog says so, and saves nothing.
    favoritePersons = Array.from({ length: 51 }, (_, i) => ({
      id: 10 + i,
      firstName: 'همکار',
      lastName: String(10 + i),
    }));
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'انتخاب مخاطبان' }));
    const many = await screen.findByRole('dialog');
    await waitFor(() => expect(within(many).getByRole('status').textContent).toBe('۵۱ از ۵۰ نفر'));
    fireEvent.click(within(many).getByRole('button', { name: 'ذخیره' }));
    expect(await within(many).findByText('حداکثر ۵۰ نفر را می‌توانید برگزینید')).toBeTruthy();
    expect(savedPersons).toEqual([]);
  });

  it('marks a chosen contact switched off since: taken off, the lookup would not offer them again (probe helper-93)', async () => {
    favoritePersons = [
      { id: 2, firstName: 'سارا', lastName: 'احمدی', isActive: false },
      { id: 3, firstName: 'علی', lastName: 'رضایی', isActive: true },
    ];
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'انتخاب مخاطبان' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('سارا احمدی (غیرفعال)')).toBeTruthy();
    expect(within(dialog).getByText('علی رضایی')).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toBe(
      '۲ از ۵۰ نفر؛ مخاطب غیرفعال را اگر بردارید، دیگر نمی‌توانید دوباره بیفزایید',
    );
    // Kept, the save keeps them.
    fireEvent.click(within(dialog).getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(savedPersons).toEqual([[2, 3]]));
  });

  it('refreshes the counts and the favourite letters when a notification arrives', async () => {
    renderDashboard();
    const unread = await screen.findByTestId('box-unReadMessageCount');
    await waitFor(() => expect(unread.textContent).toContain('۳'));
    const letterLoads = favoriteQueries.length;
    boxAnswer = { ...boxAnswer, unReadMessageCount: 4 };
    hubListeners.forEach((listener) =>
      listener({ id: 9, title: 'نامه جدید', url: '/letter/false/AllMyMessage/4/40' }),
    );
    await waitFor(() => expect(unread.textContent).toContain('۴'));
    await waitFor(() => expect(favoriteQueries.length).toBe(letterLoads + 1));
  });

  it('keeps the counts and says the favourite letters failed when a refresh fails, not zeros and «none»', async () => {
    favoriteLetters = [
      {
        messageId: 31,
        messageTypeFk: 4,
        isSend: true,
        subject: 'جلسه هفتگی',
        createdDate: '2025-03-20T08:00:00Z',
      },
    ];
    renderDashboard();
    const unread = await screen.findByTestId('box-unReadMessageCount');
    await waitFor(() => expect(unread.textContent).toContain('۳'));
    await screen.findByText('جلسه هفتگی');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get('*/api/home/getbox/', () => HttpResponse.error(), { once: true }),
      http.get('*/api/message/list/', () => HttpResponse.error(), { once: true }),
    );
    const letterLoads = favoriteQueries.length;
    hubListeners.forEach((listener) =>
      listener({ id: 9, title: 'نامه جدید', url: '/letter/false/AllMyMessage/4/40' }),
    );
    expect(await screen.findByText(FAILED_TEXT)).toBeTruthy();
    expect(screen.queryByText('از مخاطبان منتخب شما نامه‌ای نرسیده است.')).toBeNull();
    expect(unread.textContent).toContain('۳');
    expect(screen.getByTestId('box-draftMessageCount').textContent).toContain('۱۲');
    // The next notification loads both again.
    boxAnswer = { ...boxAnswer, unReadMessageCount: 4 };
    hubListeners.forEach((listener) =>
      listener({ id: 10, title: 'نامه جدید', url: '/letter/false/AllMyMessage/4/41' }),
    );
    await waitFor(() => expect(unread.textContent).toContain('۴'));
    expect(await screen.findByText('جلسه هفتگی')).toBeTruthy();
    expect(favoriteQueries.length).toBe(letterLoads + 1);
    errors.mockRestore();
  });

  it('the theme colours are one Tab stop, the current colour, and the arrow keys go from colour to colour', async () => {
    renderDashboard();
    const group = await screen.findByRole('radiogroup', { name: 'رنگ پوسته' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(30);
    await waitFor(() =>
      expect(radios.filter((r) => r.getAttribute('aria-checked') === 'true')).toHaveLength(1),
    );
    const current = radios.find((r) => r.getAttribute('aria-checked') === 'true')!;
    expect(radios.filter((r) => r.tabIndex === 0)).toEqual([current]);
    current.focus();
    fireEvent.keyDown(current, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(radios[(radios.indexOf(current) + 1) % 30]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(current);
  });

  it('shows a count it never read as «—», not ۰', async () => {
    boxAnswer = { status: 0, message: 'خطای سرور' };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderDashboard();
    const unread = await screen.findByTestId('box-unReadMessageCount');
    await waitFor(() => expect(unread.textContent).toContain('—'));
    expect(unread.textContent).not.toContain('۰');
    errors.mockRestore();
  });
});
