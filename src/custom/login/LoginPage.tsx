// The sign-in page of a tenant: its logo and full name (by host), then the form.
// The register link shows only on the platform's own host (crm.…), spec 3 §2.
import { Alert, Avatar, Box, Card, CardContent, Link as MuiLink, Skeleton, Typography } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Link, Navigate, useLocation } from 'react-admin';
import { getToken } from '../../api/session';
import { LoginForm } from './LoginForm';
import { useTenantInfo } from './useTenantInfo';

const isPlatformHost = () => window.location.hostname.startsWith('crm.');

/** Where the sign-in returns to: the page the route guard sent the user here from. */
interface CameFrom {
  nextPathname?: string;
  nextSearch?: string;
}

export function LoginPage() {
  const cameFrom = (useLocation().state ?? {}) as CameFrom;
  // Signed in meanwhile (in another tab, which reloads this one): back to this tab's page —
  // a letter being written there is offered back (composeBackup.ts).
  if (getToken())
    return <Navigate to={`${cameFrom.nextPathname ?? '/'}${cameFrom.nextSearch ?? ''}`} replace />;
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: (theme) =>
          `radial-gradient(circle at top, ${theme.palette.primary.light} 0%, ${theme.palette.primary.dark} 100%)`,
      }}
    >
      <Card elevation={8} sx={{ width: '100%', maxWidth: 420, borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <TenantHeader />
          <LoginForm />
          {isPlatformHost() && (
            <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
              <MuiLink component={Link} to="/registerdomain">
                ثبت نام سازمان جدید
              </MuiLink>
            </Typography>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

function TenantHeader() {
  const { tenant, message, loading } = useTenantInfo();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, mb: 3 }}>
      {tenant?.logo ? (
        <Box
          component="img"
          src={tenant.logo}
          alt={tenant.tenantFullName}
          sx={{ maxHeight: 88, maxWidth: '60%', objectFit: 'contain' }}
        />
      ) : (
        <Avatar sx={{ bgcolor: 'primary.main', width: 56, height: 56 }}>
          <LockOutlinedIcon />
        </Avatar>
      )}
      <Typography
        variant="h5"
        component="h1"
        sx={{ fontWeight: 700, textAlign: 'center' }}
        data-testid="tenant-name"
      >
        {loading ? <Skeleton width={200} /> : tenant?.tenantFullName || 'دبیر'}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        ورود به سامانه
      </Typography>
      {message && (
        <Alert severity="error" sx={{ width: '100%', mt: 1 }}>
          {message}
        </Alert>
      )}
    </Box>
  );
}
