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

/** The letter's forwards tab: a row for each user it went to (a forward, a draft passed
 *  on, a reply to its sender: spec 1 §4's three forward modes). A forward's dialog key
 *  (client-key.ts) is on each of its rows. */
export async function recordForwards(
  trx: LettersTrx,
  message: { tenant_id: number; id: number },
  fromUserId: number,
  toUserIds: readonly number[],
  mode: number,
  note: string,
  clientKey?: string | null,
) {
  if (!toUserIds.length) return;
  await trx
    .insertInto('message_forwards')
    .values(
      toUserIds.map((userId) => ({
        tenant_id: message.tenant_id,
        message_id: message.id,
        from_user_id: fromUserId,
        to_user_id: userId,
        mode,
        note,
        client_key: clientKey ?? null,
      })),
    )
    .execute();
}

/** The events that change a draft's content: its version is the last of them (detail.ts). */
export const EDITS: readonly number[] = [EVENT.create, EVENT.edit];

/** A draft's version as message/get gives it (`editVersion`): its last create or edit event. */
export function editVersion(events: ReadonlyArray<{ id: number; event_type: number }>): number {
  return Math.max(0, ...events.filter((e) => EDITS.includes(e.event_type)).map((e) => e.id));
}

/** The same, read now (in the transaction that holds the letter's lock). */
export async function currentEditVersion(trx: LettersTrx, tenantId: number, messageId: number) {
  const row = await trx
    .selectFrom('message_events')
    .select((eb) => eb.fn.max('id').as('version'))
    .where('tenant_id', '=', tenantId)
    .where('message_id', '=', messageId)
    .where('event_type', 'in', [...EDITS])
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}
