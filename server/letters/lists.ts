// message/list/: the eight list screens and the dashboard's favourite contacts (spec 1
// §2, §7). A user's lists are ranges of one partial index of message_boxes (their
// cartable, unread, needing an answer, drafts, sent letters of a type, a folder), so a
// page costs the same among a hundred letters or a million; the all-letters list is a
// range of the letters' own indexes. Paging, the capped count and the phrase search are
// the engine's (masterdata/paging.ts).
import { sql, type RawBuilder, type Selectable, type SelectQueryBuilder } from 'kysely';
import { UserError } from '../http/answers';
import {
  keyedPage,
  MAX_ROWS,
  type KeyedList,
  type KeyedPage,
  type PageRecord,
  type PageRows,
  type ShapedList,
} from '../masterdata/paging';
import { searchPattern, type EngineDb } from '../masterdata/repository';
import { NO_PERMISSION_MESSAGE } from '../../src/shared/permissions';
import type { Services } from '../services';
import { seesAllLetters, type Viewer } from './access';
import { BCC, PAGE_TYPES, messageTypeString, type PageType } from './constants';
import { withVisibleAttachment } from './detail';
import type { ListParams } from './params';
import type { LettersDatabase, LettersDb, MessageBoxesTable, MessagesTable } from './schema';
import { readByOtherThan } from './readers';
import { displayNumber } from './search';
import { foundAsSuch, lettersOfNumber } from './number-first';

type Boxes = SelectQueryBuilder<LettersDatabase & { b: MessageBoxesTable }, 'b', object>;
type Letters = SelectQueryBuilder<LettersDatabase & { m: MessagesTable }, 'm', object>;

export const FAVORITE_PERSON_PAGE = 10;

// Written into the statement, not sent as parameters: they pick the partial index (a list
// is planned once for everyone: named-statements.ts ONE_PLAN).
const YES = sql.lit(true);
const NO = sql.lit(false);

export function pageTypeOf(value: string): PageType {
  if (!value) return 'AllMyMessage';
  const found = PAGE_TYPES.find((name) => name.toLowerCase() === value.toLowerCase());
  if (!found) throw new UserError('نوع صفحه معتبر نیست');
  return found;
}

/** The favourite contacts' users, as person/getfavoritepersons/ lists them: a contact whose
 *  person was deleted is in neither (the dialog could not show them to take them off). */
async function favoriteUsers(db: LettersDb, viewer: Viewer): Promise<number[]> {
  const rows = await db
    .selectFrom('favorite_persons as f')
    .innerJoin('persons as p', (join) =>
      join.onRef('p.tenant_id', '=', 'f.tenant_id').onRef('p.user_fk', '=', 'f.person_user_id'),
    )
    .select('f.person_user_id')
    .where('f.tenant_id', '=', viewer.tenantId)
    .where('f.user_id', '=', viewer.userId)
    .execute();
  return rows.map((row) => row.person_user_id);
}

/**
 * What a list is made of (lists are compiled once per shape: masterdata/paging.ts
 * ShapedList). The shape: the page type, which filters there are, how many favourite
 * people; the values: who asks and what the filters are.
 */
interface ListShape {
  pageType: PageType;
  messageType: boolean;
  projectId: boolean;
  fromCustomerId: boolean;
  toCustomerId: boolean;
  people: number;
  /** A folder of a user who does not see all letters: only letters they hold by right. */
  heldByRight?: boolean;
}
interface ListValues {
  tenantId: number;
  userId: number;
  messageType: number;
  folder: number;
  projectId: number;
  fromCustomerId: number;
  toCustomerId: number;
  people: number[];
}

async function shapedList(
  db: LettersDb,
  viewer: Viewer,
  pageType: PageType,
  params: ListParams,
): Promise<ShapedList<ListValues>> {
  const inFolder = pageType === 'Archive' || pageType === 'Favorite';
  // 0 or a folder's id (params.ts): on a folder page, none (left out or 0) is no folder.
  if (inFolder && !params.TypeNumber) throw new UserError('شماره پوشه الزامی است');
  const folder = inFolder ? (params.TypeNumber ?? 0) : 0;
  let people = pageType === 'FavoritePerson' ? await favoriteUsers(db, viewer) : [];
  if (pageType === 'FavoritePerson' && !people.length) people = [0];
  const values: ListValues = {
    tenantId: viewer.tenantId,
    userId: viewer.userId,
    messageType: params.MessageType,
    folder,
    projectId: params.projectId ?? 0,
    fromCustomerId: params.fromCustomerId ?? 0,
    toCustomerId: params.toCustomerId ?? 0,
    people,
  };
  const shape: ListShape = {
    pageType,
    messageType: Boolean(params.MessageType),
    projectId: Boolean(params.projectId),
    fromCustomerId: Boolean(params.fromCustomerId),
    toCustomerId: Boolean(params.toCustomerId),
    people: people.length,
    ...(inFolder && !seesAllLetters(viewer) && { heldByRight: true }),
  };
  return {
    shape: `letters ${JSON.stringify(shape)}`,
    values,
    make: (v) => ({
      ...(pageType === 'AllMessage' ? allLettersList(shape, v) : boxList(shape, v)),
      records: letterRecords(v),
      onePlan: true,
    }),
  };
}

