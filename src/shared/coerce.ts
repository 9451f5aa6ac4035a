// Form posts carry every value as text: these turn it into what a schema expects.
// Shared by the route field builders (server) and the resource kit (both sides).
import { toLatinDigits } from './persian';

export const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** A decimal integer as typed: a sign, then digits (Persian, Arabic-Indic or Latin),
 *  grouped by thousands with ',' or '٬' or not at all. Not hexadecimal (`0x0e`), an
 *  exponent (`1.4e1`), a fraction or `Infinity`, which `Number()` would all read. */
const DECIMAL_INTEGER = /^[+-]?(?:\d+|\d{1,3}(?:[,٬]\d{3})+)$/;
/** How JavaScript writes a number from 1e21 up (`String(1e300)` is '1e+300'). */
const EXPONENT = /^[+-]?\d+(?:\.\d+)?e[+-]?\d+$/i;
/** The least magnitude JavaScript writes with an exponent: past every column. */
const EXPONENT_FROM = 1e21;

/** '۱۲٬۵۰۰' → 12500; text of nothing but spaces counts as empty; anything else that is not
 *  a decimal integer is passed on for the schema to refuse. A number too large for any
 *  column in the exponent form JavaScript gives it (`1e+300`, a client's `String(1e300)`) is
 *  read, so that it is refused as too large; no exponent ever reads as a value a column holds. */
export function toNumber(value: unknown): unknown {
  const v = emptyToUndefined(value);
  if (typeof v === 'string') {
    const text = toLatinDigits(v.trim());
    if (text === '') return undefined;
    if (EXPONENT.test(text)) {
      const huge = Number(text);
      return Number.isFinite(huge) && Math.abs(huge) >= EXPONENT_FROM ? huge : v;
    }
    if (!DECIMAL_INTEGER.test(text)) return v;
    const n = Number(text.replace(/[,٬]/g, ''));
    return Number.isFinite(n) ? n : v;
  }
  return v;
}

export function toBoolean(value: unknown): unknown {
  const v = emptyToUndefined(value);
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (['true', '1', 'on', 'yes'].includes(s)) return true;
    if (['false', '0', 'off', 'no'].includes(s)) return false;
  }
  // 1 and 0 only: a 2 or a -1 is no answer to a yes-or-no question (left to be refused).
  if (typeof v === 'number') return v === 1 ? true : v === 0 ? false : v;
  return v;
}

/** Only http and https addresses are links we will show as clickable. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}
