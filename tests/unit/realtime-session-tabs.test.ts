// @vitest-environment jsdom
// Every tab follows the one session in localStorage (src/api/session.ts): a sign-out in
// another tab is a logout here (the listeners hear null: the sign-in page); another session
// stored there — someone else, or a new sign-in — makes this tab start afresh (reload)
// instead of showing one user's screens under another's token; the same session saved
// again (a profile edit) is heard as that.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getSession,
  onSessionChange,
  sessionReplaced,
  setSession,
  type Session,
} from '../../src/api/session';

const KEY = 'dabir.session';
const sessionOf = (token: string, userId: number, name = `کاربر ${userId}`): Session => ({
  token,
  user: {
    userId,
    username: `0912000000${userId}`,
    name,
    fName: 'کاربر',
    lName: String(userId),
    mobile: `0912000000${userId}`,
    pic: '',
    permissions: [],
    tenantFullName: 'شرکت نمونه',
    logo: '',
  },
});

/** What the browser does when another tab writes the session: the storage changes, then
 *  this tab gets a storage event. */
function otherTabStores(session: Session | null) {
  const oldValue = localStorage.getItem(KEY);
  const newValue = session ? JSON.stringify(session) : null;
  if (newValue) localStorage.setItem(KEY, newValue);
  else localStorage.removeItem(KEY);
  window.dispatchEvent(
    new StorageEvent('storage', { key: KEY, oldValue, newValue, storageArea: localStorage }),
  );
}

let heard: Array<Session | null>;
let ends: Array<string | undefined>;
let stopListening: () => void;
const reloads = vi.fn();

beforeEach(() => {
  setSession(sessionOf('token-a', 1));
  heard = [];
  ends = [];
  stopListening = onSessionChange((session, end) => {
    heard.push(session);
    ends.push(end);
  });
  reloads.mockClear();
  Object.assign(sessionReplaced ?? {}, { handle: reloads }); // (absent before tabs followed each other)
});
afterEach(() => {
  stopListening();
  setSession(null);
});

describe('a tab and the session of the other tabs', () => {
  it('hears a sign-out in another tab as a logout here', () => {
    otherTabStores(null);
    expect(heard).toEqual([null]);
    expect(getSession()).toBeNull();
    expect(reloads).not.toHaveBeenCalled();
  });

  it('hears a revocation another tab learnt first as a revocation, a sign-out there as none', () => {
    // The other tab heard the hub say the session was revoked: it writes why, then clears it.
    localStorage.setItem('dabir.session.end', 'revoked');
    otherTabStores(null);
    expect(heard).toEqual([null]);
    expect(ends).toEqual(['revoked']);
    // Signed in again, then signed out on purpose there: no reason to tell.
    setSession(sessionOf('token-b', 1));
    expect(localStorage.getItem('dabir.session.end')).toBeNull();
    otherTabStores(null);
    expect(ends.at(-1)).toBeUndefined();
  });

  it('starts afresh when another tab signs someone else in after that sign-out', () => {
    otherTabStores(null);
    otherTabStores(sessionOf('token-b', 2));
    expect(heard).toEqual([null]); // never told of user 2 as if it were this tab's own
    expect(reloads).toHaveBeenCalledTimes(1);
  });

  it('starts afresh when another tab replaces the session without a sign-out in between', () => {
    otherTabStores(sessionOf('token-b', 2));
    expect(heard).toEqual([]);
    expect(reloads).toHaveBeenCalledTimes(1);
  });

  it('starts afresh on a new sign-in of the same user (a new token)', () => {
    otherTabStores(sessionOf('token-a2', 1));
    expect(reloads).toHaveBeenCalledTimes(1);
  });

  it('hears the same session saved again with new details (a profile edit), without reloading', () => {
    otherTabStores(sessionOf('token-a', 1, 'نام تازه'));
    expect(heard.map((session) => session?.user.name)).toEqual(['نام تازه']);
    expect(reloads).not.toHaveBeenCalled();
  });

  it('takes what is not a session’s shape, stored there or by another tab, as no session', () => {
    for (const garbage of [
      '1',
      '[]',
      '{"token":"abc"}',
      '{"token":"","user":{"userId":1,"permissions":[]}}',
    ]) {
      const oldValue = localStorage.getItem(KEY);
      localStorage.setItem(KEY, garbage);
      expect(getSession(), garbage).toBeNull();
      window.dispatchEvent(new StorageEvent('storage', { key: KEY, oldValue, newValue: garbage }));
    }
    // Heard as a sign-out (the sign-in page), never a reload into a page that cannot draw.
    expect(heard).toEqual([null]);
    expect(reloads).not.toHaveBeenCalled();
  });

  it('ignores the other keys of the storage', () => {
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'RaStore.theme', oldValue: null, newValue: '1' }),
    );
    expect(heard).toEqual([]);
    expect(reloads).not.toHaveBeenCalled();
  });
});
