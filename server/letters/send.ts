// Sending: the letter takes a number if it has none, leaves its holder's drafts for the
// sender's sent letters, lands unread in every recipient's cartable, and each recipient
// is notified with it (the notice stored in its transaction, pushed once it has committed).
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Services } from '../services';
import type { Message, Viewer } from './access';
import { deliver, lockCounters, markSent } from './boxes';
import { UserError } from '../http/answers';
import { CC, EVENT, INTERNAL, REFUSED, REPLY, TO } from './constants';
import { recordEvent, recordForwards } from './events';
import { assignNumber } from './numbering';
import { userName } from './people';
import type { LettersTrx } from './schema';
import type { AfterCommit } from './transaction';

/** Where a notification's link opens the letter (the client's route /letter/:create/:pagetype/:messagetype/:id). */
export const letterUrl = (pageType: string, message: Pick<Message, 'id' | 'message_type_fk'>) =>
  `/letter/false/${pageType}/${message.message_type_fk}/${message.id}`;

/** Every link a notification of this letter may carry (sent, forwarded: the cartable;
 *  passed on as a draft, replied to: the drafts): its notices are found by them
 *  (migration 0020's index), read when it is opened and deleted with it. */
export const letterNoticeUrls = (message: Pick<Message, 'id' | 'message_type_fk'>) => [
  letterUrl('AllMyMessage', message),
  letterUrl('Draft', message),
];

/** Notifies each user: the notices are stored with the change (they commit or go with it),
 *  pushed to the users' open pages once it has committed. */
export async function notifyWithChange(
  services: Services,
  trx: LettersTrx,
  afterCommit: AfterCommit,
  tenantId: number,
  userIds: number[],
  title: string,
  url: string,
) {
  // The letters' view of the database holds the notifications table too (schema.ts).
  const notices = trx as unknown as Transaction<Database>;
  afterCommit(await services.notifier.storeIn(notices, tenantId, userIds, { title, url }));
}

export async function numberLetter(trx: LettersTrx, viewer: Viewer, message: Message): Promise<Message> {
  const numbered = await assignNumber(trx, message);
  await recordEvent(trx, viewer.tenantId, message.id, EVENT.number, viewer.userId);
  return numbered;
}

/** The draft's colleagues on it (to, cc, bcc). One who would send it to themselves — a
 *  draft passed to one of its own recipients — is refused, as compose refuses naming
 *  oneself: the letter would otherwise reach nobody and still name them. */
export async function draftRecipients(trx: LettersTrx, viewer: Viewer, draftId: number) {
  const recipients = await trx
    .selectFrom('message_recipients as r')
    .innerJoin('users as u', (join) =>
      join.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.user_id'),
    )
    .leftJoin('persons as p', (join) =>
      join.onRef('p.tenant_id', '=', 'r.tenant_id').onRef('p.user_fk', '=', 'r.user_id'),
    )
    .select(['r.user_id', 'r.kind', 'p.id as person_id', 'u.is_active', 'u.first_name', 'u.last_name'])
    .where('r.tenant_id', '=', viewer.tenantId)
    .where('r.message_id', '=', draftId)
    .execute();
  if (recipients.some((r) => r.user_id === viewer.userId)) throw new UserError(REFUSED.selfRecipient);
  // A recipient whose person was deleted since (their user switched off): the compose form
  // cannot show them (its pickers are of persons), so the letter would go to someone its
  // writer does not see. (An active user without a person — a tenant's first administrator,
  // a reply's recipient — is no such case.)
  const gone = recipients.find((r) => r.person_id === null && !r.is_active);
  if (gone) throw new UserError(REFUSED.recipientDeleted(`${gone.first_name} ${gone.last_name}`.trim()));
  return recipients.map(({ user_id, kind }) => ({ user_id, kind }));
}