/** The viewer's rows of one list of theirs, as a condition on message_boxes `b`. */
function boxCondition(shape: ListShape, v: ListValues) {
  switch (shape.pageType) {
    case 'AllMyMessage':
      return (q: Boxes) => q.where('b.inbox', '=', YES);
    case 'UnReadMessage':
      return (q: Boxes) => q.where('b.inbox', '=', YES).where('b.is_read', '=', NO);
    case 'AnswerRequest':
      return (q: Boxes) => q.where('b.inbox', '=', YES).where('b.answer_request', '=', YES);
    case 'Draft':
      return (q: Boxes) => q.where('b.drafting', '=', YES);
    case 'Send':
      return (q: Boxes) => sentFilters(q.where('b.sent', '=', YES), shape, v);
    case 'Archive':
      return (q: Boxes) => heldByRight(q.where('b.archive_fk', '=', v.folder), shape, v);
    case 'Favorite':
      return (q: Boxes) => heldByRight(q.where('b.favorite_fk', '=', v.folder), shape, v);
    case 'FavoritePerson':
      return (q: Boxes) => q.where('b.inbox', '=', YES).where('b.from_user_id', 'in', v.people);
    default:
      throw new UserError('نوع صفحه معتبر نیست');
  }
}

/**
 * A filing is no right to a letter (access.ts holdsByRight, the same rights as here): a user who filed another's
 * letter while they saw all letters lists it no more once that permission is gone. (Readers
 * of all letters keep the folder's plain plan.)
 */
function heldByRight(q: Boxes, shape: ListShape, v: ListValues): Boxes {
  if (!shape.heldByRight) return q;
  return q.where(({ or, eb, exists, selectFrom }) =>
    or([
      eb('b.inbox', '=', YES),
      eb('b.sent', '=', YES),
      eb('b.drafting', '=', YES),
      exists(
        selectFrom('messages as m')
          .select('m.id')
          .whereRef('m.tenant_id', '=', 'b.tenant_id')
          .whereRef('m.id', '=', 'b.message_id')
          .where((m) =>
            m.or([
              m('m.author_id', '=', v.userId),
              m('m.holder_id', '=', v.userId),
              m('m.sender_id', '=', v.userId),
            ]),
          ),
      ),
      exists(
        selectFrom('message_forwards as f')
          .select('f.id')
          .whereRef('f.tenant_id', '=', 'b.tenant_id')
          .whereRef('f.message_id', '=', 'b.message_id')
          .where((f) => f.or([f('f.from_user_id', '=', v.userId), f('f.to_user_id', '=', v.userId)])),
      ),
    ]),
  );
}

/** Sent incoming letters may be narrowed to a sender customer, outgoing ones to a recipient. */
function sentFilters(q: Boxes, shape: ListShape, v: ListValues): Boxes {
  let narrowed = q;
  if (shape.fromCustomerId)
    narrowed = narrowed.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('messages as m')
          .select('m.id')
          .whereRef('m.tenant_id', '=', 'b.tenant_id')
          .whereRef('m.id', '=', 'b.message_id')
          .where('m.from_customer_fk', '=', v.fromCustomerId),
      ),
    );
  if (shape.toCustomerId)
    narrowed = narrowed.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('message_customers as c')
          .select('c.message_id')
          .whereRef('c.tenant_id', '=', 'b.tenant_id')
          .whereRef('c.message_id', '=', 'b.message_id')
          .where('c.customer_id', '=', v.toCustomerId),
      ),
    );
  return narrowed;
}

