// The home dashboard (spec 1 §2 "Home dashboard"): count boxes, shortcuts, favourite
// contacts' letters, quick links, a read-only Jalali calendar, the theme colour picker
// and two local to-do lists.
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import { Title } from 'react-admin';
import { usePermissions } from '../../auth';
import { JalaliMonthCalendar } from '../../ui/jalali/lazy';
import { ThemeColorPicker } from '../../theme/ThemeColorPicker';
import { fetchHomeBoxes, fetchQuickLinks, type HomeBoxes } from './api';
import { boxesFor, CountBoxes } from './CountBoxes';
import { DailyTodoList } from './DailyTodoList';
import { DashboardCard } from './DashboardCard';
import { FavoriteLetters } from './FavoriteLetters';
import { Greeting } from './Greeting';
import { PersonalTodoPanel } from './PersonalTodoPanel';
import { QuickLinks } from './QuickLinks';
import { Shortcuts } from './Shortcuts';
import { useLoader } from './useLoader';
import { useRefreshOnNotification } from './useRefreshOnNotification';

export function Dashboard() {
  // The letters' boxes, counts and favourite contacts are for users of letters: for anyone
  // else each would lead to «دسترسی ندارید».
  const permissions = usePermissions();
  const ownLetters = permissions.includes('Messages');
  // Each box opens a list: the tasks' box is for users of tasks, with or without letters.
  const shownBoxes = boxesFor(permissions);
  // A refresh that fails (a network blip) keeps the counts last read.
  const boxes = useLoader<HomeBoxes | null>(fetchHomeBoxes, null, { keepOnFailure: true });
  useRefreshOnNotification(boxes.reload);

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Title title="داشبورد" />
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Greeting />
        <Shortcuts />
      </Box>
      {shownBoxes.length > 0 && <CountBoxes boxes={boxes.data} loading={boxes.loading} shown={shownBoxes} />}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }} sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          {ownLetters && <FavoriteLetters />}
          {permissions.includes('Links') && <QuickLinksCard />}
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, lg: 6 }}>
              <PersonalTodoPanel />
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <DailyTodoList />
            </Grid>
          </Grid>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }} sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          <DashboardCard title="تقویم" icon={<CalendarMonthOutlined />}>
            <JalaliMonthCalendar sx={{ width: '100%', maxWidth: 340 }} />
          </DashboardCard>
          <DashboardCard title="رنگ پوسته" icon={<PaletteOutlined />}>
            <ThemeColorPicker />
          </DashboardCard>
        </Grid>
      </Grid>
    </Box>
  );
}

/** The user's quick links: for holders of Links, whose screen adds and edits them (for
 *  anyone else the list is refused and «افزودن پیوند» led to «دسترسی ندارید»). */
function QuickLinksCard() {
  const links = useLoader(fetchQuickLinks, []);
  return (
    <DashboardCard title="پیوندهای سریع" icon={<LinkOutlined />}>
      <QuickLinks links={links.data} loading={links.loading} onChanged={links.reload} />
    </DashboardCard>
  );
}

export default Dashboard;
