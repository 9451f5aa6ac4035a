// message/get/: the letter with its recipients, attachments, related letters, forwards
// and history (spec 1 §3 "Letter detail response"). Its reads are key look-ups, each
// planned once per connection (ONE_PLAN). Opening a letter someone else wrote and sent
// marks it read for the viewer: the first time records an event of type 8; a recipient's
// first reading is also the letter's (what keeps its author from deleting it).
import { sql, type Selectable } from 'kysely';
import { formatJalali } from '../../src/shared/jalali';
import { UserError } from '../http/answers';
import type { Services } from '../services';
import { visibleIds, visibleLetter, type Box, type Message, type Viewer } from './access';
import {
  BCC,
  CC,
  EVENT,
  EVENT_NAMES,
  FORWARD_DRAFT,
  FORWARDED,
  OUTGOING,
  REFUSED,
  REPLY,
  TO,
  messageTypeString,
} from './constants';
import { editVersion, firstReadBy, recordEvent } from './events';
import { noteReader } from './readers';
import { colleaguesByUser } from './people';
import type { LettersDatabase, LettersDb, LettersTrx } from './schema';
import { displayNumber } from './search';
import { letterNoticeUrls } from './send';
import { letterChange } from './transaction';
import { ONE_PLAN } from '../db/named-statements';

/**
 * What opening the letter is for this viewer:
 * - `none`: no reading — its author or sender (they wrote or sent it) outside their
 *   cartable, or anyone but its holder looking into a draft;
 * - `own`: its author or sender opening a copy in their own cartable (forwarded back to
 *   them, or a passed draft sent with them on copy): it marks their row read and records
 *   their reading, but it is no recipient's reading of the letter (first_read_at, what
 *   keeps the author from deleting it, stays as it was);
 * - `recipient`: the reading of one it was sent to (to, cc, bcc) or forwarded to (a row in
 *   their cartable), or of the colleague a draft was passed to (its holder, not its
 *   author): it marks their row read, and a sent letter's first such reading (but a blind
 *   copy's) is the letter's (messages.first_read_at: «read» in the lists outside the cartable);
 * - `onlooker`: anyone else who may see it (a reader of all letters, one who filed or
 *   forwarded it by that right): their first opening is an event of type 8, nothing more.
 * A user has one event of type 8 of a letter at most, whichever way they came to read it.
 */
type Reading = 'none' | 'own' | 'recipient' | 'onlooker';

function readingOf(viewer: Viewer, message: Message, box: Box | undefined): Reading {
  if (viewer.userId === message.author_id || viewer.userId === message.sender_id)
    return message.is_send && box?.inbox ? 'own' : 'none';
  if (!message.is_send) return box && message.holder_id === viewer.userId ? 'recipient' : 'none';
  return box?.inbox ? 'recipient' : 'onlooker';
}

/** The viewer's own reading of the letter before this opening: in their cartable their
 *  row's, otherwise their first reading (their row's, or their event of type 8). */
async function ownReading(
  db: LettersDb,
  viewer: Viewer,
  message: Message,
  box: Box | undefined,
  reading: Reading,
): Promise<{ read: boolean; firstAt: Date | null }> {
  if (reading === 'none') return { read: false, firstAt: null };
  if (box?.inbox) return { read: box.is_read || box.first_read_at !== null, firstAt: box.first_read_at };
  const firstAt =
    box?.first_read_at ??
    (reading === 'onlooker' ? await firstReadBy(db, viewer.tenantId, message.id, viewer.userId) : null);
  return { read: firstAt !== null, firstAt };
}

/** Marks the letter read for this viewer as `reading` says. Decided under the letter's row
 *  lock, so two openings at once record one event and one first reading. When that changed
 *  the viewer's counts or bell, their open pages (other tabs) are told once it committed. */
