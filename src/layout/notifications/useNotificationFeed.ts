// The bell's data: the latest notifications, how many there are and how many unread
// (GET notification/list/, whole pages of PAGE_SIZE from the newest), more of them on demand (loadMore), marking
// read (POST notification/read/, Id 0 = all). Refetched when a notification is pushed, when
// the user's letters or notifications changed in another tab (LettersChanged), after the
// real-time connection comes back (pushes meanwhile are lost), and when the page read some
// (NOTIFICATIONS_CHANGED: a letter opened reads its notices) — a burst of those is one
// refetch (coalesce).
import { useCallback, useEffect, useRef, useState } from 'react';
import { http, type ApiAnswer } from '../../api/http';
import { onHubLettersChanged, onHubNotification, onHubReconnected } from '../../realtime';
import { coalesce, type Coalesced } from '../../realtime/realtime-coalesce';
import { announceRead, NOTIFICATIONS_CHANGED } from './notifications-events';

export { NOTIFICATIONS_CHANGED } from './notifications-events';

export interface NotificationRecord {
  id: number;
  title: string;
  url: string;
  isRead: boolean;
  createdDate: string;
}

interface NotificationListAnswer extends ApiAnswer {
  records?: NotificationRecord[];
  totalCount?: number;
  unreadCount?: number;
}

export const PAGE_SIZE = 10;
/** The server's largest page (notification/list Count ≤ 100). */
const MAX_COUNT = 100;

interface Feed {
  records: NotificationRecord[];
  totalCount: number;
  unreadCount: number;
}

/** A page of notifications, or null when the call failed (spec 1 §8: only logged). */
async function fetchPage(page: number, count: number): Promise<NotificationListAnswer | null> {
  try {
    const answer = await http.get<NotificationListAnswer>('notification/list/', { Page: page, Count: count });
    return answer.status === 1 ? answer : null;
  } catch {
    return null;
  }
}

/**
 * The newest `wanted` notifications (rounded up to whole pages), fetched afresh and shown
 * in place of what was: always one unbroken run from the newest, each as it is now (read or
 * not). Pages are offsets, so a list merged from pages fetched at different times skipped
 * the notices that arrived between them; «نمایش بیشتر» asks for a longer run the same way.
 */
async function loadNewest(wanted: number, setFeed: (feed: Feed) => void) {
  const at = Date.now();
  const count = Math.max(Math.ceil(wanted / PAGE_SIZE) * PAGE_SIZE, PAGE_SIZE);
  const answer = await newest(count);
  if (!answer) return;
  setFeed(answer);
  // Nothing unread any more (read here, in another tab, or with their letters): a toast
  // still showing pushes that came before this answer was asked for goes.
  if (!answer.unreadCount) announceRead({ id: 0, at });
}

/** The newest `count`, in pages of at most the server's largest. */
async function newest(count: number): Promise<Feed | null> {
  const size = Math.min(count, MAX_COUNT);
  const records: NotificationRecord[] = [];
  let last: NotificationListAnswer | null = null;
  for (let page = 1; records.length < count; page++) {
    last = await fetchPage(page, size);
    if (!last) return null;
    const got = last.records ?? [];
    records.push(...got.filter((record) => !records.some((had) => had.id === record.id)));
    if (got.length < size) break;
  }
  return {
    records: records.slice(0, count),
    totalCount: last?.totalCount ?? records.length,
    unreadCount: last?.unreadCount ?? 0,
  };
}

const EMPTY: Feed = { records: [], totalCount: 0, unreadCount: 0 };

export function useNotificationFeed() {
  const [feed, setFeed] = useState<Feed>(EMPTY);
  const shown = useRef(EMPTY);
  const refresher = useRef<Coalesced | null>(null);
  useEffect(() => {
    shown.current = feed;
  }, [feed]);

  useEffect(() => {
    const refresh = coalesce(() => loadNewest(shown.current.records.length, setFeed));
    refresher.current = refresh;
    void refresh.flush();
    const later = () => refresh.schedule();
    const stops = [onHubNotification(later), onHubReconnected(later), onHubLettersChanged(later)];
    window.addEventListener(NOTIFICATIONS_CHANGED, later);
    return () => {
      stops.forEach((stop) => stop());
      window.removeEventListener(NOTIFICATIONS_CHANGED, later);
      refresh.cancel();
    };
  }, []);

  const refresh = useCallback(() => refresher.current?.flush() ?? Promise.resolve(), []);

  const loadMore = useCallback(() => loadNewest(shown.current.records.length + PAGE_SIZE, setFeed), []);

  const markRead = useCallback(
    async (id: number) => {
      const at = Date.now();
      const answer = await http.post('notification/read/', { Id: id }).catch(() => null); // only logged (spec 1 §8)
      if (answer?.status === 1) announceRead({ id, at });
      await refresh();
    },
    [refresh],
  );

  return { ...feed, hasMore: feed.records.length < feed.totalCount, refresh, loadMore, markRead };
}
