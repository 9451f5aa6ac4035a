// Between react-admin's records and the master-data contract of one resource (src/schemas):
// a record's id is its `idField` (bankId, orgUnitId…), and writes send every field of the
// resource by its PascalCase name — empty as null, so an update clears it (an edit only the
// fields the user changed: toWriteRequest); never a read-only
// one; multipart only when a file field holds a new file.
import type { RaRecord } from 'react-admin';
import type { Resource } from '../schemas';

export type Row = Record<string, unknown>;

/** The API row with react-admin's `id`, without write-only fields: a password typed into a
 *  create form must not come back as the record react-admin caches, or the next edit form
 *  of that record would open with it filled in. */
export function toRaRecord(resource: Resource, row: Row): RaRecord {
  const record: Row = { ...row, id: row[resource.idField] };
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.meta.writeOnly) delete record[name];
  }
  return record as RaRecord;
}

/** The File a file input holds: a File itself or react-admin's `{ rawFile }`. */
export function fileOf(value: unknown): Blob | undefined {
  if (value instanceof Blob) return value;
  const raw = (value as { rawFile?: unknown } | null | undefined)?.rawFile;
  return raw instanceof Blob ? raw : undefined;
}

export interface WriteRequest {
  body: Row;
  /** A file is attached: send multipart/form-data instead of JSON. */
  multipart: boolean;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';
/** The same value as the form had it when it opened (an array or a choice compared whole). */
const sameValue = (a: unknown, b: unknown) =>
  (isEmpty(a) && isEmpty(b)) || JSON.stringify(a) === JSON.stringify(b);

/**
 * The create/update body of a record: every writable field, PascalCase. Given the record as
 * the form opened on it (`previous`), an update sends only the fields the user changed: a
 * field it leaves out keeps its stored value, so a dialog left open does not undo what
 * another administrator saved meanwhile (another scheme made the default, a title).
 */
export function toWriteRequest(
  resource: Resource,
  data: Row,
  mode: 'create' | 'update',
  previous?: Row,
): WriteRequest {
  const body: Row = {};
  let multipart = false;
  for (const [name, { meta }] of Object.entries(resource.fields)) {
    if (meta.readOnly || (mode === 'update' && meta.readOnlyOnEdit)) continue;
    const key = resource.inputName(name);
    const value = data[name];
    if (mode === 'update' && previous && meta.kind !== 'file' && sameValue(value, previous[name])) continue;
    if (meta.kind === 'file') {
      const file = fileOf(value);
      if (file) {
        body[key] = file;
        multipart = true;
      }
      continue;
    }
    const empty = isEmpty(value);
    // A write-only field (password) left empty keeps what is stored.
    if (meta.writeOnly && empty) continue;
    // A field with a default, emptied, is set back to it: the server reads an empty value of
    // such a field as "left out" and kept the old one while the user was told it was saved.
    body[key] = empty ? (meta.default ?? null) : value;
  }
  // A form post cannot say null, and a field it leaves out keeps its stored value on
  // update: an emptied field goes as '' there.
  if (multipart) for (const key of Object.keys(body)) if (body[key] === null) body[key] = '';
  return { body, multipart };
}

/** The list query: Page, Count (-1 = all), Phrase and the resource's filters. */
export function toListQuery(page: number, perPage: number, filter: Row = {}): Row {
  const { q, ...filters } = filter;
  const query: Row = { Page: perPage < 0 ? 1 : page, Count: perPage, Phrase: q ?? '' };
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') query[key] = value;
  }
  return query;
}
