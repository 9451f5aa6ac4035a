// The signed-in session as the client keeps it: the token and the current user from
// Authenticate/Authenticate. Listeners hear every change (sign-in, logout, 401), in this
// tab or in another: every tab of the browser follows the one session in localStorage.

export interface CurrentUser {
  userId: number;
  username: string;
  name: string;
  fName: string;
  lName: string;
  mobile: string;
  pic: string;
  permissions: string[];
  tenantFullName: string;
  logo: string;
}

export interface Session {
  token: string;
  user: CurrentUser;
}

const STORAGE_KEY = 'dabir.session';
/** Why a session ended, when the client learnt it from the server (not a sign-out here). */
export type SessionEnd = 'revoked';
type Listener = (session: Session | null, end?: SessionEnd) => void;
const listeners = new Set<Listener>();

export function getSession(): Session | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const stored: unknown = raw ? JSON.parse(raw) : null;
    return isSession(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** What is stored is a session only if it has one's shape: anything else written there (by
 *  a script, an old version, a broken write) is no session — the sign-in page, never a
 *  page that cannot draw. */
function isSession(value: unknown): value is Session {
  if (!value || typeof value !== 'object') return false;
  const { token, user } = value as Partial<Session>;
  return (
    typeof token === 'string' &&
    token !== '' &&
    !!user &&
    typeof user === 'object' &&
    typeof user.userId === 'number' &&
    Array.isArray(user.permissions)
  );
}

export function getToken(): string | null {
  return getSession()?.token ?? null;
}

/** Which session this tab's screens belong to: the token and the user it signed in as. */
const identityOf = (session: Session | null) => (session ? `${session.user.userId}:${session.token}` : '');
let shown = typeof localStorage === 'undefined' ? '' : identityOf(getSession());

/** Why the stored session was removed, for the other tabs: the one that learnt of a
 *  revocation first clears it for all, and the rest said nothing — their user was sent to
 *  sign in without a word (written before the session goes: they read it on its event). */
const END_KEY = 'dabir.session.end';

/** The token a tab is signing out on purpose, for the other tabs: their sockets close as
 *  «revoked» before the stored session goes, and that is no ended session to tell the user
 *  of (probe: a sign-out showed «نشست شما به پایان رسیده است» in the user's other tabs). */
const SIGNING_OUT_KEY = 'dabir.session.signingOut';

/** This tab signs its session out on purpose (before the server is asked to end it). */
export function markSigningOut(): void {
  const token = getToken();
  if (token) localStorage.setItem(SIGNING_OUT_KEY, token);
}

/** Whether `token`'s session is being signed out on purpose, in this tab or another. */
export function isSigningOut(token: string): boolean {
  return localStorage.getItem(SIGNING_OUT_KEY) === token;
}

export function setSession(session: Session | null, end?: SessionEnd): void {
  localStorage.removeItem(SIGNING_OUT_KEY);
  if (session) {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    localStorage.removeItem(END_KEY);
  } else {
    if (end) localStorage.setItem(END_KEY, end);
    else localStorage.removeItem(END_KEY);
    localStorage.removeItem(STORAGE_KEY);
  }
  shown = identityOf(session);
  listeners.forEach((listener) => listener(session, end));
}

/** What a tab does when another tab put another session in its place (another user, or a
 *  new sign-in): its screens, caches and connection belong to the old one, so it starts
 *  afresh under the new one. Replaceable for tests (jsdom cannot reload). */
export const sessionReplaced = { handle: () => window.location.reload() };

/**
 * Another tab changed the stored session. Signed out there: this tab's listeners hear it
 * as a logout here (the sign-in page). Signed in there, as someone else or anew: this tab
 * reloads rather than show one user's screens, or the sign-in form, under another's token.
 * The same session saved again (a profile edit): the listeners hear the new user details.
 */
function followOtherTab(event: StorageEvent): void {
  if (event.key !== STORAGE_KEY && event.key !== null) return; // null: the storage was cleared
  const session = getSession();
  const identity = identityOf(session);
  const before = shown;
  shown = identity;
  if (identity && identity !== before) sessionReplaced.handle();
  else if (identity || before) {
    const end = !session && localStorage.getItem(END_KEY) === 'revoked' ? 'revoked' : undefined;
    listeners.forEach((listener) => listener(session, end));
  }
}

if (typeof window !== 'undefined') window.addEventListener('storage', followOtherTab);

/** Where a user's unsaved work is kept in the tab (a letter being written): keys under it
 *  are the user's, and signing out on purpose forgets them (forgetUnsavedWork). */
export const UNSAVED_WORK_PREFIX = 'dabir:compose:';

/** Signing out on purpose leaves no letter text behind for whoever uses the browser next
 *  (a session that ended under the user keeps it for the same user to sign back in to). */
export function forgetUnsavedWork(): void {
  forgottenAt = performance.now();
  for (const key of Object.keys(sessionStorage))
    if (key.startsWith(UNSAVED_WORK_PREFIX)) sessionStorage.removeItem(key);
}

/** Whether the signed-in user has unsaved work kept in this tab (a letter being written,
 *  or one whose words are offered back): signing out on purpose asks first. */
export function hasUnsavedWork(): boolean {
  const user = getSession()?.user.userId;
  if (user === undefined) return false;
  return Object.keys(sessionStorage).some((key) => key.startsWith(`${UNSAVED_WORK_PREFIX}${user}:`));
}

let forgottenAt = -1;
/** When unsaved work was last forgotten: a copy of what was typed before then is not to be
 *  written (the letter screen writes its last copy as it closes, after the sign-out). */
export const unsavedWorkForgottenAt = () => forgottenAt;

export function updateUser(patch: Partial<CurrentUser>): void {
  const session = getSession();
  if (session) setSession({ ...session, user: { ...session.user, ...patch } });
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function hasPermission(permission: string): boolean {
  return getSession()?.user.permissions.includes(permission) ?? false;
}
