// A save whose answer is lost on the way (a dropped connection, a closed laptop) leaves the
// user on the new-letter screen with «خطا در ارتباط با سرور»; sending it again wrote a second
// letter with a second registry number, delivered twice. So a compose screen makes a key
// once (ClientKey) and sends it with every save of its new letter, and a reply dialog with
// its reply: the key finds the letter an earlier save of the same screen wrote.
import { sql } from 'kysely';
import type { Message, Viewer } from './access';
import type { LettersTrx } from './schema';

/** A key that names a letter of another kind (a reply's key on a save, a save's on a
 *  reply, a reply to another letter): a careless client, not a retry. */
export const CLIENT_KEY_MISMATCH = 'کلید نامه معتبر نیست';

/** Raised inside a save's transaction when the key's letter was already sent: nothing is
 *  written (the files just stored are removed) and the answer is that letter's id. */
export class SavedBefore extends Error {
  constructor(readonly id: number) {
    super('saved before');
    this.name = 'SavedBefore';
  }
}

/**
 * The letter the viewer wrote under this key, if any. The lock, held to the end of the
 * transaction, makes two saves of one key (a double click, a retry racing the first) run
 * one after the other: the second finds what the first wrote.
 */
export async function letterOfKey(
  trx: LettersTrx,
  viewer: Viewer,
  key: string | undefined,
): Promise<Message | undefined> {
  if (!key) return undefined;
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`letter-key:${viewer.userId}:${key}`}), ${viewer.tenantId}::int)`.execute(
    trx,
  );
  return trx
    .selectFrom('messages')
    .selectAll()
    .where('tenant_id', '=', viewer.tenantId)
    .where('author_id', '=', viewer.userId)
    .where('client_key', '=', key)
    .executeTakeFirst();
}

/** Runs a save; a SavedBefore inside it answers the earlier letter's id. */
export async function answeringSavedBefore(save: () => Promise<number>): Promise<number> {
  try {
    return await save();
  } catch (error) {
    if (error instanceof SavedBefore) return error.id;
    throw error;
  }
}
