// Client-side checks from the very schemas the server binds (kit `fieldSchemas`), one field
// at a time, in the server's words (src/shared/validation-messages): «{label} الزامی است», …
// A field is required when its schema refuses a missing value; react-admin marks it with *.
import type { Validator } from 'react-admin';
import { fieldSchemas, type Resource } from '../../schemas';
import { fieldMessage, type ValidationIssue } from '../../shared/validation-messages';

export type FormMode = 'create' | 'edit';

export interface FieldRule {
  validate: Validator;
  required: boolean;
}

/** The fields a form shows: read-only fields are the server's, shown (disabled) on Edit,
 *  absent from Add. */
export const shownFields = (resource: Resource, mode: FormMode) =>
  Object.entries(resource.fields).filter(([, field]) => !(field.meta.readOnly && mode === 'create'));

/** The validator of every field of the form (readOnlyOnEdit fields are not checked on edit). */
export function fieldRules(resource: Resource, mode: FormMode): Record<string, FieldRule> {
  const shape = fieldSchemas(resource, mode === 'create' ? 'create' : 'update');
  const rules: Record<string, FieldRule> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    const schema = shape[resource.inputName(name)];
    if (!schema) continue;
    const label = schema.description ?? field.meta.label;
    const required = !schema.safeParse(undefined).success;
    const validate = (value: unknown) => {
      const result = schema.safeParse(value);
      return result.success
        ? undefined
        : fieldMessage(label, result.error.issues[0] as ValidationIssue, value);
    };
    rules[name] = { validate: Object.assign(validate, { isRequired: required }), required };
  }
  return rules;
}

/**
 * The form's own check where a resource has whole-record rules (a date range): react-admin
 * runs a form's `validate` instead of its inputs' (not beside them), so this runs each
 * shown field's rule first, as the inputs would, then each broken record rule's message
 * under the field it is about where that field is otherwise fine. The server checks the same.
 */
export function recordRules(resource: Resource, mode: FormMode, stored?: Record<string, unknown>) {
  const rules = resource.rules ?? [];
  if (!rules.length) return undefined;
  const rulesOf = fieldRules(resource, mode);
  const fields = shownFields(resource, mode).flatMap(([name]) =>
    rulesOf[name] ? [[name, rulesOf[name]] as const] : [],
  );
  return (values: Record<string, unknown>) => {
    const errors: Record<string, unknown> = {};
    for (const [name, rule] of fields) {
      const error = rule.validate(values[name], values, {} as never);
      if (error) errors[name] = error;
    }
    for (const rule of rules) {
      // An edit that leaves what the rule reads as it was is not judged by it (kit onlyWhenChanged).
      if (rule.onlyWhenChanged && stored && rule.reads.every((name) => values[name] === stored[name]))
        continue;
      if (!errors[rule.field] && !rule.holds(values)) errors[rule.field] = rule.message;
    }
    return errors;
  };
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
