// Sessions: a random opaque token, stored only as its SHA-256, revocable. One query
// finds the session, its user and the user's permissions.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { Principal } from './principal';
import { asSystem, withTenant } from '../db/tenant-fence';
import { ONE_PLAN } from '../db/named-statements';
import { inTransaction } from '../db/in-transaction';

export const SESSION_LIFETIME_DAYS = 30;
const TOUCH_EVERY_MS = 60_000;

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * A new session for a user whose password was just checked against `passwordHash`, or
 * null when that is no longer their password or they were deactivated meanwhile. The
 * user's row is held (FOR SHARE) while the session is made, so a password change or a
 * deactivation either waits for this session and then ends it, or has committed and is
 * seen here: a sign-in checked against the old password never outlives the change.
 */
export async function createSession(
  db: DB,
  input: { tenantId: number; userId: number; passwordHash: string; ip: string; userAgent: string },
): Promise<{ token: string; sessionId: number } | null> {
  // The tenant's id leads the token, so that finding its session runs fenced to that
  // tenant (as the handler will) instead of seeing every tenant; the random part is the
  // secret. A token whose lead names another tenant simply finds no session.
  const token = `${input.tenantId}.${crypto.randomBytes(32).toString('base64url')}`;
  return inTransaction(db, async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['password_hash', 'is_active'])
      .where('tenant_id', '=', input.tenantId)
      .where('id', '=', input.userId)
      .forShare()
      .executeTakeFirst();
    if (!user?.is_active || user.password_hash !== input.passwordHash) return null;
    const row = await trx
      .insertInto('sessions')
      .values({
        tenant_id: input.tenantId,
        user_id: input.userId,
        token_hash: hashToken(token),
        ip: input.ip,
        user_agent: input.userAgent.slice(0, 300),
        expires_at: new Date(Date.now() + SESSION_LIFETIME_DAYS * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { token, sessionId: row.id };
  });
}

export async function findPrincipal(db: DB, token: string): Promise<Principal | null> {
  if (!token || token.length > 200) return null;
  return principalOf(db, { tokenHash: hashToken(token), tenantId: tenantOfToken(token) });
}

/** The principal of a live session by its id (a signed download link names it). */
export function findPrincipalBySession(db: DB, sessionId: number): Promise<Principal | null> {
  return principalOf(db, { sessionId });
}

/** The tenant a token names (`{tenantId}.{secret}`); undefined for a token of the older,
 *  secret-only shape. */
export function tenantOfToken(token: string): number | undefined {
  const lead = /^(\d{1,9})\./.exec(token)?.[1];
  return lead ? Number(lead) : undefined;
}

async function principalOf(
  db: DB,
  session: { tokenHash: string; tenantId?: number } | { sessionId: number },
): Promise<Principal | null> {
  // Fenced to the tenant the token names; a session id (a signed link) or a token of the
  // older shape names none, and then the look-up must see every tenant.
  const tenantId = 'tokenHash' in session ? session.tenantId : undefined;
  const row = await (tenantId
    ? withTenant(tenantId, () => lookUp(db, session))
    : asSystem(() => lookUp(db, session)));
  if (!row) return null;
  if (Date.now() - new Date(row.lastSeenAt).getTime() > TOUCH_EVERY_MS) {
    await withTenant(row.tenantId, () =>
      db.updateTable('sessions').set({ last_seen_at: new Date() }).where('id', '=', row.sessionId).execute(),
    );
  }
  return {
    authEpoch: String(row.authEpoch),
    sessionId: row.sessionId,
    userId: row.userId,
    tenantId: row.tenantId,
    username: row.username,
    permissions: new Set(row.permissions),
  };
}

function lookUp(db: DB, session: { tokenHash: string } | { sessionId: number }) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('tenants as t', 't.id', 's.tenant_id')
    .select([
      's.id as sessionId',
      's.user_id as userId',
      's.tenant_id as tenantId',
      's.last_seen_at as lastSeenAt',
      't.auth_epoch as authEpoch',
      'u.username',
      sql<string[]>`coalesce((
        SELECT array_agg(DISTINCT p.permission)
          FROM user_group_members m
          JOIN user_groups g ON g.id = m.group_id AND g.is_active
          JOIN user_group_permissions p ON p.group_id = g.id
         WHERE m.tenant_id = s.tenant_id AND m.user_id = s.user_id), '{}')`.as('permissions'),
    ])
    .where((eb) =>
      'tokenHash' in session
        ? eb('s.token_hash', '=', session.tokenHash)
        : eb('s.id', '=', session.sessionId),
    )
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', new Date())
    .where('u.is_active', '=', true)
    .where('t.is_active', '=', true)
    .executeTakeFirst();
}

