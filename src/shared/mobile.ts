// An Iranian mobile number as people write it — «۰۹۱۲ ۳۴۵ ۶۷۸۹», «0912-345-6789»,
// «+989123456789», «00989123456789», «(0912) 3456789» — in the one form it is stored and
// signed in with: 09 and nine digits, Latin.
import { toLatinDigits } from './persian';

export const MOBILE_PATTERN = /^09\d{9}$/;

/** The number in its stored form; what is not a mobile comes back without its spaces and
 *  dashes only, for the caller's own check to refuse. */
export function normalMobile(text: string): string {
  const digits = toLatinDigits(text)
    .replace(/[\s\u200c\u200e\u200f\-().]/g, '')
    .replace(/^\+/, '00');
  if (/^00989\d{9}$/.test(digits)) return `0${digits.slice(4)}`;
  if (/^989\d{9}$/.test(digits)) return `0${digits.slice(2)}`;
  if (/^9\d{9}$/.test(digits)) return `0${digits}`;
  return digits;
}
