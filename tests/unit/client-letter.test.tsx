// @vitest-environment jsdom
// The letter screen (spec 1 §2 "Letter screen") against a mocked API: the required fields
// of each letter type (spec 1 §5, «الزامی است», nothing sent), the numbering schemes of the
// type with the default preselected, recipients without the current user, the buttons of
// each state (spec 1 §4) including the changed-state rule, the tabs (attachments first for
// a letter read before, forwards and events only when saved), sending a new letter (then
// the saved letter opens), signing, and the delete and forward dialogs' destinations.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Location } from 'react-router-dom';
import { setSession } from '../../src/api/session';
import {
  attachmentLabel,
  imageTooLargeMessage,
  MAX_FILES_PER_REQUEST,
  MAX_IMAGE_BYTES,
  notALetterImageMessage,
  TOO_MANY_FILES_MESSAGE,
} from '../../src/shared/uploads';
import { CLIENT_TEST_TIMEOUT_MS, installMatchMedia, signIn, settleDebouncedInputs } from './client-render';
import {
  button,
  DRAFT_LETTER,
  openLetterScreen,
  peopleLookup,
  userSettings,
  waitForScreen,
} from './letter-screen-mocks';

const baseRecord = DRAFT_LETTER;

let record: Record<string, unknown> = baseRecord;
let events: Array<Record<string, unknown>> = [];
let forwardRows: Array<Record<string, unknown>> = [];
let saves: FormData[] = [];
let calls: Array<{ path: string; body: unknown }> = [];
let forwards: FormData[] = [];
let opened = 0;

const lookup = (rows: Array<{ id: number; title: string }>) =>
  http.get(`*/api/:entity/lookup/`, () => HttpResponse.json({ status: 1, records: rows }));

const server = setupServer(
  http.get('*/api/message/get/', () => {
    opened += 1;
    return HttpResponse.json({
      status: 1,
      record,
      attachment: [
        {
          msg: {
            messageAttachmentId: 5,
            fileName: 'نقشه.png',
            fileSize: 327680,
            fileComment: '',
            createdDate: record.createdDate,
          },
          fullName: 'مدیر سامانه',
        },
      ],
      relatedMessage: [],
      allForwardedMessage: forwardRows,
      messageEvent: events,
    });
  }),
  http.get('*/api/andikator/lookup/', ({ request }) => {
    const type = new URL(request.url).searchParams.get('MessageType');
    return HttpResponse.json({
      status: 1,
      records: [
        { id: 1, title: `اندیکاتور ${type}`, isActive: true, isDefault: false, messageTypeFk: Number(type) },
        { id: 2, title: `پیش‌فرض ${type}`, isActive: true, isDefault: true, messageTypeFk: Number(type) },
        { id: 3, title: 'غیرفعال', isActive: false, isDefault: false, messageTypeFk: Number(type) },
      ],
    });
  }),
  userSettings(),
  peopleLookup(),
  lookup([{ id: 7, title: 'شرکت آلفا' }]),
  http.post('*/api/message/save/', async ({ request }) => {
    saves.push(await request.formData());
    return HttpResponse.json({ status: 1, id: 40, messge: 'درخواست با موفقیت انجام شد' });
  }),
  http.post('*/api/message/forward/', async ({ request }) => {
    forwards.push(await request.formData());
    return HttpResponse.json({ status: 1, id: 41, messge: 'درخواست با موفقیت انجام شد' });
  }),
  http.get('*/api/message/list/', () =>
    HttpResponse.json({
      status: 1,
      totalCount: 1,
      records: [
        {
          messageId: 7,
          messageTypeFk: 4,
          isReaded: true,
          isSend: true,
          subject: 'نامه پیشین',
          messageFrom: 'سارا احمدی',
          messageTo: 'مدیر سامانه',
          displayMessageNumber: 'د-3',
          createdDate: '2025-03-01T08:00:00Z',
        },
      ],
    }),
  ),
  http.post('*/api/message/:action/', async ({ request, params }) => {
    calls.push({ path: String(params.action), body: await request.json().catch(() => null) });
    return HttpResponse.json({ status: 1, messge: 'درخواست با موفقیت انجام شد' });
  }),
  http.put('*/api/message/:action/', async ({ request, params }) => {
    calls.push({ path: String(params.action), body: await request.json().catch(() => null) });
    return HttpResponse.json({ status: 1, messge: 'درخواست با موفقیت انجام شد' });
  }),
  http.delete('*/api/message/delete/', async ({ request }) => {
    calls.push({ path: 'delete', body: await request.json() });
    return HttpResponse.json({ status: 1, messge: 'درخواست با موفقیت انجام شد' });
  }),
);

