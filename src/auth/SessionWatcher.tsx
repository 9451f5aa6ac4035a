// When the session ends behind react-admin's back (a 401/403 answer to any call, the
// real-time hub closing a revoked session, or a logout in another part of the page), go
// through react-admin's logout so its caches are cleared and the user lands on the sign-in
// page. A session the hub says was revoked is told as a 401 is (react-admin's own notice):
// the user did not sign out, and should know why the page went.
import { useEffect } from 'react';
import { useLogout, useNotify } from 'react-admin';
import { onSessionChange } from '../api/session';

export function SessionWatcher() {
  const logout = useLogout();
  const notify = useNotify();
  useEffect(
    () =>
      onSessionChange((session, end) => {
        if (session) return;
        void logout();
        if (end === 'revoked') notify('ra.notification.logged_out', { type: 'error' });
      }),
    [logout, notify],
  );
  return null;
}
