import { describe, expect, it, vi } from 'vitest';
import {
  isAfterTehranToday,
  tehranToday,
  JALALI_MONTH_NAMES,
  PERSIAN_WEEKDAY_NAMES,
  formatJalali,
  formatJalaliLong,
  isLeapJalaliYear,
  isValidJalaliDate,
  jalaliMonthLength,
  jalaliOf,
  jalaliToIsoDate,
  parseIsoDate,
  parseJalali,
  persianWeekdayIndex,
  startOfTehranDay,
  toGregorian,
  toIsoDate,
  toJalali,
  todayIsoDate,
} from '../../src/shared/jalali';
import { groupDigits, toLatinDigits, toPersianDigits } from '../../src/shared/persian-digits';
import { dateToStored, isFriday, storedToDate } from '../../src/ui/jalali/dateValue';
import { JalaliPickerAdapter } from '../../src/ui/jalali/jalaliAdapter';

describe('Jalali ↔ Gregorian', () => {
  it('converts known pairs both ways', () => {
    const pairs: Array<[string, string]> = [
      ['1403/01/01', '2024-03-20'],
      ['1403/12/30', '2025-03-20'],
      ['1404/01/01', '2025-03-21'],
      ['1399/12/30', '2021-03-20'],
      ['1400/01/01', '2021-03-21'],
      ['1402/10/11', '2024-01-01'],
      ['1357/11/22', '1979-02-11'],
    ];
    for (const [jalali, iso] of pairs) {
      expect(parseJalali(jalali)).toBe(iso);
      expect(formatJalali(iso)).toBe(jalali);
    }
  });

  it('knows the leap years and month lengths', () => {
    expect(isLeapJalaliYear(1403)).toBe(true);
    expect(isLeapJalaliYear(1404)).toBe(false);
    expect(isLeapJalaliYear(1399)).toBe(true);
    expect(isLeapJalaliYear(1400)).toBe(false);
    expect(jalaliMonthLength(1403, 1)).toBe(31);
    expect(jalaliMonthLength(1403, 7)).toBe(30);
    expect(jalaliMonthLength(1403, 12)).toBe(30);
    expect(jalaliMonthLength(1404, 12)).toBe(29);
  });

  it('refuses days that do not exist', () => {
    expect(parseJalali('1404/12/30')).toBeNull();
    expect(parseJalali('1403/13/01')).toBeNull();
    expect(parseJalali('1403/00/10')).toBeNull();
    expect(parseJalali('1403/07/31')).toBeNull();
    expect(parseJalali('1403/01/00')).toBeNull();
    expect(parseJalali('not a date')).toBeNull();
    expect(parseJalali('')).toBeNull();
    expect(isValidJalaliDate({ year: 1403, month: 12, day: 30 })).toBe(true);
    expect(isValidJalaliDate({ year: 1404, month: 12, day: 30 })).toBe(false);
    expect(parseIsoDate('2025-02-29')).toBeNull();
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    // Years 0–99 are their own, not 1900–1999 (Date.UTC's reading).
    expect(parseIsoDate('0099-12-31')).toEqual({ year: 99, month: 12, day: 31 });
    expect(parseIsoDate('0004-02-29')).toEqual({ year: 4, month: 2, day: 29 });
    expect(parseIsoDate('0001-02-29')).toBeNull();
    expect(startOfTehranDay('0050-06-01')!.getUTCFullYear()).toBe(50);
    // Year 0 is «1 BC» to Intl: read with its era, the day is year 0's, not a year off
    // (review probe helper-94).
    for (const day of ['0000-01-01', '0001-01-01', '0000-06-01']) {
      const start = startOfTehranDay(day)!;
      expect(todayIsoDate(start), day).toBe(day);
    }
  });

  it('accepts Persian digits, short parts and dashes', () => {
    expect(parseJalali('۱۴۰۳/۱۲/۳۰')).toBe('2025-03-20');
    expect(parseJalali(' 1403/1/1 ')).toBe('2024-03-20');
    expect(parseJalali('1403-01-01')).toBe('2024-03-20');
  });

  it('round-trips every day from 1390 to 1410', () => {
    let day = Date.UTC(2011, 2, 21); // 1 Farvardin 1390
    const end = Date.UTC(2032, 2, 20);
    let previous = toJalali({ year: 2011, month: 3, day: 20 });
    for (; day <= end; day += 86_400_000) {
      const at = new Date(day);
      const iso = toIsoDate({ year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() });
      const jalali = toJalali(parseIsoDate(iso)!);
      expect(jalaliToIsoDate(jalali)).toBe(iso);
      expect(parseJalali(formatJalali(iso))).toBe(iso);
      // Consecutive: next day, or first of the next month / year.
      const continues = jalali.day === previous.day + 1 && jalali.month === previous.month;
      const newMonth = jalali.day === 1 && previous.day === jalaliMonthLength(previous.year, previous.month);
      expect(continues || newMonth).toBe(true);
      previous = jalali;
    }
  });

  it('converts parts directly', () => {
    expect(toGregorian({ year: 1403, month: 12, day: 30 })).toEqual({ year: 2025, month: 3, day: 20 });
    expect(toJalali({ year: 2025, month: 3, day: 21 })).toEqual({ year: 1404, month: 1, day: 1 });
  });
});

