// @vitest-environment jsdom
// The letter screen's and the folder lists' pickers in an organisation that has nothing to
// choose yet (probe helper-93): a new letter whose type has no active numbering scheme, a
// print with no template, archive and favourite folders none of which exist. Each says so
// and where they are made («تنظیمات مکاتبات»، …), the list's name a link for a user who may
// open it — not an empty strip, «موردی یافت نشد» or «الزامی است».
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Routes } from 'react-router-dom';
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
import {
  button,
  DRAFT_LETTER,
  emptyLookups,
  letterAnswer,
  openLetterScreen,
  peopleLookup,
  userSettings,
  waitForScreen,
} from './letter-screen-mocks';

type Row = { id: number; title: string };
let schemes: Array<Row & { isActive: boolean; isDefault: boolean; messageTypeFk: number }> = [];
let folders: Record<'archive' | 'favorite' | 'template', Row[]> = { archive: [], favorite: [], template: [] };
let printed = 0;
let listed = 0;

const SENT_LETTER = { ...DRAFT_LETTER, isSend: true, signed: true, isHolder: false, number: 5 };
/** The sent letter's own scheme. */
const INTERNAL_SCHEME = { id: 1, title: 'داخلی', isActive: true, isDefault: true, messageTypeFk: 4 };

const server = setupServer(
  http.get('*/api/message/get/', () => HttpResponse.json(letterAnswer(SENT_LETTER))),
  http.get('*/api/andikator/lookup/', () => HttpResponse.json({ status: 1, records: schemes })),
  http.get('*/api/:kind/lookup/', ({ params, request }) => {
    const kind = String(params.kind);
    if (kind !== 'archive' && kind !== 'favorite' && kind !== 'template') return;
    const ids = new URL(request.url).searchParams.get('Ids');
    const all = folders[kind];
    const records = ids ? all.filter((f) => ids.split(',').includes(String(f.id))) : all;
    return HttpResponse.json({ status: 1, records, totalCount: records.length });
  }),
  http.get('*/api/message/docx', () => {
    printed += 1;
    return new HttpResponse('docx');
  }),
  http.get('*/api/message/list/', () => {
    listed += 1;
    return HttpResponse.json({ status: 1, records: [], totalCount: 0 });
  }),
  userSettings(),
  peopleLookup(),
  emptyLookups(),
);

const LETTER_WRITERS = ['Messages', 'CreateInternalMessage', 'CreateImportMessage', 'CreateExportMessage'];

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  schemes = [];
  folders = { archive: [], favorite: [], template: [] };
  printed = 0;
  listed = 0;
  signIn(LETTER_WRITERS);
});
afterEach(() => cleanup());
afterAll(async () => {
  await settleDebouncedInputs();
  server.close();
  setSession(null);
});

/** The text under a dialog's picker, tied to it. */
const describedText = (picker: HTMLElement) =>
  document.getElementById(picker.getAttribute('aria-describedby') ?? '')?.textContent ?? '';