function boxList(shape: ListShape, v: ListValues): KeyedList {
  const condition = boxCondition(shape, v);
  // The list's own conditions on a user's boxes `b`: the letter type, then the page type's.
  const listed = (q: Boxes) =>
    condition(shape.messageType ? q.where('b.message_type', '=', v.messageType) : q) as never;
  return {
    tenantId: v.tenantId,
    id: 'b.message_id',
    sort: 'b.sort_key',
    searchTable: 'messages_search',
    rows: (db) =>
      listed(
        (db as unknown as LettersDb)
          .selectFrom('message_boxes as b')
          .where('b.tenant_id', '=', v.tenantId)
          .where('b.user_id', '=', v.userId),
      ),
    // The user's box of one match by the primary key (tenant, user, message), the list's
    // conditions read from that row: OFFSET 0 keeps them off the look-up, where they made
    // the planner take a partial index's range of the user's whole inbox instead.
    rowOfMatch: (db) => {
      const byKey = (db as unknown as LettersDb)
        .selectFrom('message_boxes as k')
        .selectAll('k')
        .where('k.tenant_id', '=', v.tenantId)
        .where('k.user_id', '=', v.userId)
        .where('k.message_id', '=', sql.ref<number>('s.id'))
        .offset(0);
      return listed((db as unknown as LettersDb).selectFrom(byKey.as('b')) as unknown as Boxes);
    },
  };
}

/** All the tenant's sent letters (AllMessages): by type, project, sender or recipient customer. */
function allLettersList(shape: ListShape, v: ListValues): KeyedList {
  const sent = (q: Letters): Letters => {
    let narrowed = q
      .where('m.tenant_id', '=', v.tenantId)
      .where('m.is_send', '=', YES)
      .where('m.deleted_at', 'is', null);
    if (shape.messageType) narrowed = narrowed.where('m.message_type_fk', '=', v.messageType);
    if (shape.projectId) narrowed = narrowed.where('m.project_fk', '=', v.projectId);
    if (shape.fromCustomerId) narrowed = narrowed.where('m.from_customer_fk', '=', v.fromCustomerId);
    return narrowed;
  };
  if (shape.toCustomerId) {
    // Driven by the customer's own index: their letters only, newest first.
    return {
      tenantId: v.tenantId,
      id: 'c.message_id',
      sort: 'c.message_id',
      searchTable: 'messages_search',
      rows: (db) =>
        sent(
          (db as unknown as LettersDb)
            .selectFrom('message_customers as c')
            .innerJoin('messages as m', (join) =>
              join.onRef('m.tenant_id', '=', 'c.tenant_id').onRef('m.id', '=', 'c.message_id'),
            )
            .where('c.tenant_id', '=', v.tenantId)
            .where('c.customer_id', '=', v.toCustomerId) as never,
        ) as never,
    };
  }
  return {
    tenantId: v.tenantId,
    id: 'm.id',
    sort: 'm.id',
    searchTable: 'messages_search',
    rows: (db) => sent((db as unknown as LettersDb).selectFrom('messages as m') as never) as never,
    // Unnarrowed, the list is most of the tenant's letters, in the search table's order: a
    // phrase walks the search table's rows. Narrowed to a type, a project or a customer it
    // may be a few of them, whose own index the walk then goes through.
    sortedBySearchId: !shape.messageType && !shape.projectId && !shape.fromCustomerId,
  };
}

/** A page's letters as the lists show them, from the page `p` (the engine's: `p.id`, `p.sort`),
 *  with the viewer's own box of each (read, needs an answer) and the author's picture. */
function letterRecords(v: { tenantId: number; userId: number }) {
  return (db: EngineDb, page: PageRows) =>
    (db as unknown as LettersDb)
      .selectFrom(page as never)
      .innerJoin('messages as m', (join) =>
        join.on('m.tenant_id', '=', v.tenantId).onRef('m.id', '=', 'p.id' as never),
      )
      .leftJoin('message_boxes as b', (join) =>
        join
          .onRef('b.tenant_id', '=', 'm.tenant_id')
          .onRef('b.message_id', '=', 'm.id')
          .on('b.user_id', '=', v.userId),
      )
      .select([
        'm.id',
        'm.message_type_fk',
        'm.is_send',
        'm.author_id',
        'm.holder_id',
        'm.signed_by',
        'm.subject',
        'm.message_from',
        'm.message_to',
        'm.body_excerpt',
        'm.number',
        'm.andikator_prefix',
        'm.attachment_count',
        'b.inbox',
        'b.is_read',
        'b.answer_request as my_answer_request',
        'm.first_reader_id',
        'm.more_readers',
      ])
      // Times as the API writes them, made by the database: no Date built and formatted
      // back for each of forty times a page.
      .select([
        isoTime(sql.ref('m.created_at')).as('created_at'),
        isoTime(sql.ref('m.sent_at')).as('sent_at'),
        sql<boolean>`m.first_read_at IS NOT NULL`.as('read_by_anyone'),
        openAttachment(v.userId).as('open_attachment'),
        // The list's order, for placing a letter pinned by its number (pinnedFirst).
        sql<string>`p.sort`.as('list_sort'),
      ])
      // One key look-up per row (a join would read the tenant's users to hash them).
      .select((eb) =>
        eb
          .selectFrom('users as u')
          .select('u.profile_pic')
          .whereRef('u.tenant_id', '=', 'm.tenant_id')
          .whereRef('u.id', '=', 'm.author_id')
          .as('profile_pic'),
      )
      .orderBy('p.sort' as never, 'desc') as never;
}