describe('Iran time zone', () => {
  it('shows an instant as the day in Tehran', () => {
    // 21:00 UTC is 00:30 the next day in Tehran (+03:30).
    expect(formatJalali('2025-03-20T21:00:00Z')).toBe('1404/01/01');
    expect(formatJalali('2025-03-20T20:29:00Z')).toBe('1403/12/30');
    expect(formatJalali('2025-03-20T20:30:00Z')).toBe('1404/01/01');
    expect(formatJalali(new Date('2025-03-20T21:00:00Z'), { withTime: true })).toBe('1404/01/01 00:30');
    expect(todayIsoDate(new Date('2025-03-20T21:00:00Z'))).toBe('2025-03-21');
  });

  it('never shifts a date-only value', () => {
    expect(formatJalali('2025-03-20')).toBe('1403/12/30');
    expect(formatJalali('2025-03-20', { withTime: true })).toBe('1403/12/30');
    expect(jalaliOf('2025-03-21')).toEqual({ year: 1404, month: 1, day: 1 });
  });

  it('finds the instant a Tehran day starts, before and after summer time ended', () => {
    expect(startOfTehranDay('2025-03-21')!.toISOString()).toBe('2025-03-20T20:30:00.000Z');
    expect(startOfTehranDay('2025-07-01')!.toISOString()).toBe('2025-06-30T20:30:00.000Z');
    // Summer 2021 still had +04:30.
    expect(startOfTehranDay('2021-07-01')!.toISOString()).toBe('2021-06-30T19:30:00.000Z');
    expect(formatJalali(startOfTehranDay('2021-07-01')!)).toBe('1400/04/10');
    expect(startOfTehranDay('bad')).toBeNull();
  });

  it('treats empty and invalid values as nothing', () => {
    expect(formatJalali(null)).toBe('');
    expect(formatJalali(undefined)).toBe('');
    expect(formatJalali('')).toBe('');
    expect(formatJalali('garbage')).toBe('');
  });
});

describe('names', () => {
  it('has Persian month and weekday names, Saturday first', () => {
    expect(JALALI_MONTH_NAMES).toHaveLength(12);
    expect(JALALI_MONTH_NAMES[0]).toBe('فروردین');
    expect(JALALI_MONTH_NAMES[11]).toBe('اسفند');
    expect(PERSIAN_WEEKDAY_NAMES[0]).toBe('شنبه');
    expect(PERSIAN_WEEKDAY_NAMES[6]).toBe('جمعه');
    expect(persianWeekdayIndex('2025-03-21')).toBe(6); // a Friday
    expect(persianWeekdayIndex('2025-03-22')).toBe(0); // a Saturday
    expect(formatJalaliLong('2025-03-20')).toBe('30 اسفند 1403');
  });
});

describe('Persian digits', () => {
  it('converts both ways', () => {
    expect(toPersianDigits('1403/12/30')).toBe('۱۴۰۳/۱۲/۳۰');
    expect(toPersianDigits(2025)).toBe('۲۰۲۵');
    expect(toPersianDigits(null)).toBe('');
    expect(toLatinDigits('۱۴۰۳/۱۲/۳۰')).toBe('1403/12/30');
  });

  it('groups money', () => {
    expect(groupDigits(1234567)).toBe('۱٬۲۳۴٬۵۶۷');
    expect(groupDigits(1234567, { persian: false })).toBe('1,234,567');
    expect(groupDigits(999)).toBe('۹۹۹');
    expect(groupDigits(0)).toBe('۰');
    expect(groupDigits(-25000)).toBe('-۲۵٬۰۰۰');
    expect(groupDigits('۱۲۳۴۵')).toBe('۱۲٬۳۴۵');
    expect(groupDigits(1234.5)).toBe('۱٬۲۳۴٫۵');
    expect(groupDigits(null)).toBe('');
  });
});

describe('date picker values', () => {
  const zones = ['Asia/Tehran', 'America/Los_Angeles', 'Pacific/Kiritimati', 'UTC'];
  const originalZone = process.env.TZ;

  it('keeps a date-only value on the same day in any browser time zone', () => {
    try {
      for (const zone of zones) {
        process.env.TZ = zone;
        for (const iso of ['2025-03-20', '2025-03-21', '2024-03-20', '2021-09-22', '2021-03-21']) {
          const date = storedToDate(iso)!;
          expect(dateToStored(date)).toBe(iso);
          expect(date.getHours()).toBe(0);
        }
        expect(isFriday(storedToDate('2025-03-21')!)).toBe(true);
        expect(isFriday(storedToDate('2025-03-22')!)).toBe(false);
      }
    } finally {
      process.env.TZ = originalZone;
    }
  });

  it('keeps instants as instants with withTime, and refuses invalid values', () => {
    expect(dateToStored(storedToDate('2025-03-20T21:00:00.000Z', true), true)).toBe(
      '2025-03-20T21:00:00.000Z',
    );
    expect(storedToDate('')).toBeNull();
    expect(storedToDate('2025-02-30')).toBeNull();
    expect(dateToStored(new Date(NaN))).toBeNull();
    expect(dateToStored(null)).toBeNull();
  });
});

