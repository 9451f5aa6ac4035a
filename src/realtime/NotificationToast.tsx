// The toast of a pushed notification: its title and a «مشاهده» button to its url.
import { Alert, Button } from '@mui/material';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { useCloseNotification } from 'react-admin';
import type { HubNotification } from './hub';
import { useOpenNotificationUrl } from './notificationUrl';
import { http } from '../api/http';
import { NOTIFICATIONS_CHANGED } from '../layout/notifications/useNotificationFeed';

export function NotificationToast({ notification }: { notification: HubNotification }) {
  const close = useCloseNotification();
  const open = useOpenNotificationUrl();
  const view = () => {
    open(notification.url);
    close();
    // Seen: read, whatever it links to (a letter's opening reads its own notices too).
    void http
      .post('notification/read/', { Id: notification.id })
      .then(() => window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED)))
      .catch(() => undefined); // only logged (spec 1 §8)
  };
  return (
    <Alert
      severity="info"
      variant="filled"
      icon={<NotificationsActiveIcon fontSize="inherit" />}
      sx={{ minWidth: 300, alignItems: 'center' }}
      action={
        notification.url ? (
          <Button color="inherit" size="small" onClick={view}>
            مشاهده
          </Button>
        ) : undefined
      }
    >
      {notification.title}
    </Alert>
  );
}
