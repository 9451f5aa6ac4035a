// The toast of pushed notifications: the newest one's title and a «مشاهده» button to its
// url; several come as one toast, «n اعلان تازه» over the newest's title. A long title
// without spaces wraps, and the toast stays within the screen, its button in view.
import { Alert, AlertTitle, Button } from '@mui/material';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import type { HubNotification } from './hub';
import { useOpenNotificationUrl } from './notificationUrl';
import { http } from '../api/http';
import { toPersianDigits } from '../shared/persian-digits';
import { announceRead, NOTIFICATIONS_CHANGED } from '../layout/notifications/notifications-events';

export interface ToastContent {
  /** The newest notification. */
  latest: HubNotification;
  /** How many arrived while the toast was up, the newest included. */
  count: number;
}

/** Seen: read, whatever it links to (a letter's opening reads its own notices too). */
function markSeen(id: number) {
  const at = Date.now();
  void http
    .post('notification/read/', { Id: id })
    .then(() => {
      announceRead({ id, at });
      window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED));
    })
    .catch(() => undefined); // only logged (spec 1 §8)
}

export function NotificationToast({ content, onDone }: { content: ToastContent; onDone: () => void }) {
  const open = useOpenNotificationUrl();
  const { latest, count } = content;
  const view = () => {
    open(latest.url);
    onDone();
    markSeen(latest.id);
  };
  return (
    <Alert
      severity="info"
      variant="filled"
      icon={<NotificationsActiveIcon fontSize="inherit" />}
      sx={{
        minWidth: { sm: 300 },
        width: 'max-content',
        maxWidth: 'min(560px, calc(100vw - 32px))',
        alignItems: 'center',
        '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere', wordBreak: 'break-word' },
        '& .MuiAlert-action': { flexShrink: 0 },
      }}
      action={
        latest.url ? (
          <Button color="inherit" size="small" onClick={view}>
            مشاهده
          </Button>
        ) : undefined
      }
    >
      {count > 1 && <AlertTitle>{`${toPersianDigits(count)} اعلان تازه`}</AlertTitle>}
      {count > 1 ? <div>{latest.title}</div> : latest.title}
    </Alert>
  );
}
