// Digits as a Persian reader expects them: ۰–۹, thousands grouped with «٬», decimals
// with «٫». Latin grouping (',') for places that must stay machine-readable.
export { toLatinDigits } from './persian';

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';

export function toPersianDigits(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(/[0-9]/g, (d) => PERSIAN_DIGITS[Number(d)]);
}

export interface GroupOptions {
  /** Persian digits with «٬» and «٫» (default) or Latin digits with ',' and '.'. */
  persian?: boolean;
}

/** 1234567 → '۱٬۲۳۴٬۵۶۷' (or '1,234,567'); money and counts. '' for non-numbers. */
export function groupDigits(
  value: number | string | null | undefined,
  { persian = true }: GroupOptions = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  const text =
    typeof value === 'number'
      ? String(value)
      : value.trim().replace(/[۰-۹]/g, (d) => String(PERSIAN_DIGITS.indexOf(d)));
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.replace(/[,٬]/g, ''));
  if (!match) return typeof value === 'number' && !Number.isFinite(value) ? '' : String(value);
  const [, sign, whole, fraction] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, persian ? '٬' : ',');
  const number = fraction ? `${grouped}${persian ? '٫' : '.'}${fraction}` : grouped;
  return `${sign}${persian ? toPersianDigits(number) : number}`;
}
