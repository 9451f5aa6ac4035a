// A PostgreSQL connection cut while a query runs on it (a network blip, a proxy restarted, a
// failover): that query fails, the server process goes on, and the next query gets a new
// connection. The client's 'error' event, unheard while the pool had lent it out, ended the
// process (probe helper-82). Through a TCP proxy that resets its connections.
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openPostgres } from '../../server/db/database';
import { postgresProxy, throughProxy } from './tcp-proxy';

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL connection lost mid-query', () => {
  it('fails that query, leaves the process running, and serves the next one', async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    const proxy = await postgresProxy(target.hostname, Number(target.port || 5432));
    const database = openPostgres(throughProxy(target.toString(), proxy.port), 2);
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(database.db)).rows).toEqual([{ one: 1 }]);
      const sleeping = sql`SELECT pg_sleep(5)`.execute(database.db);
      await new Promise((resolve) => setTimeout(resolve, 300));
      proxy.reset();
      await expect(sleeping).rejects.toThrow();
      // Had the 'error' gone unheard, the test process would have ended here, or vitest
      // reported an unhandled error.
      expect((await sql<{ two: number }>`SELECT 2 AS two`.execute(database.db)).rows).toEqual([{ two: 2 }]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(warnings.some((message) => message.startsWith('PostgreSQL connection lost'))).toBe(true);
    } finally {
      process.off('warning', onWarning);
      await database.close();
      await proxy.close();
    }
  });
});
