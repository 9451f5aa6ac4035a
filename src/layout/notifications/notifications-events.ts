// Window events by which parts of the page tell each other about notifications, without
// importing each other (the bell, the toasts, the letter screen).

/** Notifications may have been read elsewhere on the page (a letter opened reads its
 *  notices, a toast's «مشاهده»): the bell refetches. */
export const NOTIFICATIONS_CHANGED = 'dabir:notifications-changed';

/** Notifications are known to be read: one (`id`), or all of them (`id` 0) as of `at` (the
 *  time the answer saying so was asked for). A toast of read notifications goes away. */
export const NOTIFICATIONS_READ = 'dabir:notifications-read';

export interface NotificationsRead {
  id: number;
  at: number;
}

export function announceRead(detail: NotificationsRead): void {
  window.dispatchEvent(new CustomEvent<NotificationsRead>(NOTIFICATIONS_READ, { detail }));
}

export function onNotificationsRead(listener: (read: NotificationsRead) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<NotificationsRead>).detail);
  window.addEventListener(NOTIFICATIONS_READ, handle);
  return () => window.removeEventListener(NOTIFICATIONS_READ, handle);
}
