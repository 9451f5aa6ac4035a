// The building blocks of master-data resources. A resource is a zod schema whose fields
// carry their Persian label, SQL column and how they show in tables and forms; the same
// definition validates on the server, drives the generic CRUD engine and builds the
// screens. Pure: imported by client and server alike.
import { z } from 'zod';
import type { Permission } from '../shared/permissions';
import { cleanPersianText, hasVisibleText, toLatinDigits } from '../shared/persian';
import { emptyToUndefined, isHttpUrl, toBoolean, toNumber } from '../shared/coerce';
import { amount, int32, recordId } from '../shared/integers';
import { isFormDay, tehranWallClock, toIsoDate } from '../shared/jalali';
import { formYearsMessage, lengthLimit } from '../shared/validation-messages';
import { MOBILE_PATTERN, normalMobile } from '../shared/mobile';
import type { ColumnName, FieldName, FieldsOfKind } from './resource-types';

export type FieldKind =
  | 'text'
  | 'multiline'
  | 'number'
  | 'money'
  | 'boolean'
  | 'date'
  | 'reference'
  | 'references'
  | 'treeParent'
  | 'enum'
  | 'tags'
  | 'stringList'
  | 'password'
  | 'file'
  | 'image';

export interface FieldMeta {
  kind: FieldKind;
  label: string;
  /** SQL column; derived from the field name (snake_case) unless given. */
  column?: string;
  /** Shown as a table column. */
  list?: boolean;
  /** Part of the phrase search. */
  search?: boolean;
  /** reference / references / treeParent: the resource name it points to. */
  resource?: string;
  /** enum: the choices. */
  options?: ReadonlyArray<{ id: number; value: string }>;
  /** stringList: the call (below /api) whose `records: [{id, value}]` are the allowed values. */
  choicesFrom?: string;
  /** Shown but not changeable once the record exists (e.g. a person's mobile). */
  readOnlyOnEdit?: boolean;
  /** Shown, never set by the client: kept by the server (a numbering scheme's last number). */
  readOnly?: boolean;
  /** Needed when creating, optional when editing (a password; a template's file). */
  requiredOnCreate?: boolean;
  /** file: the types its picker offers (react-dropzone's form: MIME type → extensions). */
  accept?: Readonly<Record<string, readonly string[]>>;
  /** file: what the form says of a file of another type, as the server says it. */
  acceptMessage?: string;
  /** Never sent back to the client (passwords). */
  writeOnly?: boolean;
  /** Not stored in the resource's table: handled by the resource's own hooks. */
  virtual?: boolean;
  /** reference: offer (and accept) only records of the target whose list filter `filter`
   *  equals this record's `field` — a city of the chosen province. An empty `field` is
   *  filled from the chosen record. */
  narrowedBy?: { field: string; filter: string };
  /** Written with digits only (a phone, a national code): shown with Persian digits,
   *  stored and sent with Latin ones. */
  digits?: boolean;
  /** Help text under the form field. */
  hint?: string;
  /** image: the call (below /api) that takes the picture (`File`, base64) and answers its `fullPath`;
   *  `{resource}/fileuploader` unless given (blog/fileuploader in the specification). */
  uploadPath?: string;
  /** boolean: the words a table cell shows for true and false (e.g. «عمومی» / «اختصاصی») instead of a check or cross. */
  booleanLabels?: readonly [trueLabel: string, falseLabel: string];
  /** number / boolean: the value a new row gets when nothing is written (the column's DEFAULT). */
  default?: number | boolean;
  /** boolean: the record's «فعال» switch (f.active): an inactive record is not offered by
   *  pickers nor newly chosen by a save; one already chosen stays. */
  marksActive?: boolean;
}

/**
 * A field: its schema (validation, coercion, Persian label) and how it is stored and
 * shown. `V` is what the schema outputs and `M` the meta as the definition wrote it
 * (kind, column, virtual, …): the compiler reads both (resource-types.ts).
 */
export interface Field<V = unknown, M extends FieldMeta = FieldMeta> {
  schema: z.ZodType<V>;
  meta: M;
}

/** A definition's fields by name. */
export type Fields = Record<string, Field>;