/**
 * Whether the letter has an attachment this viewer surely sees (message/get's rule,
 * detail.ts hiddenBlind): they wrote, hold or sent it; or one of its attachments was added
 * by its author, holder, sender or the viewer, or by a to or cc recipient of it. A letter
 * without attachments costs nothing (its count is on the row); one with them a key look-up
 * of its attachments (message_attachments_message_idx) that stops at the first — the
 * author's, nearly always — and, for one added by someone else, their recipient row by its
 * primary key. False with attachments: all were added by blind copies or by people the
 * letter reached only by forwards, whom the viewer may or may not see (hiddenBlind's
 * chain): listLetters asks withVisibleAttachment.
 */
const openAttachment = (userId: number) => sql<boolean>`CASE
  WHEN m.attachment_count = 0 THEN false
  WHEN ${userId} IN (m.author_id, m.holder_id, m.sender_id) THEN true
  ELSE EXISTS (SELECT 1 FROM message_attachments a
    WHERE a.tenant_id = m.tenant_id AND a.message_id = m.id
      AND (a.created_by IN (m.author_id, m.holder_id, m.sender_id, ${userId})
        OR EXISTS (SELECT 1 FROM message_recipients r
          WHERE r.tenant_id = a.tenant_id AND r.message_id = a.message_id
            AND r.user_id = a.created_by AND r.kind <> ${sql.lit(BCC)})))
  END`;

