// @vitest-environment jsdom
// The bell against a mocked notification/list (pages of Page and Count, totalCount): the
// badge stops at «۹۹+» while its label keeps the count; the list shows how many of how
// many, and «نمایش بیشتر» brings the next page while there are more; a long title wraps;
// and opening a letter read before (forwarded to the user again) still refetches the bell,
// since the opening reads its notices.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { setSession } from '../../src/api/session';
import { NotificationBell } from '../../src/layout/notifications/NotificationBell';
import { fetchLetter } from '../../src/custom/letters/api';
import { CLIENT_TEST_TIMEOUT_MS, installMatchMedia, renderInAdmin, signIn } from './client-render';

interface Notice {
  id: number;
  title: string;
  url: string;
  isRead: boolean;
  createdDate: string;
}

let notices: Notice[] = [];
let pagesAsked: string[] = [];
const noticesOf = (count: number, title = (id: number) => `اعلان شماره ${id}`): Notice[] =>
  Array.from({ length: count }, (_, index) => {
    const id = count - index;
    return {
      id,
      title: title(id),
      url: `/letter/false/AllMyMessage/4/${id}`,
      isRead: false,
      createdDate: new Date().toISOString(),
    };
  });

const server = setupServer(
  http.get('*/api/notification/list/', ({ request }) => {
    const query = new URL(request.url).searchParams;
    const page = Number(query.get('Page'));
    const count = Number(query.get('Count'));
    pagesAsked.push(`${page}×${count}`);
    return HttpResponse.json({
      status: 1,
      records: notices.slice((page - 1) * count, page * count),
      totalCount: notices.length,
      unreadCount: notices.filter((notice) => !notice.isRead).length,
    });
  }),
  http.get('*/api/message/get/', () => {
    // Read once before, forwarded to the user again: this opening reads its new notice.
    notices = notices.map((notice) => (notice.id === 5 ? { ...notice, isRead: true } : notice));
    return HttpResponse.json({ status: 1, record: { messageId: 5, subject: 'بودجه', isReaded: true } });
  }),
);

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  notices = [];
  pagesAsked = [];
  signIn([]);
});
afterEach(() => cleanup());
afterAll(() => {
  server.close();
  setSession(null);
});

const bell = (label: RegExp | string) => screen.findByRole('button', { name: label });

