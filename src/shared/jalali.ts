// The Persian (Jalali) calendar, the same on client and server (pure, no DOM).
//
// Two kinds of value travel on the wire:
// - date-only fields ('YYYY-MM-DD', Gregorian) are calendar days: they are converted as
//   they are, never through a time zone, so Iran's +03:30 offset cannot shift a day;
// - instants (full ISO date-times) are shown as the calendar day in Iran (Asia/Tehran).
//   Iran has kept +03:30 all year since 2022; older instants get the historical offset
//   (with summer time) from the platform's time-zone data, or +03:30 when it has none.
//
// The calendar arithmetic is date-fns-jalali's, the library the MUI date pickers use, so
// a day is the same day in a picker and in the server's text.
import { getDate, getDaysInMonth, getMonth, getYear, isLeapYear, newDate } from 'date-fns-jalali';

export interface JalaliDate {
  year: number;
  month: number; // 1 = Farvardin … 12 = Esfand
  day: number;
}

export interface GregorianDate {
  year: number;
  month: number; // 1 = January
  day: number;
}

export const TEHRAN_TIME_ZONE = 'Asia/Tehran';
const TEHRAN_FIXED_OFFSET_MINUTES = 210;

export const JALALI_MONTH_NAMES = [
  'فروردین',
  'اردیبهشت',
  'خرداد',
  'تیر',
  'مرداد',
  'شهریور',
  'مهر',
  'آبان',
  'آذر',
  'دی',
  'بهمن',
  'اسفند',
] as const;

/** Saturday first, as the Persian week runs; Friday (index 6) is the weekend. */
export const PERSIAN_WEEKDAY_NAMES = [
  'شنبه',
  'یکشنبه',
  'دوشنبه',
  'سه‌شنبه',
  'چهارشنبه',
  'پنجشنبه',
  'جمعه',
] as const;
export const PERSIAN_WEEKDAY_SHORT_NAMES = ['ش', 'ی', 'د', 'س', 'چ', 'پ', 'ج'] as const;

const ISO_DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

// ---------------------------------------------------------------- calendar arithmetic

// date-fns-jalali reads and builds local Dates. A calendar day is taken at local noon, away
// from any midnight clock change, and its parts are read back in local time too, so the
// machine's time zone never moves a day.

/** The years the conversion is exact for (as the Jalali calendar's usual algorithm). */
const FIRST_YEAR = -61;
const LAST_YEAR = 3177;

function gregorianNoon({ year, month, day }: GregorianDate): Date {
  const date = new Date(2000, 0, 1, 12);
  date.setFullYear(year, month - 1, day); // not new Date(y, …): it reads 0–99 as 1900–1999
  return date;
}

function jalaliNoon({ year, month, day }: JalaliDate): Date {
  return newDate(year, month - 1, day, 12);
}

export function toJalali(gregorian: GregorianDate): JalaliDate {
  const date = gregorianNoon(gregorian);
  return { year: getYear(date), month: getMonth(date) + 1, day: getDate(date) };
}

