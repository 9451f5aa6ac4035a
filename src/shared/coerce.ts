// Form posts carry every value as text: these turn it into what a schema expects.
// Shared by the route field builders (server) and the resource kit (both sides).
import { toLatinDigits } from './persian';

export const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** '۱۲٬۵۰۰' → 12500; anything not a number is passed on for the schema to refuse. */
export function toNumber(value: unknown): unknown {
  const v = emptyToUndefined(value);
  if (typeof v === 'string') {
    const n = Number(toLatinDigits(v.trim()).replace(/[,٬]/g, ''));
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
  if (typeof v === 'number') return v !== 0;
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
