// The server's signing secret: SECRET from the environment, or one generated on first
// start and kept in the database so every process of a deployment shares it.
import crypto from 'node:crypto';
import type { DB } from '../db/database';

export async function loadSecret(db: DB, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insertInto('server_settings')
    .values({ key: 'secret', value: crypto.randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_settings')
    .select('value')
    .where('key', '=', 'secret')
    .executeTakeFirstOrThrow();
  return row.value;
}