let location: Location | undefined;
const open = (path: string) => openLetterScreen(path, { onLocation: (l) => (location = l) });
const enabled = (names: string[]) => names.filter((name) => !button(name).disabled);
const ALL_BUTTONS = [
  'پاسخ',
  'ارجاع',
  'بایگانی',
  'پوشه دلخواه',
  'چاپ',
  'حذف',
  'ارسال',
  'شماره‌گذاری',
  'ذخیره پیش‌نویس',
  'امضا',
  'حذف امضا',
  'ارجاع پیش‌نویس',
];
/** The error under an input, found by its react-admin class. */
const errorOf = (source: string) =>
  document.querySelector(`.ra-input-${source}`)?.closest('.MuiFormControl-root, .ra-input')?.textContent ??
  '';

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  record = { ...baseRecord };
  events = [];
  forwardRows = [];
  saves = [];
  calls = [];
  forwards = [];
  location = undefined;
  signIn(['Messages', 'CreateInternalMessage', 'CreateImportMessage', 'CreateExportMessage']);
});
afterEach(() => cleanup());
afterAll(async () => {
  await settleDebouncedInputs();
  server.close();
  setSession(null);
});

describe('a new letter', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it.each([
    // The type's default scheme is preselected, so the scheme is never missing here.
    [4, ['subject', 'selectedTo', 'messageBody'], ['andikatorFk']],
    [
      5,
      [
        'subject',
        'selectedTo',
        'messageBody',
        'importedMsgNumber',
        'importedMsgDate',
        'reciveMethodFk',
        'messageFromCustomerFk',
      ],
      ['andikatorFk'],
    ],
    [6, ['subject', 'selectedTo', 'messageBody'], ['andikatorFk', 'messageFromManFk']],
  ])('type %i: send checks the required fields and sends nothing', async (type, needed, prefilled) => {
    open(`/letter/true/AllMyMessage/${type}/0`);
    await waitForScreen();
    fireEvent.click(button('ارسال'));
    await waitFor(() => expect(errorOf('subject')).toContain('الزامی است'));
    for (const source of needed) expect(errorOf(source), source).toContain('الزامی است');
    // An outgoing letter's sender is the user, filled in.
    for (const source of prefilled) expect(errorOf(source), source).not.toContain('الزامی است');
    expect(errorOf('selectedCC')).not.toContain('الزامی است');
    expect(saves).toHaveLength(0);
  });

  it('says up front that a user may not write a type they lack the permission for', async () => {
    signIn(['Messages', 'CreateInternalMessage']);
    open('/letter/true/AllMessage/6/0');
    expect(await screen.findByText('شما اجازه‌ی نوشتن نامه‌ی صادره را ندارید')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'ارسال' })).toBeNull();
    open('/letter/true/AllMessage/5/0');
    expect(await screen.findByText('شما اجازه‌ی نوشتن نامه‌ی وارده را ندارید')).toBeTruthy();
  });

  it('takes a subject of only a ZWNJ and spaces for empty, as the server does', async () => {
    open('/letter/true/AllMyMessage/4/0');
    await waitForScreen();
    fireEvent.change(screen.getByLabelText(/موضوع/), { target: { value: ' \u200c ' } });
    fireEvent.click(button('ارسال'));
    await waitFor(() => expect(errorOf('subject')).toContain('الزامی است'));
    // The empty body is marked as the other fields are: its frame red, not only a line under it.
    const editor = document.querySelector('.ra-input-messageBody .ProseMirror')!;
    await waitFor(() => expect(getComputedStyle(editor).borderColor).toBe('rgb(211, 47, 47)'));
    fireEvent.change(screen.getByLabelText(/موضوع/), { target: { value: 'درخواست' } });
    await waitFor(() => expect(errorOf('subject')).not.toContain('الزامی است'));
    expect(saves).toHaveLength(0);
  });

  it('marks the body required, and once refused invalid and described by its «الزامی است» (probe helper-98)', async () => {
    open('/letter/true/AllMyMessage/4/0');
    await waitForScreen();
    const body = screen.getByRole('textbox', { name: 'متن نامه' });
    await waitFor(() => expect(body.getAttribute('aria-required')).toBe('true'));
    expect(body.hasAttribute('aria-invalid')).toBe(false);
    expect(body.hasAttribute('aria-describedby')).toBe(false);
    fireEvent.click(button('ارسال'));
    await waitFor(() => expect(body.getAttribute('aria-invalid')).toBe('true'));
    const described = document.getElementById(body.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('الزامی است');
  });

  it('offers the active schemes of its type, the default preselected, and only internal letters ask for an answer', async () => {
    // No Andikator permission needed: the lookup tells the default.
    open('/letter/true/AllMyMessage/4/0');
    await waitForScreen();
    const scheme = await screen.findByRole('combobox', { name: /اندیکاتور/ });
    await waitFor(() => expect(scheme.textContent).toBe('پیش‌فرض 4'));
    fireEvent.mouseDown(scheme);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['اندیکاتور 4', 'پیش‌فرض 4']);
    expect(screen.getByLabelText('نیاز به پاسخ دارد')).toBeTruthy();
  });

  it('shows a draft’s own scheme switched off since, said to be so, and offers it to no new letter', async () => {
    record = { ...baseRecord, andikatorFk: 3 };
    open('/letter/false/Draft/4/12');
    await waitForScreen();
    fireEvent.click(screen.getByRole('tab', { name: 'نگارش نامه' }));
    const scheme = await screen.findByRole('combobox', { name: /اندیکاتور/ });
    await waitFor(() => expect(scheme.textContent).toBe('غیرفعال (غیرفعال)'));
  });

  it('shows the body right-aligned in its toolbar before the editor is focused', async () => {
    open('/letter/true/AllMyMessage/4/0');
    await waitForScreen();
    const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');
    await waitFor(() => expect(pressed('راست‌چین')).toBe('true'));
    expect(pressed('چپ‌چین')).toBe('false');
  });

  it('leaves the current user out of the recipients', async () => {
    open('/letter/true/AllMyMessage/4/0');
    await waitForScreen();
    const to = screen.getByLabelText(/گیرندگان/);
    fireEvent.mouseDown(to);
    fireEvent.click(to);
    await screen.findByRole('option', { name: 'سارا احمدی' });
    expect(screen.queryByRole('option', { name: 'مدیر سامانه' })).toBeNull();
  });

  it('opens on the compose tab with send open, save draft only once something is typed, no forwards or events', async () => {
    open('/letter/true/AllMyMessage/4/0');
    await waitForScreen();
    expect(screen.getByRole('tab', { name: 'نگارش نامه' }).getAttribute('aria-selected')).toBe('true');
    // The tab names the panel it shows, and the panel is named by it.
    const composeTab = screen.getByRole('tab', { name: 'نگارش نامه' });
    const panel = screen.getByRole('tabpanel');
    expect(composeTab.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.getAttribute('aria-labelledby')).toBe(composeTab.id);
    expect(screen.queryByRole('tab', { name: 'ارجاع‌ها' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'رویدادهای نامه' })).toBeNull();
    expect(enabled(ALL_BUTTONS)).toEqual(['ارسال']);
    // The browser tab names the letter (probe helper-97: «نامه — دبیر» for every letter).
    expect(document.title).toBe('نامه داخلی جدید — دبیر');
    fireEvent.change(screen.getByLabelText(/موضوع/), { target: { value: 'درخواست' } });
    await waitFor(() => expect(enabled(ALL_BUTTONS)).toEqual(['ارسال', 'ذخیره پیش‌نویس']));
  });
});