/**
 * A reply, sent to the original's sender (as a recipient or a copy: they receive it either
 * way; not a blind copy, which the original's readers would see named), answers the original: it waits no more for the
 * answer of the reply's author (nor of whoever sent it for them), and its forwards and
 * events say so — only now, in the author's name (who answered, whoever pressed send: a
 * blind copy's reply stays as hidden as its author), without the reply's text (a draft
 * reaches nobody, and the original's other readers are not the reply's). A reply
 * re-addressed away from the sender answers nothing and names none of its recipients.
 */
/** The kinds of a reply's recipient that answer the original when they are its sender. */
export const ANSWERING = [TO, CC];

/**
 * The letter a reply answers, while it is not deleted. Share-locked before the counters,
 * as a delete locks a letter before them: a delete of the original at the same moment
 * comes first — and the reply answers nothing — or waits for the reply's send (probe
 * helper-66: a reply sent after its original was deleted wrote history onto it).
 */
async function repliedTo(trx: LettersTrx, viewer: Viewer, reply: Message) {
  if (reply.reply_to_id === null) return undefined;
  return trx
    .selectFrom('messages')
    .select(['id', 'sender_id'])
    .where('tenant_id', '=', viewer.tenantId)
    .where('id', '=', reply.reply_to_id)
    .where('deleted_at', 'is', null)
    .forShare()
    .executeTakeFirst();
}

async function answerOriginal(
  trx: LettersTrx,
  viewer: Viewer,
  reply: Message,
  recipients: Array<{ user_id: number; kind: number }>,
  found: { id: number; sender_id: number | null } | undefined,
) {
  const asker = found?.sender_id ?? null;
  if (!found || asker === null || !recipients.some((r) => ANSWERING.includes(r.kind) && r.user_id === asker))
    return;
  const original = { tenant_id: viewer.tenantId, id: found.id };
  await trx
    .updateTable('message_boxes')
    .set({ answer_request: false })
    .where('tenant_id', '=', viewer.tenantId)
    .where('user_id', 'in', [...new Set([viewer.userId, reply.author_id])])
    .where('message_id', '=', original.id)
    .where('answer_request', '=', true)
    .execute();
  await recordForwards(trx, original, reply.author_id, [asker], REPLY, '');
  await recordEvent(trx, viewer.tenantId, original.id, EVENT.reply, reply.author_id);
}

export async function sendLetter(
  services: Services,
  trx: LettersTrx,
  viewer: Viewer,
  draft: Message,
  afterCommit: AfterCommit,
): Promise<Message> {
  const tenantId = viewer.tenantId;
  const recipients = await draftRecipients(trx, viewer, draft.id);
  const original = await repliedTo(trx, viewer, draft);
  // Its author too: a draft passed on and sent by a colleague goes to its author's sent
  // letters, and a reply's answers the original's request for its author.
  await lockCounters(trx, tenantId, [viewer.userId, draft.author_id, ...recipients.map((r) => r.user_id)]);
  let message = draft.number === null ? await numberLetter(trx, viewer, draft) : draft;
  message = await trx
    .updateTable('messages')
    .set({
      is_send: true,
      sent_at: sql<Date>`now()`,
      sender_id: viewer.userId,
      holder_id: null,
      // An internal letter is from whoever sends it (who may not be who wrote it).
      ...(message.message_type_fk === INTERNAL
        ? { message_from: await userName(trx, tenantId, viewer.userId) }
        : {}),
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', message.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await markSent(trx, message, viewer.userId);
  if (message.author_id !== viewer.userId) await markSent(trx, message, message.author_id);
  await deliver(
    trx,
    message,
    recipients.map((r) => ({
      userId: r.user_id,
      kind: r.kind,
      answerRequest: message.answer_request && r.kind === TO,
    })),
  );
  await answerOriginal(trx, viewer, message, recipients, original);
  await recordEvent(trx, tenantId, message.id, EVENT.send, viewer.userId);
  const title = `${message.reply_to_id !== null ? 'پاسخ نامه' : 'نامه جدید'} از ${message.message_from}: ${message.subject}`;
  await notifyWithChange(
    services,
    trx,
    afterCommit,
    tenantId,
    recipients.map((r) => r.user_id),
    title,
    letterUrl('AllMyMessage', message),
  );
  return message;
}
