// The dashboard's three letter counts, read from message_box_counts (kept by triggers in
// the same transaction as every change of message_boxes: migration 0015) — one key
// look-up, whatever the number of letters.
import type { Principal } from '../auth/principal';
import type { DB } from '../db/database';
import { ONE_PLAN } from '../db/named-statements';
import { registerBoxCounter } from '../home/box-counters';
import type { LettersDb } from './schema';
import { LETTER_PERMISSIONS } from '../../src/shared/permissions';

type Counts = { unread: number; drafts: number; answer_requests: number };

// The three boxes are asked together (home/box-counters.ts): they share one read.
const reading = new Map<Principal, Promise<Counts>>();

function countsOf(db: DB, principal: Principal): Promise<Counts> {
  let pending = reading.get(principal);
  if (!pending) {
    pending = (db as unknown as LettersDb)
      .selectFrom('message_box_counts')
      .select(['unread', 'drafts', 'answer_requests'])
      // A key look-up: its one plan serves everyone, and the call's other statement (the
      // tenant's sign-in epoch) is one too, so the connection is not switched between
      // plan modes (a round trip each way: named-statements.ts).
      .modifyFront(ONE_PLAN)
      .where('tenant_id', '=', principal.tenantId)
      .where('user_id', '=', principal.userId)
      .executeTakeFirst()
      .then((row) => row ?? { unread: 0, drafts: 0, answer_requests: 0 })
      .finally(() => reading.delete(principal));
    reading.set(principal, pending);
  }
  return pending;
}

registerBoxCounter(
  'unReadMessageCount',
  LETTER_PERMISSIONS,
  async (db, principal) => (await countsOf(db, principal)).unread,
);
registerBoxCounter(
  'draftMessageCount',
  LETTER_PERMISSIONS,
  async (db, principal) => (await countsOf(db, principal)).drafts,
);
registerBoxCounter(
  'answerRequestCount',
  LETTER_PERMISSIONS,
  async (db, principal) => (await countsOf(db, principal)).answer_requests,
);
