// Creates a tenant with its administrators' group (holding the given permissions) and
// its first admin user. Used by the first-start seed, the tests and, later, sign-up.
import { asSystem, withTenant } from '../db/tenant-fence';
import type { DB } from '../db/database';
import { hashPassword } from '../auth/passwords';
import { inTransaction } from '../db/in-transaction';

export interface NewTenant {
  fullName: string;
  hosts: string[];
  isPlatform?: boolean;
  logo?: string;
  admin: { username: string; password: string; firstName: string; lastName: string };
  permissions: string[];
}

async function createTenantUnfenced(db: DB, input: NewTenant) {
  const passwordHash = await hashPassword(input.admin.password);
  return inTransaction(db, async (trx) => {
    const tenant = await trx
      .insertInto('tenants')
      .values({
        full_name: input.fullName,
        hosts: input.hosts.map((h) => h.toLowerCase()),
        is_platform: input.isPlatform ?? false,
        logo: input.logo ?? '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const admin = await trx
      .insertInto('users')
      .values({
        tenant_id: tenant.id,
        username: input.admin.username,
        password_hash: passwordHash,
        first_name: input.admin.firstName,
        last_name: input.admin.lastName,
        mobile: input.admin.username,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const group = await trx
      .insertInto('user_groups')
      .values({ tenant_id: tenant.id, title: 'مدیران سامانه' })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (input.permissions.length) {
      await trx
        .insertInto('user_group_permissions')
        .values(
          input.permissions.map((permission) => ({ tenant_id: tenant.id, group_id: group.id, permission })),
        )
        .execute();
    }
    await trx
      .insertInto('user_group_members')
      .values({ tenant_id: tenant.id, group_id: group.id, user_id: admin.id })
      .execute();
    return { tenantId: tenant.id, adminId: admin.id, adminGroupId: group.id };
  });
}

/** Adds a user to a tenant, in a new or existing group with the given permissions. */
export async function addUser(
  db: DB,
  tenantId: number,
  user: {
    username: string;
    password: string;
    firstName: string;
    lastName: string;
    groupTitle: string;
    permissions: string[];
  },
) {
  const passwordHash = await hashPassword(user.password);
  // Fenced to the tenant the user joins (tenant-fence.ts).
  return withTenant(tenantId, () =>
    inTransaction(db, async (trx) => {
      const created = await trx
        .insertInto('users')
        .values({
          tenant_id: tenantId,
          username: user.username,
          password_hash: passwordHash,
          first_name: user.firstName,
          last_name: user.lastName,
          mobile: user.username,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      let group = await trx
        .selectFrom('user_groups')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('title', '=', user.groupTitle)
        .executeTakeFirst();
      if (!group) {
        group = await trx
          .insertInto('user_groups')
          .values({ tenant_id: tenantId, title: user.groupTitle })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (user.permissions.length) {
          await trx
            .insertInto('user_group_permissions')
            .values(
              user.permissions.map((permission) => ({
                tenant_id: tenantId,
                group_id: group!.id,
                permission,
              })),
            )
            .execute();
        }
      }
      await trx
        .insertInto('user_group_members')
        .values({ tenant_id: tenantId, group_id: group.id, user_id: created.id })
        .execute();
      return created.id;
    }),
  );
}

/** Making a tenant is the platform's work: it sees every tenant (tenant-fence.ts). */
export function createTenant(db: DB, input: NewTenant) {
  return asSystem(() => createTenantUnfenced(db, input));
}