describe("the pickers' Jalali adapter", () => {
  const adapter = new JalaliPickerAdapter();
  const esfand30of1403 = new Date(2025, 2, 20);

  it('starts the week on Saturday', () => {
    expect(adapter.startOfWeek(new Date(2025, 2, 19)).getDay()).toBe(6);
  });

  it('takes "now" as the clock in Tehran: today is Tehran’s, whatever the device’s time zone', () => {
    vi.useFakeTimers();
    try {
      // 22:00 UTC on 27 November is 01:30 on the 28th in Tehran.
      vi.setSystemTime(new Date('2026-11-27T22:00:00Z'));
      const now = adapter.date();
      expect([
        now.getFullYear(),
        now.getMonth() + 1,
        now.getDate(),
        now.getHours(),
        now.getMinutes(),
      ]).toEqual([2026, 11, 28, 1, 30]);
      // A given value is read as it was.
      expect(adapter.date('2025-03-20T08:00:00Z')?.getTime()).toBe(Date.parse('2025-03-20T08:00:00Z'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows Persian digits and reads both kinds back', () => {
    expect(adapter.formatByString(esfand30of1403, 'yyyy/MM/dd')).toBe('۱۴۰۳/۱۲/۳۰');
    expect(adapter.format(esfand30of1403, 'dayOfMonth')).toBe('۳۰');
    expect(dateToStored(adapter.parse('۱۴۰۳/۱۲/۳۰', 'yyyy/MM/dd'))).toBe('2025-03-20');
    expect(dateToStored(adapter.parse('1403/12/30', 'yyyy/MM/dd'))).toBe('2025-03-20');
    expect(dateToStored(adapter.parse('1404/12/30', 'yyyy/MM/dd'))).toBeNull();
  });

  it('changes the year of Esfand 30 to Esfand 29 of a common year, not to Farvardin', () => {
    expect(adapter.formatByString(adapter.setYear(esfand30of1403, 1404), 'yyyy/MM/dd')).toBe('۱۴۰۴/۱۲/۲۹');
    expect(adapter.formatByString(adapter.setYear(esfand30of1403, 1399), 'yyyy/MM/dd')).toBe('۱۳۹۹/۱۲/۳۰');
    expect(adapter.formatByString(adapter.setYear(new Date(2024, 4, 10), 1404), 'yyyy/MM/dd')).toBe(
      '۱۴۰۴/۰۲/۲۱',
    );
  });
});

describe('one Jalali library', () => {
  it('is date-fns-jalali on client and server; dayjs, jalaliday and jalaali-js are gone', async () => {
    const { readFile } = await import('node:fs/promises');
    const pkg = JSON.parse(await readFile('package.json', 'utf8')) as Record<string, Record<string, string>>;
    const declared = { ...pkg.dependencies, ...pkg.devDependencies };
    expect(declared).toHaveProperty('date-fns-jalali');
    for (const name of ['dayjs', 'jalaliday', 'jalaali-js', '@types/jalaali-js']) {
      expect(declared).not.toHaveProperty(name);
    }
  });

  it('walks two centuries day by day without a gap or a repeat', () => {
    let gregorian = toGregorian({ year: 1350, month: 1, day: 1 });
    let previous = { year: 1350, month: 1, day: 1 };
    expect(toJalali(gregorian)).toEqual(previous);
    for (let step = 0; step < 200 * 366; step++) {
      const next = new Date(Date.UTC(gregorian.year, gregorian.month - 1, gregorian.day + 1));
      gregorian = { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
      const jalali = toJalali(gregorian);
      const expected =
        previous.day < jalaliMonthLength(previous.year, previous.month)
          ? { ...previous, day: previous.day + 1 }
          : previous.month < 12
            ? { year: previous.year, month: previous.month + 1, day: 1 }
            : { year: previous.year + 1, month: 1, day: 1 };
      expect(jalali).toEqual(expected);
      expect(toGregorian(jalali)).toEqual(gregorian);
      previous = jalali;
    }
  });
});

describe('after today in Tehran', () => {
  // 2026-11-27 21:00 UTC is already 2026-11-28 in Tehran (UTC+3:30).
  const lateEvening = new Date('2026-11-27T21:00:00Z');

  it('judges a day by Tehran, not by UTC', () => {
    expect(tehranToday(lateEvening)).toBe('2026-11-28');
    expect(isAfterTehranToday('2026-11-28', lateEvening)).toBe(false);
    expect(isAfterTehranToday('2026-11-29', lateEvening)).toBe(true);
  });

  it('takes an instant as its day in Tehran', () => {
    expect(isAfterTehranToday(new Date('2026-11-28T19:00:00Z'), lateEvening)).toBe(false); // 22:30 on the 28th
    expect(isAfterTehranToday(new Date('2026-11-28T21:00:00Z'), lateEvening)).toBe(true); // 00:30 on the 29th
  });
});
