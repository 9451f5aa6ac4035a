// react-admin's view of the session (spec 1 §4 Session): a stored token means signed in.
// The sign-in page calls login() through react-admin's useLogin, so react-admin resets its
// caches and goes to the page the user first asked for.
import type { AuthProvider } from 'react-admin';
import { http } from '../api/http';
import { forgetUnsavedWork, getSession, getToken, markSigningOut, setSession } from '../api/session';
import { authenticate, avatarUrl, type Credentials } from './signIn';
import { disconnectRealtime } from '../realtime/hub';

function isAuthFailure(error: unknown): boolean {
  const status = error as { status?: number; httpStatus?: number } | null | undefined;
  return (
    status?.status === 401 ||
    status?.status === 403 ||
    status?.httpStatus === 401 ||
    status?.httpStatus === 403
  );
}

/** Ends the session on the server (best effort) and here. Safe to call twice. */
async function endSession(): Promise<void> {
  if (getToken()) {
    // Signing out on purpose (an ended session has no token by now).
    markSigningOut();
    forgetUnsavedWork();
    await disconnectRealtime();
    try {
      await http.post('user/logout/');
    } catch {
      // The token may already be revoked or the network gone: the local session ends anyway.
    }
  }
  if (getSession()) setSession(null);
}

export const authProvider: AuthProvider = {
  async login(credentials: Credentials) {
    setSession(await authenticate(credentials));
  },
  logout: endSession,
  async checkAuth() {
    if (!getToken()) throw new Error('not signed in');
  },
  async checkError(error) {
    if (isAuthFailure(error)) {
      if (getSession()) setSession(null);
      throw error;
    }
  },
  async getIdentity() {
    const user = getSession()?.user;
    if (!user) throw new Error('not signed in');
    return { id: user.userId, fullName: user.name || user.username, avatar: avatarUrl(user.pic) };
  },
  async getPermissions() {
    return getSession()?.user.permissions ?? [];
  },
};
