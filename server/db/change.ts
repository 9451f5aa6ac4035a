// A change is one transaction. A deadlock or serialization failure PostgreSQL reports is
// retried whole (the change's reads are made again, so it decides on what is there now);
// what the change leaves for after its commit (notifications, removing files) runs once
// it has committed, never after a rollback, and its failure is logged, not answered: the
// change is done. A record the change names, deleted by another change after it was
// checked (a folder, a receive method, a scheme), fails its foreign key at the write: the
// user is told so in Persian (`gone`), never a 500.
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import { UserError } from '../http/answers';

export const REFERENCE_GONE = 'یکی از موارد انتخاب‌شده هم‌زمان حذف شد؛ دوباره انتخاب کنید';

export type AfterCommit = (work: () => Promise<void>) => void;

/** The database's code for a foreign key that no longer holds (a record deleted meanwhile). */
const isForeignKeyViolation = (error: unknown) => (error as { code?: string }).code === '23503';

const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

export async function changeInTransaction<D, T>(
  db: Kysely<D>,
  log: Logger,
  work: (trx: Transaction<D>, afterCommit: AfterCommit) => Promise<T>,
  gone = REFERENCE_GONE,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const later: Array<() => Promise<void>> = [];
    try {
      const result = await db.transaction().execute((trx) => work(trx, (next) => later.push(next)));
      for (const next of later)
        await next().catch((error: unknown) => log.error({ err: error }, 'after a committed change'));
      return result;
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new UserError(gone);
      const code = (error as { code?: string }).code;
      if (attempt >= ATTEMPTS || !code || !RETRYABLE.has(code)) throw error;
    }
  }
}
