// The signed-in session as the client keeps it: the token and the current user from
// Authenticate/Authenticate. Listeners hear every change (sign-in, logout, 401).

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
type Listener = (session: Session | null) => void;
const listeners = new Set<Listener>();

export function getSession(): Session | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return getSession()?.token ?? null;
}

export function setSession(session: Session | null): void {
  if (session) localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  else localStorage.removeItem(STORAGE_KEY);
  listeners.forEach((listener) => listener(session));
}

/** Where a user's unsaved work is kept in the tab (a letter being written): keys under it
 *  are the user's, and signing out on purpose forgets them (forgetUnsavedWork). */
export const UNSAVED_WORK_PREFIX = 'dabir:compose:';

/** Signing out on purpose leaves no letter text behind for whoever uses the browser next
 *  (a session that ended under the user keeps it for the same user to sign back in to). */
export function forgetUnsavedWork(): void {
  for (const key of Object.keys(sessionStorage))
    if (key.startsWith(UNSAVED_WORK_PREFIX)) sessionStorage.removeItem(key);
}

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