async function markRead(
  services: Services,
  viewer: Viewer,
  message: Message,
  box: Box | undefined,
  reading: Reading,
  before: { firstAt: Date | null },
) {
  if (reading === 'none') return readHeldDraft(services, viewer, message, box);
  // Read before: nothing to lock (every opening would otherwise queue on the letter's row).
  if (reading === 'recipient' && box?.first_read_at && (box.is_read || !box.inbox)) return;
  if (reading === 'own' && box?.is_read) return;
  if (reading === 'onlooker' && before.firstAt !== null) return;
  await letterChange(services, async (trx, afterCommit) => {
    // The letter first, then the user's counter (by the box trigger): the order every
    // change of a letter takes its locks in (boxes.ts).
    const still = await trx
      .selectFrom('messages')
      .select('id')
      .where('tenant_id', '=', viewer.tenantId)
      .where('id', '=', message.id)
      .where('deleted_at', 'is', null)
      .forNoKeyUpdate()
      .executeTakeFirst();
    // Deleted since it was read for this answer: no reading after its deletion.
    if (!still) throw new UserError(REFUSED.notFound);
    const boxRead = await markBoxRead(trx, viewer, message, reading, box?.recipient_kind);
    const noticesRead = await readNotices(trx, viewer, message);
    if (boxRead || noticesRead) afterCommit(() => services.notifier.lettersChanged([viewer.userId]));
    // One event of type 8 for a user, however they came to the letter (a reader of all
    // letters who then filed it, or was forwarded it, opened it before).
    if ((await firstReadBy(trx, viewer.tenantId, message.id, viewer.userId)) === null) {
      await recordEvent(trx, viewer.tenantId, message.id, EVENT.read, viewer.userId);
      await noteReader(trx, message, viewer.userId);
      // The author's and holder's lists show whether it was read and whether they may still
      // delete it (probe: a sent list kept «unread» and its delete button until a reload).
      const writers = [message.author_id, message.holder_id].filter(
        (id): id is number => id !== null && id !== viewer.userId,
      );
      if (writers.length) afterCommit(() => services.notifier.lettersChanged([...new Set(writers)]));
    }
  });
}

/** The viewer's row of the letter marked read; whether it was unread (their counts change). */
async function markBoxRead(
  trx: LettersTrx,
  viewer: Viewer,
  message: Message,
  reading: Reading,
  kind: number | null | undefined,
) {
  const mine = trx
    .updateTable('message_boxes')
    .where('tenant_id', '=', viewer.tenantId)
    .where('user_id', '=', viewer.userId)
    .where('message_id', '=', message.id);
  if (reading === 'own')
    return changedRows(await mine.set({ is_read: true }).where('is_read', '=', false).execute());
  if (reading !== 'recipient') return false;
  const first = await mine
    .set({ is_read: true, first_read_at: sql<Date>`now()` })
    .where('first_read_at', 'is', null)
    .returning('message_id')
    .executeTakeFirst();
  if (!first) return changedRows(await mine.set({ is_read: true }).where('is_read', '=', false).execute());
  // A blind copy's reading is not the letter's: «read» in the lists would tell a reader of
  // all letters that a hidden recipient exists (migration 0029); nor is the reading of one
  // who has it only through her forwards (probe helper-66), as message/get hides them.
  if (message.is_send && kind !== BCC && !(await hiddenFromOnlookers(trx, viewer, message, kind)))
    await trx
      .updateTable('messages')
      .set({ first_read_at: sql<Date>`coalesce(first_read_at, now())` })
      .where('tenant_id', '=', viewer.tenantId)
      .where('id', '=', message.id)
      .execute();
  return true;
}

const changedRows = (results: Array<{ numUpdatedRows: bigint }>) =>
  results.some((r) => r.numUpdatedRows > 0n);

/** The bell's notices of this letter are read with it (their links open it, send.ts);
 *  whether there were any unread (their bell changes). */