// A text of only invisible marks (a zero-width non-joiner, direction marks) is empty to a
// reader: a required one is missing, an optional one is stored empty.
const textSchema = (required: boolean, max: number) =>
  z.preprocess(
    (v) =>
      typeof v === 'string' ? (hasVisibleText(v) ? cleanPersianText(v) : '') : v === null ? undefined : v,
    required ? z.string().min(1).max(max) : z.string().max(max).optional(),
  );

/** A string that must pass `ok`; '' counts as missing. Given `max`, a longer string is
 *  refused as too long («… بیش از حد طولانی است») before `ok` reads it. */
function stringRule(required: boolean, ok: (s: string) => boolean, message: string, max?: number) {
  const text = max === undefined ? z.string() : z.string().max(max, { abort: true });
  const rule = text.refine(ok, { message });
  return required ? rule : rule.optional();
}

/**
 * The longest value a field of each kind takes unless its definition says (`max`). Their
 * columns are `text`, which hold anything, so the kit is what bounds them: a line of text
 * and a multi-line one as the forms hold them, a digits field well past any real phone (with
 * its country code), national id or economic code, an e-mail address as SMTP carries it
 * (RFC 5321), an address as long as `download/link` and the route fields take one.
 */
export const DEFAULT_MAX = { text: 300, multiline: 4000, digits: 20, email: 254, url: 2000 } as const;

/** A date-only field's value: `YYYY-MM-DD` (the client's date inputs), or an ISO 8601
 *  date-time — without an offset its date as written (`1990-05-21T00:00:00`, the
 *  specification's clients), with one (`Z`, `+03:30`) the day that instant falls on in
 *  Tehran, as the client shows instants. Anything else (a day no month has, a time past
 *  23:59, trailing text, what `Date.parse` forgives) is undefined. */
function dayOf(text: string): string | undefined {
  if (z.iso.date().safeParse(text).success) return text;
  if (!z.iso.datetime({ offset: true, local: true }).safeParse(text).success) return undefined;
  if (!/(?:Z|[+-]\d{2}:\d{2})$/.test(text)) return text.slice(0, 10);
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? undefined : toIsoDate(tehranWallClock(instant));
}

/** Tags as the client sends them: a list of texts (JSON, or a form's repeated key), or
 *  one text of them separated by commas (a form's single key); nothing, null or '' for
 *  none. Each is cleaned and empty ones dropped; anything else is left for the schema to
 *  refuse — never turned into text (`[object Object]`) or into no tags. */
function tagList(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return [];
  const items = typeof value === 'string' ? value.split(/[,،]/) : value;
  if (!Array.isArray(items)) return value;
  return items.flatMap((item: unknown) => {
    if (typeof item !== 'string') return [item];
    const tag = cleanPersianText(item);
    return tag ? [tag] : [];
  });
}

/** Where uploaded pictures are served: /media/{resource table}/{random name}.{type}. */
export const IMAGE_PATH = /^\/media\/[a-z0-9_]+\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

type Opts = Partial<Omit<FieldMeta, 'kind' | 'label'>> & { required?: boolean; max?: number };
/** A builder called without options. */
type NoOptions = Record<never, never>;

/** The meta a builder leaves on a field: its kind and label, and the options as written
 *  (`required` and `max` shape the schema only). */
type MetaOf<K extends FieldKind, O> = { kind: K; label: string } & Omit<O, 'required' | 'max'>;

/** What a schema outputs: `T`, or `T | undefined` unless the options make it required. The
 *  builders choose the schema at run time, which the compiler cannot follow: they say it. */
type Outputs<T, O> = z.ZodType<O extends { required: true } ? T : T | undefined>;

function make<K extends FieldKind, V, O extends Opts>(
  kind: K,
  label: string,
  schema: z.ZodType<V>,
  opts: O,
): Field<V, MetaOf<K, O>> {
  const { required: _r, max: _m, ...meta } = opts;
  return { schema: schema.describe(label), meta: { kind, label, ...meta } as MetaOf<K, O> };
}

/** `{ ...defaults, ...opts }`, typed as such: an option given replaces its default. */
const withDefaults = <D extends object, O extends object>(defaults: D, opts: O) =>
  ({ ...defaults, ...opts }) as Omit<D, keyof O> & O;

