// message/save/ (spec 1 §4): IsSend 0 saves a draft, 6 saves it and gives it a number,
// 1 sends. A new letter may be sent at once; a saved draft is sent only once signed, and
// then as it was signed. A signed draft is not edited, a sent letter never; only the
// draft's holder changes it. Each refusal changes nothing (one transaction).
import { UserError } from '../http/answers';
import { NO_PERMISSION_MESSAGE } from '../../src/shared/permissions';
import type { Services } from '../services';
import { requireLetter, type Message, type Viewer } from './access';
import {
  ATTACHMENT_AREA,
  checkAttachments,
  recordAttachments,
  withStoredFiles,
  type StoredFile,
} from './attachments';
import { answeringSavedBefore, CLIENT_KEY_MISMATCH, letterOfKey, SavedBefore } from './client-key';
import { holdDraft, lockCounters } from './boxes';
import { addRelations, composeLetter, writeAddresses, type Composed } from './compose';
import { NUMBERED_SCHEME_FIXED } from './numbering';
import {
  ASSIGN_NUMBER,
  BCC,
  CC,
  CREATE_PERMISSION,
  EVENT,
  REFUSED,
  SAVE_DRAFT,
  SEND,
  type MessageType,
} from './constants';
import { currentEditVersion, recordEvent } from './events';
import { colleaguesByUser } from './people';
import type { SaveParams } from './params';
import type { LettersTrx } from './schema';
import { writeSearch } from './search';
import { numberLetter, sendLetter } from './send';
import { letterChange, type AfterCommit } from './transaction';

/** May this user write a new letter of this type? (CreateInternalMessage, …) */
export function checkMayCreate(viewer: Viewer, type: number | undefined): MessageType {
  if (type === undefined) throw new UserError('نوع نامه الزامی است');
  const messageType = type as MessageType;
  if (!viewer.permissions.has(CREATE_PERMISSION[messageType])) throw new UserError(NO_PERMISSION_MESSAGE);
  return messageType;
}

