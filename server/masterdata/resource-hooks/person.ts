// A person is a user of the tenant: creating one creates its user (mobile as username,
// the given password), its role names are the user's groups, deactivating or deleting
// it stops the user signing in. All in the engine's transaction.
import { sql, type Updateable } from 'kysely';
import { hashPassword } from '../../auth/passwords';
import { raiseAuthEpoch, revokeSessions } from '../../auth/sessions';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { UserError } from '../../http/answers';
import { person } from '../../../src/schemas/people';
import { registerHooks, type SaveContext, type Trx } from '../hooks';

export const DUPLICATE_MOBILE = 'این شماره همراه قبلاً ثبت شده است';

/** The tenant's active user groups: the role names a person may hold. */
export async function roleNames(db: DB, tenantId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_groups')
    .select('title')
    .where('tenant_id', '=', tenantId)
    .where('is_active', '=', true)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.title);
}

/** The roles named, active ones — or, for a user who holds it already (`userId`), one
 *  switched off since: their form sends back what it was given, and an edit of their name
 *  must not fail on it nor drop it. */
async function groupIds(trx: Trx, tenantId: number, names: string[], userId?: number): Promise<number[]> {
  if (!names.length) return [];
  const rows = await trx
    .selectFrom('user_groups as g')
    .select(['g.id', 'g.title', 'g.is_active'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('user_group_members as m')
            .select('m.group_id')
            .whereRef('m.tenant_id', '=', 'g.tenant_id')
            .whereRef('m.group_id', '=', 'g.id')
            .where('m.user_id', '=', userId ?? 0),
        )
        .as('held'),
    )
    .where('g.tenant_id', '=', tenantId)
    .where('g.title', 'in', names)
    .execute();
  const usable = rows.filter((r) => r.is_active || r.held);
  const missing = names.filter((name) => !usable.some((r) => r.title === name));
  if (missing.length) throw new UserError(`نقش «${missing[0]}» وجود ندارد`);
  return usable.map((r) => r.id);
}

/** Revokes the user's sessions (all but the caller's own) and, once that has committed,
 *  closes their hub connections. */
async function signOut(
  ctx: Pick<PersonSave, 'trx' | 'services' | 'principal' | 'afterCommit'>,
  userId: number,
) {
  const revoked = await revokeSessions(ctx.trx, {
    tenantId: ctx.principal.tenantId,
    userId,
    exceptSessionId: ctx.principal.sessionId,
  });
  ctx.afterCommit(() => ctx.services.notifier.sessionsRevoked(revoked));
}

/** A save of a person, as its hooks see it. */
type PersonSave = SaveContext<typeof person>;

/** The permission that lets a user manage people (and so give anyone any role). */
export const MANAGE_PEOPLE = 'Person';
export const CANNOT_DEACTIVATE_ONESELF = 'نمی‌توانید حساب کاربری خودتان را غیرفعال کنید';
export const CANNOT_DROP_OWN_ADMINISTRATION =
  'نمی‌توانید دسترسی مدیریت اشخاص را از خودتان بگیرید؛ این کار را مدیر دیگری انجام دهد';

/** A user editing their own person may neither deactivate themselves nor take away their
 *  own right to manage people: the organisation could be left with nobody who can. */
async function refuseLockingOneselfOut(ctx: PersonSave, groups: number[] | undefined) {
  if (ctx.values.is_active === false) throw new UserError(CANNOT_DEACTIVATE_ONESELF);
  if (groups === undefined) return;
  const granting = groups.length
    ? await ctx.trx
        .selectFrom('user_group_permissions')
        .select('group_id')
        .where('tenant_id', '=', ctx.principal.tenantId)
        .where('group_id', 'in', groups)
        .where('permission', '=', MANAGE_PEOPLE)
        .limit(1)
        .executeTakeFirst()
    : undefined;
  if (!granting) throw new UserError(CANNOT_DROP_OWN_ADMINISTRATION);
}