// Each builder is generic over its options (`const O`), so a field's type keeps what its
// definition says: `required`, `column`, `virtual`, `default`, a `narrowedBy` field name.
export const f = {
  text: <const O extends Opts = NoOptions>(label: string, opts: O = {} as O) =>
    make(
      'text',
      label,
      textSchema(opts.required ?? false, opts.max ?? DEFAULT_MAX.text) as Outputs<string, O>,
      opts,
    ),
  /** The text that names a record: required, a table column, searched (200 characters unless given). */
  title: <const O extends Opts = NoOptions>(label: string, opts: O = {} as O) =>
    f.text(label, withDefaults({ required: true, list: true, search: true, max: 200 } as const, opts)),
  /** The usual «فعال» switch: a table column, on for a new record. */
  active: () => f.boolean('فعال', { list: true, default: true, marksActive: true }),
  multiline: <const O extends Opts = NoOptions>(label: string, opts: O = {} as O) =>
    make(
      'multiline',
      label,
      textSchema(opts.required ?? false, opts.max ?? DEFAULT_MAX.multiline) as Outputs<string, O>,
      opts,
    ),
  /** Digits only (phone, fax, postal code, national id); Persian digits accepted; at most
   *  `max` digits (20 unless given). */
  digits: <const O extends Opts = NoOptions>(label: string, opts: O = {} as O) =>
    make(
      'text',
      label,
      z.preprocess(
        (v) =>
          typeof v === 'string' ? toLatinDigits(v).replace(/[\s-]/g, '') || undefined : emptyToUndefined(v),
        stringRule(
          opts.required ?? false,
          (s) => /^\d+$/.test(s),
          `${label} باید فقط شامل رقم باشد`,
          opts.max ?? DEFAULT_MAX.digits,
        ),
      ) as Outputs<string, O>,
      { digits: true, ...opts },
    ),
  /** An e-mail address, at most `max` characters (254 unless given). */
  email: <const O extends Opts = NoOptions>(label: string, opts: O = {} as O) =>
    make(
      'text',
      label,
      z.preprocess(
        (v) => (typeof v === 'string' ? v.trim() || undefined : emptyToUndefined(v)),
        stringRule(
          opts.required ?? false,
          (s) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s),
          `${label} معتبر نیست`,
          opts.max ?? DEFAULT_MAX.email,
        ),
      ) as Outputs<string, O>,
      opts,
    ),
  mobile: <const O extends Opts = NoOptions>(label: string, opts: O = {} as O) =>
    make(
      'text',
      label,
      z.preprocess(
        // As people write it (+98, 0098, spaces, dashes, brackets), as sign-in reads it.
        (v) => (typeof v === 'string' ? normalMobile(v) || undefined : emptyToUndefined(v)),
        stringRule(
          opts.required ?? false,
          (s) => MOBILE_PATTERN.test(s),
          `${label} باید با ۰۹ شروع شود و ۱۱ رقم باشد`,
        ),
      ) as Outputs<string, O>,
      { hint: '۰۹ و ۹ رقم', digits: true, ...opts },
    ),
  /** An http(s) address, at most `max` characters (2000 unless given). */
  url: <const O extends Opts = NoOptions>(label: string, opts: O = {} as O) =>
    make(
      'text',
      label,
      z.preprocess(
        (v) => (typeof v === 'string' ? v.trim() || undefined : emptyToUndefined(v)),
        stringRule(
          opts.required ?? false,
          isHttpUrl,
          `${label} باید نشانی معتبری با http یا https باشد`,
          opts.max ?? DEFAULT_MAX.url,
        ),
      ) as Outputs<string, O>,
      opts,
    ),
  number: <const O extends Opts = NoOptions>(label: string, opts: O = {} as O) =>
    make(
      'number',
      label,
      z.preprocess(toNumber, opts.required ? int32() : int32().optional()) as Outputs<number, O>,
      opts,
    ),
  /** An integer amount of rials (or toman where the specification says so). */
  money: <const O extends Opts = NoOptions>(label: string, opts: O = {} as O) =>
    make(
      'money',
      label,
      z.preprocess(toNumber, opts.required ? amount() : amount().optional()) as Outputs<number, O>,
      opts,
    ),
  boolean: <const O extends Opts & { default?: boolean } = NoOptions>(label: string, opts: O = {} as O) =>
    make(
      'boolean',
      label,
      z.preprocess((v) => toBoolean(v) ?? opts.default ?? false, z.boolean()),
      opts,
    ),
  /** A date-only value, 'YYYY-MM-DD' (entered as Jalali on screen), within the years a form
   *  takes; an ISO date-time is taken as its day (`dayOf`), anything else refused. */
  date: <const O extends Opts = NoOptions>(label: string, opts: O = {} as O) => {
    const invalid = `${label} معتبر نیست`;
    const day = z
      .string()
      .max(40, { message: invalid, abort: true })
      .transform((text, ctx) => {
        const found = dayOf(text);
        if (found === undefined) ctx.addIssue({ code: 'custom', message: invalid });
        else if (!isFormDay(found)) ctx.addIssue({ code: 'custom', message: formYearsMessage(label) });
        else return found;
        return z.NEVER;
      });
    return make(
      'date',
      label,
      z.preprocess(
        (v) => (typeof v === 'string' ? v.trim() || undefined : emptyToUndefined(v)),
        opts.required ? day : day.optional(),
      ) as Outputs<string, O>,
      opts,
    );
  },
  reference: <const O extends Opts = NoOptions>(label: string, resource: string, opts: O = {} as O) =>
    make(
      'reference',
      label,
      z.preprocess(toNumber, opts.required ? recordId(label) : recordId(label).optional()) as Outputs<
        number,
        O
      >,
      { resource, ...opts },
    ),
  /** Several records of another resource; the engine keeps them in a join table (`Resource.joinTable`). */
  references: <const O extends Opts = NoOptions>(label: string, resource: string, opts: O = {} as O) =>
    make(
      'references',
      label,
      z.preprocess(
        (v) =>
          v === undefined || v === null || v === ''
            ? []
            : (Array.isArray(v) ? v : String(v).split(',')).map(toNumber),
        opts.required ? z.array(recordId(label)).min(1).max(1000) : z.array(recordId(label)).max(1000),
      ),
      { resource, ...opts },
    ),
  /** The parent in a tree of the same resource; records show their `fullName` path. */
  treeParent: <const O extends Opts = NoOptions>(label: string, resource: string, opts: O = {} as O) =>
    make('treeParent', label, z.preprocess(toNumber, recordId(label).optional()), {
      resource,
      ...opts,
    }),
  enumOf: <const O extends Opts = NoOptions>(
    label: string,
    options: ReadonlyArray<{ id: number; value: string }>,
    opts: O = {} as O,
  ) =>
    make(
      'enum',
      label,
      z.preprocess(
        toNumber,
        opts.required
          ? int32().refine((v) => options.some((o) => o.id === v), { message: `${label} معتبر نیست` })
          : int32()
              .refine((v) => options.some((o) => o.id === v), { message: `${label} معتبر نیست` })
              .optional(),
      ) as Outputs<number, O>,
      { options, ...opts },
    ),
  /** Free words (a list of texts, at most 50 of 100 characters each); anything but texts is
   *  refused, «{label} معتبر نیست». */
  tags: <const O extends Opts = NoOptions>(label: string, opts: O = {} as O) =>
    make(
      'tags',
      label,
      z.preprocess(
        tagList,
        z
          .array(
            z
              .string({ message: `${label} معتبر نیست` })
              .max(100, { message: `${label} بیش از حد طولانی است${lengthLimit(100)}` }),
            { message: `${label} معتبر نیست` },
          )
          .max(50, { message: `${label} بیش از حد طولانی است${lengthLimit(50, 'مورد')}` }),
      ),
      opts,
    ),
  /** Several values chosen from a list the server answers (`choicesFrom`), e.g. a person's role names. */
  stringList: <const O extends Opts = NoOptions>(label: string, opts: O = {} as O) =>
    make(
      'stringList',
      label,
      z.preprocess(
        (v) =>
          (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v])
            .map((t) => cleanPersianText(String(t)))
            .filter(Boolean),
        opts.required ? z.array(z.string().max(200)).min(1).max(100) : z.array(z.string().max(200)).max(100),
      ),
      opts,
    ),
  password: <const O extends Opts = NoOptions>(label: string, opts: O = {} as O) =>
    make('password', label, z.preprocess(emptyToUndefined, z.string().min(6).max(200).optional()), {
      writeOnly: true as const,
      ...opts,
    }),
  file: <const O extends Opts = NoOptions>(label: string, opts: O = {} as O) =>
    make('file', label, z.any().optional() as z.ZodType<unknown>, { virtual: true as const, ...opts }),
  /** A picture: its path on the server (`/media/{table}/{name}`, from the upload call), '' for none. */
  image: <const O extends Opts = NoOptions>(label: string, opts: O = {} as O) =>
    make(
      'image',
      label,
      z.preprocess(
        (v) => (v === null || v === undefined ? '' : v),
        stringRule(false, (s) => s === '' || IMAGE_PATH.test(s), `${label} معتبر نیست`).transform(
          (s) => s ?? '',
        ),
      ),
      opts,
    ),
};

