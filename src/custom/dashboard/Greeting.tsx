// The top of the home page: a greeting with the user's name and today's Jalali date.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { getSession } from '../../api/session';
import {
  PERSIAN_WEEKDAY_NAMES,
  formatJalaliLong,
  persianWeekdayIndex,
  todayIsoDate,
} from '../../shared/jalali';
import { toPersianDigits } from '../../shared/persian-digits';

export function todayInPersian(now = new Date()): string {
  const today = todayIsoDate(now);
  return `${PERSIAN_WEEKDAY_NAMES[persianWeekdayIndex(today) ?? 0]}، ${toPersianDigits(formatJalaliLong(today))}`;
}

export function Greeting() {
  const name = getSession()?.user.name;
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {name ? `${name}، خوش آمدید` : 'خوش آمدید'}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {todayInPersian()}
      </Typography>
    </Box>
  );
}
