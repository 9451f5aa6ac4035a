// Every change of letters is one transaction. Two changes that touch the same people's
// counters could wait on each other; boxes.ts locks counters in one order to avoid it,
// and a deadlock or serialization failure PostgreSQL reports anyway is retried whole.
import type { Services } from '../services';
import type { LettersDb, LettersTrx } from './schema';

export type AfterCommit = (work: () => Promise<void>) => void;

const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

export async function letterChange<T>(
  services: Services,
  work: (trx: LettersTrx, afterCommit: AfterCommit) => Promise<T>,
): Promise<T> {
  const db = services.db as unknown as LettersDb;
  for (let attempt = 1; ; attempt++) {
    const later: Array<() => Promise<void>> = [];
    try {
      const result = await db.transaction().execute((trx) => work(trx, (next) => later.push(next)));
      // What follows the commit (notifications) must not turn a done change into a failure.
      for (const next of later)
        await next().catch((error: unknown) => services.log.error({ err: error }, 'after a letter change'));
      return result;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= ATTEMPTS || !code || !RETRYABLE.has(code)) throw error;
    }
  }
}
