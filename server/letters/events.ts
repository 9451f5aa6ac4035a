// The letter's history: one row per action (constants.ts EVENT, docs/api.md).
import { ONE_PLAN } from '../db/named-statements';
import { EVENT } from './constants';
import type { LettersDb, LettersTrx } from './schema';

export async function recordEvent(
  trx: LettersTrx,
  tenantId: number,
  messageId: number,
  eventType: number,
  userId: number,
  description = '',
) {
  await trx
    .insertInto('message_events')
    .values({
      tenant_id: tenantId,
      message_id: messageId,
      event_type: eventType,
      user_id: userId,
      description,
    })
    .execute();
}

/** When this user first opened the letter (their event of type 8; a user has one at most),
 *  or null. (In a transaction or out of one.) */
export async function firstReadBy(
  db: LettersDb,
  tenantId: number,
  messageId: number,
  userId: number,
): Promise<Date | null> {
  const found = await db
    .selectFrom('message_events')
    .select('created_at')
    // A range of message_events_message_idx, as every other statement of message/get is one
    // plan: no switch of the connection's plan mode (named-statements.ts) in the middle.
    .modifyFront(ONE_PLAN)
    .where('tenant_id', '=', tenantId)
    .where('message_id', '=', messageId)
    .where('event_type', '=', EVENT.read)
    .where('user_id', '=', userId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return found?.created_at ?? null;
}

/**
 * `{ by }`: has this user opened the letter (an event of type 8)? `{ notBy }`: has anyone
 * but this user read it as its recipient — a to, cc or bcc recipient or one it was
 * forwarded to, or the colleague a draft was passed to — the reading that keeps its author
 * from deleting it (spec 1 §4). Those readings alone set their reader's first_read_at
 * (detail.ts markRead); an event of type 8 by a reader of all letters looking in, by the
 * sender or by the author does not count.
 */
export async function readEventExists(
  db: LettersDb,
  tenantId: number,
  messageId: number,
  who: { by: number } | { notBy: number },
): Promise<boolean> {
  if ('by' in who) return (await firstReadBy(db, tenantId, messageId, who.by)) !== null;
  const found = await db
    .selectFrom('message_events as e')
    .select('e.id')
    .modifyFront(ONE_PLAN)
    .where('e.tenant_id', '=', tenantId)
    .where('e.message_id', '=', messageId)
    .where('e.event_type', '=', EVENT.read)
    .where('e.user_id', '<>', who.notBy)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('message_boxes as b')
          .select('b.user_id')
          .whereRef('b.tenant_id', '=', 'e.tenant_id')
          .whereRef('b.user_id', '=', 'e.user_id')
          .whereRef('b.message_id', '=', 'e.message_id')
          .where('b.first_read_at', 'is not', null),
      ),
    )
    .limit(1)
    .executeTakeFirst();
  return Boolean(found);
}
