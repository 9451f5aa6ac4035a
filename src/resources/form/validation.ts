// Client-side checks from the very schemas the server binds (kit `inputSchema`), one field
// at a time, in the server's words: «{label} الزامی است», «… معتبر نیست», …
// A field is required when its schema refuses a missing value; react-admin marks it with *.
import type { Validator } from 'react-admin';
import { inputSchema, type Resource } from '../../schemas';

export type FormMode = 'create' | 'edit';

type Issue = { code: string; message: string; origin?: string; minimum?: unknown };

const PERSIAN = /[\u0600-\u06FF]/;

const isAbsent = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** One zod issue as a Persian sentence naming the field (as server/http/binding.ts words it). */
export function issueMessage(label: string, issue: Issue, value: unknown): string {
  if (PERSIAN.test(issue.message)) return issue.message;
  const minimumOne = issue.code === 'too_small' && Number(issue.minimum) === 1;
  if ((issue.code === 'invalid_type' && isAbsent(value)) || (minimumOne && issue.origin !== 'number')) {
    return `${label} الزامی است`;
  }
  if (issue.code === 'too_big') return `${label} بیش از حد طولانی است`;
  if (issue.code === 'too_small') return `${label} کوتاه‌تر از حد مجاز است`;
  return `${label} معتبر نیست`;
}

export interface FieldRule {
  validate: Validator;
  required: boolean;
}

/** The validator of every field of the form (readOnlyOnEdit fields are not checked on edit). */
export function fieldRules(resource: Resource, mode: FormMode): Record<string, FieldRule> {
  const shape = inputSchema(resource, mode === 'create' ? 'create' : 'update').shape;
  const rules: Record<string, FieldRule> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    const schema = shape[resource.inputName(name)];
    if (!schema) continue;
    const label = schema.description ?? field.meta.label;
    const required = !schema.safeParse(undefined).success;
    const validate = (value: unknown) => {
      const result = schema.safeParse(value);
      return result.success ? undefined : issueMessage(label, result.error.issues[0] as Issue, value);
    };
    rules[name] = { validate: Object.assign(validate, { isRequired: required }), required };
  }
  return rules;
}

/** Create defaults: what each schema makes of a missing value (a switch's default, [] …). */
export function defaultValues(resource: Resource): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    const parsed = field.schema.safeParse(undefined);
    if (parsed.success && parsed.data !== undefined) values[name] = parsed.data;
  }
  return values;
}
