// Shows every pushed notification as a 3-second toast (spec 1 §9).
import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { onHubNotification } from './hub';
import { NotificationToast } from './NotificationToast';

export const TOAST_MS = 3000;

export function RealtimeToasts() {
  const notify = useNotify();
  useEffect(
    () =>
      onHubNotification((notification) =>
        notify(<NotificationToast notification={notification} />, {
          type: 'info',
          autoHideDuration: TOAST_MS,
        }),
      ),
    [notify],
  );
  return null;
}