/**
 * A resource as written in src/schemas. `F` is its fields: every other place that names a
 * field (title fields, unique keys, filters, the parent, the lock, the rules) accepts only
 * their names, so a misspelt one is a compile error.
 */
export interface ResourceDefinition<F extends Fields = Fields> {
  /** The API entity name: `{name}/list`, `{name}/create`, … */
  name: string;
  /** The client route (spec route table). */
  route: string;
  /** Table title and menu entry, Persian. */
  title: string;
  /** One record, Persian (used in messages: «این بانک …»). */
  singular: string;
  table: string;
  /** The id's API name (bankId, orgUnitId, …). */
  idField: string;
  /** Records belong to the user who made them: nobody else, even in the tenant, sees them
   *  (quick links). The table has a user_id column. */
  ownedByUser?: boolean;
  /** Needed to list, read, create, update and delete (lookups are open to the tenant's
   *  users); `permissions` may name another for an action. */
  permission: Permission;
  /** A permission per action where it is not `permission` (letters: anyone who may read
   *  them lists them, only some may create or delete). */
  permissions?: Partial<Record<ResourceAction, Permission>>;
  fields: F;
  /** The fields that name a record, joined by a space (a person: first and last name);
   *  shown beside references and in selects. Default: the first text field. */
  titleFields?: readonly FieldName<F>[];
  /** Keys no two records of a tenant may share, each a list of field names (a customer's code). */
  unique?: readonly (readonly FieldName<F>[])[];
  /**
   * Records chosen by their title alone (a picker, a menu, a list of names): two whose
   * titles read alike cannot be told apart there, so a title (the first title field) is
   * one of its own among its siblings — the tenant's records of the same `within` (a
   * city's province, a folder's parent), all the tenant's records without one — compared
   * as a search compares (searchKey: ي is ی, «نامه ها» is «نامه‌ها», a tatweel or a
   * presentation form is the letter). Refused with `message(title as typed)` on a create
   * and on an update that changes the title as it reads or the `within`; twins saved
   * before stay, and are saved as they are (server/masterdata/twin-titles.ts).
   */
  ownTitle?: {
    within?: FieldName<F>;
    /** Spaces, dashes, dots and slashes are no part of the title: an account number
     *  «0101-2233-44» is «۰۱۰۱ ۲۲۳۳ ۴۴» and «0101223344». */
    separatorsIgnored?: boolean;
    message(title: string): string;
  };
  /** Fields a lookup answers beside `{ id, title }`, under their camelCase names: what a
   *  picker of another screen needs to choose (a numbering scheme's type and whether it is
   *  the default), readable by every user of the tenant as the names are. */
  lookupFields?: readonly FieldName<F>[];
  /** Rows per page on screen (spec: 20 for people and numbering schemes). */
  pageSize?: number;
  /** List filters by query parameter name → field name (e.g. parentId → parentFk). */
  filters?: Readonly<Record<string, FieldName<F>>>;
  /** A Persian help text for the help panel. */
  help?: string;
  /**
   * Rows whose boolean `field` is true are fixed: the table offers no edit or delete on them
   * and shows `reason` (the server's refusal, which it enforces anyway) as a tooltip instead.
   */
  lockedWhen?: { field: FieldsOfKind<F, 'boolean'>; reason: string };
  /**
   * A download icon on every row (to every reader, not only writers) that fetches
   * `/api/{path}?{idParam}={id}` with the session in a header (src/api/download.ts: never in a
   * URL) and saves it under the server's name; the call also takes the specification's `&token=`.
   */
  download?: { path: string; idParam: string; label: string };
  /**
   * Records that live under a parent record (a contract's items, a customer's contacts):
   * `field` is the reference to the parent. Its list filter must name the parent (no list
   * of every parent's children at once), the parent must be one the user may see, the
   * parent never changes once set, and deleting the parent deletes its children.
   */
  parent?: { field: FieldsOfKind<F, 'reference'> };
  /** Rules over the whole record, beside the fields' own (a date range, a total): checked
   *  on the record as it will be stored — on update, the stored values merged with the
   *  request's — and refused with the rule's Persian message. */
  rules?: readonly RecordRule<FieldName<F>>[];
}

