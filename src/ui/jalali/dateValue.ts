// Between the stored value of a date field and the Date the picker works with.
// A date-only value ('YYYY-MM-DD') becomes local midnight of that calendar day and back
// through local parts, so the browser's time zone can never move it by a day.
import { parseIsoDate, toIsoDate } from '../../shared/jalali';

export function storedToDate(value: string | null | undefined, withTime = false): Date | null {
  if (!value) return null;
  if (!withTime) {
    const parts = parseIsoDate(value.slice(0, 10));
    return parts ? new Date(parts.year, parts.month - 1, parts.day) : null;
  }
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

export function dateToStored(date: Date | null, withTime = false): string | null {
  if (!date || Number.isNaN(date.getTime())) return null;
  if (withTime) return date.toISOString();
  return toIsoDate({ year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() });
}

/** Friday is the Persian weekend (Date.getDay: Sunday 0 … Friday 5). */
export const isFriday = (date: Date) => date.getDay() === 5;
