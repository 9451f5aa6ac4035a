// Row-level security at run time. A request handled for a signed-in user runs inside
// `withTenant(tenantId, …)`; on PostgreSQL, every statement it sends goes over a pooled
// connection on which `app.tenant_id` is that tenant (set only when the connection's
// value changes). The policies of migration 0002 then hide other tenants' rows even from
// a query that forgot its tenant filter — provided the server connects as an ordinary
// role (superusers bypass row-level security). Work outside a request (migrations,
// seeding, sign-in look-ups) runs with the setting empty, which the policies let through.
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

const tenantContext = new AsyncLocalStorage<{ tenantId: number }>();

export function withTenant<T>(tenantId: number, work: () => Promise<T>): Promise<T> {
  return tenantContext.run({ tenantId }, work);
}

function currentTenant(): string {
  return String(tenantContext.getStore()?.tenantId ?? '');
}

/** The value of app.tenant_id each pooled connection holds now. */
const settingOf = new WeakMap<DatabaseConnection, string>();

class FencedConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  private async fence() {
    const tenant = currentTenant();
    if (settingOf.get(this.inner) === tenant) return;
    await this.inner.executeQuery(
      CompiledQuery.raw(`SELECT set_config('app.tenant_id', $1, false)`, [tenant]),
    );
    settingOf.set(this.inner, tenant);
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
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
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