describe('a saved letter', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('an unsigned draft: number, sign, forward draft; a change closes them and opens save draft', async () => {
    open('/letter/false/Draft/4/12');
    await waitForScreen();
    expect(screen.getByRole('tab', { name: 'نگارش نامه' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'ارجاع‌ها' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'رویدادهای نامه' })).toBeTruthy();
    expect(enabled(ALL_BUTTONS)).toEqual(['چاپ', 'حذف', 'شماره‌گذاری', 'امضا', 'ارجاع پیش‌نویس']);
    expect(document.title).toBe('گزارش ماهانه — دبیر');
    cleanup();
    // A direction control in a subject does not turn the tab's title around.
    record = { ...baseRecord, subject: '\u202eمعکوس abc' };
    open('/letter/false/Draft/4/12');
    await waitForScreen();
    expect(document.title).toBe('معکوس abc — دبیر');
    record = { ...baseRecord };
    cleanup();
    open('/letter/false/Draft/4/12');
    await waitForScreen();

    fireEvent.change(screen.getByLabelText(/موضوع/), { target: { value: 'گزارش سالانه' } });
    await waitFor(() => expect(enabled(ALL_BUTTONS)).toEqual(['چاپ', 'حذف', 'ذخیره پیش‌نویس']));
    fireEvent.change(screen.getByLabelText(/موضوع/), { target: { value: 'گزارش ماهانه' } });
    await waitFor(() => expect(enabled(ALL_BUTTONS)).toContain('امضا'));
  });

  it('saves a changed draft with Ctrl+S (by the key’s place: «س» on a Persian keyboard), and only then (probe helper-67)', async () => {
    open('/letter/false/Draft/4/12');
    await waitForScreen();
    const ctrlS = (key: string) => fireEvent.keyDown(window, { key, code: 'KeyS', ctrlKey: true });
    // Unchanged: nothing to save, and the browser's «save page» is kept away all the same.
    const unchanged = new KeyboardEvent('keydown', {
      key: 's',
      code: 'KeyS',
      ctrlKey: true,
      cancelable: true,
    });
    window.dispatchEvent(unchanged);
    expect(unchanged.defaultPrevented).toBe(true);
    expect(saves).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/موضوع/), { target: { value: 'گزارش سالانه' } });
    await waitFor(() => expect(enabled(ALL_BUTTONS)).toContain('ذخیره پیش‌نویس'));
    expect(screen.getByRole('button', { name: 'ذخیره پیش‌نویس' }).getAttribute('aria-keyshortcuts')).toBe(
      'Control+S',
    );
    ctrlS('س');
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].get('Subject')).toBe('گزارش سالانه');
    expect(saves[0].get('IsSend')).toBe('0');
  });

  it('keeps the user among a draft’s recipients when it was passed to them: shown, and saved with the rest', async () => {
    record = {
      ...baseRecord,
      isAuthor: false,
      isHolder: true,
      selectedTo: [1, 2],
      messageTo: 'مدیر سامانه، سارا احمدی',
    };
    open('/letter/false/Draft/4/12');
    await waitForScreen();
    fireEvent.click(screen.getByRole('tab', { name: 'نگارش نامه' }));
    const field = document.querySelector('.ra-input-selectedTo')!;
    await waitFor(() => expect(within(field as HTMLElement).getByText('مدیر سامانه')).toBeTruthy());
    fireEvent.change(screen.getByLabelText(/موضوع/), { target: { value: 'گزارش ماهانه، ویرایش' } });
    fireEvent.click(button('ذخیره پیش‌نویس'));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].getAll('SelectedTo')).toEqual(['1', '2']);
  });

  it('signs a draft and reloads it', async () => {
    open('/letter/false/Draft/4/12');
    await waitForScreen();
    record = { ...baseRecord, signed: true };
    const tabBefore = screen.getByRole('tab', { selected: true }).textContent;
    button('امضا').focus();
    fireEvent.click(button('امضا'));
    // Chromium takes the focus off a button disabled while its call goes: to the page.
    (document.activeElement as HTMLElement).blur();
    await waitFor(() => expect(calls).toEqual([{ path: 'sign', body: { Language: 0, id: 12 } }]));
    await waitFor(() => expect(enabled(ALL_BUTTONS)).toEqual(['چاپ', 'حذف', 'ارسال', 'حذف امضا']));
    // The screen was made anew: the keyboard is on its tab, not back at the top of the page
    // («امضا» is no more).
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('tab'));
    // …the tab it was on before.
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe(tabBefore);
    // Likewise after «حذف امضا», which is no more once the signature is gone.
    record = { ...baseRecord, signed: false };
    button('حذف امضا').focus();
    fireEvent.click(button('حذف امضا'));
    await waitFor(() => expect(enabled(ALL_BUTTONS)).toContain('امضا'));
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('tab'));
  });

  it('asks for the schemes again when a save is refused: one may have been switched off meanwhile', async () => {
    record = { ...baseRecord, signed: true };
    let schemeLookups = 0;
    server.use(
      http.get('*/api/andikator/lookup/', () => {
        schemeLookups += 1;
        return HttpResponse.json({
          status: 1,
          records: [{ id: 2, title: 'پیش‌فرض تازه', isActive: true, isDefault: true, messageTypeFk: 4 }],
        });
      }),
      http.post(
        '*/api/message/save/',
        () => HttpResponse.json({ status: 0, messge: 'اندیکاتور انتخاب‌شده غیرفعال است' }),
        { once: true },
      ),
    );
    open('/letter/false/Draft/4/12');
    await waitForScreen();
    const before = schemeLookups;
    fireEvent.click(button('ارسال'));
    expect(await screen.findByText('اندیکاتور انتخاب‌شده غیرفعال است')).toBeTruthy();
    await waitFor(() => expect(schemeLookups).toBe(before + 1));
    // The screen stays as it was (no reload of the letter, nothing typed lost).
    expect(location?.pathname).toBe('/letter/false/Draft/4/12');
  });

  it('a signed draft is sent, then opens as the sent letter', async () => {
    record = { ...baseRecord, signed: true };
    open('/letter/false/Draft/4/12');
    await waitForScreen();
    expect(screen.getByLabelText(/موضوع/).hasAttribute('readonly')).toBe(true);
    fireEvent.click(button('ارسال'));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].get('IsSend')).toBe('1');
    expect(saves[0].get('MessageId')).toBe('12');
    await waitFor(() => expect(location?.pathname).toBe('/letter/false/Send/4/40'));
  });

  it('a sent letter read before opens on its attachments, with reply, forward, archive, favourite, print', async () => {
    record = { ...baseRecord, isSend: true, signed: true, isHolder: false, isReaded: true, number: 5 };
    events = [
      {
        eventTypeFk: 8,
        eventType: 'خواندن',
        creatorUserId: 2,
        creatorUserFullName: 'سارا احمدی',
        createdDate: '2025-03-20T09:00:00Z',
      },
    ];
    open('/letter/false/AllMyMessage/4/12');
    await waitForScreen();
    expect(screen.getByRole('tab', { name: /پیوست‌ها/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('نقشه.png')).toBeTruthy();
    // With its size, as the drop zone said it.
    expect(screen.getByText(/^۳۲۰ کیلوبایت — مدیر سامانه/)).toBeTruthy();
    // Read by another user: no delete (spec 1 §4).
    expect(enabled(ALL_BUTTONS)).toEqual(['پاسخ', 'ارجاع', 'بایگانی', 'پوشه دلخواه', 'چاپ']);
    fireEvent.click(screen.getByRole('tab', { name: 'رویدادهای نامه' }));
    expect(await screen.findByText('خواندن')).toBeTruthy();
  });

  it('files a sent letter in an archive folder and loads it again, so its events show the filing', async () => {
    record = { ...baseRecord, isSend: true, signed: true, isHolder: false, number: 5 };
    open('/letter/false/AllMyMessage/4/12');
    await waitForScreen();
    // Filed in none yet: the view says nothing of folders.
    fireEvent.click(screen.getByRole('tab', { name: 'مشاهده نامه' }));
    expect(screen.queryByText('پوشه‌های شما')).toBeNull();
    const before = opened;
    fireEvent.click(button('بایگانی'));
    const dialog = await screen.findByRole('dialog');
    // Confirmed with nothing chosen: the field says why, tied to it, and has the keyboard.
    fireEvent.click(within(dialog).getByRole('button', { name: 'بایگانی' }));
    const picker = within(dialog).getByRole('combobox');
    await waitFor(() => expect(picker.getAttribute('aria-invalid')).toBe('true'));
    const described = document.getElementById(picker.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('الزامی است');
    expect(document.activeElement).toBe(picker);
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'شرکت آلفا' }));
    // What message/get answers once it is filed: the user's folder's path.
    record = { ...record, archiveFk: 7, archiveTitle: 'بایگانی / شرکت آلفا', favoriteTitle: '' };
    fireEvent.click(within(dialog).getByRole('button', { name: 'بایگانی' }));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('setarchive'));
    await waitFor(() => expect(opened).toBe(before + 1));
    // Loaded again, the view says where the letter is filed.
    const filed = await screen.findByText('بایگانی: بایگانی / شرکت آلفا');
    expect(filed.closest('dd')?.previousElementSibling?.textContent).toBe('پوشه‌های شما');
    expect(screen.queryByText(/^دلخواه:/)).toBeNull();
  });

  it('shows on the view the user’s archive and favourite folders the letter is filed in', async () => {
    record = { ...baseRecord, isSend: true, signed: true, isHolder: false, number: 5 };
    record = { ...record, archiveTitle: 'قراردادها / ۱۴۰۴', favoriteTitle: 'پیگیری' };
    open('/letter/false/AllMyMessage/4/12');
    await waitForScreen();
    fireEvent.click(screen.getByRole('tab', { name: 'مشاهده نامه' }));
    expect(await screen.findByText('بایگانی: قراردادها / ۱۴۰۴')).toBeTruthy();
    expect(screen.getByText('دلخواه: پیگیری')).toBeTruthy();
  });

  it('opens the archive dialog on the letter’s own folder, and takes it out of there', async () => {
    record = { ...baseRecord, isSend: true, signed: true, isHolder: false, number: 5 };
    record = { ...record, archiveFk: 7, archiveTitle: 'بایگانی / شرکت آلفا' };
    open('/letter/false/AllMyMessage/4/12');
    await waitForScreen();
    const before = opened;
    fireEvent.click(button('بایگانی'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('اکنون در «بایگانی / شرکت آلفا»')).toBeTruthy();
    await waitFor(() =>
      expect((within(dialog).getByRole('combobox') as HTMLInputElement).value).toBe('شرکت آلفا'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'خارج کردن از بایگانی' }));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('delete'));
    expect(calls.find((c) => c.path === 'delete')?.body).toMatchObject({
      Id: 12,
      PageType: 'Archive',
      TypeNumber: 7,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opened).toBe(before + 1));
    // Not filed in a favourite folder: that dialog offers no way out.
    fireEvent.click(button('پوشه دلخواه'));
    const favourites = await screen.findByRole('dialog');
    expect(within(favourites).queryByRole('button', { name: 'خارج کردن از پوشه دلخواه' })).toBeNull();
  });

  it('deletes behind «آیا اطمینان دارید ؟» and goes to my cartable', async () => {
    open('/letter/false/Draft/4/12');
    await waitForScreen();
    fireEvent.click(button('حذف'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('آیا اطمینان دارید ؟')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'بله' }));
    await waitFor(() => expect(location?.pathname).toBe('/mymessage'));
    expect(calls[0]).toMatchObject({ path: 'delete', body: { Id: 12 } });
  });

  it('deletes the letter, not its filing, when it was opened from a folder’s list', async () => {
    // The folder page's own delete takes a letter out of the folder; the letter screen's
    // «حذف» deletes it, whatever list it was opened from.
    open('/letter/false/Archive/4/12');
    await waitForScreen();
    fireEvent.click(button('حذف'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'بله' }));
    await waitFor(() => expect(location?.pathname).toBe('/mymessage'));
    const sent = calls.find((c) => c.path === 'delete')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ Id: 12 });
    expect(sent.PageType).toBeUndefined();
  });

  it('saves a changed draft with its fields, a new image and a related letter, then goes to the drafts', async () => {
    record = { ...baseRecord, editVersion: 77 };
    open('/letter/false/Draft/4/12');
    await waitForScreen();
    fireEvent.change(screen.getByLabelText(/موضوع/), { target: { value: 'گزارش سالانه' } });

    fireEvent.click(screen.getByRole('tab', { name: /پیوست‌ها/ }));
    const image = new File([new Uint8Array([137, 80, 78, 71])], 'نمودار.png', { type: 'image/png' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    // Named by its field, not the browser's «Choose File».
    expect(input.getAttribute('aria-label')).toMatch(/\S/);
    fireEvent.change(input, { target: { files: [image] } });

    fireEvent.click(screen.getByRole('tab', { name: /نامه‌های مرتبط/ }));
    fireEvent.click(screen.getByRole('button', { name: 'افزودن نامه مرتبط' }));
    const picker = await screen.findByRole('dialog');
    const choice = await within(picker).findByRole('button', { name: /^انتخاب: / });
    fireEvent.click(choice);
    // The relation type comes first (spec 1 §5): the user is brought to it.
    expect(within(picker).getByText('الزامی است')).toBeTruthy();
    expect(document.activeElement).toBe(within(picker).getByLabelText('پیرو'));
    fireEvent.click(within(picker).getByLabelText('پیرو'));
    fireEvent.click(choice);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('با ذخیره نامه ثبت می‌شود')).toBeTruthy();

    fireEvent.click(button('ذخیره پیش‌نویس'));
    await waitFor(() => expect(saves).toHaveLength(1));
    const sent = saves[0];
    expect(sent.get('IsSend')).toBe('0');
    expect(sent.get('MessageId')).toBe('12');
    // The edit it was loaded at: the server refuses it if another came after.
    expect(sent.get('EditVersion')).toBe('77');
    expect(sent.get('Subject')).toBe('گزارش سالانه');
    expect(sent.get('MessageBody')).toBe('<p>متن گزارش</p>');
    expect(sent.getAll('SelectedTo')).toEqual(['2']);
    expect(sent.get('AndikatorFk')).toBe('1');
    expect(sent.get('RelatedMessages')).toBe('[{"MessageId":7,"Follow":true}]');
    // (jsdom's XMLHttpRequest drops a file's name on the way; the browser test checks it.)
    expect((sent.get('Attachments') as File).size).toBe(4);
    await waitFor(() => expect(location?.pathname).toBe('/draftmessage'));
  });

  it('refuses at the drop what the server would refuse, and holds a save with too many files on the attachments tab', async () => {
    open('/letter/false/Draft/4/12');
    await waitForScreen();
    fireEvent.change(screen.getByLabelText(/موضوع/), { target: { value: 'گزارش با پیوست' } });
    fireEvent.click(screen.getByRole('tab', { name: /پیوست‌ها/ }));
    const input = () => document.querySelector('input[type="file"]') as HTMLInputElement;
    const png = (name: string, size = 4) => new File([new Uint8Array(size)], name, { type: 'image/png' });
    const gif = new File([new Uint8Array(4)], 'نقش.gif', { type: 'image/gif' });
    fireEvent.change(input(), {
      target: { files: [png('اسکن.png', MAX_IMAGE_BYTES + 1), gif, png('۱.png')] },
    });
    // The server's own sentences, naming each file.
    await screen.findByText(
      `${imageTooLargeMessage(attachmentLabel('اسکن.png'))}؛ ${notALetterImageMessage(attachmentLabel('نقش.gif'))}`,
    );
    expect(document.querySelectorAll('.RaFileInputPreview-removeButton')).toHaveLength(1);

    const more = Array.from({ length: MAX_FILES_PER_REQUEST }, (_, i) => png(`${i + 2}.png`));
    fireEvent.change(input(), { target: { files: more } });
    fireEvent.click(screen.getByRole('tab', { name: 'نگارش نامه' }));
    fireEvent.click(button('ذخیره پیش‌نویس'));
    await screen.findByText(TOO_MANY_FILES_MESSAGE);
    expect(screen.getByRole('tab', { name: /پیوست‌ها/ }).getAttribute('aria-selected')).toBe('true');
    expect(saves).toHaveLength(0);

    fireEvent.click(document.querySelector('.RaFileInputPreview-removeButton')!);
    fireEvent.click(button('ذخیره پیش‌نویس'));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].getAll('Attachments')).toHaveLength(MAX_FILES_PER_REQUEST);
  });

  it.each([
    ['ارجاع', 'ارجاع', '1', '/mymessage'],
    ['پاسخ', 'ثبت پاسخ', '7', '/draftmessage'],
  ])('%s a sent letter, then goes to %s', async (action, submit, isSend, destination) => {
    record = { ...baseRecord, isSend: true, signed: true, isHolder: false };
    open('/letter/false/AllMyMessage/4/12');
    await waitForScreen();
    fireEvent.click(button(action));
    const dialog = await screen.findByRole('dialog');
    if (isSend === '1') {
      const to = within(dialog).getByLabelText(/گیرندگان/);
      fireEvent.mouseDown(to);
      fireEvent.click(to);
      fireEvent.click(await screen.findByRole('option', { name: 'علی رضایی' }));
    } else {
      expect(within(dialog).getByText('مدیر سامانه')).toBeTruthy();
    }
    fireEvent.change(within(dialog).getByLabelText(/متن (ارجاع|پاسخ)/), {
      target: { value: 'لطفاً بررسی شود' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: submit }));
    await waitFor(() => expect(forwards).toHaveLength(1));
    expect(forwards[0].get('IsSend')).toBe(isSend);
    expect(forwards[0].get('MessageId')).toBe('12');
    expect(forwards[0].get('ForwardMessage')).toBe('لطفاً بررسی شود');
    expect(forwards[0].getAll('SelectedTo')).toEqual(isSend === '1' ? ['3'] : []);
    await waitFor(() => expect(location?.pathname).toBe(destination));
  });

  it('heads the view with what was forwarded to the user, newest first, each note’s lines kept; not others’ forwards', async () => {
    record = { ...baseRecord, isSend: true, signed: true, isAuthor: false, isHolder: false, number: 5 };
    const forward = (from: number, to: number, name: string, note: string, at: string) => ({
      forwardMessage: note,
      createdDate: at,
      creatorUserId: from,
      creatorUserFullName: name,
      receivedUserId: to,
      receivedUserFullName: to === 1 ? 'مدیر سامانه' : 'زهرا کریمی',
      description: 'ارجاع',
    });
    forwardRows = [
      forward(2, 1, 'سارا احمدی', 'بند ۱: بررسی\nبند ۲: گزارش', '2025-03-20T09:00:00Z'),
      forward(2, 9, 'سارا احمدی', 'برای زهرا', '2025-03-20T09:30:00Z'),
      forward(3, 1, 'علی رضایی', 'پیگیری شود', '2025-03-21T10:00:00Z'),
    ];
    open('/letter/false/AllMyMessage/4/12');
    await waitForScreen();
    const toMe = screen.getByRole('region', { name: 'ارجاع‌ها به شما' });
    const alerts = within(toMe).getAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      expect.stringMatching(/^ارجاع از علی رضایی — ۱۴۰۴\/۰۱\/۰۱.*پیگیری شود$/),
      expect.stringMatching(/^ارجاع از سارا احمدی — ۱۴۰۳\/۱۲\/۳۰.*بند ۱: بررسی\nبند ۲: گزارش$/s),
    ]);
    expect(within(toMe).queryByText('برای زهرا')).toBeNull();
  });

  it('shows a draft passed to the user the note it came with above the form it opens on (probe helper-67)', async () => {
    record = { ...baseRecord, isSend: false, signed: false, isAuthor: false, isHolder: true };
    forwardRows = [
      {
        forwardMessage: 'لطفاً متن را بازبینی و امضا کنید',
        createdDate: '2025-03-21T10:00:00Z',
        creatorUserId: 3,
        creatorUserFullName: 'علی رضایی',
        receivedUserId: 1,
        receivedUserFullName: 'مدیر سامانه',
        description: 'ارجاع پیش‌نویس',
      },
    ];
    open('/letter/false/Draft/4/12');
    await waitForScreen();
    expect(screen.getByRole('tab', { name: 'نگارش نامه' }).getAttribute('aria-selected')).toBe('true');
    const toMe = screen.getByRole('region', { name: 'ارجاع‌ها به شما' });
    expect(toMe.textContent).toMatch(/^ارجاع پیش‌نویس از علی رضایی — .*لطفاً متن را بازبینی و امضا کنید$/);
    expect(screen.getByLabelText(/موضوع/)).toBeTruthy();
  });

  it('says a subject is too long as it is typed, before any save, and counts it near the limit', async () => {
    open('/letter/false/Draft/4/12');
    await waitForScreen();
    const subject = screen.getByLabelText(/موضوع/);
    fireEvent.change(subject, { target: { value: 'م'.repeat(100) } });
    expect(screen.queryByText(/از ۵۰۰ نویسه/)).toBeNull();
    fireEvent.change(subject, { target: { value: 'م'.repeat(450) } });
    expect(await screen.findByText('۴۵۰ از ۵۰۰ نویسه')).toBeTruthy();
    fireEvent.change(subject, { target: { value: 'م'.repeat(501) } });
    expect(await screen.findByText('موضوع بیش از حد طولانی است (حداکثر ۵۰۰ نویسه)')).toBeTruthy();
    expect(saves).toHaveLength(0);
  });

  it('counts the forward note against its limit and refuses one too long before sending', async () => {
    record = { ...baseRecord, isSend: true, signed: true, isAuthor: false, isHolder: false, number: 5 };
    open('/letter/false/AllMyMessage/4/12');
    await waitForScreen();
    fireEvent.click(button('ارجاع'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('۰ از ۴٬۰۰۰ نویسه')).toBeTruthy();
    const note = within(dialog).getByLabelText('متن ارجاع');
    fireEvent.change(note, { target: { value: 'ب'.repeat(4001) } });
    expect(await within(dialog).findByText('۴٬۰۰۱ از ۴٬۰۰۰ نویسه')).toBeTruthy();
    const to = within(dialog).getByLabelText(/گیرندگان/);
    fireEvent.mouseDown(to);
    fireEvent.click(to);
    fireEvent.click(await screen.findByRole('option', { name: 'سارا احمدی' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'ارجاع' }));
    expect(
      await within(dialog).findByText('متن ارجاع بیش از حد طولانی است (حداکثر ۴٬۰۰۰ نویسه)'),
    ).toBeTruthy();
    expect(forwards).toHaveLength(0);
  });

  it('forwards an unsigned draft to one colleague, then goes to the drafts', async () => {
    open('/letter/false/Draft/4/12');
    await waitForScreen();
    fireEvent.click(button('ارجاع پیش‌نویس'));
    const dialog = await screen.findByRole('dialog');
    const to = within(dialog).getByLabelText(/گیرنده/);
    fireEvent.mouseDown(to);
    fireEvent.click(to);
    fireEvent.click(await screen.findByRole('option', { name: 'سارا احمدی' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'ارجاع' }));
    await waitFor(() => expect(forwards).toHaveLength(1));
    expect(forwards[0].get('IsSend')).toBe('2');
    expect(forwards[0].getAll('SelectedTo')).toEqual(['2']);
    await waitFor(() => expect(location?.pathname).toBe('/draftmessage'));
  });
});
