// react-admin's refresh — the top bar's «بارگذاری دوباره» (RefreshIconButton), useRefresh() —
// invalidates every react-query query and fetches again those on screen. A screen that
// loads through its own calls (the letter lists, the letter screen) holds none, so it was
// left as it was. It takes part here: it holds a query of its own that loads nothing, and
// each time that query is fetched again, the screen is reloaded.
import { useEffect, useId, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';

const REFRESH_KEY = 'dabir:screen-refresh';

/** Calls `reload` whenever react-admin's refresh runs while the caller is on screen. */
export function useOnRefresh(reload: () => void) {
  const id = useId();
  // How many times the query was fetched: the first (on mounting) is no refresh.
  const fetches = useRef(0);
  const { data } = useQuery({
    queryKey: [REFRESH_KEY, id],
    queryFn: () => ++fetches.current,
    // Fetched again only when invalidated (a refresh), not on focus, reconnect or remount.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const latest = useRef(reload);
  useEffect(() => {
    latest.current = reload;
  });
  useEffect(() => {
    if (data !== undefined && data > 1) latest.current();
  }, [data]);
}
