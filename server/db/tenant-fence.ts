// Row-level security at run time. A request handled for a signed-in user runs inside
// `withTenant(tenantId, …)`; on PostgreSQL, every statement it sends goes over a pooled
// connection on which `app.tenant_id` is that tenant (set only when the connection's
// value changes). The policies (migrations 0002, 0011) then hide other tenants' rows even
// from a query that forgot its tenant filter — provided the server connects as an
// ordinary role (superusers bypass row-level security).
// With no tenant set, the policies show nothing. The few places that must see every
// tenant say so with `asSystem(…)` (app.all_tenants = on): migrations, the first-start
// seed, and finding a session by its token before its tenant is known. docs/architecture.md
// lists them.
import { AsyncLocalStorage } from 'node:async_hooks';
import { ONE_PLAN_TEXT } from './named-statements';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

type Fence = { tenantId: number } | { allTenants: true };

const fenceContext = new AsyncLocalStorage<Fence>();

export function withTenant<T>(tenantId: number, work: () => Promise<T>): Promise<T> {
  return fenceContext.run({ tenantId }, work);
}

/** Work that must see every tenant's rows (migrations, seeding, the session look-up). */
export function asSystem<T>(work: () => Promise<T>): Promise<T> {
  return fenceContext.run({ allTenants: true }, work);
}

/** The tenant the current work is fenced to (undefined: none, or every tenant). */
export function fencedTenant(): number | undefined {
  const fence = fenceContext.getStore();
  return fence && 'tenantId' in fence ? fence.tenantId : undefined;
}

/** The connection settings the current context needs: [app.tenant_id, app.all_tenants]. */
function currentFence(): [string, string] {
  const fence = fenceContext.getStore();
  if (!fence) return ['', ''];
  return 'allTenants' in fence ? ['', 'on'] : [String(fence.tenantId), ''];
}

/** The settings each pooled connection holds now (absent: unknown, set them). */
const settingOf = new WeakMap<DatabaseConnection, string>();

class FencedConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  private async fence() {
    const [tenant, all] = currentFence();
    const key = `${tenant}|${all}`;
    if (settingOf.get(this.inner) === key) return;
    await this.inner.executeQuery(
      CompiledQuery.raw(
        `SELECT ${ONE_PLAN_TEXT} set_config('app.tenant_id', $1, false), set_config('app.all_tenants', $2, false)`,
        [tenant, all],
      ),
    );
    settingOf.set(this.inner, key);
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    await this.fence();
    return this.inner.executeQuery<R>(query);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    await this.fence();
    yield* this.inner.streamQuery<R>(query, chunkSize);
  }
}

class FencedDriver implements Driver {
  constructor(private readonly inner: Driver) {}
  init() {
    return this.inner.init();
  }
  async acquireConnection() {
    return new FencedConnection(await this.inner.acquireConnection());
  }
  // Transactions only send statements through the connection: the fence comes along.
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(connection, settings);
  }
  // COMMIT and ROLLBACK go straight through: in a failed transaction a set_config would
  // be refused, and nothing runs under them. A rollback also undoes a set_config made
  // inside the transaction, so the connection's settings are then unknown.
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction((connection as FencedConnection).inner);
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    const inner = (connection as FencedConnection).inner;
    settingOf.delete(inner);
    await this.inner.rollbackTransaction(inner);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection((connection as FencedConnection).inner);
  }
  destroy() {
    return this.inner.destroy();
  }
}

/** Wraps a PostgreSQL dialect so that its connections carry the request's tenant. */
export function fencedDialect(inner: Dialect): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => new FencedDriver(inner.createDriver()),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db: Kysely<any>) => inner.createIntrospector(db), // eslint-disable-line @typescript-eslint/no-explicit-any
  };
}
