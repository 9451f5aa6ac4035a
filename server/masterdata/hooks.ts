// Resource-specific behaviour that the generic engine cannot infer from a schema (a
// person's user account, a template's file, an encrypted password). A resource with
// hooks registers them here, naming the resource itself: its hooks then see its own
// typed rows, record and request (src/schemas/resource-types.ts) and the typed database.
// Everything else stays generic.
import type { FastifyInstance } from 'fastify';
import type { Expression, Selectable, SqlBool, Transaction, Updateable } from 'kysely';
import type { Principal } from '../auth/principal';
import type { DB } from '../db/database';
import type { Database } from '../db/schema';
import type { Services } from '../services';
import type { Resource } from '../../src/schemas/kit';
import type { InputOf, RecordOf, ResourceShape, TableOf } from '../../src/schemas/resource-types';
import type { Row } from './values';

/** The transaction a change runs in, over the typed database. */
export type Trx = Transaction<Database>;

/** A resource as hooks are registered for it: any defined resource. */
type HookedResource = ResourceShape & { name: string };

/** A resource's table: from the typed database when the resource is registered (with the
 *  columns its hooks keep), else from its fields (a test's own resource). */
type TableRowOf<R extends HookedResource> = R['table'] extends keyof Database
  ? Database[R['table']]
  : TableOf<R>;

/** A stored row of the resource's table, as the engine read it; any columns for a
 *  resource known only at run time. */
export type RowOf<R extends HookedResource> = string extends R['table'] ? Row : Selectable<TableRowOf<R>>;

/** Column values about to be written: some of the row's columns. */
export type ValuesOf<R extends HookedResource> = string extends R['table'] ? Row : Updateable<TableRowOf<R>>;

export interface SaveContext<R extends HookedResource = Resource> {
  trx: Trx;
  services: Services;
  principal: Principal;
  mode: 'create' | 'update';
  /** The bound request (PascalCase names). */
  input: InputOf<R>;
  /** Column values the engine is about to write; hooks may change them. */
  values: ValuesOf<R>;
  /** The stored row, on update. */
  existing?: RowOf<R>;
  /** Work to do once the change has committed (never after a rollback). */
  afterCommit(work: () => Promise<void>): void;
}

/** Table parts a schema does not describe, added to the generated DDL (tables.ts). */
export interface TableStorage {
  /** Columns the hooks keep: name → SQL type and constraints. */
  columns?: Record<string, string>;
  /** Rules such as uniqueness: `on` is the column list in parentheses, tenant_id first. */
  indexes?: Array<{ name: string; unique?: boolean; on: string; where?: string }>;
}

/** Who asks: enough to decide which records they may see. */
export interface Viewer {
  tenantId: number;
  userId: number;
  permissions?: Set<string>;
}

export interface ResourceHooks<R extends HookedResource = Resource> {
  storage?: TableStorage;
  /**
   * Which of the tenant's records this viewer may see, beyond tenant and owner (letters:
   * their author, recipients and forward chain): a condition on the row (`alias` is the
   * table's alias with its dot, e.g. `t.`). Applied to every list, lookup, get, update and
   * delete; a record it hides is "not found" to that viewer.
   */
  visibleTo?(viewer: Viewer, alias: string): Expression<SqlBool>;
  /** Before the row is written: adjust `values`, or throw UserError. */
  beforeSave?(ctx: SaveContext<R>): Promise<void>;
  /** After the row is written, in the same transaction (child rows, join tables). */
  afterSave?(ctx: SaveContext<R> & { id: number }): Promise<void>;
  /** Extra keys of the `get` answer beside `record`, and extra record fields. */
  extendGet?(ctx: { db: DB; principal: Principal; record: RecordOf<R> }): Promise<Record<string, unknown>>;
  /** Before delete: throw UserError to refuse; runs in the delete's transaction. */
  beforeDelete?(ctx: {
    trx: Trx;
    services: Services;
    principal: Principal;
    row: RowOf<R>;
    afterCommit: SaveContext<R>['afterCommit'];
  }): Promise<void>;
  /** Calls of the resource beyond the generic five (a template's download). */
  routes?(app: FastifyInstance, services: Services): void;
}

/** Each resource's hooks by its name, as registered (typed by their own resource). */
const hooks = new Map<string, object>();

/** The hooks of `resource`, typed by it. */
export function registerHooks<R extends HookedResource>(resource: R, resourceHooks: ResourceHooks<R>) {
  hooks.set(resource.name.toLowerCase(), resourceHooks);
}

/** A resource's hooks as the engine calls them: it knows resources only at run time, and
 *  calls a resource's hooks with that resource's rows, record and request. */
export function hooksOf(resource: Pick<Resource, 'name'>): ResourceHooks {
  return (hooks.get(resource.name.toLowerCase()) ?? {}) as ResourceHooks;
}
