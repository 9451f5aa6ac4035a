// The letter's own buttons (spec 1 §4): sign and remove the signature of a draft one
// holds; file a sent letter in an archive or favourite folder; delete a letter one wrote
// while no other user has read it (readers.ts).
import { sql } from 'kysely';
import { UserError } from '../http/answers';
import type { Services } from '../services';
import { requireLetter, type Message, type Viewer } from './access';
import { fileLetter, holders, lockCounters, removeBoxes } from './boxes';
import { EVENT, REFUSED, REPLY, TO } from './constants';
import { currentEditVersion, recordEvent } from './events';
import { readByOtherThan } from './readers';
import type { LettersTrx } from './schema';
import { dropSearch } from './search';
import { ANSWERING, draftRecipients, letterNoticeUrls } from './send';
import { keepSignature } from './print';
import { letterChange } from './transaction';

async function heldDraft(trx: LettersTrx, viewer: Viewer, id: number) {
  const { message } = await requireLetter(trx, viewer, id, true);
  if (message.is_send) throw new UserError(REFUSED.notDraft);
  if (message.holder_id !== viewer.userId) throw new UserError(REFUSED.notHolder);
  return message;
}

/** Signs the draft as the screen showed it: with `editVersion` (message/get's), a draft
 *  edited since (another tab, a colleague it was passed to and back) is refused, as a save
 *  from that screen is — a signature is for the text the signer read. */
export function signLetter(services: Services, viewer: Viewer, id: number, editVersion?: number) {
  return letterChange(services, async (trx) => {
    const message = await heldDraft(trx, viewer, id);
    if (message.signed_by !== null) throw new UserError(REFUSED.alreadySigned);
    if (editVersion !== undefined && editVersion !== (await currentEditVersion(trx, viewer.tenantId, id)))
      throw new UserError(REFUSED.editedElsewhere);
    await draftRecipients(trx, viewer, id);
    await trx
      .updateTable('messages')
      .set({
        signed_by: viewer.userId,
        signed_at: sql<Date>`now()`,
        signed_pic: await keepSignature(services, trx, viewer.tenantId, viewer.userId),
      })
      .where('tenant_id', '=', viewer.tenantId)
      .where('id', '=', id)
      .execute();
    await recordEvent(trx, viewer.tenantId, id, EVENT.sign, viewer.userId);
  });
}

export function removeSignature(services: Services, viewer: Viewer, id: number) {
  return letterChange(services, async (trx) => {
    const message = await heldDraft(trx, viewer, id);
    if (message.signed_by === null) throw new UserError(REFUSED.notSigned);
    await trx
      .updateTable('messages')
      .set({ signed_by: null, signed_at: null })
      .where('tenant_id', '=', viewer.tenantId)
      .where('id', '=', id)
      .execute();
    await recordEvent(trx, viewer.tenantId, id, EVENT.removeSign, viewer.userId);
  });
}

const FOLDERS = {
  archive: {
    table: 'archives',
    column: 'archive_fk',
    label: 'پوشه بایگانی',
    event: EVENT.archive,
    outEvent: EVENT.unarchive,
    notThere: 'این نامه در این پوشه بایگانی شما نیست',
  },
  favorite: {
    table: 'favorites',
    column: 'favorite_fk',
    label: 'پوشه دلخواه',
    event: EVENT.favorite,
    outEvent: EVENT.unfavorite,
    notThere: 'این نامه در این پوشه دلخواه شما نیست',
  },
} as const;
export type FolderKind = keyof typeof FOLDERS;

/** Files a sent letter in one of the tenant's folders, for this user (once: filing it
 *  there again answers done and records no second event). */
export function fileInFolder(
  services: Services,
  viewer: Viewer,
  id: number,
  kind: keyof typeof FOLDERS,
  folderId: number,
) {
  const folder = FOLDERS[kind];
  return letterChange(services, async (trx) => {
    const { message } = await requireLetter(trx, viewer, id, true);
    if (!message.is_send) throw new UserError(REFUSED.notSent);
    const exists = await trx
      .selectFrom(folder.table)
      .select('id')
      .where('tenant_id', '=', viewer.tenantId)
      .where('id', '=', folderId)
      .executeTakeFirst();
    if (!exists) throw new UserError(`${folder.label} انتخاب‌شده وجود ندارد`);
    const filed = await fileLetter(
      trx,
      message,
      viewer.userId,
      kind === 'archive' ? { archive_fk: folderId } : { favorite_fk: folderId },
    );
    if (filed) await recordEvent(trx, viewer.tenantId, id, folder.event, viewer.userId);
  });
}

/** Takes the letter out of the user's folder (message/delete from a folder's list: spec 1
 *  §7 names the page and the folder). Only the user's own filing changes; the letter stays
 *  wherever else it is. `folderId` 0: out of whichever folder of the kind it is in. No right
 *  to the letter is asked — the filing is the user's own row, and a letter they no longer
 *  may read must still leave their folder (or the folder could never be deleted). */
