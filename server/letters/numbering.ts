// Registry numbers: the scheme's counter and the letter's number change in one
// transaction, under the scheme's row lock, so numbers of a scheme never repeat and leave
// no gap — a transaction that fails gives its number back with its rollback. The unique
// index messages_number_key is the last word if anything else ever wrote a number.
import { UserError } from '../http/answers';
import { INT32_MAX } from '../../src/shared/integers';
import type { Message } from './access';
import type { LettersTrx } from './schema';

export const SCHEME_LABEL = 'اندیکاتور';
export const SCHEME_EXHAUSTED = `شماره‌های ${SCHEME_LABEL} این نامه به پایان رسیده است؛ ${SCHEME_LABEL} دیگری برگزینید`;
export const NUMBERED_SCHEME_FIXED = `${SCHEME_LABEL} نامه‌ای که شماره گرفته است تغییر نمی‌کند`;

/** The letter's scheme, checked for its type (and, for a new number, locked). */
/** The scheme a letter of this type may be saved under: the tenant's, of the type, active —
 *  or the one the draft has already (`kept`), switched off since. */
export async function schemeFor(
  trx: LettersTrx,
  tenantId: number,
  andikatorId: number,
  messageType: number,
  kept?: number,
) {
  const scheme = await trx
    .selectFrom('andikators')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', andikatorId)
    // Held until the letter is written: the scheme's type, checked here, cannot change
    // meanwhile (resource-hooks/andikator.ts), nor the scheme be deleted.
    .forKeyShare()
    .executeTakeFirst();
  if (!scheme) throw new UserError(`${SCHEME_LABEL} انتخاب‌شده وجود ندارد`);
  if (scheme.message_type_fk !== messageType)
    throw new UserError(`${SCHEME_LABEL} انتخاب‌شده برای این نوع نامه نیست`);
  if (!scheme.is_active && scheme.id !== kept) throw new UserError(`${SCHEME_LABEL} انتخاب‌شده غیرفعال است`);
  return scheme;
}

/** Gives the letter the next number of its scheme; the letter must have none. */
export async function assignNumber(trx: LettersTrx, message: Message): Promise<Message> {
  const scheme = await trx
    .selectFrom('andikators')
    .select(['id', 'andikator_pre_fix', 'start_number', 'last_message_number', 'is_active'])
    .where('tenant_id', '=', message.tenant_id)
    .where('id', '=', message.andikator_fk)
    // Serialises numbers of the scheme; letters' foreign-key checks (key share) pass by.
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();
  if (!scheme.is_active) throw new UserError(`${SCHEME_LABEL} این نامه غیرفعال است`);
  const next = Math.max(scheme.last_message_number, scheme.start_number - 1) + 1;
  // The number column is a 32-bit integer: a scheme started near its end runs out.
  if (next > INT32_MAX) throw new UserError(SCHEME_EXHAUSTED);
  await trx
    .updateTable('andikators')
    .set({ last_message_number: next })
    .where('tenant_id', '=', message.tenant_id)
    .where('id', '=', scheme.id)
    .execute();
  return trx
    .updateTable('messages')
    .set({ number: next, andikator_prefix: scheme.andikator_pre_fix })
    .where('tenant_id', '=', message.tenant_id)
    .where('id', '=', message.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
