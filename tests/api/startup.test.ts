// Start-up rules: a first start on PostgreSQL needs ADMIN_PASSWORD; the embedded
// database cannot be opened twice; the health check answers.
import { describe, expect, it } from 'vitest';
import { startTestServer } from './harness';
import { sql } from 'kysely';
import { ConfigError } from '../../server/config';
import { migrate } from '../../server/db/migrate';
import { asSystem } from '../../server/db/tenant-fence';

describe('start-up', () => {
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'refuses a first start on PostgreSQL without ADMIN_PASSWORD',
    async () => {
      await expect(startTestServer({ engine: 'postgres', env: { ADMIN_PASSWORD: '' } })).rejects.toThrow(
        ConfigError,
      );
      await expect(startTestServer({ engine: 'postgres', env: { ADMIN_PASSWORD: '' } })).rejects.toThrow(
        /ADMIN_PASSWORD must be set/,
      );
    },
  );

  it('answers the health check and refuses a second server on the same data directory', async () => {
    const server = await startTestServer();
    try {
      const health = await server.api.call('GET', '/healthz');
      expect(health.body).toEqual({ status: 'ok', database: 'pglite' });
      await expect(
        startTestServer({ env: { DATA_DIR: server.built.services.config.dataDir } }),
      ).rejects.toThrow(/in use by another Dabir process/);
      const docs = (await server.api.call('GET', '/api/docs')).body;
      expect(docs.openapi).toBe('3.1.0');
      const signIn = docs.paths['/api/Authenticate/Authenticate'].post;
      const fields = signIn.requestBody.content['application/json'].schema;
      expect(fields.properties.Username.description).toBe('نام کاربری');
      expect(fields.required).toEqual(['Username', 'Password']);
      expect(docs.paths['/api/link/update'].post.security).toEqual([{ bearer: [] }]);
      // The first server is unharmed.
      expect((await server.api.get('login/get', { WebRootPath: 'localhost' })).body.status).toBe(1);
      // An upgrade names each migration as it starts (probe helper-64: minutes of silence on
      // a big database); a first start, which has none before, does not.
      const db = server.built.services.db;
      await asSystem(() =>
        sql`DELETE FROM schema_migrations WHERE name = '0031_own_drafts_read.sql'`.execute(db),
      );
      const started: string[] = [];
      const applied = await asSystem(() => migrate(db, (name) => started.push(name)));
      expect(applied).toEqual(['0031_own_drafts_read.sql']);
      expect(started).toEqual(['0031_own_drafts_read.sql']);
    } finally {
      await server.stop();
    }
  });
});