describe('the notification bell', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('caps the badge at «۹۹+» and keeps the whole count in its label', async () => {
    notices = noticesOf(103);
    renderInAdmin(<NotificationBell />);
    const button = await bell('اعلان‌ها، ۱۰۳ خوانده‌نشده');
    expect(button.querySelector('.MuiBadge-badge')?.textContent).toBe('۹۹+');
  });

  it('shows the count below the cap in Persian digits', async () => {
    notices = noticesOf(7);
    renderInAdmin(<NotificationBell />);
    const button = await bell('اعلان‌ها، ۷ خوانده‌نشده');
    expect(button.querySelector('.MuiBadge-badge')?.textContent).toBe('۷');
  });

  it('shows how many of how many, and loads the next page while there are more', async () => {
    notices = noticesOf(25);
    renderInAdmin(<NotificationBell />);
    fireEvent.click(await bell('اعلان‌ها، ۲۵ خوانده‌نشده'));
    const popover = await screen.findByRole('presentation');
    await within(popover).findByText('۱۰ از ۲۵');
    expect(within(popover).getAllByRole('button', { name: /^اعلان شماره/ })).toHaveLength(10);
    fireEvent.click(within(popover).getByRole('button', { name: 'نمایش بیشتر' }));
    await within(popover).findByText('۲۰ از ۲۵');
    // The button is back once the load has settled, a moment after its page shows: a click
    // before then (a slow machine's) is the disabled button's.
    const more = within(popover).getByRole('button', { name: 'نمایش بیشتر' }) as HTMLButtonElement;
    await waitFor(() => expect(more.disabled).toBe(false));
    fireEvent.click(more);
    await within(popover).findByText('۲۵ از ۲۵');
    const titles = within(popover)
      .getAllByRole('button', { name: /^اعلان شماره/ })
      .map((item) => item.textContent?.match(/اعلان شماره \d+/)?.[0]);
    expect(titles).toEqual(noticesOf(25).map((notice) => notice.title));
    expect(within(popover).queryByRole('button', { name: 'نمایش بیشتر' })).toBeNull();
    // Each time the newest run, longer: one unbroken list whatever arrived in between.
    expect(pagesAsked).toEqual(['1×10', '1×20', '1×30']);
  });

  it('skips none when notices arrive between one load and the next, and shows each as it is now', async () => {
    notices = noticesOf(25);
    renderInAdmin(<NotificationBell />);
    fireEvent.click(await bell('اعلان‌ها، ۲۵ خوانده‌نشده'));
    const popover = await screen.findByRole('presentation');
    await within(popover).findByText('۱۰ از ۲۵');
    // Fifteen arrive (no push heard here) and the older ones are read elsewhere.
    notices = noticesOf(40).map((notice) => (notice.id <= 25 ? { ...notice, isRead: true } : notice));
    fireEvent.click(within(popover).getByRole('button', { name: 'نمایش بیشتر' }));
    await within(popover).findByText('۲۰ از ۴۰');
    const titles = within(popover)
      .getAllByRole('button', { name: /^اعلان شماره/ })
      .map((item) => Number(item.textContent?.match(/اعلان شماره (\d+)/)?.[1]));
    expect(titles).toEqual(Array.from({ length: 20 }, (_, index) => 40 - index));
  });

  it('tells a screen reader what the bell opens, whether it is open, and which notices are unread', async () => {
    notices = noticesOf(2).map((notice) => (notice.id === 1 ? { ...notice, isRead: true } : notice));
    renderInAdmin(<NotificationBell />);
    const button = await bell('اعلان‌ها، ۱ خوانده‌نشده');
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    const panel = await screen.findByRole('dialog', { name: 'اعلان‌ها' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(panel.id);
    const list = within(panel).getByRole('list', { name: 'فهرست اعلان‌ها' });
    expect(within(list).getByRole('button', { name: /^اعلان شماره 2 \(خوانده‌نشده\)/ })).toBeTruthy();
    expect(within(list).getByRole('button', { name: /^اعلان شماره 1/ }).textContent).not.toContain(
      'خوانده‌نشده',
    );
  });

  it('holds each notice in a list item, and reads its heading with the count apart (probe helper-98)', async () => {
    notices = noticesOf(4);
    renderInAdmin(<NotificationBell />);
    fireEvent.click(await bell('اعلان‌ها، ۴ خوانده‌نشده'));
    const panel = await screen.findByRole('dialog', { name: 'اعلان‌ها' });
    expect(await within(panel).findByRole('heading', { name: 'اعلان‌ها، ۴ از ۴' })).toBeTruthy();
    const list = within(panel).getByRole('list', { name: 'فهرست اعلان‌ها' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    for (const item of items) {
      expect(item.parentElement).toBe(list);
      expect(within(item).getByRole('button', { name: /^اعلان شماره/ })).toBeTruthy();
    }
  });

  it('wraps a long title without spaces inside its entry', async () => {
    const long = 'گزارش'.repeat(60);
    notices = noticesOf(1, () => long);
    renderInAdmin(<NotificationBell />);
    fireEvent.click(await bell('اعلان‌ها، ۱ خوانده‌نشده'));
    const title = await screen.findByText(long);
    expect(getComputedStyle(title).overflowWrap).toBe('anywhere');
  });

  it('counts again after opening a letter read before whose new notice the opening read', async () => {
    notices = noticesOf(5);
    renderInAdmin(<NotificationBell />);
    await bell('اعلان‌ها، ۵ خوانده‌نشده');
    const letter = await fetchLetter(5, 'AllMyMessage');
    expect(typeof letter).toBe('object');
    await waitFor(() => expect(screen.getByRole('button', { name: 'اعلان‌ها، ۴ خوانده‌نشده' })).toBeTruthy());
  });
});