/** The record as a rule sees it: field name → value (a date as `YYYY-MM-DD`). */
export type RecordValues = Record<string, unknown>;

export interface RecordRule<N extends string = string> {
  /** The field the message is about (a form shows it there). */
  field: N;
  /** Every field the rule reads: the compiler checks they are the resource's. */
  reads: readonly N[];
  message: string;
  holds(record: RecordValues): boolean;
  /** Judged on an edit only when it changes a field the rule reads: a record saved before
   *  the rule existed stays editable (a numbering prefix ending in a digit). */
  onlyWhenChanged?: boolean;
}

/** `later` may not be before `earlier` (either may be empty): a date range. */
export function dateOrder<const E extends string, const L extends string>(
  earlier: E,
  later: L,
  message: string,
): RecordRule<E | L> {
  return {
    field: later,
    reads: [earlier, later],
    message,
    holds: (record) => {
      const from = record[earlier];
      const to = record[later];
      return typeof from !== 'string' || typeof to !== 'string' || !from || !to || from <= to;
    },
  };
}

/** What a call does to a resource: `list` covers list and get. */
export type ResourceAction = 'list' | 'create' | 'update' | 'delete';

/** What the engine and the screens ask of a resource; a field is named by one of `F`'s names. */
export interface ResourceMethods<F extends Fields> {
  /** The permission an action needs (`permissions[action]`, else `permission`). */
  permissionFor(action: ResourceAction): Permission;
  /** camelCase field name → its PascalCase request name. */
  inputName<N extends FieldName<F>>(field: N): Capitalize<N>;
  /** A field's column: its `column`, else its name in snake_case. */
  column<N extends FieldName<F>>(field: N): ColumnName<N, F[N]>;
  listFields(): FieldName<F>[];
  searchFields(): FieldName<F>[];
  treeField(): FieldName<F> | undefined;
  titleFieldNames(): FieldName<F>[];
  /** Is the field a column of the resource's own table? (Not virtual, not a join table.) */
  isColumn(field: FieldName<F>): boolean;
  /** The fields kept in join tables (kind `references`). */
  joinFields(): FieldName<F>[];
  /** The join table of a `references` field: `{table}_{field}` with record_id and ref_id. */
  joinTable(field: FieldName<F>): string;
}

