// What the compiler knows of a resource, read from its definition (kit.ts): the names of
// its fields, the record the API answers, the row of its table and the tables of a list
// of resources. Types only: nothing here exists at run time. The engine builds the same
// things at run time (server/masterdata/values.ts, tables.ts): tests/unit/resource-tables.test.ts
// keeps the table types and the generated tables in step, and tests/unit/resource-types.test.ts
// shows what the compiler refuses.
import type { ColumnType, Generated } from 'kysely';
import type { z } from 'zod';
import type { Field, FieldKind, ResourceDefinition } from './kit';

/** The field names of a definition's `fields`. */
export type FieldName<F> = Extract<keyof F, string>;

/** True for a resource known only at run time (`Resource`), whose field names are any string. */
type IsDynamic<F> = string extends FieldName<F> ? true : false;

/** The names of the fields of some kinds (a tree's parent, a child's parent reference);
 *  any name for a resource known only at run time. */
export type FieldsOfKind<F, K extends FieldKind> =
  IsDynamic<F> extends true
    ? string
    : { [N in FieldName<F>]: F[N] extends { meta: { kind: K } } ? N : never }[FieldName<F>];

/** What a field's schema outputs (zod's output type): `T | undefined` unless required. */
export type FieldOutput<Fd extends Field> = z.output<Fd['schema']>;

// ---- column names ----

type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
/** An upper-case letter: one that lower case changes. */
type IsUpper<C extends string> = C extends Lowercase<C> ? false : true;
/** A lower-case letter (one that upper case changes) or a digit. */
type IsLowerOrDigit<C extends string> = C extends Digit ? true : C extends Uppercase<C> ? false : true;

/**
 * snake_case as kit.ts's `snake` makes it: an underscore between a lower-case letter or a
 * digit and the upper-case letter after it, then all lower case (`eCEEmailFk` → `e_ceemail_fk`).
 */
export type SnakeCase<
  S extends string,
  Previous extends string = '',
  Done extends string = '',
> = string extends S
  ? string
  : S extends `${infer C}${infer Rest}`
    ? SnakeCase<
        Rest,
        C,
        `${Done}${IsLowerOrDigit<Previous> extends true ? (IsUpper<C> extends true ? '_' : '') : ''}${Lowercase<C>}`
      >
    : Done;

/** A field's column: its `column` when the definition gives one, else its name in snake_case. */
export type ColumnName<N extends string, Fd> = Fd extends { meta: { column: infer C extends string } }
  ? C
  : SnakeCase<N>;

// ---- the table ----

/** Fields with a column in the resource's own table: stored (not virtual), not in a join table. */
type ColumnFields<F> = {
  [N in FieldName<F>]: F[N] extends { meta: { virtual: true } }
    ? never
    : F[N] extends { meta: { kind: 'references' } }
      ? never
      : N;
}[FieldName<F>];

/** `references` fields: each has its join table. */
type JoinFields<F> = Exclude<FieldsOfKind<F, 'references'>, VirtualFields<F>>;
type VirtualFields<F> = {
  [N in FieldName<F>]: F[N] extends { meta: { virtual: true } } ? N : never;
}[FieldName<F>];

type KindOf<Fd> = Fd extends { meta: { kind: infer K } } ? K : never;
type IsOptional<Fd extends Field> = undefined extends FieldOutput<Fd> ? true : false;
type HasDefault<Fd> = Fd extends { meta: { default: number | boolean } } ? true : false;

/** Kinds stored as text, `NOT NULL DEFAULT ''`: empty is '', never null. */
type TextKind = 'text' | 'multiline' | 'password' | 'image';

/** A date column reads as a Date (pg) or text and is written as 'YYYY-MM-DD'. */
type DateColumn = ColumnType<Date | string, string, string>;
/** created_at: set by the database. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** The value a column holds, as tables.ts's `columnType` declares it. */
type Stored<Fd extends Field> = KindOf<Fd> extends 'date' ? DateColumn : NonNullable<FieldOutput<Fd>>;

/**
 * A field's column type for Kysely. Columns with a default (switches, lists, numbers that
 * name one, optional text) may be left out of an insert (`Generated`); a required field
 * must be written, even where its text column has a default; other optional columns are
 * nullable.
 */
type ColumnOf<Fd extends Field> =
  KindOf<Fd> extends 'boolean' | 'tags' | 'stringList' | 'image'
    ? Generated<Stored<Fd>>
    : HasDefault<Fd> extends true
      ? Generated<Stored<Fd>>
      : IsOptional<Fd> extends false
        ? Stored<Fd>
        : KindOf<Fd> extends TextKind
          ? Generated<Stored<Fd>>
          : Stored<Fd> | null;

