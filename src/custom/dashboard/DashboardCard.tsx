// A titled card of the home page.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

interface DashboardCardProps {
  title: string;
  icon?: ReactNode;
  /** Shown at the end of the title row (buttons, counts). */
  action?: ReactNode;
  children: ReactNode;
}

export function DashboardCard({ title, icon, action, children }: DashboardCardProps) {
  return (
    <Card
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      component="section"
      aria-label={title}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 2, color: 'primary.main' }}>
        {icon}
        <Typography
          variant="subtitle1"
          component="h2"
          sx={{ flexGrow: 1, fontWeight: 700, color: 'text.primary' }}
        >
          {title}
        </Typography>
        {action}
      </Box>
      <CardContent sx={{ flexGrow: 1 }}>{children}</CardContent>
    </Card>
  );
}