async function readNotices(db: LettersDb | LettersTrx, viewer: Viewer, message: Message): Promise<boolean> {
  const result = await sql`UPDATE notifications SET is_read = true
     WHERE tenant_id = ${viewer.tenantId} AND user_id = ${viewer.userId} AND NOT is_read
       AND url IN (${sql.join(letterNoticeUrls(message))})`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/**
 * A draft opened is no reading (no event, nothing of the letter changes), but it is no
 * longer new to its holder: their row is marked read (a draft passed back to its author was
 * listed unread, boxes.ts holdDraft), and their notices of it are read — a draft passed back
 * («پیش‌نویس ارجاع‌شده از …»), or passed on again by someone who had not opened it, would
 * otherwise keep the bell up for good. No letter lock: a draft's row counts nothing.
 */
async function readHeldDraft(services: Services, viewer: Viewer, message: Message, box: Box | undefined) {
  if (message.is_send) return;
  const db = services.db as unknown as LettersDb;
  if (box && !box.is_read && message.holder_id === viewer.userId)
    await db
      .updateTable('message_boxes')
      .set({ is_read: true })
      .where('tenant_id', '=', viewer.tenantId)
      .where('user_id', '=', viewer.userId)
      .where('message_id', '=', message.id)
      .where('drafting', '=', true)
      .execute();
  if (!(await readNotices(db, viewer, message))) return;
  // Told as a committed change's pushes are: a failed push is logged, the letter still opens.
  await services.notifier
    .lettersChanged([viewer.userId])
    .catch((error: unknown) => services.log.error({ err: error }, 'draft notices read: push failed'));
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

type People = Awaited<ReturnType<typeof colleaguesByUser>>;

/** The letter's recipients (to, cc, bcc) in their order, and an outgoing letter's customers. */
async function addressRows(db: LettersDb, viewer: Viewer, message: Message) {
  const [rows, customers] = await Promise.all([
    db
      .selectFrom('message_recipients')
      .modifyFront(ONE_PLAN)
      .select(['user_id', 'kind'])
      .where('tenant_id', '=', viewer.tenantId)
      .where('message_id', '=', message.id)
      .orderBy('position')
      .execute(),
    message.message_type_fk === OUTGOING
      ? db
          .selectFrom('message_customers')
          .modifyFront(ONE_PLAN)
          .select('customer_id')
          .where('tenant_id', '=', viewer.tenantId)
          .where('message_id', '=', message.id)
          .orderBy('position')
          .execute()
      : undefined,
  ]);
  return { rows, customers: customers?.map((r) => r.customer_id) };
}

/** The people a letter names as its author, holder and sender. */
type Writers = Pick<Message, 'author_id' | 'holder_id' | 'sender_id'>;

/** Who sees all the letter's blind copies: the people who wrote, hold or sent it. */
const seesBlindCopies = (viewer: Viewer, message: Writers) =>
  [message.author_id, message.holder_id, message.sender_id].includes(viewer.userId);

/**
 * The users this viewer must not see on the letter: to anyone but those who see its blind
 * copies, the blind recipients (other than the viewer) who are on it only as such — not its
 * author, holder or sender, not a to or cc recipient, not one who forwarded it to the viewer,
 * not one a forward the viewer sees names — and whoever has the letter only through their
 * forwards (and so on down that chain): their reading and passing it on would show a route
 * the viewer does not see. Their events and forwards are left out of the answer (their
 * reading, filing, printing, forwarding would name them), and so are the attachments they
 * added.
 */
function hiddenBlind(
  viewer: Viewer,
  message: Writers,
  rows: readonly { user_id: number; kind: number }[],
  forwards: readonly { from_user_id: number; to_user_id: number }[],
): Set<number> {
  if (seesBlindCopies(viewer, message)) return new Set();
  const open = new Set(rows.filter((r) => r.kind !== BCC).map((r) => r.user_id));
  for (const userId of [message.author_id, message.holder_id, message.sender_id, viewer.userId])
    if (userId !== null) open.add(userId);
  for (const row of forwards) if (row.to_user_id === viewer.userId) open.add(row.from_user_id);
  const hidden = new Set(rows.filter((r) => r.kind === BCC && !open.has(r.user_id)).map((r) => r.user_id));
  // A forward by someone on the letter openly puts its recipient on it openly too (and so on).
  let more = hidden.size > 0;
  while (more) {
    more = false;
    for (const row of forwards)
      if (!hidden.has(row.from_user_id) && hidden.delete(row.to_user_id)) more = hidden.size > 0;
  }
  // Reached only by a hidden one's forwards: as hidden (probe helper-63 — the to and cc
  // recipients saw the reading of someone the letter never openly went to).
  for (let grown = hidden.size > 0; grown;) {
    grown = false;
    const reachedOpenly = new Set(
      forwards.filter((f) => !hidden.has(f.from_user_id)).map((f) => f.to_user_id),
    );
    for (const row of forwards) {
      const to = row.to_user_id;
      if (hidden.has(row.from_user_id) && !open.has(to) && !reachedOpenly.has(to) && !hidden.has(to)) {
        hidden.add(to);
        grown = true;
      }
    }
  }
  return hidden;
}

function addresses(
  viewer: Viewer,
  message: Message,
  { rows, customers }: Awaited<ReturnType<typeof addressRows>>,
  people: People,
) {
  const personOf = (userId: number) => people.get(userId)?.personId ?? null;
  const ofKind = (kind: number) =>
    rows
      .filter((r) => r.kind === kind)
      .map((r) => personOf(r.user_id))
      .filter((id): id is number => id !== null);
  // Blind copies: the people who wrote, hold or sent the letter see them all, a blind
  // recipient sees only themselves, everyone else none.
  const writer = seesBlindCopies(viewer, message);
  const bcc = rows
    .filter((r) => r.kind === BCC && (writer || r.user_id === viewer.userId))
    .map((r) => personOf(r.user_id))
    .filter((id): id is number => id !== null);
  return { selectedTo: customers ?? ofKind(TO), selectedCC: ofKind(CC), selectedBcc: bcc };
}

/** The titles of the letter's scheme and receive method, and of the viewer's own folders
 *  it is filed in (their full paths), in one statement. */
async function titlesOf(db: LettersDb, viewer: Viewer, message: Message, box: Box | undefined) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('andikators')
        .select('andikator_title')
        .where('tenant_id', '=', viewer.tenantId)
        .where('id', '=', message.andikator_fk)
        .as('andikator_title'),
      eb
        .selectFrom('recive_methods')
        .select('recive_method_title')
        .where('tenant_id', '=', viewer.tenantId)
        .where('id', '=', message.recive_method_fk ?? 0)
        .as('recive_method_title'),
      eb
        .selectFrom('archives')
        .select('full_name')
        .where('tenant_id', '=', viewer.tenantId)
        .where('id', '=', box?.archive_fk ?? 0)
        .as('archive_title'),
      eb
        .selectFrom('favorites')
        .select('full_name')
        .where('tenant_id', '=', viewer.tenantId)
        .where('id', '=', box?.favorite_fk ?? 0)
        .as('favorite_title'),
    ])
    .modifyFront(ONE_PLAN)
    .executeTakeFirst();
  return {
    andikatorTitle: row?.andikator_title ?? '',
    reciveMethodTitle: row?.recive_method_title ?? '',
    // The viewer's filing (spec 1 §7's setarchive / setfavorite): the dialogs start there.
    archiveFk: box?.archive_fk ?? null,
    archiveTitle: row?.archive_title ?? '',
    favoriteFk: box?.favorite_fk ?? null,
    favoriteTitle: row?.favorite_title ?? '',
  };
}

