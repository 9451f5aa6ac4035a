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

/** Has the letter been read (an event of type 8) by this user, or by anyone but them? (In a
 *  transaction or out of one.) */
export async function readEventExists(
  db: LettersDb,
  tenantId: number,
  messageId: number,
  who: { by: number } | { notBy: number },
): Promise<boolean> {
  const user = 'by' in who ? who.by : who.notBy;
  const found = await db
    .selectFrom('message_events')
    .select('id')
    // A range of message_events_message_idx, as every other statement of message/get is one
    // plan: no switch of the connection's plan mode (named-statements.ts) in the middle.
    .modifyFront(ONE_PLAN)
    .where('tenant_id', '=', tenantId)
    .where('message_id', '=', messageId)
    .where('event_type', '=', EVENT.read)
    .where('user_id', 'by' in who ? '=' : '<>', user)
    .limit(1)
    .executeTakeFirst();
  return Boolean(found);
}
