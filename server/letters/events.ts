// The letter's history: one row per action (constants.ts EVENT, docs/api.md).
import type { LettersTrx } from './schema';

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
