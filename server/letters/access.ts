// Who may see a letter: its author, whoever holds a row of it in message_boxes (a
// recipient, someone in its forward chain, the holder of a draft, the sender), or, once it
// is sent, a user with AllMessages (the all-letters list's letters: a draft is its
// writers' work in progress). To anyone else a letter does not exist: every call answers
// for it exactly as for an id nobody has (REFUSED.notFound).
import type { Selectable } from 'kysely';
import { UserError } from '../http/answers';
import { REFUSED } from './constants';
import type { LettersDb, LettersTrx, MessageBoxesTable, MessagesTable } from './schema';
import { ONE_PLAN } from '../db/named-statements';

export interface Viewer {
  tenantId: number;
  userId: number;
  permissions: Set<string>;
}

export type Message = Selectable<MessagesTable>;
export type Box = Selectable<MessageBoxesTable>;

export const seesAllLetters = (viewer: Viewer) => viewer.permissions.has('AllMessages');

export interface VisibleLetter {
  message: Message;
  /** The viewer's own row of the letter, if they hold one. */
  box: Box | undefined;
}

/** The letter as this viewer may see it (locked for the transaction with `lock`), or undefined. */
export async function visibleLetter(
  db: LettersDb | LettersTrx,
  viewer: Viewer,
  id: number,
  lock = false,
): Promise<VisibleLetter | undefined> {
  // Key look-ups: one plan serves every letter (named-statements.ts).
  let query = db
    .selectFrom('messages')
    .modifyFront(ONE_PLAN)
    .selectAll()
    .where('tenant_id', '=', viewer.tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  // NO KEY UPDATE: serialises changes of the letter without blocking the key-share locks
  // that inserting its boxes and events takes (their foreign keys).
  if (lock) query = query.forNoKeyUpdate();
  const message = await query.executeTakeFirst();
  if (!message) return undefined;
  const box = await db
    .selectFrom('message_boxes')
    .modifyFront(ONE_PLAN)
    .selectAll()
    .where('tenant_id', '=', viewer.tenantId)
    .where('user_id', '=', viewer.userId)
    .where('message_id', '=', id)
    .executeTakeFirst();
  if (message.is_send && seesAllLetters(viewer)) return { message, box };
  return (await holdsByRight(db, viewer, message, box)) ? { message, box } : undefined;
}

/**
 * The viewer holds the letter in their own right: they wrote, hold or sent it, it is in
 * their cartable, sent letters or drafts, or they passed it on (a draft's chain). A row that
 * only files it in a folder is no right: a reader of all letters who filed another's letter,
 * their permission taken since, no longer sees it (nor lists it: lists.ts heldByRight), and
 * a folder's delete clears that filing (folder-filings.ts, the same rule in SQL).
 */
async function holdsByRight(
  db: LettersDb | LettersTrx,
  viewer: Viewer,
  message: Message,
  box: Box | undefined,
) {
  if (!box) return false;
  if (box.inbox || box.sent || box.drafting) return true;
  if ([message.author_id, message.holder_id, message.sender_id].includes(viewer.userId)) return true;
  const passedOn = await db
    .selectFrom('message_forwards')
    .modifyFront(ONE_PLAN)
    .select('id')
    .where('tenant_id', '=', viewer.tenantId)
    .where('message_id', '=', message.id)
    .where((f) => f.or([f('from_user_id', '=', viewer.userId), f('to_user_id', '=', viewer.userId)]))
    .executeTakeFirst();
  return passedOn !== undefined;
}

export async function requireLetter(
  db: LettersDb | LettersTrx,
  viewer: Viewer,
  id: number,
  lock = false,
): Promise<VisibleLetter> {
  const found = await visibleLetter(db, viewer, id, lock);
  if (!found) throw new UserError(REFUSED.notFound);
  return found;
}

/** The ids among `ids` that this viewer may see (related letters). */
export async function visibleIds(
  db: LettersDb | LettersTrx,
  viewer: Viewer,
  ids: number[],
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  let query = db
    .selectFrom('messages as m')
    .select('m.id')
    .where('m.tenant_id', '=', viewer.tenantId)
    .where('m.id', 'in', ids)
    .where('m.deleted_at', 'is', null);
  query = query.where(({ or, eb, exists, selectFrom }) => {
    const held = or([
      exists(
        selectFrom('message_boxes as b')
          .select('b.message_id')
          .whereRef('b.tenant_id', '=', 'm.tenant_id')
          .where('b.user_id', '=', viewer.userId)
          .whereRef('b.message_id', '=', 'm.id')
          .where((box) =>
            box.or([box('b.inbox', '=', true), box('b.sent', '=', true), box('b.drafting', '=', true)]),
          ),
      ),
      eb('m.author_id', '=', viewer.userId),
      eb('m.holder_id', '=', viewer.userId),
      eb('m.sender_id', '=', viewer.userId),
      exists(
        selectFrom('message_forwards as f')
          .select('f.id')
          .whereRef('f.tenant_id', '=', 'm.tenant_id')
          .whereRef('f.message_id', '=', 'm.id')
          .where((f) =>
            f.or([f('f.from_user_id', '=', viewer.userId), f('f.to_user_id', '=', viewer.userId)]),
          ),
      ),
    ]);
    return seesAllLetters(viewer) ? or([eb('m.is_send', '=', true), held]) : held;
  });
  return new Set((await query.execute()).map((row) => row.id));
}
