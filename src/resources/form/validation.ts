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

/** The resource's whole-record rules (a date range) as the form's own check: each broken
 *  rule's message under the field it is about; the server checks the same rules. */
export function recordRules(resource: Resource) {
  const rules = resource.rules ?? [];
  if (!rules.length) return undefined;
  return (values: Record<string, unknown>) =>
    Object.fromEntries(rules.filter((rule) => !rule.holds(values)).map((rule) => [rule.field, rule.message]));
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
