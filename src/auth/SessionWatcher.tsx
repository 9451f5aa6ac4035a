// When the session ends behind react-admin's back (a 401/403 answer to any call, or a
// logout in another part of the page), go through react-admin's logout so its caches are
// cleared and the user lands on the sign-in page.
import { useEffect } from 'react';
import { useLogout } from 'react-admin';
import { onSessionChange } from '../api/session';

export function SessionWatcher() {
  const logout = useLogout();
  useEffect(
    () =>
      onSessionChange((session) => {
        if (!session) void logout();
      }),
    [logout],
  );
  return null;
}