async function createDraft(trx: LettersTrx, viewer: Viewer, params: SaveParams): Promise<Message> {
  const type = checkMayCreate(viewer, params.MessageTypeFk);
  const composed = await composeLetter(trx, viewer, params, type);
  const message = await trx
    .insertInto('messages')
    .values({
      ...composed.columns,
      tenant_id: viewer.tenantId,
      author_id: viewer.userId,
      holder_id: viewer.userId,
      client_key: params.ClientKey ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await writeAddresses(trx, viewer.tenantId, message.id, composed);
  await addRelations(trx, viewer, message.id, composed.related);
  // Every counter this change will touch, locked first in one order (boxes.ts).
  const sending = params.IsSend === SEND ? composed.recipients.map((r) => r.userId) : [];
  await lockCounters(trx, viewer.tenantId, [viewer.userId, ...sending]);
  await holdDraft(trx, message, viewer.userId, 'written');
  await recordEvent(trx, viewer.tenantId, message.id, EVENT.create, viewer.userId);
  return message;
}

/** The draft the viewer holds, changed as the request says (or, sending a signed draft, as signed). */
async function changeDraft(
  trx: LettersTrx,
  viewer: Viewer,
  params: SaveParams,
  withFiles: boolean,
): Promise<Message> {
  const { message } = await requireLetter(trx, viewer, params.MessageId, true);
  if (message.is_send) throw new UserError(REFUSED.sentReadOnly);
  if (message.holder_id !== viewer.userId) throw new UserError(REFUSED.notHolder);
  if (params.MessageTypeFk !== undefined && params.MessageTypeFk !== message.message_type_fk)
    throw new UserError('نوع نامه را نمی‌توان تغییر داد');
  if (params.IsSend === SEND) {
    if (message.signed_by === null) throw new UserError(REFUSED.sendNeedsSignature);
    if (withFiles) throw new UserError(REFUSED.signedReadOnly);
    return message;
  }
  if (message.signed_by !== null) throw new UserError(REFUSED.signedReadOnly);
  // Its number belongs to its scheme: in another, it would stand in that scheme's way.
  if (message.number !== null && params.AndikatorFk && params.AndikatorFk !== message.andikator_fk)
    throw new UserError(NUMBERED_SCHEME_FIXED);
  const addressedBefore = await addressesOf(trx, viewer.tenantId, message.id);
  const asked = await keepingLeftOut(trx, params, message, addressedBefore.recipients);
  const composed = await composeLetter(trx, viewer, asked, message.message_type_fk, {
    id: message.id,
    schemeId: message.andikator_fk,
    users: new Set([
      ...addressedBefore.recipients.map((r) => r.user_id),
      ...(message.from_man_user_id === null ? [] : [message.from_man_user_id]),
    ]),
  });
  // Recipients and customers rewritten only when they differ from the stored ones.
  const readdressed = JSON.stringify(addressedBefore) !== JSON.stringify(addressesIn(composed));
  // An edit event only for an edit: assigning a number sends the unchanged form along.
  const edited =
    withFiles || readdressed || composed.related.length > 0 || !sameColumns(message, composed.columns);
  // An edit from a screen that loaded an older edit (another tab, a colleague it was passed
  // to and back) would undo the later one without a word. (The same form again — a retry
  // after a lost answer — changes nothing and passes.)
  if (edited && params.EditVersion !== undefined) {
    if (params.EditVersion !== (await currentEditVersion(trx, viewer.tenantId, message.id)))
      throw new UserError(REFUSED.editedElsewhere);
  }
  const changed = await trx
    .updateTable('messages')
    .set(composed.columns)
    .where('tenant_id', '=', viewer.tenantId)
    .where('id', '=', message.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (readdressed) await writeAddresses(trx, viewer.tenantId, message.id, composed);
  await addRelations(trx, viewer, message.id, composed.related);
  if (edited) await recordEvent(trx, viewer.tenantId, message.id, EVENT.edit, viewer.userId);
  return changed;
}

/**
 * An edit changes what it names: copies, blind copies and «نیاز به پاسخ» left out of it stay
 * as the draft has them (a client built to spec 1 §7, which lists no SelectedBcc, wiped a
 * draft's blind copies with every save). An empty value clears them.
 */
async function keepingLeftOut(
  trx: LettersTrx,
  params: SaveParams,
  draft: Message,
  recipients: Array<{ user_id: number; kind: number }>,
): Promise<SaveParams> {
  const copies = recipients.filter((r) => r.kind === CC || r.kind === BCC);
  const leftOut = params.SelectedCC === undefined || params.SelectedBcc === undefined;
  // The API names colleagues by person: the stored users' persons, in one look-up.
  const people = leftOut
    ? await colleaguesByUser(
        trx,
        draft.tenant_id,
        copies.map((r) => r.user_id),
      )
    : new Map();
  const stored = (kind: number) =>
    copies.filter((r) => r.kind === kind).flatMap((r) => people.get(r.user_id)?.personId ?? []);
  return {
    ...params,
    SelectedCC: params.SelectedCC ?? stored(CC),
    SelectedBcc: params.SelectedBcc ?? stored(BCC),
    AnswerRequest: params.AnswerRequest ?? draft.answer_request,
  };
}

/** Whether the stored letter already holds these column values. */
function sameColumns(stored: Message, columns: Composed['columns']) {
  const plain = (value: unknown) => (value instanceof Date ? value.getTime() : (value ?? null));
  return Object.entries(columns).every(
    ([column, value]) => plain(stored[column as keyof Message]) === plain(value),
  );
}

/** The recipients and customers a save writes, as addressesOf reads them back. */
const addressesIn = (composed: Composed) => ({
  recipients: composed.recipients.map((r) => ({ user_id: r.userId, kind: r.kind })),
  customers: composed.customers.map((customer_id) => ({ customer_id })),
});

/** The letter's stored recipients and customers in their order. */
async function addressesOf(trx: LettersTrx, tenantId: number, messageId: number) {
  const recipients = await trx
    .selectFrom('message_recipients')
    .select(['user_id', 'kind'])
    .where('tenant_id', '=', tenantId)
    .where('message_id', '=', messageId)
    .orderBy('position')
    .execute();
  const customers = await trx
    .selectFrom('message_customers')
    .select('customer_id')
    .where('tenant_id', '=', tenantId)
    .where('message_id', '=', messageId)
    .orderBy('position')
    .execute();
  return { recipients, customers };
}

export async function saveLetter(services: Services, viewer: Viewer, params: SaveParams): Promise<number> {
  const checked = await checkAttachments(params.Attachments);
  return answeringSavedBefore(() =>
    withStoredFiles(services, viewer.tenantId, checked, (stored) =>
      letterChange(services, async (trx, afterCommit) => {
        const earlier = params.MessageId ? undefined : await letterOfKey(trx, viewer, params.ClientKey);
        let message = params.MessageId
          ? await changeDraft(trx, viewer, params, stored.length > 0)
          : earlier
            ? await saveAgain(trx, viewer, params, earlier, stored.length > 0)
            : await createDraft(trx, viewer, params);
        const attached = earlier
          ? await withoutAttachedBefore(services, trx, message, stored, afterCommit)
          : stored;
        await recordAttachments(trx, message, viewer.userId, attached);
        if (params.IsSend === ASSIGN_NUMBER) {
          // A retry of a numbering that was done keeps its number, as a retry should.
          if (message.number !== null && !earlier) throw new UserError(REFUSED.alreadyNumbered);
          if (message.number === null) message = await numberLetter(trx, viewer, message);
        }
        if (params.IsSend === SEND) message = await sendLetter(services, trx, viewer, message, afterCommit);
        await writeSearch(trx, message);
        tellOwnPages(services, afterCommit, viewer, message);
        return message.id;
      }),
    ),
  );
}

/** Every save changes the saver's drafts (a new one, its subject, one gone when sent), and a
 *  draft passed on and sent goes to its author's sent letters: their open pages — other
 *  tabs, whose draft count and lists show it — hear of it once it committed. */
function tellOwnPages(services: Services, afterCommit: AfterCommit, viewer: Viewer, message: Message) {
  const people = [...new Set([viewer.userId, message.author_id])];
  afterCommit(() => services.notifier.lettersChanged(people));
}

/**
 * A new letter's save sent again under its screen's key (client-key.ts) after the first
 * one's answer was lost. Sent already: that letter is the answer, nothing more is written.
 * Still a draft: the user's form is what they want it to be — the draft takes it, and is
 * then numbered or sent as this request asks, as the new letter it is to the user would be.
 */
async function saveAgain(
  trx: LettersTrx,
  viewer: Viewer,
  params: SaveParams,
  earlier: Message,
  withFiles: boolean,
): Promise<Message> {
  if (earlier.deleted_at !== null) throw new UserError(REFUSED.notFound);
  // The key of another kind of letter, or of a reply: not a retry of this save.
  if (earlier.reply_to_id !== null || earlier.message_type_fk !== params.MessageTypeFk)
    throw new UserError(CLIENT_KEY_MISMATCH);
  if (earlier.is_send) throw new SavedBefore(earlier.id);
  // Signed since: sent as signed, as the draft it now is (changeDraft reads no field of it).
  if (params.IsSend === SEND && earlier.signed_by !== null)
    return changeDraft(trx, viewer, { ...params, MessageId: earlier.id }, withFiles);
  // Its signature removed, or passed on: no longer the new letter of the screen that made
  // the key, but a draft — and a draft is sent only signed.
  if (params.IsSend === SEND && (await leftItsScreen(trx, earlier)))
    throw new UserError(REFUSED.sendNeedsSignature);
  return changeDraft(trx, viewer, { ...params, MessageId: earlier.id, IsSend: SAVE_DRAFT }, withFiles);
}

/** Whether anything but its author's saves and numbering has happened to the draft. */
async function leftItsScreen(trx: LettersTrx, draft: Message): Promise<boolean> {
  if (draft.holder_id !== draft.author_id) return true;
  const event = await trx
    .selectFrom('message_events')
    .select('id')
    .where('tenant_id', '=', draft.tenant_id)
    .where('message_id', '=', draft.id)
    .where('event_type', 'in', [EVENT.sign, EVENT.removeSign, EVENT.forwardDraft])
    .limit(1)
    .executeTakeFirst();
  return event !== undefined;
}

/** A retried save carries the files the first one attached again: those the draft has
 *  (same name and size) are not attached twice, and their new copies are removed. */
async function withoutAttachedBefore(
  services: Services,
  trx: LettersTrx,
  message: Message,
  stored: StoredFile[],
  afterCommit: AfterCommit,
): Promise<StoredFile[]> {
  if (!stored.length) return stored;
  const before = await trx
    .selectFrom('message_attachments')
    .select(['file_name', 'size'])
    .where('tenant_id', '=', message.tenant_id)
    .where('message_id', '=', message.id)
    .execute();
  const had = new Set(before.map((file) => `${file.size}:${file.file_name}`));
  const again = stored.filter((file) => had.has(`${file.size}:${file.fileName}`));
  afterCommit(async () => {
    for (const file of again)
      await services.files.remove(message.tenant_id, ATTACHMENT_AREA, file.storedName);
  });
  return stored.filter((file) => !again.includes(file));
}
