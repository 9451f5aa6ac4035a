// A read-only Jalali month calendar (the home dashboard's): Saturday first, today
// highlighted, Fridays red and not selectable. The month can still be browsed.
// Import it through `src/ui/jalali` (index.ts), which loads this file lazily.
import type { SxProps, Theme } from '@mui/material/styles';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { JalaliLocalization } from './JalaliLocalization';
import { FridayDay } from './FridayDay';
import { persianWeekdayLetter } from './weekdays';
import { isFriday, storedToDate } from './dateValue';

export interface JalaliMonthCalendarProps {
  /** A day to mark as selected ('YYYY-MM-DD'); by default nothing is selected. */
  value?: string | null;
  sx?: SxProps<Theme>;
}

export function JalaliMonthCalendar({ value = null, sx }: JalaliMonthCalendarProps) {
  return (
    <JalaliLocalization>
      <DateCalendar
        value={storedToDate(value)}
        readOnly
        views={['day']}
        shouldDisableDate={(day) => isFriday(day as Date)}
        slots={{ day: FridayDay }}
        dayOfWeekFormatter={(day) => persianWeekdayLetter(day as Date)}
        sx={sx}
      />
    </JalaliLocalization>
  );
}

export default JalaliMonthCalendar;
