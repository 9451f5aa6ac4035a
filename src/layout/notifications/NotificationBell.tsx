// The bell in the top bar: unread count badge; a list of the latest notifications.
// Clicking one marks it read and opens its url.
import { useState, type MouseEvent } from 'react';
import {
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Popover,
  Tooltip,
  Typography,
} from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useOpenNotificationUrl } from '../../realtime';
import { toPersianDigits } from '../../shared/persian-digits';
import { relativeJalali } from './relativeDate';
import { useNotificationFeed, type NotificationRecord } from './useNotificationFeed';

export function NotificationBell() {
  const { records, unreadCount, markRead } = useNotificationFeed();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const openUrl = useOpenNotificationUrl();

  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const close = () => setAnchor(null);
  const choose = (record: NotificationRecord) => {
    close();
    if (!record.isRead) void markRead(record.id);
    openUrl(record.url);
  };

  return (
    <>
      <Tooltip title="اعلان‌ها">
        <IconButton
          color="inherit"
          onClick={open}
          aria-label={`اعلان‌ها، ${toPersianDigits(unreadCount)} خوانده‌نشده`}
        >
          <Badge badgeContent={toPersianDigits(unreadCount)} invisible={unreadCount === 0} color="error">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
        slotProps={{ paper: { sx: { width: 360, maxWidth: '95vw' } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
          <Typography variant="subtitle1" sx={{ flexGrow: 1, fontWeight: 600 }}>
            اعلان‌ها
          </Typography>
          {unreadCount > 0 && (
            <Button size="small" onClick={() => void markRead(0)}>
              خواندن همه
            </Button>
          )}
        </Box>
        <Divider />
        {records.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            اعلانی ندارید
          </Typography>
        ) : (
          <List dense disablePadding sx={{ maxHeight: 420, overflowY: 'auto' }}>
            {records.map((record) => (
              <NotificationItem key={record.id} record={record} onChoose={choose} />
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}

function NotificationItem({
  record,
  onChoose,
}: {
  record: NotificationRecord;
  onChoose: (r: NotificationRecord) => void;
}) {
  return (
    <ListItemButton
      onClick={() => onChoose(record)}
      sx={{ alignItems: 'flex-start', bgcolor: record.isRead ? undefined : 'action.hover' }}
    >
      <ListItemText
        primary={record.title}
        secondary={relativeJalali(record.createdDate)}
        slotProps={{ primary: { sx: { fontWeight: record.isRead ? 400 : 600 } } }}
      />
    </ListItemButton>
  );
}
