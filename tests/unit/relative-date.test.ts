// The notifications' times (src/layout/notifications/relativeDate.ts): minutes and hours
// as such, days as Tehran's calendar days, older than a week as the Jalali day.
import { describe, expect, it } from 'vitest';
import { relativeJalali } from '../../src/layout/notifications/relativeDate';

// Tehran is UTC+03:30: 20:30Z is midnight there.
const at = (iso: string) => new Date(iso);

describe('relativeJalali', () => {
  it('says moments, minutes and hours within the day', () => {
    expect(relativeJalali('2026-11-24T10:00:00Z', at('2026-11-24T10:00:30Z'))).toBe('لحظاتی پیش');
    expect(relativeJalali('2026-11-24T10:00:00Z', at('2026-11-24T10:05:00Z'))).toBe('۵ دقیقه پیش');
    expect(relativeJalali('2026-11-24T10:00:00Z', at('2026-11-24T15:30:00Z'))).toBe('۵ ساعت پیش');
    // Twenty minutes across Tehran's midnight are twenty minutes.
    expect(relativeJalali('2026-11-24T20:20:00Z', at('2026-11-24T20:40:00Z'))).toBe('۲۰ دقیقه پیش');
  });

  it("counts days as Tehran's calendar days (probe helper-91)", () => {
    // Monday 23:59 in Tehran, seen early on Wednesday: two days ago, though 24.5 hours.
    expect(relativeJalali('2026-11-23T20:29:00Z', at('2026-11-24T21:00:00Z'))).toBe('پریروز');
    // 23:00 in Tehran, seen at 01:00 the next day: yesterday, though two hours.
    expect(relativeJalali('2026-11-24T19:30:00Z', at('2026-11-24T21:30:00Z'))).toBe('دیروز');
    expect(relativeJalali('2026-11-20T10:00:00Z', at('2026-11-24T10:00:00Z'))).toBe('۴ روز پیش');
  });

  it('gives the Jalali day from a week on, and nothing for no date', () => {
    expect(relativeJalali('2026-11-17T10:00:00Z', at('2026-11-24T10:00:00Z'))).toBe('۱۴۰۵/۰۸/۲۶');
    expect(relativeJalali('not a date', at('2026-11-24T10:00:00Z'))).toBe('');
  });
});
