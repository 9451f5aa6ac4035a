// Demo customers (DEMO_DATA only): a few Persian organisations in the seeded customer
// groups, so that the customer, ECE receiver and (later) letter screens have someone to
// name. One of them receives letters electronically. Written as the engine writes them.
import { withTenant } from '../db/tenant-fence';
import type { DB } from '../db/database';
import { inTransaction } from '../db/in-transaction';
import { insertRow, writeJoinRows } from '../masterdata/repository';
import { inputSchema } from '../../src/schemas/kit';
import { customer } from '../../src/schemas/customers';
import { customerGroup } from '../../src/schemas/groups';
import { eceReceiver } from '../../src/schemas/ece';
import { rowOf } from './organisation-seed';

const CUSTOMERS = [
  { Name: 'شهرداری تهران', Code: '1001', Tell: '02161231234', Group: 'مشتریان دولتی', Ece: true },
  {
    Name: 'اداره کل ثبت اسناد و املاک استان تهران',
    Code: '1002',
    Tell: '02188776655',
    Group: 'مشتریان دولتی',
  },
  {
    Name: 'شرکت فولاد مبارکه اصفهان',
    Code: '1003',
    Tell: '03152731000',
    Group: 'مشتریان خصوصی',
    Email: 'info@msc.example',
  },
  { Name: 'فروشگاه‌های زنجیره‌ای افق', Code: '1004', Mobile: '09131234567', Group: 'مشتریان خصوصی' },
  {
    Name: 'شرکت نرم‌افزاری آوا',
    Code: '1005',
    Mobile: '09351234567',
    Group: 'همکاران تجاری',
    WhatsApp: true,
  },
];

async function seedDemoCustomersUnfenced(db: DB, tenantId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (
      await trx
        .selectFrom(customer.table)
        .select('id')
        .where('tenant_id', '=', tenantId)
        .limit(1)
        .executeTakeFirst()
    )
      return;
    const groups = await trx
      .selectFrom(customerGroup.table)
      .select(['id', 'customer_group_title'])
      .where('tenant_id', '=', tenantId)
      .execute();
    for (const { Group, Ece, ...fields } of CUSTOMERS) {
      const groupIds = groups.filter((g) => g.customer_group_title === Group).map((g) => g.id);
      const input = inputSchema(customer, 'create').parse({
        ...fields,
        CreatedDate: '2025-03-21',
        CreditDate: '2027-03-20',
        CustomerGroups: groupIds,
      });
      const id = await insertRow(trx, customer, rowOf(customer, tenantId, input));
      await writeJoinRows(trx, customer, tenantId, id, input);
      if (Ece) await insertRow(trx, eceReceiver, rowOf(eceReceiver, tenantId, { CustomerId: id }));
    }
  });
}

/** Fenced to the tenant it writes for (tenant-fence.ts). */
export function seedDemoCustomers(db: DB, tenantId: number) {
  return withTenant(tenantId, () => seedDemoCustomersUnfenced(db, tenantId));
}