export function unfileFromFolder(
  services: Services,
  viewer: Viewer,
  id: number,
  kind: FolderKind,
  folderId: number,
) {
  const folder = FOLDERS[kind];
  return letterChange(services, async (trx) => {
    let unfile = trx
      .updateTable('message_boxes')
      .set({ [folder.column]: null })
      .where('tenant_id', '=', viewer.tenantId)
      .where('user_id', '=', viewer.userId)
      .where('message_id', '=', id)
      .where(folder.column, 'is not', null);
    if (folderId) unfile = unfile.where(folder.column, '=', folderId);
    const changed = await unfile.returning('message_id').executeTakeFirst();
    if (!changed) throw new UserError(folder.notThere);
    await recordEvent(trx, viewer.tenantId, id, folder.outEvent, viewer.userId);
  });
}

/** A sent reply deleted (unread: the original's sender never had it) answers nothing: the
 *  original waits again for the answer of its author and sender, if it asked them for one
 *  and no other reply of theirs to its sender is left (as send.ts answerOriginal counts).
 *  Their counters are locked (they hold the reply). The original's forwards tab no longer
 *  shows it as «پاسخ» (a letter no one can open); its event of type 10 stays, as history. */
async function answerOwedAgain(trx: LettersTrx, reply: Message) {
  // The row its send wrote (send.ts answerOriginal): the author's, of mode reply, written
  // in that transaction (created_at is its now(), as the reply's sent_at).
  await sql`DELETE FROM message_forwards f
     WHERE f.tenant_id = ${reply.tenant_id} AND f.message_id = ${reply.reply_to_id}
       AND f.mode = ${REPLY} AND f.from_user_id = ${reply.author_id}
       AND f.created_at = (SELECT r.sent_at FROM messages r WHERE r.tenant_id = ${reply.tenant_id} AND r.id = ${reply.id})`.execute(
    trx,
  );
  const users = [...new Set([reply.author_id, reply.sender_id].filter((id): id is number => id !== null))];
  await sql`UPDATE message_boxes b SET answer_request = true
      FROM messages o
     WHERE o.tenant_id = ${reply.tenant_id} AND o.id = ${reply.reply_to_id} AND o.answer_request
       AND b.tenant_id = o.tenant_id AND b.message_id = o.id AND b.inbox AND b.recipient_kind = ${TO}
       AND b.user_id = ANY(${users}::int[]) AND NOT b.answer_request
       AND NOT EXISTS (
             SELECT 1 FROM messages r
              WHERE r.tenant_id = o.tenant_id AND r.reply_to_id = o.id AND r.id <> ${reply.id}
                AND r.is_send AND r.deleted_at IS NULL
                AND (r.author_id = b.user_id OR r.sender_id = b.user_id)
                AND EXISTS (SELECT 1 FROM message_recipients t
                             WHERE t.tenant_id = r.tenant_id AND t.message_id = r.id
                               AND t.kind = ANY(${ANSWERING}::int[]) AND t.user_id = o.sender_id))`.execute(
    trx,
  );
}

/** Deletes a letter for everyone: its author (or a draft's holder) may, while no other
 *  user has read it. The row stays (its number and history are the registry's), hidden. */
export function deleteLetter(services: Services, viewer: Viewer, id: number) {
  return letterChange(services, async (trx, afterCommit) => {
    const { message } = await requireLetter(trx, viewer, id, true);
    const mayDelete =
      message.author_id === viewer.userId || (!message.is_send && message.holder_id === viewer.userId);
    if (!mayDelete) throw new UserError(REFUSED.deleteNotAuthor);
    if (readByOtherThan(message, viewer.userId)) throw new UserError(REFUSED.deleteRead);
    const people = await holders(trx, message);
    await lockCounters(trx, viewer.tenantId, people);
    if (message.reply_to_id !== null && message.is_send) await answerOwedAgain(trx, message);
    await removeBoxes(trx, message);
    // Its notices would open «نامه یافت نشد»: they go with it, and the pages of everyone
    // it was in (a recipient's counts, lists and bell) are told at once.
    await sql`DELETE FROM notifications
       WHERE tenant_id = ${viewer.tenantId} AND user_id = ANY(${people}::int[])
         AND url IN (${sql.join(letterNoticeUrls(message))})`.execute(trx);
    afterCommit(() => services.notifier.lettersChanged(people));
    await dropSearch(trx, message);
    await trx
      .updateTable('messages')
      .set({ deleted_at: sql<Date>`now()`, holder_id: null })
      .where('tenant_id', '=', viewer.tenantId)
      .where('id', '=', id)
      .execute();
    await recordEvent(trx, viewer.tenantId, id, EVENT.delete, viewer.userId);
  });
}
