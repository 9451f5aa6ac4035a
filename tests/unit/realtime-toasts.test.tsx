// @vitest-environment jsdom
// Pushed notifications as toasts, with the page's own hub connection (the real SignalR
// client against a stand-in hub, realtime-fake-hub.ts) and the bell beside them: a burst
// is one toast («۶۰ اعلان تازه», the newest named) and one or two refetches of the bell,
// not sixty; the toast goes once its notifications are read («خواندن همه» here, or all read
// in another tab); a long title wraps inside a toast kept within the screen; and the limit
// of tabs is said to the user once.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { setSession } from '../../src/api/session';
import { NotificationBell } from '../../src/layout/notifications/NotificationBell';
import { RealtimeToasts, startRealtime, TOO_MANY_TABS } from '../../src/realtime';
import { CLIENT_TEST_TIMEOUT_MS, installMatchMedia, renderInAdmin, signIn } from './client-render';
import { asBrowser, fakeHub } from './realtime-fake-hub';

const hub = fakeHub();
let unread = 0;
let listCalls = 0;
const server = setupServer(
  ...hub.handlers,
  http.get('*/api/notification/list/', () => {
    listCalls++;
    return HttpResponse.json({ status: 1, records: [], totalCount: unread, unreadCount: unread });
  }),
  http.post('*/api/notification/read/', () => {
    unread = 0;
    return HttpResponse.json({ status: 1 });
  }),
);

let restoreNode: () => void;
let stopRealtime: () => void;

const notification = (id: number, title = `نامه جدید از مریم احمدی: شماره ${id}`) => ({
  id,
  title,
  url: `/letter/false/AllMyMessage/4/${id}`,
});

/** The hub pushes these, as fast as they come. */
function pushAll(count: number, first = 1) {
  for (let id = first; id < first + count; id++) {
    unread++;
    act(() => hub.push('Notification', notification(id)));
  }
}

async function renderShell() {
  renderInAdmin(
    <>
      <NotificationBell />
      <RealtimeToasts />
    </>,
  );
  await waitFor(() => expect(hub.clients.size).toBe(1));
  await waitFor(() => expect(listCalls).toBeGreaterThan(0));
}

const toastTexts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);

beforeAll(() => {
  restoreNode = asBrowser();
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  hub.status = 200;
  unread = 0;
  listCalls = 0;
  signIn([]);
  stopRealtime = startRealtime();
});
afterEach(() => {
  cleanup();
  stopRealtime();
  hub.drop();
  setSession(null);
  vi.restoreAllMocks();
});
afterAll(() => {
  server.close();
  restoreNode();
});

describe('pushed notifications as toasts', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('shows a burst of sixty as one toast naming how many and the newest, and refetches the bell once or twice', async () => {
    await renderShell();
    const before = listCalls;
    pushAll(60);
    await waitFor(() => expect(toastTexts()).toEqual([expect.stringContaining('۶۰ اعلان تازه')]));
    expect(toastTexts()[0]).toContain('نامه جدید از مریم احمدی: شماره 60');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'اعلان‌ها، ۶۰ خوانده‌نشده' })).toBeTruthy(),
    );
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(listCalls - before).toBeLessThanOrEqual(2);
  });

  it('keeps one toast up for 3 seconds after the last notification, then none', async () => {
    await renderShell();
    pushAll(1);
    await waitFor(() => expect(toastTexts()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    pushAll(1, 2);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(toastTexts()).toEqual([expect.stringContaining('۲ اعلان تازه')]);
    await waitFor(() => expect(toastTexts()).toEqual([]), { timeout: 3000 });
  });

  it('takes the toast away when the bell reads them all', async () => {
    await renderShell();
    pushAll(3);
    await waitFor(() => expect(toastTexts()).toEqual([expect.stringContaining('۳ اعلان تازه')]));
    fireEvent.click(await screen.findByRole('button', { name: 'اعلان‌ها، ۳ خوانده‌نشده' }));
    fireEvent.click(await screen.findByRole('button', { name: 'خواندن همه' }));
    await waitFor(() => expect(toastTexts()).toEqual([]), { timeout: 1000 });
  });

  it('takes the toast away when they were all read in another tab', async () => {
    await renderShell();
    pushAll(2);
    await waitFor(() => expect(toastTexts()).toHaveLength(1));
    unread = 0; // read elsewhere: the server tells this page its notifications changed
    act(() => hub.push('LettersChanged'));
    await waitFor(() => expect(toastTexts()).toEqual([]), { timeout: 1500 });
  });

  it('wraps a long title without spaces and keeps the toast, its «مشاهده» with it, within the screen', async () => {
    await renderShell();
    const long = 'گزارش'.repeat(60); // 300 letters, no space
    unread++;
    act(() => hub.push('Notification', notification(7, long)));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain(long);
    expect(screen.getByRole('button', { name: 'مشاهده' })).toBeTruthy();
    const message = toast.querySelector('.MuiAlert-message')!;
    expect(getComputedStyle(message).overflowWrap).toBe('anywhere');
    expect(getComputedStyle(toast).maxWidth).toBe('min(560px, calc(100vw - 32px))');
  });

  it('tells the user once that they have too many tabs open', async () => {
    hub.status = 429;
    stopRealtime();
    setSession(null);
    signIn([]);
    stopRealtime = startRealtime();
    renderInAdmin(<RealtimeToasts />);
    await screen.findByText(TOO_MANY_TABS);
    window.dispatchEvent(new Event('online')); // retried at once, refused again
    await waitFor(() => expect(hub.negotiations.length).toBeGreaterThan(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText(TOO_MANY_TABS)).toHaveLength(1);
  });
});