/**
 * A defined resource: its definition `D` as written (literal names, table, fields) and the
 * methods over it. `Resource` alone is any resource, known at run time: what the generic
 * engine and screens take.
 */
export type Resource<D extends { fields: Fields } = ResourceDefinition> = D & ResourceMethods<D['fields']>;

const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
const pascal = <N extends string>(name: N) => (name.charAt(0).toUpperCase() + name.slice(1)) as Capitalize<N>;

const stored = (meta: FieldMeta) => !meta.virtual;

/**
 * A field whose `narrowedBy.field` is not one of `F`: the type it must have instead, so the
 * definition fails to compile there (a reference's options cannot know their siblings).
 */
type NarrowedWithin<F> = {
  [N in keyof F]: F[N] extends { meta: { narrowedBy: { field: infer Within } } }
    ? Within extends keyof F
      ? F[N]
      : { meta: { narrowedBy: { field: FieldName<F> } } }
    : F[N];
};

/** `F` and `D` are read from the definition as written (`const`), names and all. */
export function defineResource<const F extends Fields, const D extends ResourceDefinition<F>>(
  definition: D & { fields: F & NarrowedWithin<F> },
): Resource<D> {
  const fields: Fields = definition.fields;
  const entries = Object.entries(fields);
  for (const [, fd] of entries)
    if (fd.meta.kind === 'image') fd.meta.uploadPath ??= `${definition.name}/fileuploader`;
  const firstText = entries.find(([, fd]) => fd.meta.kind === 'text' && stored(fd.meta))?.[0];
  // Asked for every row of every list: worked out once (a definition does not change).
  const names = (keep: (meta: FieldMeta) => unknown) => {
    const kept = entries.filter(([, fd]) => keep(fd.meta)).map(([name]) => name);
    return () => [...kept];
  };
  const columns = new Map(entries.map(([name, fd]) => [name, fd.meta.column ?? snake(name)]));
  const column = <N extends string>(field: N) =>
    (columns.get(field) ?? snake(field)) as ColumnName<N, Fields[N]>;
  const treeField = names((meta) => meta.kind === 'treeParent')()[0];
  const methods: ResourceMethods<Fields> = {
    inputName: pascal,
    column,
    permissionFor: (action) => definition.permissions?.[action] ?? definition.permission,
    listFields: names((meta) => meta.list),
    searchFields: names((meta) => meta.search),
    treeField: () => treeField,
    titleFieldNames: () => [...(definition.titleFields ?? (firstText ? [firstText] : []))],
    isColumn: (field) => {
      const meta = fields[field]?.meta;
      return Boolean(meta && stored(meta) && meta.kind !== 'references');
    },
    joinFields: names((meta) => meta.kind === 'references' && stored(meta)),
    joinTable: (field) => `${definition.table}_${column(field)}`,
  };
  // The methods work on names at run time; the types above say which names they take.
  return { ...definition, ...(methods as ResourceMethods<D['fields']>) };
}

