// Resource-specific behaviour that the generic engine cannot infer from a schema (a
// person's user account, a template's file, an encrypted password). A resource with
// hooks registers them here; everything else stays generic.
import type { FastifyInstance } from 'fastify';
import type { Expression, Kysely, SqlBool, Transaction } from 'kysely';
import type { Principal } from '../auth/principal';
import type { Services } from '../services';
import type { Row } from './values';

export type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type AnyTrx = Transaction<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface SaveContext {
  trx: AnyTrx;
  services: Services;
  principal: Principal;
  mode: 'create' | 'update';
  /** The bound request (PascalCase names). */
  input: Record<string, unknown>;
  /** Column values the engine is about to write; hooks may change them. */
  values: Row;
  /** The stored row, on update. */
  existing?: Row;
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

export interface ResourceHooks {
  storage?: TableStorage;
  /**
   * Which of the tenant's records this viewer may see, beyond tenant and owner (letters:
   * their author, recipients and forward chain): a condition on the row (`alias` is the
   * table's alias with its dot, e.g. `t.`). Applied to every list, lookup, get, update and
   * delete; a record it hides is "not found" to that viewer.
   */
  visibleTo?(viewer: Viewer, alias: string): Expression<SqlBool>;
  /** Before the row is written: adjust `values`, or throw UserError. */
  beforeSave?(ctx: SaveContext): Promise<void>;
  /** After the row is written, in the same transaction (child rows, join tables). */
  afterSave?(ctx: SaveContext & { id: number }): Promise<void>;
  /** Extra keys of the `get` answer beside `record`, and extra record fields. */
  extendGet?(ctx: { db: AnyDb; principal: Principal; record: Row }): Promise<Record<string, unknown>>;
  /** Before delete: throw UserError to refuse; runs in the delete's transaction. */
  beforeDelete?(ctx: {
    trx: AnyTrx;
    services: Services;
    principal: Principal;
    row: Row;
    afterCommit: SaveContext['afterCommit'];
  }): Promise<void>;
  /** Calls of the resource beyond the generic five (a template's download). */
  routes?(app: FastifyInstance, services: Services): void;
}

const hooks = new Map<string, ResourceHooks>();

export function registerHooks(resourceName: string, resourceHooks: ResourceHooks) {
  hooks.set(resourceName.toLowerCase(), resourceHooks);
}

export function hooksOf(resourceName: string): ResourceHooks {
  return hooks.get(resourceName.toLowerCase()) ?? {};
}
