import { useEffect, useMemo, useState } from 'react';
import { useSession } from '../../auth';
import { MENU_CHANGED } from './menuChanged';
import { fetchMenu, withHomeEntry, type MenuRecord } from './menuTree';

/** The side menu of the signed-in user, loaded once per session, again when a record it
 *  lists changes (a letter folder: MENU_CHANGED) and when the tab is shown again; empty
 *  until it arrives. Its answer also refreshes the session's permissions (menuTree.ts). */
export function useMenuItems(): MenuRecord[] {
  const session = useSession();
  const token = session?.token;
  const tenantFullName = session?.user.tenantFullName ?? '';
  const [records, setRecords] = useState<MenuRecord[] | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const reload = () => setVersion((v) => v + 1);
    // Back to a tab left open: the user's roles (and so menu and permissions) may have changed.
    const onVisible = () => document.visibilityState === 'visible' && reload();
    window.addEventListener(MENU_CHANGED, reload);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener(MENU_CHANGED, reload);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  useEffect(() => {
    if (!token) return; // signed out: nothing to ask (the call would only answer 401)
    let current = true;
    fetchMenu()
      .then((loaded) => current && setRecords(loaded))
      .catch(() => current && setRecords(null)); // spec 1 §8: failed loads empty the list
    return () => {
      current = false;
    };
  }, [token, version]);

  return useMemo(() => withHomeEntry(records, tenantFullName), [records, tenantFullName]);
}
