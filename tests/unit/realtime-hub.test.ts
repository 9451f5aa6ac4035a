// @vitest-environment jsdom
// The page's hub connection (src/realtime/hub.ts) with the real @microsoft/signalr client
// against a stand-in hub (msw): a connection keeps the token it was opened with; a close
// with «Session revoked» ends the session at once and is never retried, with any token; the
// limit of tabs (429) is said to the user once and retried slowly; a connection waiting to
// retry comes back at once when the browser is online again or the tab is shown; and the
// expected failures leave the console's errors and warnings alone.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { getSession, markSigningOut, onSessionChange, setSession, type Session } from '../../src/api/session';
import { onHubNotice, startRealtime, TOO_MANY_TABS } from '../../src/realtime/hub';
import { asBrowser, fakeHub } from './realtime-fake-hub';

const hub = fakeHub();
const server = setupServer(...hub.handlers);
let restoreNode: () => void;
let stopRealtime: (() => void) | undefined;
const stops: Array<() => void> = [];

const sessionOf = (token: string, userId: number): Session => ({
  token,
  user: {
    userId,
    username: `0912000000${userId}`,
    name: `کاربر ${userId}`,
    fName: 'کاربر',
    lName: String(userId),
    mobile: `0912000000${userId}`,
    pic: '',
    permissions: [],
    tenantFullName: 'شرکت نمونه',
    logo: '',
  },
});

/** Another tab's write: this tab's storage changes, and no event reaches it here. */
const storedElsewhere = (session: Session) => localStorage.setItem('dabir.session', JSON.stringify(session));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function connectAs(token: string, userId: number) {
  setSession(sessionOf(token, userId));
  stopRealtime = startRealtime();
}

beforeAll(() => {
  restoreNode = asBrowser();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined); // the expected failures, quietly
  hub.status = 200;
  hub.negotiations.length = 0;
});
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  stopRealtime?.();
  stopRealtime = undefined;
  hub.drop();
  setSession(null);
  vi.restoreAllMocks();
});
afterAll(() => {
  server.close();
  restoreNode();
});

describe('the page’s hub connection', { timeout: 20_000 }, () => {
  it('reconnects with the token it was opened with, not one another tab stored since', async () => {
    connectAs('token-a', 1);
    await waitFor(() => expect(hub.clients.size).toBe(1));
    storedElsewhere(sessionOf('token-b', 2));
    hub.drop();
    await waitFor(() => expect(hub.clients.size).toBe(1), { timeout: 5000 });
    expect(hub.negotiations).toEqual(['Bearer token-a', 'Bearer token-a']);
  });

  it('ends the session at once when the server closes it with «Session revoked», and never reconnects', async () => {
    const errors = vi.spyOn(console, 'error');
    const warnings = vi.spyOn(console, 'warn');
    connectAs('token-a', 1);
    await waitFor(() => expect(hub.clients.size).toBe(1));
    const heard: Array<Session | null> = [];
    stops.push(onSessionChange((session) => heard.push(session)));
    hub.closeWith({ error: 'Session revoked' });
    await waitFor(() => expect(getSession()).toBeNull(), { timeout: 1000 });
    expect(heard).toEqual([null]);
    await sleep(2500);
    expect(hub.negotiations).toEqual(['Bearer token-a']);
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
  });

  it('hears the close of a session another tab is signing out on purpose as a sign-out, not a revocation', async () => {
    connectAs('token-a', 1);
    await waitFor(() => expect(hub.clients.size).toBe(1));
    const ends: Array<string | undefined> = [];
    stops.push(onSessionChange((_session, end) => ends.push(end)));
    // The other tab marks it before it asks the server to end it; the socket here closes first.
    markSigningOut();
    hub.closeWith({ error: 'Session revoked' });
    await waitFor(() => expect(getSession()).toBeNull(), { timeout: 1000 });
    expect(ends).toEqual([undefined]); // no «نشست شما به پایان رسیده است»
    expect(localStorage.getItem('dabir.session.end')).toBeNull();
  });

  it('leaves a session another tab signed in alone when its own is revoked, and does not take it up', async () => {
    connectAs('token-a', 1);
    await waitFor(() => expect(hub.clients.size).toBe(1));
    storedElsewhere(sessionOf('token-b', 2));
    hub.closeWith({ error: 'Session revoked' });
    await sleep(2500);
    expect(getSession()?.token).toBe('token-b');
    expect(hub.negotiations).toEqual(['Bearer token-a']);
  });

  it('ends the session when negotiate answers 401, without asking again', async () => {
    hub.status = 401;
    const errors = vi.spyOn(console, 'error');
    connectAs('token-a', 1);
    await waitFor(() => expect(getSession()).toBeNull(), { timeout: 2000 });
    await sleep(1500);
    expect(hub.negotiations).toEqual(['Bearer token-a']);
    expect(errors).not.toHaveBeenCalled();
  });

  it('says the limit of tabs once, retries slowly, and connects when there is room', async () => {
    hub.status = 429;
    const errors = vi.spyOn(console, 'error');
    const notices: string[] = [];
    stops.push(onHubNotice((message) => notices.push(message)));
    connectAs('token-a', 1);
    await waitFor(() => expect(notices).toEqual([TOO_MANY_TABS]));
    await sleep(2500);
    expect(hub.negotiations).toHaveLength(1); // slowly: not again within seconds
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(hub.negotiations).toHaveLength(2));
    expect(notices).toEqual([TOO_MANY_TABS]); // once
    hub.status = 200;
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(hub.clients.size).toBe(1));
    expect(errors).not.toHaveBeenCalled();
  });

  it('comes back at once when the browser is online again, not at the end of its back-off', async () => {
    const errors = vi.spyOn(console, 'error');
    connectAs('token-a', 1);
    await waitFor(() => expect(hub.clients.size).toBe(1));
    hub.status = 503; // the server restarting
    hub.drop();
    await waitFor(() => expect(hub.negotiations).toHaveLength(2), { timeout: 5000 });
    hub.status = 200;
    const backAt = Date.now();
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(hub.clients.size).toBe(1), { timeout: 1500 });
    expect(Date.now() - backAt).toBeLessThan(1000);
    expect(errors).not.toHaveBeenCalled();
  });
});