/** What a type of a resource's shape needs (any resource, typed or not, has these). */
export type ResourceShape = Pick<ResourceDefinition, 'table' | 'idField' | 'ownedByUser' | 'fields'>;

/** Spells out an intersection as one object type (readable hovers, cheaper checks). */
type Flat<T> = { [K in keyof T]: T[K] };

/** The columns every resource table has. */
interface KeyColumns {
  id: Generated<number>;
  tenant_id: number;
  search_text: Generated<string>;
  created_at: Timestamp;
}

/**
 * The row of a resource's own table, as Kysely types a table: the key columns, a column
 * per stored field under its column name, `full_name` for a tree, `user_id` for records
 * owned by a user. Columns only hooks know (a person's user_fk) are added in
 * server/db/schema.ts. A resource known only at run time has any columns.
 */
export type TableOf<R extends ResourceShape> =
  IsDynamic<R['fields']> extends true
    ? Record<string, unknown>
    : Flat<
        KeyColumns & {
          [N in ColumnFields<R['fields']> as ColumnName<N, R['fields'][N]>]: ColumnOf<R['fields'][N]>;
        } & (FieldsOfKind<R['fields'], 'treeParent'> extends never
            ? unknown
            : { full_name: Generated<string> }) &
          (R['ownedByUser'] extends true ? { user_id: number } : unknown)
      >;

/** A join table of a `references` field: which records (record_id) point at which (ref_id). */
export interface JoinTable {
  tenant_id: number;
  record_id: number;
  ref_id: number;
}

/** A resource's search table (tables.ts says why it is a table of its own). */
export interface SearchTable {
  tenant_id: number;
  id: number;
  search_text: string;
}

type JoinTableName<R extends ResourceShape> = {
  [N in JoinFields<R['fields']>]: `${R['table']}_${ColumnName<N, R['fields'][N]>}`;
}[JoinFields<R['fields']>];

/** Table name → row type of every table a list of resources keeps: theirs, their search
 *  tables and their join tables. */
export type TablesOf<Rs extends readonly ResourceShape[]> = Flat<
  { [R in Rs[number] as R['table']]: TableOf<R> } & {
    [R in Rs[number] as `${R['table']}_search`]: SearchTable;
  } & { [R in Rs[number] as JoinTableName<R>]: JoinTable }
>;

// ---- the record (what the API answers) ----

/** Fields the API answers: not write-only (a password), not virtual (handled by hooks). */
type ShownFields<F> = {
  [N in FieldName<F>]: F[N] extends { meta: { writeOnly: true } } | { meta: { virtual: true } } ? never : N;
}[FieldName<F>];

/** A field's value in a record: text is '' when empty, others null unless required or defaulted. */
type RecordValue<Fd extends Field> =
  KindOf<Fd> extends TextKind
    ? string
    : IsOptional<Fd> extends true
      ? HasDefault<Fd> extends true
        ? NonNullable<FieldOutput<Fd>>
        : NonNullable<FieldOutput<Fd>> | null
      : FieldOutput<Fd>;

/**
 * A record as `{name}/get` and `{name}/list` answer it: the id under the resource's id
 * name, each shown field by its camelCase name, each reference's name as `{field}Title`,
 * a tree node's path as `fullName`. A resource known only at run time: any keys.
 */
export type RecordOf<R extends ResourceShape> =
  IsDynamic<R['fields']> extends true
    ? Record<string, unknown>
    : Flat<
        { [K in R['idField']]: number } & {
          [N in ShownFields<R['fields']>]: RecordValue<R['fields'][N]>;
        } & {
          [
            N in Extract<
              ShownFields<R['fields']>,
              FieldsOfKind<R['fields'], 'reference' | 'treeParent'>
            > as `${N}Title`
          ]: string | null;
        } & (FieldsOfKind<R['fields'], 'treeParent'> extends never ? unknown : { fullName: string })
      >;

/**
 * A create or update request as bound (kit `inputSchema`): PascalCase names; on update a
 * field left out is `undefined` and one sent empty `null`.
 */
export type InputOf<R extends ResourceShape> =
  IsDynamic<R['fields']> extends true
    ? Record<string, unknown>
    : { [N in FieldName<R['fields']> as Capitalize<N>]?: FieldOutput<R['fields'][N]> | null };
