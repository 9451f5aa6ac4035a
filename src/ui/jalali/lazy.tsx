// Lazy wrappers: the picker code loads the first time one of these is rendered.
import { lazy, Suspense } from 'react';
import Skeleton from '@mui/material/Skeleton';
import { DateFieldPlaceholder } from './DateFieldPlaceholder';
import type { JalaliDatePickerProps } from './JalaliDatePicker';
import type { JalaliMonthCalendarProps } from './JalaliMonthCalendar';

const LazyDatePicker = lazy(() => import('./JalaliDatePicker'));
const LazyMonthCalendar = lazy(() => import('./JalaliMonthCalendar'));

export function JalaliDatePicker(props: JalaliDatePickerProps) {
  return (
    <Suspense fallback={<DateFieldPlaceholder {...props} />}>
      <LazyDatePicker {...props} />
    </Suspense>
  );
}

export function JalaliMonthCalendar(props: JalaliMonthCalendarProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" width={320} height={300} sx={{ mx: 'auto' }} />}>
      <LazyMonthCalendar {...props} />
    </Suspense>
  );
}
