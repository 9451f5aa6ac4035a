// The top of the side menu: the user's avatar, full name and username (spec 1 §1).
import { Avatar, Box, Typography } from '@mui/material';
import { useSidebarState } from 'react-admin';
import { avatarUrl, useSession } from '../../auth';
import { toPersianDigits } from '../../shared/persian-digits';

export function SideMenuHeader() {
  const user = useSession()?.user;
  const [open] = useSidebarState();
  if (!user) return null;
  const size = open ? 64 : 36;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', py: open ? 2 : 1, gap: 0.5 }}>
      <Avatar
        src={avatarUrl(user.pic)}
        alt={user.name}
        sx={{ width: size, height: size, transition: 'all 200ms' }}
      />
      {open && (
        <>
          <Typography
            variant="subtitle1"
            noWrap
            sx={{ fontWeight: 600, maxWidth: '90%' }}
            data-testid="menu-user-name"
          >
            {user.name || user.username}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap dir="ltr" data-testid="menu-username">
            {toPersianDigits(user.username)}
          </Typography>
        </>
      )}
    </Box>
  );
}
