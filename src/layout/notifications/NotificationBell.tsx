// The bell in the top bar: unread count badge (at most «۹۹+»); a list of the latest
// notifications, how many there are, and «نمایش بیشتر» for the next page while there are
// more. Clicking one marks it read and opens its url.
import { useState, type MouseEvent } from 'react';
import {
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Popover,
  Tooltip,
  Typography,
} from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useOpenNotificationUrl } from '../../realtime';
import { groupDigits, toPersianDigits } from '../../shared/persian-digits';
import { relativeJalali } from './relativeDate';
import { useNotificationFeed, type NotificationRecord } from './useNotificationFeed';

/** The badge's most; beyond it shows «۹۹+» (MUI's own `max` counts numbers only, and the
 *  badge shows Persian digits). */
export const BADGE_MAX = 99;

export const badgeText = (count: number) =>
  count > BADGE_MAX ? `${toPersianDigits(BADGE_MAX)}+` : toPersianDigits(count);

const PANEL_ID = 'notification-panel';

/** Read by screen readers, not drawn. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A title without spaces (a long subject) wraps instead of running past its box. */
export const WRAP_ANYWHERE = { overflowWrap: 'anywhere', wordBreak: 'break-word' } as const;

export function NotificationBell() {
  const { records, unreadCount, totalCount, hasMore, loadMore, markRead } = useNotificationFeed();
  const [loadingMore, setLoadingMore] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const openUrl = useOpenNotificationUrl();

  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const close = () => setAnchor(null);
  const choose = (record: NotificationRecord) => {
    close();
    if (!record.isRead) void markRead(record.id);
    openUrl(record.url);
  };
  const shownOfTotal = `${groupDigits(records.length)} از ${groupDigits(totalCount)}`;
  const more = () => {
    setLoadingMore(true);
    void loadMore().finally(() => setLoadingMore(false));
  };

  return (
    <>
      <Tooltip title="اعلان‌ها">
        <IconButton
          color="inherit"
          onClick={open}
          aria-label={`اعلان‌ها، ${groupDigits(unreadCount)} خوانده‌نشده`}
          aria-haspopup="dialog"
          aria-expanded={Boolean(anchor)}
          aria-controls={anchor ? PANEL_ID : undefined}
        >
          <Badge badgeContent={badgeText(unreadCount)} invisible={unreadCount === 0} color="error">
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
        slotProps={{
          paper: {
            id: PANEL_ID,
            role: 'dialog',
            'aria-label': 'اعلان‌ها',
            sx: { width: 360, maxWidth: '95vw' },
          },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
          {/* The gap before the count is a margin: read, the heading ran «اعلان‌ها۴ از ۴». */}
          <Typography
            variant="subtitle1"
            sx={{ flexGrow: 1, fontWeight: 600 }}
            aria-label={totalCount > 0 ? `اعلان‌ها، ${shownOfTotal}` : undefined}
          >
            اعلان‌ها
            {totalCount > 0 && (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ mx: 1 }}>
                {shownOfTotal}
              </Typography>
            )}
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
          <List dense disablePadding aria-label="فهرست اعلان‌ها" sx={{ maxHeight: 420, overflowY: 'auto' }}>
            {records.map((record) => (
              <NotificationItem key={record.id} record={record} onChoose={choose} />
            ))}
          </List>
        )}
        {hasMore && (
          <Box
            sx={{ display: 'flex', justifyContent: 'center', py: 1, borderTop: 1, borderColor: 'divider' }}
          >
            <Button size="small" onClick={more} disabled={loadingMore}>
              نمایش بیشتر
            </Button>
          </Box>
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
  // Each notice an item of the list (<li>), its button inside: a list of bare buttons is
  // no list to a screen reader.
  return (
    <ListItem disablePadding>
      <ListItemButton
        onClick={() => onChoose(record)}
        sx={{
          alignItems: 'flex-start',
          minWidth: 0,
          bgcolor: record.isRead ? undefined : 'action.hover',
          // The keyboard's place among the notices, plainly (the hover shade alone is faint).
          '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        <ListItemText
          primary={
            <>
              {record.title}
              {/* Unread is shown by weight and shade; a screen reader hears it. */}
              {!record.isRead && <span style={VISUALLY_HIDDEN}> (خوانده‌نشده)</span>}
            </>
          }
          secondary={relativeJalali(record.createdDate)}
          slotProps={{ primary: { sx: { fontWeight: record.isRead ? 400 : 600, ...WRAP_ANYWHERE } } }}
        />
      </ListItemButton>
    </ListItem>
  );
}
