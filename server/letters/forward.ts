// message/forward/ (spec 1 §4), three ways:
// - IsSend 1, forward: a sent letter goes to several colleagues' cartables with a note
//   (they join its forward chain, and so may see it);
// - IsSend 2, forward a draft: an unsigned draft passes to one colleague, who then holds
//   it (edits, signs, sends it); the one who passed it keeps seeing it;
// - IsSend 7, reply: a new internal draft to the letter's sender, in the replier's drafts,
//   a follow-up of the original; sending it answers the original's answer request.
import { persianLetters } from '../../src/shared/persian';
import { UserError } from '../http/answers';
import { cleanPersianText, hasVisibleText } from '../../src/shared/persian';
import type { Services } from '../services';
import { requireLetter, type Message, type Viewer } from './access';
import { checkAttachments, recordAttachments, withStoredFiles } from './attachments';
import { bodyShowsText, storedBody } from './body';
import { deliver, holdDraft, lockCounters, releaseDraft } from './boxes';
import { EVENT, FORWARD, FORWARD_DRAFT, FORWARDED, INTERNAL, REFUSED, REPLY, TO } from './constants';
import { recordEvent, recordForwards } from './events';
import { schemeFor } from './numbering';
import type { ForwardParams } from './params';
import { colleagueOfUser, colleaguesOf, colleaguesByUser, userName, type Colleague } from './people';
import { checkMayCreate } from './save';
import { checkUnbuiltReferences } from './compose';
import {
  answeringSavedBefore,
  CLIENT_KEY_MISMATCH,
  forwardOfKey,
  letterOfKey,
  SavedBefore,
} from './client-key';
import type { LettersTrx } from './schema';
import { writeSearch } from './search';
import { letterUrl, notifyWithChange } from './send';
import { letterChange, type AfterCommit } from './transaction';

const NOTE_LABEL = 'گیرندگان ارجاع';

async function forwardTargets(
  trx: LettersTrx,
  viewer: Viewer,
  ids: number[] | undefined,
): Promise<Colleague[]> {
  if (!ids?.length) throw new UserError(`${NOTE_LABEL} الزامی است`);
  const targets = await colleaguesOf(trx, viewer.tenantId, ids, NOTE_LABEL, { readers: true });
  if (targets.some((t) => t.userId === viewer.userId))
    throw new UserError(`${NOTE_LABEL}: نمی‌توانید نامه را به خودتان ارجاع دهید`);
  return targets;
}