/** A field the request must carry (its schema refuses a missing value). */
export function isRequired(field: Field): boolean {
  return !field.schema.safeParse(undefined).success;
}

/** Each writable field's schema under its PascalCase request name: what a form checks
 *  field by field, and what the request schema is made of. */
export function fieldSchemas(resource: Resource, mode: 'create' | 'update'): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, fd] of Object.entries(resource.fields)) {
    if (fd.meta.readOnly || (mode === 'update' && fd.meta.readOnlyOnEdit)) continue;
    let schema = fd.schema;
    if (mode === 'create' && fd.meta.requiredOnCreate) {
      schema =
        fd.meta.kind === 'file'
          ? z
              .any()
              .refine((v) => v !== undefined && v !== null && v !== '', {
                message: `${fd.meta.label} الزامی است`,
              })
              .describe(fd.meta.label)
          : z.preprocess(emptyToUndefined, z.string().min(6).max(200)).describe(fd.meta.label);
    }
    shape[pascal(name)] = schema;
  }
  return shape;
}

/**
 * On update a field the request leaves out keeps its stored value: it binds as
 * `undefined`, which the engine does not write. A field that is sent is checked as on
 * create, and one sent empty binds as `null` (cleared) — except a field with a default (a
 * switch, a number with a DEFAULT) and a write-only one (a password), for which empty
 * means "left out" too: they can be changed, never reset by omission.
 */
function keptWhenAbsent(field: Field, schema: z.ZodType): z.ZodType {
  const emptyMeansAbsent =
    field.meta.default !== undefined || field.meta.kind === 'boolean' || Boolean(field.meta.writeOnly);
  const absent = (value: unknown) =>
    value === undefined || (emptyMeansAbsent && (value === null || value === ''));
  return z
    .preprocess((value) => (absent(value) ? undefined : value), schema.transform((v) => v ?? null).optional())
    .describe(field.meta.label);
}

/** The request schema: PascalCase names, as the specification's payloads. */
export function inputSchema(resource: Resource, mode: 'create' | 'update'): z.ZodObject {
  const shape = fieldSchemas(resource, mode);
  if (mode === 'update') {
    for (const [name, fd] of Object.entries(resource.fields)) {
      const key = pascal(name);
      if (shape[key]) shape[key] = keptWhenAbsent(fd, shape[key]);
    }
  }
  return z.object(shape);
}

/**
 * A text that is (part of) a unique key — a numbering scheme's prefix, a customer's code.
 * The server stores it with Latin digits, as digits fields are (server/masterdata/values.ts):
 * «ص1», «ص۱» and «ص١» are one prefix to the reader, and three schemes of them gave letters
 * numbers that read alike. Tables show it in Persian digits.
 */
export function isKeyText(resource: Resource, name: string): boolean {
  return (
    resource.fields[name]?.meta.kind === 'text' &&
    (resource.unique ?? []).some((key) => (key as readonly string[]).includes(name))
  );
}

/** The resource's «فعال» switch (f.active), if it has one. */
export function activeField(resource: Resource): string | undefined {
  return Object.keys(resource.fields).find((name) => resource.fields[name].meta.marksActive);
}
