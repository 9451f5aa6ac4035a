// The bell's data: the latest notifications, how many there are and how many unread
// (GET notification/list/, pages of PAGE_SIZE), more of them on demand (loadMore), marking
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

/** The newest first, each once: a page fetched after new ones arrived repeats some. */
function merged(head: NotificationRecord[], tail: NotificationRecord[]): NotificationRecord[] {
  const seen = new Set(head.map((record) => record.id));
  return [...head, ...tail.filter((record) => !seen.has(record.id))].sort((a, b) => b.id - a.id);
}

/** The first pages again, as many as are shown (up to the server's largest page), keeping
 *  what was loaded beyond them. */
function refreshed(feed: Feed, answer: NotificationListAnswer, count: number): Feed {
  const head = answer.records ?? [];
  const oldest = head.length === count ? head[head.length - 1].id : 0;
  return {
    records: merged(
      head,
      feed.records.filter((record) => record.id < oldest),
    ),
    totalCount: answer.totalCount ?? head.length,
    unreadCount: answer.unreadCount ?? 0,
  };
}

/** A later page added to what is shown. */
const withPage = (feed: Feed, answer: NotificationListAnswer): Feed => ({
  records: merged(feed.records, answer.records ?? []),
  totalCount: answer.totalCount ?? feed.totalCount,
  unreadCount: answer.unreadCount ?? feed.unreadCount,
});

/** Fetches the first pages again, as many as are shown. */
async function loadFirstPages(loaded: number, setFeed: (update: (feed: Feed) => Feed) => void) {
  const at = Date.now();
  const count = Math.min(Math.max(Math.ceil(loaded / PAGE_SIZE) * PAGE_SIZE, PAGE_SIZE), MAX_COUNT);
  const answer = await fetchPage(1, count);
  if (!answer) return;
  setFeed((feed) => refreshed(feed, answer, count));
  // Nothing unread any more (read here, in another tab, or with their letters): a toast
  // still showing pushes that came before this answer was asked for goes.
  if (!answer.unreadCount) announceRead({ id: 0, at });
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
    const refresh = coalesce(() => loadFirstPages(shown.current.records.length, setFeed));
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

  const loadMore = useCallback(async () => {
    const answer = await fetchPage(Math.floor(shown.current.records.length / PAGE_SIZE) + 1, PAGE_SIZE);
    if (answer) setFeed((current) => withPage(current, answer));
  }, []);

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
