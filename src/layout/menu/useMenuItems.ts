import { useEffect, useMemo, useState } from 'react';
import { useSession } from '../../auth';
import { fetchMenu, withHomeEntry, type MenuRecord } from './menuTree';

/** The side menu of the signed-in user, loaded once per session; empty until it arrives. */
export function useMenuItems(): MenuRecord[] {
  const session = useSession();
  const token = session?.token;
  const tenantFullName = session?.user.tenantFullName ?? '';
  const [records, setRecords] = useState<MenuRecord[] | null>(null);

  useEffect(() => {
    if (!token) return; // signed out: nothing to ask (the call would only answer 401)
    let current = true;
    fetchMenu()
      .then((loaded) => current && setRecords(loaded))
      .catch(() => current && setRecords(null)); // spec 1 §8: failed loads empty the list
    return () => {
      current = false;
    };
  }, [token]);

  return useMemo(() => withHomeEntry(records, tenantFullName), [records, tenantFullName]);
}