function letterRecord(
  viewer: Viewer,
  message: Message,
  box: Box | undefined,
  own: { read: boolean; firstAt: Date | null },
  titles: Awaited<ReturnType<typeof titlesOf>>,
  people: People,
) {
  return {
    messageId: message.id,
    messageTypeFk: message.message_type_fk,
    messageTypeString: messageTypeString(message.message_type_fk),
    subject: message.subject,
    messageBody: message.message_body,
    andikatorFk: message.andikator_fk,
    ...titles,
    andikatorPrefix: message.andikator_prefix,
    number: message.number,
    displayMessageNumber: displayNumber(message),
    projectFk: message.project_fk,
    projectTitle: null,
    reciveMethodFk: message.recive_method_fk,
    importedMsgNumber: message.imported_msg_number,
    importedMsgDate: iso(message.imported_msg_date),
    messageFromManFk:
      message.from_man_user_id === null ? null : (people.get(message.from_man_user_id)?.personId ?? null),
    messageFromCustomerFk: message.from_customer_fk,
    messageFromUserId: message.sender_id ?? message.author_id,
    // The colleague a reply goes to (mode 3): for an incoming letter, who registered it.
    messageFromUserFullName: people.get(message.sender_id ?? message.author_id)?.name ?? '',
    exportCustomerAgent: message.export_customer_agent,
    answerRequest: message.answer_request,
    needsMyAnswer: Boolean(box?.inbox && box.answer_request),
    isSend: message.is_send,
    signed: message.signed_by !== null,
    signedByFullName: message.signed_by === null ? '' : (people.get(message.signed_by)?.name ?? ''),
    createdDate: iso(message.created_at),
    sentDate: iso(message.sent_at),
    messageFrom: message.message_from,
    messageTo: message.message_to,
    messageCc: message.message_cc,
    messageAttachmentCount: message.attachment_count,
    hasMessageAttachment: message.attachment_count > 0,
    // The viewer's own reading, as it was before this opening (the screen opens on the
    // attachments when read before): never another's reading time.
    firstTimeRead: iso(own.firstAt),
    isReaded: own.read,
    createdUserPic: people.get(message.author_id)?.pic ?? '',
    createdUserFullName: people.get(message.author_id)?.name ?? '',
    // Who may do what now (the screen's buttons follow §4 and these).
    isAuthor: message.author_id === viewer.userId,
    isHolder: !message.is_send && message.holder_id === viewer.userId,
  };
}

