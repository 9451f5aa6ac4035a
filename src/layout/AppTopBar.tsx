// The top bar: menu toggle, the tenant's name, the page title, the bell and the user menu.
// It stays on screen while the page scrolls (react-admin hides it by default).
import { Box, Typography } from '@mui/material';
import { AppBar, LoadingIndicator, TitlePortal } from 'react-admin';
import { useSession } from '../auth';
import { APP_NAME } from './appName';
import { AccountMenu } from './AccountMenu';
import { NotificationBell } from './notifications/NotificationBell';

export function AppTopBar() {
  const tenantName = useSession()?.user.tenantFullName || APP_NAME;
  return (
    // Always shown: a bar hidden on scroll keeps its buttons out of reach of the Tab key.
    <AppBar color="primary" alwaysOn userMenu={<AccountMenu />} toolbar={<TopBarActions />}>
      {/* On a phone a long name gives way (an ellipsis), and keeps clear of the bell's badge. */}
      <Typography
        variant="h6"
        component="span"
        noWrap
        sx={{
          fontWeight: 600,
          flexShrink: { xs: 1, sm: 0 },
          minWidth: 0,
          marginInlineEnd: { xs: '14px', sm: 0 },
        }}
      >
        {tenantName}
      </Typography>
      <Box component="span" sx={{ mx: 1.5, opacity: 0.5, display: { xs: 'none', sm: 'inline' } }}>
        |
      </Box>
      <TitlePortal variant="subtitle1" sx={{ display: { xs: 'none', sm: 'block' } }} />
    </AppBar>
  );
}

function TopBarActions() {
  return (
    <>
      <NotificationBell />
      <LoadingIndicator />
    </>
  );
}
