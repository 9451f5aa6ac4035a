// Runs `work` in the caller's transaction when there is one, else in a new one, so a
// function that must be atomic on its own (create a tenant) can also be one step of a
// larger atomic whole (the first-start seed).
import type { Kysely, Transaction } from 'kysely';

export function inTransaction<D, T>(db: Kysely<D>, work: (trx: Transaction<D>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<D>) : db.transaction().execute(work);
}
