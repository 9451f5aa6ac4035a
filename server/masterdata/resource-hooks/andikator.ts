// Numbering schemes: a letter type has one default scheme per tenant; saving one as
// default clears the others of its type in the same transaction.
import { sql } from 'kysely';
import { andikator } from '../../../src/schemas/correspondence';
import { registerHooks } from '../hooks';

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
