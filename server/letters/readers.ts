// Who has read a letter, kept on the letter (migration 0023): its first reader and whether
// anyone else has read it too. Spec 1 §4: a letter is deleted only while no user but the
// one deleting has an event of type 8 of it. The list's `deletable` and message/delete both
// judge by readByOtherThan, so a delete icon the list shows is a delete the server does.
import { sql } from 'kysely';
import type { Message } from './access';
import type { LettersTrx } from './schema';

type Readers = Pick<Message, 'first_reader_id' | 'more_readers'>;

/** Has anyone but this user read the letter (an event of type 8)? */
export const readByOtherThan = (message: Readers, userId: number) =>
  message.first_reader_id !== null && (message.first_reader_id !== userId || message.more_readers);

/** Called with the user's first event of type 8 of the letter, under the letter's row lock. */
export async function noteReader(
  trx: LettersTrx,
  message: Pick<Message, 'tenant_id' | 'id'>,
  userId: number,
) {
  await trx
    .updateTable('messages')
    .set({
      first_reader_id: sql<number>`coalesce(first_reader_id, ${userId}::int)`,
      more_readers: sql<boolean>`more_readers OR (first_reader_id IS NOT NULL AND first_reader_id <> ${userId}::int)`,
    })
    .where('tenant_id', '=', message.tenant_id)
    .where('id', '=', message.id)
    .execute();
}