async function forwardSent(
  services: Services,
  trx: LettersTrx,
  viewer: Viewer,
  params: ForwardParams,
  afterCommit: AfterCommit,
  message: Message,
) {
  if (!message.is_send) throw new UserError(REFUSED.notSent);
  const targets = await forwardTargets(trx, viewer, params.SelectedTo);
  await lockCounters(trx, viewer.tenantId, [viewer.userId, ...targets.map((t) => t.userId)]);
  // The forwarder is in the chain from now on, whatever let them see the letter before.
  await trx
    .insertInto('message_boxes')
    .values({
      tenant_id: viewer.tenantId,
      user_id: viewer.userId,
      message_id: message.id,
      message_type: message.message_type_fk,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const deliveries = targets.map((t) => ({ userId: t.userId, kind: FORWARDED, answerRequest: false }));
  await deliver(trx, message, deliveries);
  await recordForwards(
    trx,
    message,
    viewer.userId,
    targets.map((t) => t.userId),
    FORWARD,
    params.ForwardMessage,
    params.ClientKey,
  );
  await recordEvent(trx, viewer.tenantId, message.id, EVENT.forward, viewer.userId, params.ForwardMessage);
  const from = await userName(trx, viewer.tenantId, viewer.userId);
  await notifyWithChange(
    services,
    trx,
    afterCommit,
    viewer.tenantId,
    targets.map((t) => t.userId),
    `ارجاع نامه از ${from}: ${message.subject}`,
    letterUrl('AllMyMessage', message),
  );
}

async function forwardDraft(
  services: Services,
  trx: LettersTrx,
  viewer: Viewer,
  params: ForwardParams,
  afterCommit: AfterCommit,
  message: Message,
) {
  if (message.is_send) throw new UserError(REFUSED.notDraft);
  if (message.holder_id !== viewer.userId) throw new UserError(REFUSED.notHolder);
  if (message.signed_by !== null) throw new UserError(REFUSED.signedReadOnly);
  const targets = await forwardTargets(trx, viewer, params.SelectedTo);
  if (targets.length !== 1) throw new UserError('پیش‌نویس را فقط به یک نفر می‌توان ارجاع داد');
  const [target] = targets;
  await lockCounters(trx, viewer.tenantId, [viewer.userId, target.userId]);
  await trx
    .updateTable('messages')
    .set({ holder_id: target.userId })
    .where('tenant_id', '=', viewer.tenantId)
    .where('id', '=', message.id)
    .execute();
  await releaseDraft(trx, message, viewer.userId);
  await holdDraft(trx, message, target.userId, 'passed');
  await recordForwards(
    trx,
    message,
    viewer.userId,
    targets.map((t) => t.userId),
    FORWARD_DRAFT,
    params.ForwardMessage,
    params.ClientKey,
  );
  await recordEvent(
    trx,
    viewer.tenantId,
    message.id,
    EVENT.forwardDraft,
    viewer.userId,
    params.ForwardMessage,
  );
  const from = await userName(trx, viewer.tenantId, viewer.userId);
  await notifyWithChange(
    services,
    trx,
    afterCommit,
    viewer.tenantId,
    [target.userId],
    `پیش‌نویس ارجاع‌شده از ${from}: ${message.subject}`,
    letterUrl('Draft', message),
  );
}

/**
 * A forward or a draft passed on (IsSend 1, 2) sent again under its dialog's key after the
 * answer was lost: nothing more is written (no second delivery, notice or history row; the
 * files just stored are removed) and the answer is the first one's, the letter's id —
 * before the checks a draft passed on no longer passes (it is not the viewer's now).
 */
async function checkForwardedBefore(
  trx: LettersTrx,
  viewer: Viewer,
  params: ForwardParams,
  message: Message,
) {
  const earlier = await forwardOfKey(trx, viewer, params.ClientKey);
  if (!earlier) return;
  // The key of a forward of another letter, or of the other kind: not a retry of this one.
  if (earlier.message_id !== message.id || earlier.mode !== params.IsSend)
    throw new UserError(CLIENT_KEY_MISMATCH);
  throw new SavedBefore(message.id);
}

/** The reply's numbering scheme: the one asked for, else the tenant's default internal one.
 *  A reply is internal whatever the original was; a client that sends back the original's
 *  own fields (its incoming or outgoing scheme among them) gets the default, not a refusal. */
async function replyScheme(trx: LettersTrx, viewer: Viewer, asked: number | undefined, original: Message) {
  const echoed = asked === original.andikator_fk && original.message_type_fk !== INTERNAL;
  if (asked && !echoed) return (await schemeFor(trx, viewer.tenantId, asked, INTERNAL)).id;
  const fallback = await trx
    .selectFrom('andikators')
    .select('id')
    .where('tenant_id', '=', viewer.tenantId)
    .where('message_type_fk', '=', INTERNAL)
    .where('is_active', '=', true)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  if (!fallback) throw new UserError('اندیکاتور الزامی است');
  return fallback.id;
}

async function reply(
  trx: LettersTrx,
  viewer: Viewer,
  params: ForwardParams,
  original: Message,
): Promise<number> {
  if (!original.is_send) throw new UserError(REFUSED.notSent);
  checkMayCreate(viewer, INTERNAL);
  // Sent again under its dialog's key after the answer was lost: the draft written then.
  const earlier = await letterOfKey(trx, viewer, params.ClientKey);
  if (earlier && earlier.deleted_at !== null) throw new UserError(REFUSED.notFound);
  // The key of a save, or of a reply to another letter: not a retry of this reply.
  if (earlier && earlier.reply_to_id !== original.id) throw new UserError(CLIENT_KEY_MISMATCH);
  if (earlier) throw new SavedBefore(earlier.id);
  const senderId = original.sender_id;
  if (senderId === null) throw new UserError(REFUSED.noSender);
  if (senderId === viewer.userId) throw new UserError(REFUSED.replyToSelf);
  // The reply goes to them as any letter would: switched off since, or without letters, no.
  await colleagueOfUser(trx, viewer.tenantId, senderId, 'گیرنده پاسخ', { readers: true });
  const names = await colleaguesByUser(trx, viewer.tenantId, [senderId, viewer.userId]);
  const text =
    params.MessageBody ||
    params.ForwardMessage.split('\n')
      .map((line) => `<p>${escapeText(line)}</p>`)
      .join('');
  // The original's own project sent back is kept; any other is checked.
  if (params.ProjectFk !== original.project_fk) checkUnbuiltReferences({ ProjectFk: params.ProjectFk });
  const subject = cleanPersianText(params.Subject);
  const body = storedBody(text, 'متن پاسخ');
  // A reply is a letter: like message/save, it is not sent without a text.
  if (!bodyShowsText(body.message_body)) throw new UserError('متن پاسخ الزامی است');
  const draft = await trx
    .insertInto('messages')
    .values({
      tenant_id: viewer.tenantId,
      message_type_fk: INTERNAL,
      subject: hasVisibleText(subject) ? subject : `پاسخ: ${original.subject}`.slice(0, 500),
      ...body,
      andikator_fk: await replyScheme(trx, viewer, params.AndikatorFk, original),
      project_fk: params.ProjectFk ?? original.project_fk,
      recive_method_fk: null,
      imported_msg_number: '',
      imported_msg_date: null,
      from_customer_fk: null,
      from_man_user_id: null,
      export_customer_agent: null,
      answer_request: false,
      author_id: viewer.userId,
      holder_id: viewer.userId,
      reply_to_id: original.id,
      client_key: params.ClientKey ?? null,
      message_from: names.get(viewer.userId)?.name ?? '',
      message_to: names.get(senderId)?.name ?? '',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('message_recipients')
    .values({ tenant_id: viewer.tenantId, message_id: draft.id, user_id: senderId, kind: TO, position: 0 })
    .execute();
  await trx
    .insertInto('message_relations')
    .values({
      tenant_id: viewer.tenantId,
      message_id: draft.id,
      related_id: original.id,
      follow: true,
      created_by: viewer.userId,
    })
    .execute();
  await holdDraft(trx, draft, viewer.userId, 'written');
  await recordEvent(trx, viewer.tenantId, draft.id, EVENT.create, viewer.userId);
  await writeSearch(trx, draft);
  return draft.id;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Answers the id of the letter the user goes on with: the reply's new draft, else the letter. */
export async function forwardLetter(
  services: Services,
  viewer: Viewer,
  asked: ForwardParams,
): Promise<number> {
  // The note is stored in Persian letters, as every text is (its lines as typed).
  const params = { ...asked, ForwardMessage: persianLetters(asked.ForwardMessage) };
  const checked = await checkAttachments(params.Attachments);
  return answeringSavedBefore(() =>
    withStoredFiles(services, viewer.tenantId, checked, (stored) =>
      letterChange(services, async (trx, afterCommit) => {
        const { message } = await requireLetter(trx, viewer, params.MessageId, true);
        let id = message.id;
        if (params.IsSend !== REPLY) await checkForwardedBefore(trx, viewer, params, message);
        if (params.IsSend === FORWARD) await forwardSent(services, trx, viewer, params, afterCommit, message);
        else if (params.IsSend === FORWARD_DRAFT)
          await forwardDraft(services, trx, viewer, params, afterCommit, message);
        else id = await reply(trx, viewer, params, message);
        // A reply is a new draft of the viewer's, a draft passed on leaves their drafts: their
        // other tabs' draft count and lists hear of it (a forward changes neither).
        if (params.IsSend !== FORWARD) afterCommit(() => services.notifier.lettersChanged([viewer.userId]));
        if (stored.length) {
          const target = id === message.id ? message : { ...message, id };
          await recordAttachments(trx, target, viewer.userId, stored, params.ForwardMessage);
        }
        return id;
      }),
    ),
  );
}
