// @vitest-environment jsdom
// What a page refetches when the hub tells it something changed (useRefreshOnNotification:
// the dashboard's counts and favourite letters, the letter lists), with the page's own hub
// connection against a stand-in hub: a burst of sixty notifications is one reload, not
// sixty; a LettersChanged (a letter read or a draft saved in another tab) is one too.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { setSession } from '../../src/api/session';
import { useRefreshOnNotification } from '../../src/custom/dashboard/useRefreshOnNotification';
import { startRealtime } from '../../src/realtime';
import { REFRESH_MAX_WAIT_MS, REFRESH_WAIT_MS } from '../../src/realtime/realtime-coalesce';
import { installMatchMedia, signIn } from './client-render';
import { asBrowser, fakeHub } from './realtime-fake-hub';

const hub = fakeHub();
const server = setupServer(...hub.handlers);
let restoreNode: () => void;
let stopRealtime: () => void;
const reload = vi.fn();

function Page() {
  useRefreshOnNotification(reload);
  return null;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, REFRESH_WAIT_MS + 200));

beforeAll(() => {
  restoreNode = asBrowser();
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(async () => {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  reload.mockClear();
  signIn([]);
  stopRealtime = startRealtime();
  render(<Page />);
  await waitFor(() => expect(hub.clients.size).toBe(1));
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

describe('refetching on pushes', () => {
  it('reloads once for a burst of sixty notifications', async () => {
    for (let id = 1; id <= 60; id++)
      act(() =>
        hub.push('Notification', { id, title: `نامه ${id}`, url: `/letter/false/AllMyMessage/4/${id}` }),
      );
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads during a long burst too, at most every few seconds', async () => {
    const started = Date.now();
    for (let id = 1; Date.now() - started < REFRESH_MAX_WAIT_MS + 500; id++) {
      act(() => hub.push('Notification', { id, title: `نامه ${id}`, url: '' }));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await settle();
    expect(reload.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(reload.mock.calls.length).toBeLessThanOrEqual(3);
  });

  it('reloads once when the letters changed in another tab', async () => {
    act(() => hub.push('LettersChanged'));
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
