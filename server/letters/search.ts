// A letter's search text: its number, subject, body text, sender, recipients and copies
// (not blind copies: a phrase must not tell who else got it) and an incoming letter's own
// number, normalised as every search key is (searchKey: ي/ی, ك/ک, ZWNJ, Persian digits).
// It lives in messages_search, whose policy carries the phrase (migration 0015).
import { storedSearchKey } from '../../src/shared/persian';
import { bodyParagraphs } from './body';
import type { Message } from './access';
import type { LettersTrx } from './schema';

/** The number as people read and type it: the scheme's prefix and the number. */
export const displayNumber = (message: Pick<Message, 'number' | 'andikator_prefix'>) =>
  message.number === null ? '' : `${message.andikator_prefix}${message.number}`;

export function letterSearchText(message: Message): string {
  return storedSearchKey(
    [
      displayNumber(message),
      message.subject,
      ...bodyParagraphs(message.message_body),
      message.message_from,
      message.message_to,
      message.message_cc,
      message.imported_msg_number,
    ]
      .filter(Boolean)
      .join(' '),
  );
}

export async function writeSearch(trx: LettersTrx, message: Message) {
  const search_text = letterSearchText(message);
  await trx
    .insertInto('messages_search')
    .values({ tenant_id: message.tenant_id, id: message.id, search_text })
    .onConflict((oc) => oc.columns(['tenant_id', 'id']).doUpdateSet({ search_text }))
    .execute();
}

export async function dropSearch(trx: LettersTrx, message: Message) {
  await trx
    .deleteFrom('messages_search')
    .where('tenant_id', '=', message.tenant_id)
    .where('id', '=', message.id)
    .execute();
}