/** Creates the person's user, or takes back the user of a deleted person with this mobile. */
async function createUser(ctx: PersonSave): Promise<number> {
  const { trx, principal, values } = ctx;
  const mobile = String(values.mobile);
  const taken = await trx
    .selectFrom('persons')
    .select('id')
    .where('tenant_id', '=', principal.tenantId)
    .where('mobile', '=', mobile)
    .executeTakeFirst();
  if (taken) throw new UserError(DUPLICATE_MOBILE);
  const user = {
    username: mobile,
    mobile,
    password_hash: await hashPassword(String(ctx.input.PassWord)),
    first_name: values.first_name,
    last_name: values.last_name,
    is_active: values.is_active,
  };
  const existing = await trx
    .selectFrom('users')
    .select(['id', 'is_active'])
    .where('tenant_id', '=', principal.tenantId)
    .where((eb) => eb(eb.fn('lower', ['username']), '=', mobile.toLowerCase()))
    .executeTakeFirst();
  if (existing) {
    // An active user without a person (e.g. the tenant's first administrator) keeps its mobile.
    if (existing.is_active) throw new UserError(DUPLICATE_MOBILE);
    await trx
      .updateTable('users')
      .set(user)
      .where('tenant_id', '=', principal.tenantId)
      .where('id', '=', existing.id)
      .execute();
    return existing.id;
  }
  try {
    const created = await trx
      .insertInto('users')
      .values({ ...user, tenant_id: principal.tenantId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return created.id;
  } catch (error) {
    // Another request took this mobile between the check above and this insert.
    if ((error as { code?: string }).code === '23505') throw new UserError(DUPLICATE_MOBILE);
    throw error;
  }
}

registerHooks(person, {
  storage: {
    columns: { user_fk: 'integer NOT NULL REFERENCES users (id)' },
    indexes: [
      { name: 'persons_mobile_idx', unique: true, on: '(tenant_id, mobile)' },
      { name: 'persons_user_idx', unique: true, on: '(tenant_id, user_fk)' },
    ],
  },

  async beforeSave(ctx) {
    // On update RoleNames may be left out: the person keeps their roles. (Sent empty, the
    // schema refuses it: a person holds a role.)
    const roles = ctx.input.RoleNames ?? undefined;
    const held = ctx.mode === 'update' ? (ctx.existing!.user_fk as number) : undefined;
    const groups =
      roles === undefined ? undefined : await groupIds(ctx.trx, ctx.principal.tenantId, roles, held);
    if (ctx.mode === 'create') {
      ctx.values.user_fk = await createUser(ctx);
      return;
    }
    const userId = ctx.existing!.user_fk as number;
    if (userId === ctx.principal.userId) await refuseLockingOneselfOut(ctx, groups);
    const password = ctx.input.PassWord;
    // What the request leaves out is undefined, which Kysely does not write.
    const changes: Updateable<Database['users']> = {
      first_name: ctx.values.first_name,
      last_name: ctx.values.last_name,
      is_active: ctx.values.is_active,
      password_hash: password ? await hashPassword(password) : undefined,
    };
    if (Object.values(changes).some((value) => value !== undefined)) {
      await ctx.trx
        .updateTable('users')
        .set(changes)
        .where('tenant_id', '=', ctx.principal.tenantId)
        .where('id', '=', userId)
        .execute();
    }
    if (password || ctx.values.is_active === false) await signOut(ctx, userId);
  },

  async afterSave(ctx) {
    const { trx, principal } = ctx;
    const roles = ctx.input.RoleNames ?? undefined;
    const userId = ctx.existing?.user_fk ?? ctx.values.user_fk;
    if (roles === undefined || userId === undefined) return;
    const tenantId = principal.tenantId;
    const groups = await groupIds(trx, tenantId, roles, ctx.mode === 'update' ? userId : undefined);
    await trx
      .deleteFrom('user_group_members')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .execute();
    await trx
      .insertInto('user_group_members')
      .values(groups.map((group_id) => ({ tenant_id: tenantId, group_id, user_id: userId })))
      .execute();
    // Their permissions changed: signed-in calls must not go on with the old ones, in any
    // process (the epoch, in this transaction) nor cached anywhere (the bus, after it).
    if (ctx.mode === 'update') {
      await raiseAuthEpoch(trx, tenantId);
      ctx.afterCommit(() => ctx.services.notifier.principalChanged(tenantId, userId));
    }
  },

  async extendGet({ db, principal, record }) {
    const roles = await db
      .selectFrom('persons as p')
      .innerJoin('user_group_members as m', (join) =>
        join.onRef('m.user_id', '=', 'p.user_fk').onRef('m.tenant_id', '=', 'p.tenant_id'),
      )
      .innerJoin('user_groups as g', 'g.id', 'm.group_id')
      .select('g.title')
      .where('p.tenant_id', '=', principal.tenantId)
      .where('p.id', '=', record.id)
      .orderBy('g.id')
      .execute();
    const roleName = roles.map((r) => r.title);
    // The specification's shape of the posts (the engine fills record.organPosts with ids).
    const organPost = (record.organPosts ?? []).map((orgPostId) => ({ orgPostId }));
    // The form's own fields too, so an edit form opens filled.
    Object.assign(record, { userName: record.mobile, roleNames: roleName });
    return { roleName, organPost };
  },

  async beforeDelete(ctx) {
    const userId = ctx.row.user_fk;
    if (userId === ctx.principal.userId) throw new UserError('نمی‌توانید خودتان را حذف کنید');
    // The user stays (their letters and history point at it) but can no longer sign in
    // and holds no role; a new person with the same mobile takes it back.
    await ctx.trx
      .updateTable('users')
      .set({ is_active: false })
      .where('tenant_id', '=', ctx.principal.tenantId)
      .where('id', '=', userId)
      .execute();
    await ctx.trx
      .deleteFrom('user_group_members')
      .where('tenant_id', '=', ctx.principal.tenantId)
      .where('user_id', '=', userId)
      .execute();
    // Nobody's favourite contact any more: the choice is of a person, and a new person with
    // this mobile (taking this user back) is not chosen by anyone (probe helper-72).
    await sql`DELETE FROM favorite_persons
      WHERE tenant_id = ${ctx.principal.tenantId} AND person_user_id = ${userId}`.execute(ctx.trx);
    await signOut(ctx, userId);
  },
});
