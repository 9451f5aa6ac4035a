// Sending: the letter takes a number if it has none, leaves its holder's drafts for the
// sender's sent letters, lands unread in every recipient's cartable, and each recipient
// is notified once the transaction has committed.
import { sql } from 'kysely';
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

/** Notifies each user once the change has committed. */
export function notifyAfterCommit(
  services: Services,
  afterCommit: AfterCommit,
  tenantId: number,
  userIds: number[],
  title: string,
  url: string,
) {
  afterCommit(async () => {
    for (const userId of userIds) await services.notifier.notify(tenantId, userId, { title, url });
  });
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
    .selectFrom('message_recipients')
    .select(['user_id', 'kind'])
    .where('tenant_id', '=', viewer.tenantId)
    .where('message_id', '=', draftId)
    .execute();
  if (recipients.some((r) => r.user_id === viewer.userId)) throw new UserError(REFUSED.selfRecipient);
  return recipients;
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

async function answerOriginal(
  trx: LettersTrx,
  viewer: Viewer,
  reply: Message,
  recipients: Array<{ user_id: number; kind: number }>,
) {
  const found = await trx
    .selectFrom('messages')
    .select(['id', 'sender_id'])
    .where('tenant_id', '=', viewer.tenantId)
    .where('id', '=', reply.reply_to_id as number)
    .executeTakeFirst();
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
  if (message.reply_to_id !== null) await answerOriginal(trx, viewer, message, recipients);
  await recordEvent(trx, tenantId, message.id, EVENT.send, viewer.userId);
  const title = `${message.reply_to_id !== null ? 'پاسخ نامه' : 'نامه جدید'} از ${message.message_from}: ${message.subject}`;
  notifyAfterCommit(
    services,
    afterCommit,
    tenantId,
    recipients.map((r) => r.user_id),
    title,
    letterUrl('AllMyMessage', message),
  );
  return message;
}
