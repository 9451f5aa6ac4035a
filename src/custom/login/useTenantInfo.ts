import { useEffect, useState } from 'react';
import { fetchTenant, type TenantInfo } from '../../auth/signIn';

interface TenantState {
  tenant: TenantInfo | null;
  /** The server's message when the host is not a known organisation. */
  message: string;
  loading: boolean;
}

/** The organisation this sign-in page belongs to, found by the page's host. */
export function useTenantInfo(): TenantState {
  const [state, setState] = useState<TenantState>({ tenant: null, message: '', loading: true });
  useEffect(() => {
    let current = true;
    fetchTenant()
      .then(({ tenant, message }) => current && setState({ tenant, message, loading: false }))
      .catch((error: Error) => current && setState({ tenant: null, message: error.message, loading: false }));
    return () => {
      current = false;
    };
  }, []);
  return state;
}
