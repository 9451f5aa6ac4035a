// Numbering schemes: a letter type has one default scheme per tenant; saving one as
// default clears the others of its type in the same transaction. A scheme that letters
// use keeps its letter type, and one that numbered letters keeps its prefix.
import { sql, type Transaction } from 'kysely';
import { UserError } from '../../http/answers';
import { andikator } from '../../../src/schemas/correspondence';
import { keyText } from '../../../src/shared/persian';
import { registerHooks, type SaveContext } from '../hooks';

/** A scheme's letters are of its type: moved to another type, its numbered drafts could
 *  be neither saved (the scheme is not of their type) nor moved (a number stays with its
 *  scheme), and its sent letters would name a scheme of another type. The update holds
 *  the scheme's row FOR UPDATE (lockRow) before this runs, and a letter checks and takes
 *  its scheme under a key-share lock of it (letters/numbering.ts schemeFor), so no letter
 *  comes in between. */
async function keepTypeOfUsedScheme(
  trx: SaveContext['trx'],
  tenantId: number,
  values: SaveContext['values'],
  existing: SaveContext['existing'],
) {
  if (!existing || values.message_type_fk === undefined) return;
  if (Number(values.message_type_fk) === Number(existing.message_type_fk)) return;
  const used = await (
    trx as unknown as Transaction<{ messages: { tenant_id: number; andikator_fk: number } }>
  )
    .selectFrom('messages')
    .select(sql`1`.as('one'))
    .where('tenant_id', '=', tenantId)
    .where('andikator_fk', '=', Number(existing.id))
    .limit(1)
    .executeTakeFirst();
  if (used) throw new UserError('نوع نامه‌ی اندیکاتوری که نامه‌ها با آن ثبت شده‌اند تغییر نمی‌کند');
}

/** A number read on a letter is its scheme's prefix as it was then (letters keep it): a
 *  scheme's prefix changed after it numbered letters would free the old one for another
 *  scheme, whose letters would then read the same numbers. Held as keepTypeOfUsedScheme. */
async function keepPrefixOfNumberingScheme(
  trx: SaveContext['trx'],
  tenantId: number,
  values: SaveContext['values'],
  existing: SaveContext['existing'],
) {
  if (!existing || values.andikator_pre_fix === undefined) return;
  if (keyText(String(values.andikator_pre_fix ?? '')) === keyText(String(existing.andikator_pre_fix ?? '')))
    return;
  const numbered = await (
    trx as unknown as Transaction<{
      messages: { tenant_id: number; andikator_fk: number; number: number | null };
    }>
  )
    .selectFrom('messages')
    .select(sql`1`.as('one'))
    .where('tenant_id', '=', tenantId)
    .where('andikator_fk', '=', Number(existing.id))
    .where('number', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  if (numbered) throw new UserError(PREFIX_OF_NUMBERING_SCHEME_FIXED);
}

export const PREFIX_OF_NUMBERING_SCHEME_FIXED =
  'پیشوند اندیکاتوری که نامه‌ها با آن شماره گرفته‌اند تغییر نمی‌کند؛ برای پیشوند تازه اندیکاتور دیگری بسازید';

registerHooks(andikator, {
  storage: {
    indexes: [
      {
        name: 'andikators_one_default_idx',
        unique: true,
        on: '(tenant_id, message_type_fk)',
        where: 'is_default',
      },
    ],
  },

  async beforeSave({ trx, principal, values, existing }) {
    await keepTypeOfUsedScheme(trx, principal.tenantId, values, existing);
    await keepPrefixOfNumberingScheme(trx, principal.tenantId, values, existing);
    // An update may name only some fields: the rule reads the record as it will be.
    const record = { ...existing, ...values };
    if (!record.is_default) return;
    const type = Number(record.message_type_fk);
    // Serialise default changes of one tenant and type, so two saves cannot both win.
    await sql`SELECT pg_advisory_xact_lock(hashtext('andikator-default'), ${principal.tenantId * 8 + type}::int)`.execute(
      trx,
    );
    let others = trx
      .updateTable(andikator.table)
      .set({ is_default: false })
      .where('tenant_id', '=', principal.tenantId)
      .where('message_type_fk', '=', type)
      .where('is_default', '=', true);
    if (existing) others = others.where('id', '<>', existing.id);
    await others.execute();
  },
});
