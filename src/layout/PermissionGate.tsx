// A route the user may not open. The side menu already leaves such screens out, but an
// address typed by hand (/person) still reaches its route: this gate shows a plain
// Persian refusal instead of a screen whose every call the server would refuse.
import type { ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import { Title } from 'react-admin';
import { useSession } from '../auth';
import { NO_PERMISSION_MESSAGE, type Permission } from '../shared/permissions';

interface PermissionGateProps {
  /** What the route needs (a list: any one of them); none = any signed-in user. */
  permission?: Permission | readonly Permission[];
  /** The screen's Persian title, kept on the refusal page so the user sees where they are. */
  title: string;
  children: ReactNode;
}

export function PermissionGate({ permission, title, children }: PermissionGateProps) {
  const permissions = useSession()?.user.permissions ?? [];
  const needed: readonly Permission[] = typeof permission === 'string' ? [permission] : (permission ?? []);
  if (!needed.length || needed.some((p) => permissions.includes(p))) return <>{children}</>;
  return <NoPermissionPage title={title} />;
}

export function NoPermissionPage({ title }: { title: string }) {
  return (
    <Card sx={{ mt: 2, maxWidth: 640, width: '100%' }}>
      <Title title={title} />
      <CardContent sx={{ textAlign: 'center', py: 6 }}>
        <BlockIcon color="error" sx={{ fontSize: 56, mb: 2 }} />
        <Typography variant="h5" component="h1" gutterBottom>
          {NO_PERMISSION_MESSAGE}
        </Typography>
        <Typography color="text.secondary">
          اگر به «{title}» نیاز دارید، از مدیر سامانه بخواهید دسترسی آن را به شما بدهد.
        </Typography>
      </CardContent>
    </Card>
  );
}
