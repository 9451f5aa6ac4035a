// A save whose answer is lost on the way (a dropped connection, a closed laptop) leaves the
// user on the new-letter screen with «خطا در ارتباط با سرور»; sending it again wrote a second
// letter with a second registry number, delivered twice. So a compose screen makes a key
// once (ClientKey) and sends it with every save of its new letter, and a reply dialog with
// its reply: the key finds the letter an earlier save of the same screen wrote. A forward
// dialog sends its key with its forward (or its draft passed on), stored on the forward's
// rows: sent again, the forward is found, and no second one is delivered.
import { sql } from 'kysely';
import { UserError } from '../http/answers';
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

/** The lock, held to the end of the transaction, makes two calls of one key (a double
 *  click, a retry racing the first) run one after the other: the second finds what the
 *  first wrote. */
async function lockKey(trx: LettersTrx, viewer: Viewer, key: string) {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`letter-key:${viewer.userId}:${key}`}), ${viewer.tenantId}::int)`.execute(
    trx,
  );
}

const keyedLetter = (trx: LettersTrx, viewer: Viewer, key: string) =>
  trx
    .selectFrom('messages')
    .selectAll()
    .where('tenant_id', '=', viewer.tenantId)
    .where('author_id', '=', viewer.userId)
    .where('client_key', '=', key)
    .executeTakeFirst();

/** A forward's key: the letter it passed on and how (IsSend 1 or 2). */
export interface KeyedForward {
  message_id: number;
  mode: number;
}

const keyedForward = (trx: LettersTrx, viewer: Viewer, key: string): Promise<KeyedForward | undefined> =>
  trx
    .selectFrom('message_forwards')
    .select(['message_id', 'mode'])
    .where('tenant_id', '=', viewer.tenantId)
    .where('from_user_id', '=', viewer.userId)
    .where('client_key', '=', key)
    .limit(1)
    .executeTakeFirst();

/**
 * The letter the viewer wrote under this key, if any (under the key's lock). A forward's
 * key on a save or a reply is not a retry of it: refused.
 */
export async function letterOfKey(
  trx: LettersTrx,
  viewer: Viewer,
  key: string | undefined,
): Promise<Message | undefined> {
  if (!key) return undefined;
  await lockKey(trx, viewer, key);
  if (await keyedForward(trx, viewer, key)) throw new UserError(CLIENT_KEY_MISMATCH);
  return keyedLetter(trx, viewer, key);
}

/**
 * The forward the viewer made under this key, if any (under the key's lock). A letter's
 * or a reply's key on a forward is not a retry of it: refused.
 */
export async function forwardOfKey(
  trx: LettersTrx,
  viewer: Viewer,
  key: string | undefined,
): Promise<KeyedForward | undefined> {
  if (!key) return undefined;
  await lockKey(trx, viewer, key);
  if (await keyedLetter(trx, viewer, key)) throw new UserError(CLIENT_KEY_MISMATCH);
  return keyedForward(trx, viewer, key);
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
