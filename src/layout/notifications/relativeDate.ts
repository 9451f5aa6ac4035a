// "۵ دقیقه پیش", "دیروز", … for the last week; older dates as a Jalali day (۱۴۰۳/۰۲/۱۵).
import { formatJalali } from '../../shared/jalali';
import { toPersianDigits } from '../../shared/persian-digits';

const relative = new Intl.RelativeTimeFormat('fa', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
];
const WEEK_SECONDS = 7 * 24 * 60 * 60;

export function relativeJalali(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const secondsAgo = Math.max(0, (now.getTime() - date.getTime()) / 1000);
  if (secondsAgo < 60) return 'لحظاتی پیش';
  if (secondsAgo >= WEEK_SECONDS) return toPersianDigits(formatJalali(date));
  const [unit, size] = [...STEPS].reverse().find(([, seconds]) => secondsAgo >= seconds)!;
  return relative.format(-Math.floor(secondsAgo / size), unit);
}
