// Shows pushed notifications as a toast of 3 seconds (spec 1 §9). One toast at a time, never
// a queue: notifications arriving while it shows join it («۳ اعلان تازه», the newest named)
// and keep it up 3 seconds past the last one, so sixty letters in a burst are one toast, not
// three minutes of stale ones. It goes as soon as its notifications are known to be read
// («خواندن همه», read in another tab, opened). The connection's notices for the user (the
// limit of tabs) are shown once, as react-admin notices.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Snackbar } from '@mui/material';
import { useNotify } from 'react-admin';
import { onHubNotice, onHubNotification, type HubNotification } from './hub';
import { NotificationToast, type ToastContent } from './NotificationToast';
import { onNotificationsRead, type NotificationsRead } from '../layout/notifications/notifications-events';

export const TOAST_MS = 3000;

/** The toast's notifications, the newest last, and when the newest arrived. */
interface Shown extends ToastContent {
  ids: number[];
  lastAt: number;
}

const joined = (shown: Shown | null, notification: HubNotification): Shown => ({
  latest: notification,
  count: (shown?.count ?? 0) + 1,
  ids: [...(shown?.ids ?? []), notification.id],
  lastAt: Date.now(),
});

/** Whether this reading covers the toast: all read as of after its newest arrived, or its
 *  only notification read. */
const covers = (read: NotificationsRead, shown: Shown) =>
  read.id === 0 ? read.at >= shown.lastAt : shown.ids.length === 1 && shown.ids[0] === read.id;

export function RealtimeToasts() {
  // Kept while the toast fades out; `open` says whether it is up.
  const [{ shown, open }, setToast] = useState<{ shown: Shown | null; open: boolean }>({
    shown: null,
    open: false,
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const close = useCallback(() => {
    clearTimeout(timer.current);
    setToast((toast) => ({ ...toast, open: false }));
  }, []);
  const hideLater = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(close, TOAST_MS);
  }, [close]);

  useEffect(
    () =>
      onHubNotification((notification) => {
        setToast((toast) => ({ shown: joined(toast.open ? toast.shown : null, notification), open: true }));
        hideLater();
      }),
    [hideLater],
  );
  useEffect(
    () =>
      onNotificationsRead((read) =>
        setToast((toast) =>
          toast.open && toast.shown && covers(read, toast.shown) ? { ...toast, open: false } : toast,
        ),
      ),
    [],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  useHubNotices();

  return (
    <Snackbar
      open={open}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      // Hovering or focusing it keeps it up (as react-admin's notices do; a keyboard user
      // reaches «مشاهده» with Tab); leaving gives it its time again.
      onMouseEnter={() => clearTimeout(timer.current)}
      onMouseLeave={hideLater}
      onFocus={() => clearTimeout(timer.current)}
      onBlur={hideLater}
      sx={{ maxWidth: 'calc(100vw - 16px)' }}
    >
      <div>{shown && <NotificationToast content={shown} onDone={close} />}</div>
    </Snackbar>
  );
}

/** The connection's sentences for the user, each as a warning notice. */
function useHubNotices() {
  const notify = useNotify();
  useEffect(() => onHubNotice((message) => notify(message, { type: 'warning' })), [notify]);
}
