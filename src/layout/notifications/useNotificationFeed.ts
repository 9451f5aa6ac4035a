// The bell's data: the latest notifications and the unread count (GET notification/list/),
// marking read (POST notification/read/, Id 0 = all). Refetched when a notification is
// pushed, after the real-time connection comes back (pushes meanwhile are lost), and when
// the page read some (NOTIFICATIONS_CHANGED: a letter opened reads its notices).
import { useCallback, useEffect, useState } from 'react';
import { http, type ApiAnswer } from '../../api/http';
import { onHubLettersChanged, onHubNotification, onHubReconnected } from '../../realtime';

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

const LATEST = 10;

/** A window event: notifications were read elsewhere on the page; the bell refetches. */
export const NOTIFICATIONS_CHANGED = 'dabir:notifications-changed';

/** The latest notifications, or null when the call failed (spec 1 §8: only logged). */
async function fetchFeed(): Promise<NotificationListAnswer | null> {
  try {
    const answer = await http.get<NotificationListAnswer>('notification/list/', { Page: 1, Count: LATEST });
    return answer.status === 1 ? answer : null;
  } catch {
    return null;
  }
}

export function useNotificationFeed() {
  const [records, setRecords] = useState<NotificationRecord[]>([]);
  const [unreadCount, setUnreadCount] = useState(0);

  const refresh = useCallback(
    () =>
      fetchFeed().then((feed) => {
        if (!feed) return;
        setRecords(feed.records ?? []);
        setUnreadCount(feed.unreadCount ?? 0);
      }),
    [],
  );

  const markRead = useCallback(
    async (id: number) => {
      await http.post('notification/read/', { Id: id }).catch(() => undefined); // only logged (spec 1 §8)
      await refresh();
    },
    [refresh],
  );

  useEffect(() => {
    void refresh();
    const offPush = onHubNotification(() => void refresh());
    const offReconnect = onHubReconnected(() => void refresh());
    const offLetters = onHubLettersChanged(() => void refresh()); // a letter's notices went with it
    const onChanged = () => void refresh();
    window.addEventListener(NOTIFICATIONS_CHANGED, onChanged);
    return () => {
      offPush();
      offReconnect();
      offLetters();
      window.removeEventListener(NOTIFICATIONS_CHANGED, onChanged);
    };
  }, [refresh]);

  return { records, unreadCount, refresh, markRead };
}