function attachmentRows(db: LettersDb, viewer: Viewer, message: Message) {
  return db
    .selectFrom('message_attachments as a')
    .modifyFront(ONE_PLAN)
    .innerJoin('users as u', (join) =>
      join.onRef('u.tenant_id', '=', 'a.tenant_id').onRef('u.id', '=', 'a.created_by'),
    )
    .select([
      'a.id',
      'a.file_name',
      'a.size',
      'a.comment',
      'a.created_at',
      'a.created_by',
      'u.first_name',
      'u.last_name',
    ])
    .where('a.tenant_id', '=', viewer.tenantId)
    .where('a.message_id', '=', message.id)
    .orderBy('a.id')
    .execute();
}

/** The attachments, without those a hidden blind copy added when passing the letter on: their
 *  file name and note (the forward's own note) would tell of a forward the viewer may not see. */
function attachmentsOf(rows: Awaited<ReturnType<typeof attachmentRows>>, hidden: Set<number>) {
  return rows
    .filter((row) => !hidden.has(row.created_by))
    .map((row) => ({
      msg: {
        messageAttachmentId: row.id,
        fileName: row.file_name,
        fileComment: row.comment,
        createdDate: iso(row.created_at),
        // Bytes, as stored: the tab says «۳۲۰ کیلوبایت» as the drop zone did.
        fileSize: row.size,
      },
      fullName: `${row.first_name} ${row.last_name}`.trim(),
    }));
}

/** Whether one forwarded the letter is hidden from those who see none of its blind copies
 *  (a reader of all letters, its to and cc recipients): reached only through a hidden
 *  blind copy's forwards. Asked once, at their first reading. */
async function hiddenFromOnlookers(
  db: LettersDb,
  viewer: Viewer,
  message: Message,
  kind: number | null | undefined,
) {
  if (kind !== FORWARDED) return false;
  const [addressed, forwards] = await Promise.all([
    addressRows(db, viewer, message),
    historyOf(db, 'message_forwards', viewer, message),
  ]);
  if (!addressed.rows.some((row) => row.kind === BCC)) return false;
  const onlooker = { ...viewer, userId: 0 };
  return hiddenBlind(onlooker, message, addressed.rows, forwards).has(viewer.userId);
}

/** Whether this viewer must not see what `userId` did on the letter (a hidden blind copy's
 *  attachment, for message/download). Its author, holder and sender are never hidden. */
export async function hiddenOnLetter(db: LettersDb, viewer: Viewer, message: Message, userId: number) {
  if (userId === viewer.userId || seesBlindCopies(viewer, message)) return false;
  if ([message.author_id, message.holder_id, message.sender_id].includes(userId)) return false;
  const [addressed, forwards] = await Promise.all([
    addressRows(db, viewer, message),
    historyOf(db, 'message_forwards', viewer, message),
  ]);
  return hiddenBlind(viewer, message, addressed.rows, forwards).has(userId);
}

/**
 * Of letters that have attachments (a list's page), those with one this viewer sees: not
 * only attachments a hidden blind copy added (hiddenBlind, as message/get leaves them out).
 * The page's letters whose attachments the list statement could not vouch for (lists.ts:
 * one added by a blind recipient, the viewer not its writer), read together: three
 * statements for the page, not three for each letter.
 */
