// The Persian wording of a validation failure, one sentence naming the field: «عنوان الزامی است»,
// «… معتبر نیست», … The server's parameter binding (server/http/binding.ts) answers with it and
// the client's forms (src/resources/form/validation.ts) check with it, so both say the same.
// Pure: no server or browser imports.
import type { z } from 'zod';
import { FORM_YEARS } from './jalali';
import { groupDigits, toPersianDigits } from './persian-digits';

/** The parts of a zod issue the wording reads. */
export interface ValidationIssue {
  code: string;
  message: string;
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
}

/** « (حداکثر ۲۰۰ نویسه)»: a text too long says how long it may be (a typist can't guess). */
export function lengthLimit(maximum: unknown, unit: 'نویسه' | 'مورد' = 'نویسه'): string {
  return typeof maximum === 'number' && Number.isFinite(maximum)
    ? ` (حداکثر ${groupDigits(maximum)} ${unit})`
    : '';
}

const PERSIAN = /[\u0600-\u06FF]/;

/** One issue of the field labelled `label`, whose submitted value was `value`. A Persian message of the schema's own wins. */
export function fieldMessage(label: string, issue: ValidationIssue, value: unknown): string {
  if (PERSIAN.test(issue.message)) return issue.message;
  const absent = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  const missing =
    (issue.code === 'invalid_type' && absent) ||
    (issue.code === 'too_small' &&
      (issue.origin === 'string' || issue.origin === 'array') &&
      Number(issue.minimum) === 1);
  if (missing) return `${label} الزامی است`;
  const numeric = issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint';
  if (issue.code === 'too_big')
    return numeric
      ? `${label} بیش از حد بزرگ است`
      : `${label} بیش از حد طولانی است${lengthLimit(issue.maximum, issue.origin === 'array' ? 'مورد' : 'نویسه')}`;
  if (issue.code === 'too_small')
    return numeric ? `${label} کمتر از حد مجاز است` : `${label} کوتاه‌تر از حد مجاز است`;
  return `${label} معتبر نیست`;
}

/** A text's length as the server's check counts it (zod's string max): trimmed, in
 *  characters (code points) — an emoji is one, not the two UTF-16 units of `.length`. */
export function textLength(value: string): number {
  return [...value.trim()].length;
}

/** «متن ارجاع بیش از حد طولانی است (حداکثر ۴٬۰۰۰ نویسه)»: what the server says of a text
 *  past `max` once trimmed; undefined when it fits (a form's check). */
export function tooLongText(label: string, max: number, value: unknown): string | undefined {
  return typeof value === 'string' && textLength(value) > max
    ? `${label} بیش از حد طولانی است${lengthLimit(max)}`
    : undefined;
}

/** A date outside the years a form takes (jalali.ts, FORM_YEARS). */
export function formYearsMessage(label: string): string {
  return `${label} باید میان سال‌های ${toPersianDigits(FORM_YEARS.first)} و ${toPersianDigits(FORM_YEARS.last)} باشد`;
}

/** «عنوان الزامی است» and friends for an issue of an object schema, naming the field by its Persian label (its `describe`). */
export function persianMessage(
  schema: z.ZodObject,
  issue: z.core.$ZodIssue,
  raw: Record<string, unknown> = {},
): string {
  const key = String(issue.path[0] ?? '');
  const label = (schema.shape[key] as z.ZodType | undefined)?.description ?? key;
  return fieldMessage(label, issue, raw[key]);
}