/** A time as ISO 8601 in UTC with milliseconds, what `Date.toISOString()` writes. */
const isoTime = (time: RawBuilder<unknown>) =>
  sql<string | null>`to_char(${time} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type LetterRow = Omit<Selectable<MessagesTable>, 'created_at' | 'sent_at'> & {
  created_at: string;
  sent_at: string | null;
  read_by_anyone: boolean;
  open_attachment: boolean;
  inbox: boolean | null;
  is_read: boolean | null;
  my_answer_request: boolean | null;
  profile_pic: string | null;
  /** The list's order (`p.sort`, a bigint as text). */
  list_sort: string;
};

/** A list record (spec 1 §3 "List record") of a page's row. */
function listRecord(viewer: Viewer, m: LetterRow, inFolder: boolean, attached: ReadonlySet<number>) {
  const isAuthor = m.author_id === viewer.userId;
  const isHolder = !m.is_send && m.holder_id === viewer.userId;
  return {
    messageId: m.id,
    messageTypeFk: m.message_type_fk,
    messageTypeString: messageTypeString(m.message_type_fk),
    // The viewer's own reading of a letter in their cartable, and of a draft (their own new
    // one is read; one passed to them — back to its author too — once they opened it:
    // boxes.ts holdDraft); of others, whether any recipient has read it.
    isReaded: m.inbox || !m.is_send ? Boolean(m.is_read) : m.read_by_anyone,
    isSend: m.is_send,
    // Who may delete it (with no other user's reading): its author, a draft's holder.
    isAuthor,
    isHolder,
    // …and whether they may now: no other user has read it (message/delete's own rule). In
    // a folder's list the row's delete takes it out of the folder: always theirs to do.
    deletable: inFolder || ((isAuthor || isHolder) && !readByOtherThan(m, viewer.userId)),
    signed: m.signed_by !== null,
    answerRequest: Boolean(m.inbox && m.my_answer_request),
    subject: m.subject,
    messageFrom: m.message_from,
    messageTo: m.message_to,
    messageBody: m.body_excerpt,
    number: m.number,
    displayMessageNumber: displayNumber(m),
    // As message/get lists them: not a file a blind copy hidden from this viewer added.
    hasMessageAttachment: m.open_attachment || attached.has(m.id),
    createdDate: m.created_at,
    sentDate: m.sent_at,
    createdUserPic: m.profile_pic ?? '',
  };
}

/**
 * The pinned letters (a registry number's) first, then the phrase's list without them, cut
 * into pages of `size` — the pinned fill the first places (page 1's, mostly: there is one,
 * now and then two), the rest the places after them; no page longer than asked, no letter on
 * two pages (probe: «د-1» showed 21 rows on page 1, and د-1 again on the last page; review
 * probe: two pinned at one a page showed a letter twice). A pinned letter the search
 * also finds (by the way it searched: «ثبت – 1» as «ثبت-1») sits somewhere in its list; those
 * before the page's first row shift it, and the total counts it once.
 */
async function pinnedFirst(
  db: LettersDb,
  tenantId: number,
  pinned: LetterRow[],
  fetch: (size: number, skipped: number) => Promise<KeyedPage>,
  size: number,
  skipped: number,
) {
  if (!pinned.length) {
    const page = await fetch(size, skipped);
    return { page, rows: page.rows as LetterRow[], total: page.total };
  }
  const pinnedIds = new Set(pinned.map((row) => row.id));
  const notPinned = (rows: PageRecord[]) => (rows as LetterRow[]).filter((row) => !pinnedIds.has(row.id));
  // The list reads: the pinned, then the rest. This page's share of each — of the rest from
  // its own place (the pinned took `pinned.length` places before it), read far enough that
  // the pinned it holds can be left out and those before it skipped over.
  const ownPinned = pinned.slice(skipped, skipped + size);
  const restSize = size - ownPinned.length;
  const from = Math.max(skipped - pinned.length, 0);
  const page = await fetch(restSize + 2 * pinned.length, from);
  const way = page.searched;
  const foundIds = way
    ? await foundAsSuch(db, tenantId, [...pinnedIds], searchPattern(way.phrase, way.fold))
    : [];
  const found = pinned.filter((row) => foundIds.includes(row.id));
  const total = page.total + pinned.length - found.length;
  const top = (page.rows as LetterRow[])[0];
  const before = top
    ? found.filter((row) => BigInt(row.list_sort) > BigInt(top.list_sort)).length
    : found.length;
  return { page, rows: [...ownPinned, ...notPinned(page.rows).slice(before, before + restSize)], total };
}

/** `recentWindow`: a phrase search's longest walk (paging.ts KeyedQuery; tests give a short
 *  one to send a phrase to the trigram index). */
export async function listLetters(
  services: Services,
  viewer: Viewer,
  params: ListParams,
  recentWindow?: number,
) {
  const db = services.db as unknown as LettersDb;
  const pageType = pageTypeOf(params.PageType);
  if (pageType === 'AllMessage' && !seesAllLetters(viewer)) throw new UserError(NO_PERMISSION_MESSAGE);
  const list = await shapedList(db, viewer, pageType, params);
  const fallback = pageType === 'FavoritePerson' ? FAVORITE_PERSON_PAGE : 20;
  const asked = params.Count === 0 ? fallback : params.Count;
  const size = asked > 0 ? Math.min(asked, 500) : MAX_ROWS;
  const skipped = asked > 0 ? (Math.max(params.Page, 1) - 1) * size : 0;
  // A registry number typed as the phrase: its letter first on page 1 (number-first.ts);
  // one the phrase itself does not find («د ۱۲» for «د-12») counts once more, on every page.
  const pinned = (await lettersOfNumber(db, list.make(list.values), params.Phrase)) as LetterRow[];
  const { page, rows, total } = await pinnedFirst(
    db,
    viewer.tenantId,
    pinned,
    (pageSize, pageSkipped) =>
      keyedPage(db, list, { phrase: params.Phrase, size: pageSize, skipped: pageSkipped, recentWindow }),
    size,
    skipped,
  );
  // Letters whose only attachments blind copies added (rare): for the page at once.
  const attached = await withVisibleAttachment(
    db,
    viewer,
    rows.filter((row) => row.attachment_count > 0 && !row.open_attachment),
  );
  return {
    records: rows.map((row) =>
      listRecord(viewer, row, pageType === 'Archive' || pageType === 'Favorite', attached),
    ),
    total,
    capped: page.capped,
  };
}