export async function withVisibleAttachment(
  db: LettersDb,
  viewer: Viewer,
  letters: readonly (Writers & { id: number })[],
): Promise<Set<number>> {
  if (!letters.length) return new Set();
  const ids = letters.map((m) => m.id);
  const [attachments, recipients, forwards] = await Promise.all([
    db
      .selectFrom('message_attachments')
      .select(['message_id', 'created_by'])
      .where('tenant_id', '=', viewer.tenantId)
      .where('message_id', 'in', ids)
      .execute(),
    db
      .selectFrom('message_recipients')
      .select(['message_id', 'user_id', 'kind'])
      .where('tenant_id', '=', viewer.tenantId)
      .where('message_id', 'in', ids)
      .execute(),
    db
      .selectFrom('message_forwards')
      .select(['message_id', 'from_user_id', 'to_user_id'])
      .where('tenant_id', '=', viewer.tenantId)
      .where('message_id', 'in', ids)
      .orderBy('id')
      .execute(),
  ]);
  const seen = new Set<number>();
  for (const letter of letters) {
    const hidden = hiddenBlind(
      viewer,
      letter,
      recipients.filter((r) => r.message_id === letter.id),
      forwards.filter((f) => f.message_id === letter.id),
    );
    if (attachments.some((a) => a.message_id === letter.id && !hidden.has(a.created_by))) seen.add(letter.id);
  }
  return seen;
}

/** The related letters a side shows at most: the newest. */
export const RELATED_SHOWN = 200;

const RELATION_NAMES = {
  named: { follow: 'پیگیری', refer: 'ارجاع' },
  naming: { follow: 'پیرو این نامه', refer: 'عطف به این نامه' },
} as const;

/** The letters this one names as related (`named`), or those that name it (`naming`: a
 *  follow-up written later shows on the letter it follows, for whoever may see both). */
async function relatedOf(db: LettersDb, viewer: Viewer, message: Message, side: 'named' | 'naming') {
  const [here, there] =
    side === 'named' ? (['message_id', 'related_id'] as const) : (['related_id', 'message_id'] as const);
  const rows = await db
    .selectFrom('message_relations as r')
    .modifyFront(ONE_PLAN)
    .innerJoin('messages as m', (join) =>
      join.onRef('m.tenant_id', '=', 'r.tenant_id').onRef('m.id', '=', `r.${there}`),
    )
    .innerJoin('users as u', (join) =>
      join.onRef('u.tenant_id', '=', 'm.tenant_id').onRef('u.id', '=', 'm.author_id'),
    )
    .select([
      'm.id',
      'm.message_type_fk',
      'm.number',
      'm.andikator_prefix',
      'm.subject',
      'm.created_at',
      'm.sent_at',
      'r.follow',
      'u.first_name',
      'u.last_name',
    ])
    .where('r.tenant_id', '=', viewer.tenantId)
    .where(`r.${here}`, '=', message.id)
    // Not a deleted letter, nor another's draft: none the viewer may see takes the room.
    .where('m.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('m.is_send', '=', true),
        eb('m.author_id', '=', viewer.userId),
        eb('m.holder_id', '=', viewer.userId),
      ]),
    )
    // The newest, as many as a screen can show (probe helper-70: a letter named by 70,000
    // drafts bound more ids than a statement takes), in the order they were made.
    .orderBy('r.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(RELATED_SHOWN)
    .execute();
  rows.reverse();
  // Only letters the viewer may see themselves: a relation must not show another's subject.
  const visible = await visibleIds(
    db,
    viewer,
    rows.map((row) => row.id),
  );
  return rows
    .filter((row) => visible.has(row.id))
    .map((row) => ({
      messageId: row.id,
      messageTypeFk: row.message_type_fk,
      number: displayNumber(row),
      subject: row.subject,
      createdDate: iso(row.created_at),
      // The day the lists and the print show for the letter: a follow-up cites it by it.
      sentDate: iso(row.sent_at),
      createdUser: `${row.first_name} ${row.last_name}`.trim(),
      follow: row.follow,
      description: RELATION_NAMES[side][row.follow ? 'follow' : 'refer'],
    }));
}

const FORWARD_NAMES: Record<number, string> = {
  1: 'ارجاع',
  [FORWARD_DRAFT]: 'ارجاع پیش‌نویس',
  [REPLY]: 'پاسخ',
};

type History<T extends 'message_forwards' | 'message_events'> = Selectable<LettersDatabase[T]>[];

/** The letter's forwards or events, oldest first. */
function historyOf<T extends 'message_forwards' | 'message_events'>(
  db: LettersDb,
  table: T,
  viewer: Viewer,
  message: Message,
): Promise<History<T>> {
  return db
    .selectFrom(table as 'message_events')
    .modifyFront(ONE_PLAN)
    .selectAll()
    .where('tenant_id', '=', viewer.tenantId)
    .where('message_id', '=', message.id)
    .orderBy('id')
    .execute() as Promise<History<T>>;
}

