// The notification bell: the latest notifications and the unread count; mark read. Marking
// read tells the user's open pages (their other tabs: the bell, the toasts) when it changed
// anything, through the hub's LettersChanged.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail, ok } from '../http/answers';
import { field } from '../http/fields';
import { toNumber } from '../../src/shared/coerce';
import { userRoute } from '../http/api-route';
import type { Services } from '../services';
import type { Principal } from '../auth/principal';

/** `0` or nothing: every notification; otherwise one notification's id, refused like any
 *  other id when it is not 1 … 2^31 − 1 («شناسه معتبر نیست»). */
const notificationId = z
  .preprocess((v) => (toNumber(v) === 0 ? undefined : v), field.optionalId('شناسه'))
  .describe('شناسه');

export const NOTIFICATION_NOT_FOUND = 'اعلان یافت نشد';

export function registerNotificationRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;

  userRoute(app, services, {
    method: 'GET',
    path: 'notification/list',
    params: z.object({ Page: field.page(), Count: field.pageSize(10) }),
    handler: async ({ params, principal }) => {
      // −1 all: at most 100, as any page.
      const count = params.Count === -1 ? 100 : Math.min(params.Count, 100);
      const mine = db
        .selectFrom('notifications')
        .where('tenant_id', '=', principal.tenantId)
        .where('user_id', '=', principal.userId);
      const [rows, totals] = await Promise.all([
        mine
          .select(['id', 'title', 'url', 'is_read', 'created_at'])
          .orderBy('id', 'desc')
          .limit(count)
          .offset((Math.max(params.Page, 1) - 1) * count)
          .execute(),
        mine
          .select((eb) => [
            eb.fn.countAll<number>().as('total'),
            eb.fn.count<number>('id').filterWhere('is_read', '=', false).as('unread'),
          ])
          .executeTakeFirstOrThrow(),
      ]);
      return ok({
        records: rows.map((r) => ({
          id: r.id,
          title: r.title,
          url: r.url,
          isRead: r.is_read,
          createdDate: new Date(r.created_at).toISOString(),
        })),
        totalCount: Number(totals.total),
        unreadCount: Number(totals.unread),
      });
    },
  });

  userRoute(app, services, {
    method: 'POST',
    path: 'notification/read',
    params: z.object({ Id: notificationId }),
    handler: async ({ params, principal }) => {
      const read = params.Id
        ? await readOne(services, principal, params.Id)
        : await readAll(services, principal);
      if (read === 'not found') return fail(NOTIFICATION_NOT_FOUND);
      // The user's other tabs (their bell, a toast still up) hear of it; a failed push is
      // only logged: the notifications are read.
      if (read === 'changed')
        await services.notifier
          .lettersChanged([principal.userId])
          .catch((error: unknown) => services.log.error({ err: error }, 'notifications read: push failed'));
      return ok();
    },
  });
}

type Reader = Pick<Principal, 'tenantId' | 'userId'>;
type Read = 'changed' | 'unchanged' | 'not found';

const unreadOf = ({ db }: Services, principal: Reader) =>
  db
    .updateTable('notifications')
    .set({ is_read: true })
    .where('tenant_id', '=', principal.tenantId)
    .where('user_id', '=', principal.userId)
    .where('is_read', '=', false);

async function readAll(services: Services, principal: Reader): Promise<Read> {
  const marked = await unreadOf(services, principal).executeTakeFirst();
  return Number(marked.numUpdatedRows) ? 'changed' : 'unchanged';
}

/** One notification: read before is done with nothing to tell; another user's, another
 *  tenant's or none at all is not found. */
async function readOne(services: Services, principal: Reader, id: number): Promise<Read> {
  const marked = await unreadOf(services, principal).where('id', '=', id).executeTakeFirst();
  if (Number(marked.numUpdatedRows)) return 'changed';
  const found = await services.db
    .selectFrom('notifications')
    .select('id')
    .where('tenant_id', '=', principal.tenantId)
    .where('user_id', '=', principal.userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return found ? 'unchanged' : 'not found';
}
