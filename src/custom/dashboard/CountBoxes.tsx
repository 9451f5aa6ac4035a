// The four count boxes at the top of the home page; each opens its list.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
import DraftsOutlined from '@mui/icons-material/DraftsOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import { LinkBase } from 'react-admin';
import { pathTo } from '../../routes';
import { groupDigits } from '../../shared/persian-digits';
import type { HomeBoxes } from './api';

interface BoxSpec {
  key: keyof HomeBoxes;
  /** Shown to holders of this permission: the screen it opens needs it. */
  permission: 'Messages' | 'Tasks';
  label: string;
  route: string;
  icon: ReactNode;
  color: string;
}

const BOXES: BoxSpec[] = [
  {
    key: 'unReadMessageCount',
    permission: 'Messages',
    label: 'نامه‌های خوانده‌نشده',
    route: 'UnReadMessage',
    icon: <MarkEmailUnreadOutlined />,
    color: '#1976D2',
  },
  {
    key: 'answerRequestCount',
    permission: 'Messages',
    label: 'نیازمند پاسخ',
    route: 'AnswerRequest',
    icon: <QuestionAnswerOutlined />,
    color: '#E65100',
  },
  {
    key: 'draftMessageCount',
    permission: 'Messages',
    label: 'پیش‌نویس‌ها',
    route: 'DraftMessage',
    icon: <DraftsOutlined />,
    color: '#00796B',
  },
  {
    key: 'unCompleteTaskCount',
    permission: 'Tasks',
    label: 'کارهای در جریان',
    route: 'Tasks',
    icon: <AssignmentOutlined />,
    color: '#C2185B',
  },
];

/** The boxes a user with these permissions may open. */
export const boxesFor = (permissions: readonly string[]) =>
  BOXES.filter((box) => permissions.includes(box.permission));

export function CountBoxes({
  boxes,
  loading,
  shown,
}: {
  boxes: HomeBoxes | null;
  loading: boolean;
  shown: BoxSpec[];
}) {
  return (
    <Grid container spacing={2}>
      {shown.map((box) => (
        <Grid key={box.key} size={{ xs: 6, md: 3 }}>
          <CountBox spec={box} value={boxes?.[box.key]} loading={loading} />
        </Grid>
      ))}
    </Grid>
  );
}

function CountBox({ spec, value, loading }: { spec: BoxSpec; value: number | undefined; loading: boolean }) {
  return (
    <Card sx={{ height: '100%', borderInlineStart: 4, borderColor: spec.color }}>
      <CardActionArea
        component={LinkBase}
        to={pathTo(spec.route) ?? '/'}
        data-testid={`box-${spec.key}`}
        sx={{ height: '100%' }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1.5, sm: 2 }, p: { xs: 1.5, sm: 2 } }}>
          <Box
            sx={{
              width: { xs: 40, sm: 48 },
              height: { xs: 40, sm: 48 },
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              color: spec.color,
              bgcolor: `${spec.color}1A`,
              flexShrink: 0,
            }}
          >
            {spec.icon}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.4 }}>
              {spec.label}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
              {/* Never read (the first load failed): not known, not zero. */}
              {loading ? <Skeleton width={40} /> : value === undefined ? '—' : groupDigits(value)}
            </Typography>
          </Box>
        </Box>
      </CardActionArea>
    </Card>
  );
}