function forwardsOf(rows: History<'message_forwards'>, people: People) {
  return rows.map((row) => ({
    forwardMessage: row.note,
    createdDate: iso(row.created_at),
    creatorUserId: row.from_user_id,
    creatorUserFullName: people.get(row.from_user_id)?.name ?? '',
    receivedUserId: row.to_user_id,
    receivedUserFullName: people.get(row.to_user_id)?.name ?? '',
    description: FORWARD_NAMES[row.mode] ?? '',
  }));
}

function eventsOf(rows: History<'message_events'>, people: People) {
  return rows.map((row) => ({
    createdDate: iso(row.created_at),
    createdDateJalali: formatJalali(row.created_at, { withTime: true }),
    eventType: EVENT_NAMES[row.event_type] ?? '',
    eventTypeFk: row.event_type,
    description: row.description,
    creatorUserId: row.user_id,
    creatorUserFullName: people.get(row.user_id)?.name ?? '',
  }));
}

/** A filing (into a folder or out of it) is the user's own, as the folder is: the other
 *  readers of the letter do not see where, or that, someone filed it. */
const FILING_EVENTS: ReadonlySet<number> = new Set([
  EVENT.archive,
  EVENT.favorite,
  EVENT.unarchive,
  EVENT.unfavorite,
]);
const othersFiling = (viewer: Viewer, row: { event_type: number; user_id: number }) =>
  FILING_EVENTS.has(row.event_type) && row.user_id !== viewer.userId;

/** The whole answer of message/get/, or undefined for a letter the viewer may not see. The
 *  letter's rows are read side by side, and the people they name (author, signer,
 *  recipients, forwards, events) in one look-up after them, not one for each. */
export async function letterDetail(services: Services, viewer: Viewer, id: number) {
  const db = services.db as unknown as LettersDb;
  const found = await visibleLetter(db, viewer, id);
  if (!found) return undefined;
  const { message, box } = found;
  const reading = readingOf(viewer, message, box);
  // As it was before this opening (box and message were read before markRead).
  const own = await ownReading(db, viewer, message, box, reading);
  await markRead(services, viewer, message, box, reading, own);
  const [titles, addressed, attachments, relatedMessage, relatedToThis, allForwards, allEvents] =
    await Promise.all([
      titlesOf(db, viewer, message, box),
      addressRows(db, viewer, message),
      attachmentRows(db, viewer, message),
      relatedOf(db, viewer, message, 'named'),
      relatedOf(db, viewer, message, 'naming'),
      historyOf(db, 'message_forwards', viewer, message),
      historyOf(db, 'message_events', viewer, message),
    ]);
  const hidden = hiddenBlind(viewer, message, addressed.rows, allForwards);
  const forwards = allForwards.filter((row) => !hidden.has(row.from_user_id));
  const events = allEvents.filter((row) => !hidden.has(row.user_id) && !othersFiling(viewer, row));
  const people = await colleaguesByUser(db, viewer.tenantId, [
    ...[message.author_id, message.from_man_user_id, message.signed_by].filter(
      (userId): userId is number => userId !== null,
    ),
    ...addressed.rows.map((r) => r.user_id),
    ...forwards.flatMap((r) => [r.from_user_id, r.to_user_id]),
    ...events.map((r) => r.user_id),
  ]);
  const attachment = attachmentsOf(attachments, hidden);
  // Counted as listed: a hidden blind copy's file is not one of this viewer's (as in the lists).
  const attachmentCount = message.attachment_count - (attachments.length - attachment.length);
  // The draft's version as loaded: a save naming it is refused once another edit came after.
  const letter = {
    ...letterRecord(viewer, message, box, own, titles, people),
    messageAttachmentCount: attachmentCount,
    hasMessageAttachment: attachmentCount > 0,
    editVersion: editVersion(allEvents),
  };
  return {
    record: { ...letter, letter, ...addresses(viewer, message, addressed, people) },
    attachment,
    relatedMessage,
    relatedToThis,
    allForwardedMessage: forwardsOf(forwards, people),
    messageEvent: eventsOf(events, people),
  };
}
