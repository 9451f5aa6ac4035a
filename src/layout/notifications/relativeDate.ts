// "۵ دقیقه پیش", "دیروز", … for the last week; older dates as a Jalali day (۱۴۰۳/۰۲/۱۵).
// Days are counted as Tehran's calendar days: 23:59 on Monday seen early on Wednesday is
// «پریروز», not «دیروز» (24-hour blocks since the event said so: probe helper-91).
import { formatJalali, todayIsoDate } from '../../shared/jalali';
import { toPersianDigits } from '../../shared/persian-digits';

const relative = new Intl.RelativeTimeFormat('fa', { numeric: 'auto' });
const DAY_MS = 24 * 60 * 60 * 1000;

/** Tehran calendar days from `date` to `now` (0 on the same day). */
function tehranDaysBetween(date: Date, now: Date): number {
  return Math.round((Date.parse(todayIsoDate(now)) - Date.parse(todayIsoDate(date))) / DAY_MS);
}

export function relativeJalali(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const secondsAgo = Math.max(0, (now.getTime() - date.getTime()) / 1000);
  if (secondsAgo < 60) return 'لحظاتی پیش';
  if (secondsAgo < 60 * 60) return relative.format(-Math.floor(secondsAgo / 60), 'minute');
  const daysAgo = tehranDaysBetween(date, now);
  if (daysAgo <= 0) return relative.format(-Math.floor(secondsAgo / (60 * 60)), 'hour');
  if (daysAgo >= 7) return toPersianDigits(formatJalali(date));
  return relative.format(-daysAgo, 'day');
}
