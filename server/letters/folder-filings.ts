// A folder's filings that nobody can take out any more. A filing is one user's own (their
// row of the letter in message_boxes, its archive_fk or favorite_fk), and only they take it
// out (actions.ts unfileFromFolder) — from the folder's list, which shows them only the
// letters they may still see (lists.ts heldByRight). A filer who lost the right to the
// letter (they filed another's letter while reading all letters, and AllMessages was taken
// from them), who lost every letters permission, or whose account was switched off, never
// sees that filing again: left, it would keep the folder from being deleted for good.
// So a folder's delete first clears those filings (in its transaction: a refusal for
// another reason rolls the clearing back); filings their filer still sees keep the folder,
// as before («… در «نامه‌ها» استفاده شده است»): the filer takes them out, or keeps them.
import { sql } from 'kysely';
import type { Trx } from '../masterdata/hooks';
import { LETTER_PERMISSIONS } from '../../src/shared/permissions';

const COLUMNS = { archive: 'archive_fk', favorite: 'favorite_fk' } as const;

/** Does the filer (the row's user) hold one of `permissions`, through an active role? */
const filerHolds = (permissions: readonly string[]) => sql`EXISTS (
  SELECT 1 FROM user_group_members gm
    JOIN user_groups g ON g.id = gm.group_id AND g.is_active
    JOIN user_group_permissions p ON p.group_id = g.id
   WHERE gm.tenant_id = b.tenant_id AND gm.user_id = b.user_id
     AND p.permission IN (${sql.join(permissions)}))`;

/**
 * Takes out of folder `id` every filing its filer can no longer reach: the filer is
 * switched off, has neither letters permission (Messages, AllMessages: every letters call
 * needs one), the letter is deleted, or the filer may not see it — access.ts's rule: they
 * hold it by right (in their cartable, sent letters or drafts; its author, holder or sender;
 * in its forward chain), or it is sent and they read all letters. No event is recorded:
 * the filer did nothing, and the folder's delete is the administrator's.
 */
export async function releaseUnreachableFilings(
  trx: Trx,
  kind: keyof typeof COLUMNS,
  tenantId: number,
  id: number,
) {
  const column = sql.ref(`b.${COLUMNS[kind]}`);
  await sql`
    UPDATE message_boxes b SET ${sql.ref(COLUMNS[kind])} = NULL
     WHERE b.tenant_id = ${tenantId} AND ${column} = ${id}
       AND NOT EXISTS (
         SELECT 1 FROM users u, messages m
          WHERE u.tenant_id = b.tenant_id AND u.id = b.user_id AND u.is_active
            AND m.tenant_id = b.tenant_id AND m.id = b.message_id AND m.deleted_at IS NULL
            AND ${filerHolds(LETTER_PERMISSIONS)}
            AND (b.inbox OR b.sent OR b.drafting
                 OR b.user_id IN (m.author_id, m.holder_id, m.sender_id)
                 OR EXISTS (
                   SELECT 1 FROM message_forwards f
                    WHERE f.tenant_id = b.tenant_id AND f.message_id = b.message_id
                      AND (f.from_user_id = b.user_id OR f.to_user_id = b.user_id))
                 OR (m.is_send AND ${filerHolds(['AllMessages'])})))`.execute(trx);
}
