// Every change of letters is one transaction (db/change.ts: retried whole on a deadlock).
// Two changes that touch the same people's counters could wait on each other; boxes.ts
// locks counters in one order to avoid it.
import { changeInTransaction, type AfterCommit } from '../db/change';
import type { Services } from '../services';
import type { LettersDb, LettersTrx } from './schema';

export type { AfterCommit };

export function letterChange<T>(
  services: Services,
  work: (trx: LettersTrx, afterCommit: AfterCommit) => Promise<T>,
): Promise<T> {
  return changeInTransaction(services.db as unknown as LettersDb, services.log, work);
}