export function toGregorian(jalali: JalaliDate): GregorianDate {
  const date = jalaliNoon(jalali);
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

export function isLeapJalaliYear(year: number): boolean {
  return isLeapYear(jalaliNoon({ year, month: 1, day: 1 }));
}

/** 31 days in months 1–6, 30 in 7–11, Esfand 29 (30 in a leap year). */
export function jalaliMonthLength(year: number, month: number): number {
  return getDaysInMonth(jalaliNoon({ year, month, day: 1 }));
}

export function isValidJalaliDate({ year, month, day }: JalaliDate): boolean {
  return (
    [year, month, day].every(Number.isInteger) &&
    year >= FIRST_YEAR &&
    year <= LAST_YEAR &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= jalaliMonthLength(year, month)
  );
}

// ---------------------------------------------------------------- ISO date-only values

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function toIsoDate({ year, month, day }: GregorianDate): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** A day's midnight in UTC, as a time value: Date.UTC alone reads years 0–99 as 1900–1999. */
function utcMidnightOf(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

/** 'YYYY-MM-DD' → its parts, or null when it is not a real Gregorian day. */
export function parseIsoDate(value: string): GregorianDate | null {
  const match = ISO_DATE_ONLY.exec(value);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const check = new Date(utcMidnightOf(year, month, day));
  const real =
    check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
  return real ? { year, month, day } : null;
}

export function jalaliToIsoDate(jalali: JalaliDate): string {
  return toIsoDate(toGregorian(jalali));
}

// ---------------------------------------------------------------- the days a form takes

/**
 * The Jalali years a date field (and an incoming letter's date) takes. Every real day of an
 * office's papers and people is within them; outside are a Jalali date sent as if it were
 * Gregorian ('1405-09-05' is Jalali 784) and years the database cannot hold (year 0).
 */
export const FORM_YEARS = { first: 1200, last: 1599 } as const;

/** Whether 'YYYY-MM-DD' is a real Gregorian day within FORM_YEARS of the Jalali calendar. */
export function isFormDay(isoDate: string): boolean {
  const parts = parseIsoDate(isoDate);
  if (!parts) return false;
  const { year } = toJalali(parts);
  return year >= FORM_YEARS.first && year <= FORM_YEARS.last;
}

// ---------------------------------------------------------------- Iran's wall clock

interface WallClock extends GregorianDate {
  hour: number;
  minute: number;
}

let tehranFormat: Intl.DateTimeFormat | null | undefined;

function tehranFormatter(): Intl.DateTimeFormat | null {
  if (tehranFormat === undefined) {
    try {
      tehranFormat = new Intl.DateTimeFormat('en-US', {
        timeZone: TEHRAN_TIME_ZONE,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        hourCycle: 'h23',
        // Years before 1 are counted back from it («1 BC» is year 0): without the era a
        // clock in year 0 read as year 1.
        era: 'short',
      });
    } catch {
      tehranFormat = null; // no time-zone data on this platform
    }
  }
  return tehranFormat;
}

/** The Gregorian date and time that a clock in Tehran shows at this instant. */
export function tehranWallClock(instant: Date): WallClock {
  const format = tehranFormatter();
  if (!format) {
    const shifted = new Date(instant.getTime() + TEHRAN_FIXED_OFFSET_MINUTES * 60_000);
    return {
      year: shifted.getUTCFullYear(),
      month: shifted.getUTCMonth() + 1,
      day: shifted.getUTCDate(),
      hour: shifted.getUTCHours(),
      minute: shifted.getUTCMinutes(),
    };
  }
  const parts = format.formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const beforeOne = parts.find((p) => p.type === 'era')?.value === 'BC';
  return {
    year: beforeOne ? 1 - part('year') : part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour') % 24,
    minute: part('minute'),
  };
}

/** The instant a day starts in Tehran (for sending a date-only value as a timestamp). */
export function startOfTehranDay(isoDate: string): Date | null {
  const parts = parseIsoDate(isoDate);
  if (!parts) return null;
  const utcMidnight = utcMidnightOf(parts.year, parts.month, parts.day);
  let guess = new Date(utcMidnight - TEHRAN_FIXED_OFFSET_MINUTES * 60_000);
  // Correct the guess by the offset actually in force (summer time before 2022).
  for (let i = 0; i < 2; i++) {
    const clock = tehranWallClock(guess);
    const shownAsUtc =
      utcMidnightOf(clock.year, clock.month, clock.day) + (clock.hour * 60 + clock.minute) * 60_000;
    guess = new Date(guess.getTime() - (shownAsUtc - utcMidnight));
  }
  return guess;
}

/** Today's date in Iran as 'YYYY-MM-DD'. */
export function todayIsoDate(now: Date = new Date()): string {
  return toIsoDate(tehranWallClock(now));
}

// ---------------------------------------------------------------- display and input

export type DateValue = Date | string | null | undefined;

/** The Jalali day of a value: date-only strings as they are, instants in Tehran. */
export function jalaliOf(value: DateValue): JalaliDate | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const dateOnly = parseIsoDate(value);
    if (dateOnly) return toJalali(dateOnly);
  }
  const instant = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) return null;
  return toJalali(tehranWallClock(instant));
}

/** 'YYYY/MM/DD' in the Jalali calendar ('' for an empty or invalid value). */
export function formatJalali(value: DateValue, options: { withTime?: boolean } = {}): string {
  const jalali = jalaliOf(value);
  if (!jalali) return '';
  const date = `${pad(jalali.year, 4)}/${pad(jalali.month)}/${pad(jalali.day)}`;
  const isInstant = !(typeof value === 'string' && ISO_DATE_ONLY.test(value));
  if (!options.withTime || !isInstant) return date;
  const clock = tehranWallClock(typeof value === 'string' ? new Date(value) : (value as Date));
  return `${date} ${pad(clock.hour)}:${pad(clock.minute)}`;
}

/** Long form, day, month name and year: '30 اسفند 1403' (pass to toPersianDigits to show). */
export function formatJalaliLong(value: DateValue): string {
  const jalali = jalaliOf(value);
  return jalali ? `${jalali.day} ${JALALI_MONTH_NAMES[jalali.month - 1]} ${jalali.year}` : '';
}

/**
 * 'YYYY/MM/DD' (Persian or Latin digits, '/' or '-') → ISO date-only 'YYYY-MM-DD', or
 * null when it is not a real Jalali day (Esfand 30 only in a leap year).
 */
export function parseJalali(text: string): string | null {
  const latin = text
    .trim()
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  const match = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(latin);
  if (!match) return null;
  const jalali = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isValidJalaliDate(jalali) ? jalaliToIsoDate(jalali) : null;
}

/** Day of the week of a date-only value, Saturday = 0 … Friday = 6. */
export function persianWeekdayIndex(isoDate: string): number | null {
  const parts = parseIsoDate(isoDate);
  if (!parts) return null;
  const sundayFirst = new Date(utcMidnightOf(parts.year, parts.month, parts.day)).getUTCDay();
  return (sundayFirst + 1) % 7;
}

/** Today in Tehran, 'YYYY-MM-DD' (todayIsoDate). */
export const tehranToday = todayIsoDate;

/** A received letter's date cannot be a day still to come in Tehran (client and server). */
export const FUTURE_INCOMING_DATE = 'تاریخ نامه وارده نمی‌تواند پس از امروز باشد';

/** Is this day ('YYYY-MM-DD', or an instant taken as its day in Tehran) after today in Tehran? */
export function isAfterTehranToday(value: string | Date, now: Date = new Date()): boolean {
  const day =
    typeof value === 'string' && value.length === 10 ? value : toIsoDate(tehranWallClock(new Date(value)));
  return day > tehranToday(now);
}