describe('pickers with nothing to choose yet', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('a new letter whose type has no active scheme says so in the list and under it, with a link for a scheme keeper', async () => {
    signIn([...LETTER_WRITERS, 'Andikator']);
    // The demo's outgoing schemes, all switched off.
    schemes = [{ id: 3, title: 'صادره', isActive: false, isDefault: true, messageTypeFk: 6 }];
    openLetterScreen('/letter/true/AllMyMessage/6/0');
    await waitForScreen();
    const guidance = await screen.findByText(/^برای این نوع نامه اندیکاتور فعالی تعریف نشده است؛/);
    expect(guidance.textContent).toBe(
      'برای این نوع نامه اندیکاتور فعالی تعریف نشده است؛ اندیکاتورها در «تنظیمات مکاتبات»، «اندیکاتورها» ساخته یا فعال می‌شوند',
    );
    expect(within(guidance).getByRole('link', { name: 'اندیکاتورها' }).getAttribute('href')).toBe(
      '/andikator',
    );
    // It is the field's description, heard with it (review probe helper-94).
    expect(describedText(screen.getByRole('combobox', { name: /اندیکاتور/ }))).toBe(guidance.textContent);
    // Opened, the list is not an empty strip: one line that cannot be chosen says why.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /اندیکاتور/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => [o.textContent, o.getAttribute('aria-disabled')])).toEqual([
      ['برای این نوع نامه اندیکاتور فعالی تعریف نشده است', 'true'],
    ]);
  });

  it('names the schemes’ list without a link for a user who may not open it, and says nothing with schemes', async () => {
    openLetterScreen('/letter/true/AllMyMessage/6/0');
    await waitForScreen();
    const guidance = await screen.findByText(/^برای این نوع نامه اندیکاتور فعالی تعریف نشده است؛/);
    expect(within(guidance).queryByRole('link')).toBeNull();
    // Told whom to ask, the list being one they cannot open (review probe helper-94).
    expect(guidance.textContent).toMatch(
      /«تنظیمات مکاتبات»، «اندیکاتورها» ساخته یا فعال می‌شوند؛ از مدیر سامانه بخواهید$/,
    );
    cleanup();
    schemes = [{ id: 3, title: 'صادره', isActive: true, isDefault: true, messageTypeFk: 6 }];
    openLetterScreen('/letter/true/AllMyMessage/6/0');
    await waitForScreen();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /اندیکاتور/ }).textContent).toBe('صادره'),
    );
    expect(screen.queryByText(/اندیکاتور فعالی تعریف نشده است/)).toBeNull();
  });

  it('says the schemes could not be loaded, with a retry, not that there are none (review probe helper-94)', async () => {
    signIn([...LETTER_WRITERS, 'Andikator']);
    server.use(
      http.get('*/api/andikator/lookup/', () => HttpResponse.json({ status: 0, messge: 'خطا' }), {
        once: true,
      }),
    );
    openLetterScreen('/letter/true/AllMyMessage/6/0');
    await waitForScreen();
    const picker = screen.getByRole('combobox', { name: /اندیکاتور/ });
    await waitFor(() => expect(describedText(picker)).toBe('اندیکاتورها بارگذاری نشد. تلاش دوباره'));
    expect(screen.queryByText(/تعریف نشده است/)).toBeNull();
    schemes = [{ id: 3, title: 'صادره', isActive: true, isDefault: true, messageTypeFk: 6 }];
    fireEvent.click(screen.getByRole('button', { name: 'تلاش دوباره' }));
    await waitFor(() => expect(screen.queryByText(/بارگذاری نشد/)).toBeNull());
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /اندیکاتور/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toContain('صادره');
  });

  it('a print with no template says where templates are uploaded, before and after a confirm, not «الزامی است»', async () => {
    signIn([...LETTER_WRITERS, 'TemplateManager']);
    schemes = [INTERNAL_SCHEME];
    openLetterScreen('/letter/false/AllMyMessage/4/12');
    await waitForScreen();
    fireEvent.click(button('چاپ'));
    const dialog = await screen.findByRole('dialog');
    const picker = within(dialog).getByRole('combobox', { name: 'قالب چاپ' });
    const noneYet = 'قالب نامه‌ای نیست؛ قالب‌ها در «تنظیمات مکاتبات»، «قالب‌های نامه» بارگذاری می‌شوند';
    await waitFor(() => expect(describedText(picker)).toBe(noneYet));
    expect(within(dialog).getByRole('link', { name: 'قالب‌های نامه' }).getAttribute('href')).toBe(
      '/templateManager',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'چاپ' }));
    await waitFor(() => expect(picker.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(picker)).toBe(noneYet);
    // Opened, the list says the same.
    fireEvent.mouseDown(picker);
    await waitFor(() =>
      expect(document.querySelector('.MuiAutocomplete-noOptions')?.textContent).toBe(noneYet),
    );
    expect(printed).toBe(0);
  });

  it('a print with templates asks for one as before; the archive dialog with no folder names its list', async () => {
    folders.template = [
      { id: 1, title: 'قالب پیش‌فرض نامه' },
      { id: 2, title: 'سربرگ' },
    ];
    schemes = [INTERNAL_SCHEME];
    openLetterScreen('/letter/false/AllMyMessage/4/12');
    await waitForScreen();
    fireEvent.click(button('چاپ'));
    let dialog = await screen.findByRole('dialog');
    const picker = within(dialog).getByRole('combobox', { name: 'قالب چاپ' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'چاپ' }));
    await waitFor(() => expect(describedText(picker)).toBe('الزامی است'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'لغو' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(button('بایگانی'));
    dialog = await screen.findByRole('dialog');
    const folder = within(dialog).getByRole('combobox', { name: 'پوشه بایگانی' });
    await waitFor(() =>
      expect(describedText(folder)).toBe(
        'پوشه بایگانی‌ای نیست؛ پوشه‌ها در «تنظیمات مکاتبات»، «پوشه‌های بایگانی» ساخته می‌شوند؛ از مدیر سامانه بخواهید',
      ),
    );
    // Without the Archive permission, no link to a page that would refuse them: whom to ask.
    expect(within(dialog).queryByRole('link')).toBeNull();
  });

  it.each([
    ['ArchiveMessage', '/archivemessage', 'پوشه بایگانی‌ای', 'پوشه‌های بایگانی'],
    ['FavoriteMessage', '/favoritemessage', 'پوشه دلخواهی', 'پوشه‌های دلخواه'],
  ] as const)(
    '%s without a folder, when the user has none: says there is none yet and where folders are made',
    async (route, path, none, settings) => {
      signIn([...LETTER_WRITERS, 'Archive', 'Favorite']);
      renderInAdmin(
        <Routes>
          <Route path={`${path}/:typeNumber`} element={<LetterList config={LETTER_LISTS[route]} />} />
        </Routes>,
        { path: `${path}/0` },
      );
      const said = await screen.findByText(new RegExp(`^${none} نیست؛ پوشه‌ها در`));
      expect(said.textContent).toBe(
        `${none} نیست؛ پوشه‌ها در «تنظیمات مکاتبات»، «${settings}» ساخته می‌شوند و نامه‌ها از صفحه هر نامه در آن‌ها گذاشته می‌شوند`,
      );
      expect(within(said).getByRole('link', { name: settings }).getAttribute('href')).toBe(
        route === 'ArchiveMessage' ? '/archive' : '/favorite',
      );
      expect(screen.queryByText(/پوشه‌ای را از فهرست «پوشه» انتخاب کنید/)).toBeNull();
      expect(listed).toBe(0);
      cleanup();
      // With folders, it asks for one, as before.
      folders = {
        ...folders,
        archive: [{ id: 3, title: 'قراردادها' }],
        favorite: [{ id: 5, title: 'پیگیری' }],
      };
      renderInAdmin(
        <Routes>
          <Route path={`${path}/:typeNumber`} element={<LetterList config={LETTER_LISTS[route]} />} />
        </Routes>,
        { path: `${path}/0` },
      );
      expect(await screen.findByText(/پوشه‌ای را از فهرست «پوشه» انتخاب کنید/)).toBeTruthy();
      expect(screen.queryByText(new RegExp(`${none} نیست`))).toBeNull();
    },
  );
});
