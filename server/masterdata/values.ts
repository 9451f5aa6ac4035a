// Between the API's field names and the table's columns: bound input → column values,
// and a row → the record the client reads (camelCase, id under the resource's idField).
import { UserError } from '../http/answers';
import { isKeyText, isRequired, type Field, type Resource } from '../../src/schemas/kit';
import { keyText, storedSearchKey } from '../../src/shared/persian';

export type Row = Record<string, unknown>;

/** Column values for insert/update from bound input (PascalCase keys). */
export function toColumns(
  resource: Resource,
  input: Record<string, unknown>,
  mode: 'create' | 'update',
): Row {
  const values: Row = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    const meta = field.meta;
    if (!resource.isColumn(name)) continue;
    if (meta.readOnly || (mode === 'update' && meta.readOnlyOnEdit)) continue;
    const value = input[resource.inputName(name)];
    // On update a field the request left out keeps its stored value (kit inputSchema).
    if (mode === 'update' && value === undefined) continue;
    // A write-only field (password) left empty keeps what is stored.
    if (meta.writeOnly && (value === undefined || value === null || value === '')) continue;
    // A field with a column default: left out, a new row takes the default, a stored row keeps its value.
    if (meta.default !== undefined && (value === undefined || value === null)) {
      if (mode === 'create') values[resource.column(name)] = meta.default;
      continue;
    }
    const stored = columnValue(meta.kind, value);
    // A key's text as keys compare, whatever digits and marks were typed (kit isKeyText).
    values[resource.column(name)] = isKeyText(resource, name) ? requiredKey(field, String(stored)) : stored;
  }
  return values;
}

/** A key as keys compare; a required one that is nothing but what the fold drops (a
 *  customer's code «ـ», a tatweel, or a lone diacritic) is missing, as an empty one is. */
function requiredKey(field: Field, text: string): string {
  const key = keyText(text);
  if (key === '' && text !== '' && isRequired(field)) throw new UserError(`${field.meta.label} الزامی است`);
  return key;
}

function columnValue(kind: string, value: unknown): unknown {
  if (value !== undefined && value !== null) return value;
  switch (kind) {
    case 'text':
    case 'multiline':
      return '';
    case 'tags':
      return [];
    default:
      return null;
  }
}

/** The normalised, lower-case text the phrase search matches against. */
export function searchText(resource: Resource, values: Row): string {
  return storedSearchKey(
    resource
      .searchFields()
      // A searchable reference is matched through the record it points at (repository.ts).
      .filter((name) => resource.fields[name].meta.kind !== 'reference')
      .map((name) => values[resource.column(name)])
      .filter((v) => v !== undefined && v !== null && v !== '')
      .join(' '),
  );
}

function isoDate(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  return String(value).slice(0, 10);
}

/** A stored (or about to be stored) row as a whole-record rule reads it: field → value,
 *  dates as `YYYY-MM-DD`. */
export function ruleValues(resource: Resource, row: Row): Row {
  return Object.fromEntries(
    Object.entries(resource.fields).map(([name, field]) => {
      const value = row[resource.column(name)];
      return [name, field.meta.kind === 'date' ? isoDate(value) : value];
    }),
  );
}

/** The first whole-record rule the row breaks, as a refusal. On update (`stored`: the row
 *  as it was), a rule marked `onlyWhenChanged` is judged only when the save changes a field
 *  it reads: a record saved before the rule stays editable. */
export function checkRules(resource: Resource, row: Row, stored?: Row) {
  const values = ruleValues(resource, row);
  const before = stored ? ruleValues(resource, stored) : undefined;
  const judged = (resource.rules ?? []).filter(
    (rule) => !rule.onlyWhenChanged || !before || rule.reads.some((name) => values[name] !== before[name]),
  );
  const broken = judged.find((rule) => !rule.holds(values));
  if (broken) throw new UserError(broken.message);
}

/** An update that leaves a key text as it reads (kit isKeyText) keeps it as stored: a key
 *  saved before keys were folded may share its folded form with another record's. */
export function keepKeysAsStored(resource: Resource, values: Row, stored: Row) {
  for (const name of Object.keys(resource.fields)) {
    const column = resource.column(name);
    const kept = stored[column];
    if (
      isKeyText(resource, name) &&
      column in values &&
      typeof kept === 'string' &&
      keyText(kept) === values[column]
    )
      delete values[column];
  }
}

/** A row (with joined `…Title` columns) → the API record. */
export function toRecord(resource: Resource, row: Row): Row {
  const record: Row = { [resource.idField]: row.id };
  for (const [name, field] of Object.entries(resource.fields)) {
    const meta = field.meta;
    if (meta.writeOnly || meta.virtual) continue;
    const value = row[resource.column(name)];
    record[name] =
      meta.kind === 'date' ? isoDate(value) : meta.kind === 'money' && value !== null ? Number(value) : value;
    if (meta.kind === 'reference' || meta.kind === 'treeParent')
      record[`${name}Title`] = row[`${name}Title`] ?? null;
  }
  if (resource.treeField()) record.fullName = row.full_name;
  return record;
}
