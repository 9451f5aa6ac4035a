// The users' rows of a letter (message_boxes): what puts it in someone's drafts, sent
// letters, cartable and folders. The dashboard counts follow these rows by trigger
// (migration 0015). Every change of a letter takes its locks in one order, so two changes
// never wait on each other: the letter's row (access.ts), then the counters of every user
// whose rows it will touch, sorted (lockCounters, before the first box row is written),
// then the numbering scheme's row (numbering.ts). The letter and the scheme are locked FOR
// NO KEY UPDATE, which the key-share locks of foreign-key checks pass by.
import { sql } from 'kysely';
import type { Message } from './access';
import type { LettersTrx } from './schema';
import { INCOMING, OUTGOING } from './constants';

/** Locks (creating when missing) these users' counters, in user order. */
export async function lockCounters(trx: LettersTrx, tenantId: number, userIds: Iterable<number>) {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  if (!ids.length) return;
  await trx
    .insertInto('message_box_counts')
    .values(
      ids.map((user_id) => ({ tenant_id: tenantId, user_id, unread: 0, drafts: 0, answer_requests: 0 })),
    )
    // A no-op update takes the row lock, in the order the rows are listed.
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'user_id']).doUpdateSet({ unread: sql`message_box_counts.unread` }),
    )
    .execute();
}

const fresh = (message: Message, userId: number) => ({
  tenant_id: message.tenant_id,
  user_id: userId,
  message_id: message.id,
  message_type: message.message_type_fk,
});

/** The draft is in this user's drafts: they may edit, sign and send it. Their own new
 *  draft is read (their own work); one passed to them is unread until they open it —
 *  also when it comes back to its author, or to one who held it before. */
export async function holdDraft(
  trx: LettersTrx,
  message: Message,
  userId: number,
  how: 'written' | 'passed',
) {
  const read = how === 'written';
  await trx
    .insertInto('message_boxes')
    .values({ ...fresh(message, userId), drafting: true, is_read: read })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'user_id', 'message_id']).doUpdateSet({ drafting: true, is_read: read }),
    )
    .execute();
}

export async function releaseDraft(trx: LettersTrx, message: Message, userId: number) {
  await trx
    .updateTable('message_boxes')
    .set({ drafting: false })
    .where('tenant_id', '=', message.tenant_id)
    .where('user_id', '=', userId)
    .where('message_id', '=', message.id)
    .execute();
}

/** The sender's row: out of their drafts, into their sent letters of the letter's type. */
export async function markSent(trx: LettersTrx, message: Message, userId: number) {
  await trx
    .insertInto('message_boxes')
    .values({ ...fresh(message, userId), sent: true })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'user_id', 'message_id']).doUpdateSet({ sent: true, drafting: false }),
    )
    .execute();
}

export interface Delivery {
  userId: number;
  /** TO, CC, BCC or FORWARDED (constants.ts). */
  kind: number;
  answerRequest: boolean;
}

/**
 * Puts the letter in these users' cartables, unread, at the top (a new sort key). Someone
 * who holds it already keeps the stronger of the two ways they got it (to before cc …).
 * Each box names the colleague the letter is from, whoever brought it (sent or passed on):
 * the favourite contacts' letters are the letters the sender column names (migration 0028).
 */
export async function deliver(trx: LettersTrx, message: Message, deliveries: Delivery[]) {
  if (!deliveries.length) return;
  const fromUserId = fromColleague(message);
  const sorted = [...deliveries].sort((a, b) => a.userId - b.userId);
  await trx
    .insertInto('message_boxes')
    .values(
      sorted.map((d) => ({
        ...fresh(message, d.userId),
        from_user_id: fromUserId,
        inbox: true,
        recipient_kind: d.kind,
        answer_request: d.answerRequest,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'user_id', 'message_id']).doUpdateSet({
        inbox: true,
        is_read: false,
        from_user_id: fromUserId,
        recipient_kind: sql`least(coalesce(message_boxes.recipient_kind, excluded.recipient_kind), excluded.recipient_kind)`,
        answer_request: sql`message_boxes.answer_request OR excluded.answer_request`,
        sort_key: sql`nextval('message_box_sort_seq')`,
      }),
    )
    .execute();
}

/** The colleague a sent letter is from, as its sender column names them: an internal
 *  letter's sender, an outgoing letter's «فرستنده»; an incoming letter is a customer's. */
export function fromColleague(message: Pick<Message, 'message_type_fk' | 'sender_id' | 'from_man_user_id'>) {
  if (message.message_type_fk === OUTGOING) return message.from_man_user_id;
  return message.message_type_fk === INCOMING ? null : message.sender_id;
}

/** The user's filing of the letter in an archive or favourite folder. */
export async function fileLetter(
  trx: LettersTrx,
  message: Message,
  userId: number,
  folder: { archive_fk: number } | { favorite_fk: number },
): Promise<boolean> {
  const [column, folderId] = Object.entries(folder)[0] as ['archive_fk' | 'favorite_fk', number];
  const changed = await trx
    .insertInto('message_boxes')
    .values({ ...fresh(message, userId), ...folder })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'user_id', 'message_id'])
        .doUpdateSet(folder)
        // Filed there already: nothing changes, and the caller records no second event.
        .where(`message_boxes.${column}`, 'is distinct from', folderId),
    )
    .returning('message_id')
    .executeTakeFirst();
  return changed !== undefined;
}

/** The users who hold a row of the letter. */
export async function holders(trx: LettersTrx, message: Message): Promise<number[]> {
  const rows = await trx
    .selectFrom('message_boxes')
    .select('user_id')
    .where('tenant_id', '=', message.tenant_id)
    .where('message_id', '=', message.id)
    .execute();
  return rows.map((row) => row.user_id);
}

export async function removeBoxes(trx: LettersTrx, message: Message) {
  await trx
    .deleteFrom('message_boxes')
    .where('tenant_id', '=', message.tenant_id)
    .where('message_id', '=', message.id)
    .execute();
}
