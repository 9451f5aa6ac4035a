// @vitest-environment jsdom
// The related-letters tab: the letter's own links and the letters that name it (a follow-up
// written later), each opening its letter; only the picked ones are the form's. In a narrow
// card (a phone's; a tablet's beside the open side menu) the tab and its picker show one cell
// a letter, chosen by the room they are given, not by the screen.
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { FormProvider, useForm } from 'react-hook-form';
import { RelatedTab } from '../../src/custom/letters/letter/RelatedTab';
import type { RelatedLetter } from '../../src/custom/letters/api';
import { installMatchMedia, renderInAdmin, settleDebouncedInputs, signIn } from './client-render';

const letter = (messageId: number, subject: string, extra: Partial<RelatedLetter> = {}): RelatedLetter => ({
  messageId,
  messageTypeFk: 4,
  number: `د-${messageId}`,
  subject,
  createdDate: '2026-11-25T08:00:00.000Z',
  createdUser: 'علی رضایی',
  follow: true,
  ...extra,
});

function Form({ children }: { children: ReactNode }) {
  const form = useForm({ defaultValues: { related: [] } });
  return <FormProvider {...form}>{children}</FormProvider>;
}

/** The room every measured box is given, as ResizeObserver reports it (jsdom has none). */
let room: number | undefined;
const NativeResizeObserver = globalThis.ResizeObserver;
class RoomObserver {
  constructor(private readonly report: ResizeObserverCallback) {}
  observe() {
    if (room !== undefined)
      this.report([{ contentRect: { width: room } } as ResizeObserverEntry], this as never);
  }
  unobserve() {}
  disconnect() {}
}

const pickable = (messageId: number, subject: string) => ({
  messageId,
  messageTypeFk: 4,
  messageTypeString: 'داخلی',
  isReaded: true,
  isSend: true,
  subject,
  messageFrom: 'مریم احمدی',
  messageTo: 'علی رضایی',
  displayMessageNumber: `د-${messageId}`,
  createdDate: '2025-03-20T08:00:00Z',
  sentDate: '2025-03-20T08:00:00Z',
});
const server = setupServer(
  http.get('*/api/message/list/', () =>
    HttpResponse.json({
      status: 1,
      records: [pickable(21, 'درخواست خرید'), pickable(22, 'گزارش هفتگی')],
      totalCount: 2,
    }),
  ),
);