/**
 * Of these sessions, the ids of those still live — not revoked, not expired, their user
 * and tenant active, as `findPrincipal` asks — in one statement over every tenant (the
 * hub's check of its open sockets, whose sessions belong to any tenant).
 */
export async function liveSessionIds(db: DB, sessionIds: number[]): Promise<number[]> {
  if (!sessionIds.length) return [];
  const rows = await asSystem(() =>
    db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .innerJoin('tenants as t', 't.id', 's.tenant_id')
      .select('s.id')
      .where(sql<boolean>`s.id = any(${sessionIds}::int[])`)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', new Date())
      .where('u.is_active', '=', true)
      .where('t.is_active', '=', true)
      .execute(),
  );
  return rows.map((row) => row.id);
}

/** Revokes sessions and returns their ids (so their hub connections can be closed). */
export async function revokeSessions(
  db: DB,
  where: { sessionId: number } | { userId: number; tenantId: number; exceptSessionId?: number },
): Promise<number[]> {
  // One statement: the sessions end and their tenants' sign-in epoch rises together.
  const rows = await db
    .with('revoked', (db) => {
      let query = db.updateTable('sessions').set({ revoked_at: new Date() }).where('revoked_at', 'is', null);
      if ('sessionId' in where) query = query.where('id', '=', where.sessionId);
      else {
        query = query.where('tenant_id', '=', where.tenantId).where('user_id', '=', where.userId);
        if (where.exceptSessionId) query = query.where('id', '<>', where.exceptSessionId);
      }
      return query.returning(['id', 'tenant_id']);
    })
    .with('bumped', (db) =>
      db
        .updateTable('tenants')
        .set({ auth_epoch: sql`auth_epoch + 1` })
        .where('id', 'in', (eb) => eb.selectFrom('revoked').select('tenant_id'))
        .returning('id'),
    )
    .selectFrom('revoked')
    .select('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Raises the tenant's sign-in epoch: cached principals of the tenant are looked up again
 *  on their next call, in every process (a person's roles changed). */
export async function raiseAuthEpoch(db: DB, tenantId: number) {
  await db
    .updateTable('tenants')
    .set({ auth_epoch: sql`auth_epoch + 1` })
    .where('id', '=', tenantId)
    .execute();
}

/** What a signed-in call compares its cached state with, per tenant: the sign-in epoch
 *  (cached principals, principal-cache.ts) and the menu epoch (its folders, migration 0019). */
export interface TenantEpochs {
  auth: string;
  menu: string;
}

/** The tenants' epochs now: one small read serves the principal and the menu. */
export async function tenantEpochs(db: DB, tenantIds: number[]): Promise<Map<number, TenantEpochs>> {
  const rows = await db
    .selectFrom('tenants')
    .modifyFront(ONE_PLAN)
    .select(['id', 'auth_epoch', 'menu_epoch'])
    .where('id', 'in', tenantIds)
    .execute();
  return new Map(rows.map((row) => [row.id, { auth: String(row.auth_epoch), menu: String(row.menu_epoch) }]));
}