describe('related letters tab', () => {
  beforeAll(() => {
    installMatchMedia();
    signIn();
    server.listen({ onUnhandledRequest: 'error' });
    globalThis.ResizeObserver = RoomObserver as unknown as typeof ResizeObserver;
  });
  afterEach(() => {
    cleanup();
    room = undefined;
  });
  afterAll(async () => {
    await settleDebouncedInputs();
    server.close();
    globalThis.ResizeObserver = NativeResizeObserver;
  });

  it('lists the letter’s own links, then the letters that name it, each a link to its letter', async () => {
    renderInAdmin(
      <Form>
        <RelatedTab
          messageId={6}
          related={[letter(3, 'درخواست اولیه')]}
          relatedToThis={[
            letter(7, 'پاسخ پیگیری', { description: 'پیرو این نامه' }),
            letter(9, 'گزارش به مدیریت', { follow: false, description: 'عطف به این نامه' }),
          ]}
          editable={false}
        />
      </Form>,
    );
    const rows = within(await screen.findByRole('table', { name: 'نامه‌های مرتبط' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('نوع ارتباط'),
      expect.stringMatching(/^پیرو.*درخواست اولیه/),
      expect.stringMatching(/^پیرو این نامه.*پاسخ پیگیری/),
      expect.stringMatching(/^عطف به این نامه.*گزارش به مدیریت/),
    ]);
    expect(screen.getByRole('link', { name: 'پاسخ پیگیری' }).getAttribute('href')).toBe(
      '/letter/false/AllMyMessage/4/7',
    );
    expect(screen.queryByText('نامه مرتبطی ثبت نشده است')).toBeNull();
  });

  it('dates a letter by its sending, as the lists do, and a draft by its making (probe helper-91)', async () => {
    renderInAdmin(
      <Form>
        <RelatedTab
          messageId={6}
          related={[
            // Drafted on ۱۴۰۵/۰۹/۰۴, sent on ۱۴۰۵/۰۹/۰۶ (Tehran).
            letter(3, 'نامه فرستاده', { sentDate: '2026-11-27T08:00:00.000Z' }),
            letter(4, 'پیش‌نویس', { sentDate: null }),
          ]}
          relatedToThis={[]}
          editable={false}
        />
      </Form>,
    );
    const rows = within(await screen.findByRole('table', { name: 'نامه‌های مرتبط' })).getAllByRole('row');
    expect(rows[1].textContent).toContain('۱۴۰۵/۰۹/۰۶');
    expect(rows[1].textContent).not.toContain('۱۴۰۵/۰۹/۰۴');
    expect(rows[2].textContent).toContain('۱۴۰۵/۰۹/۰۴');
  });

  it('says none only when neither side has any', async () => {
    renderInAdmin(
      <Form>
        <RelatedTab messageId={6} related={[]} relatedToThis={[]} editable={false} />
      </Form>,
    );
    expect(await screen.findByText('نامه مرتبطی ثبت نشده است')).toBeTruthy();
  });

  const bothWays = (editable = false) => (
    <Form>
      <RelatedTab
        messageId={6}
        related={[letter(3, 'درخواست اولیه')]}
        relatedToThis={[letter(9, 'گزارش به مدیریت', { follow: false, description: 'عطف به این نامه' })]}
        editable={editable}
      />
    </Form>
  );

  it('shows one cell a letter in a phone’s card: relation and subject over number, date and registrar', async () => {
    room = 342;
    renderInAdmin(bothWays());
    const table = await screen.findByRole('table', { name: 'نامه‌های مرتبط' });
    expect(within(table).queryAllByRole('columnheader')).toHaveLength(0);
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => within(row).getAllByRole('cell').length)).toEqual([1, 1]);
    // 2026-11-25 is 4 Azar 1405.
    expect(rows.map((row) => row.textContent)).toEqual([
      'پیرودرخواست اولیهد-۳ · ۱۴۰۵/۰۹/۰۴ · علی رضایی',
      'عطف به این نامهگزارش به مدیریتد-۹ · ۱۴۰۵/۰۹/۰۴ · علی رضایی',
    ]);
    expect(within(rows[1]).getByRole('link', { name: 'گزارش به مدیریت' })).toBeTruthy();
  });

  it('keeps its columns in a tablet’s card beside the side menu, tighter than where there is room', async () => {
    const subjectCell = async () => {
      const table = await screen.findByRole('table', { name: 'نامه‌های مرتبط' });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(['نوع ارتباط', 'موضوع', 'شماره نامه', 'تاریخ', 'ثبت‌کننده']);
      return within(table).getByRole('link', { name: 'درخواست اولیه' }).closest('td')!;
    };
    room = 480;
    renderInAdmin(bothWays());
    expect(getComputedStyle(await subjectCell()).minWidth).toBe('80px');
    cleanup();
    room = 900;
    renderInAdmin(bothWays());
    expect(getComputedStyle(await subjectCell()).minWidth).toBe('180px');
  });

  it('offers the picker’s letters one cell each on a phone, number, date and sender under the subject, and picks from there', async () => {
    room = 300;
    renderInAdmin(bothWays(true));
    fireEvent.click(await screen.findByRole('button', { name: 'افزودن نامه مرتبط' }));
    const picker = await screen.findByRole('dialog');
    await within(picker).findByText('درخواست خرید');
    const table = within(picker).getByRole('table', { name: 'نامه‌ها برای پیوند' });
    expect(within(table).queryAllByRole('columnheader')).toHaveLength(0);
    const rows = within(table).getAllByTestId('related-choice');
    expect(rows.map((row) => within(row).getAllByRole('cell').length)).toEqual([2, 2]);
    // 2025-03-20 is 30 Esfand 1403.
    expect(rows[0].textContent).toBe('درخواست خریدد-۲۱ · ۱۴۰۳/۱۲/۳۰ · مریم احمدیانتخاب');
    fireEvent.click(within(picker).getByLabelText('پیرو'));
    fireEvent.click(within(rows[1]).getByRole('button', { name: 'انتخاب: گزارش هفتگی' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Picked, in the tab's own one-cell rows: to be saved, or taken back.
    const picked = screen.getAllByTestId('related-row').at(-1)!;
    expect(picked.textContent).toBe('پیروگزارش هفتگید-۲۲ · با ذخیره نامه ثبت می‌شود');
    expect(within(picked).getByRole('button', { name: 'برداشتن گزارش هفتگی' })).toBeTruthy();
  });

  it('shows the picker’s columns where they fit', async () => {
    room = 700;
    renderInAdmin(bothWays(true));
    fireEvent.click(await screen.findByRole('button', { name: 'افزودن نامه مرتبط' }));
    const picker = await screen.findByRole('dialog');
    await within(picker).findByText('درخواست خرید');
    expect(
      within(picker)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['موضوع', 'شماره نامه', 'تاریخ', 'فرستنده', '']);
  });
});
