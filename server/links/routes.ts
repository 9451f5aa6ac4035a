// Quick links (home tiles and the Links screen): each user's own, within the tenant.
// The master-data engine will take these calls over; their shapes stay.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail, listAnswer, ok } from '../http/answers';
import { field } from '../http/fields';
import { userRoute } from '../http/api-route';
import type { Services } from '../services';

const NOT_FOUND = 'پیوند یافت نشد';
const toRecord = (row: { id: number; caption: string; url: string }) => ({ linkId: row.id, caption: row.caption, url: row.url });

export function registerLinkRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;
  const mine = (tenantId: number, userId: number) =>
    db.selectFrom('links').where('tenant_id', '=', tenantId).where('user_id', '=', userId);
  const linkFields = { Caption: field.text('عنوان', 200), Url: field.url('نشانی') };

  userRoute(app, services, {
    method: 'GET',
    path: 'link/list',
    params: z.object({
      Page: field.optionalInt('صفحه', 1),
      Count: field.optionalInt('تعداد', 20),
      Phrase: field.optionalText('عبارت جستجو', 200),
    }),
    handler: async ({ params, principal }) => {
      let query = mine(principal.tenantId, principal.userId);
      if (params.Phrase) query = query.where((eb) => eb.or([eb('caption', 'ilike', `%${params.Phrase}%`), eb('url', 'ilike', `%${params.Phrase}%`)]));
      let page = query.select(['id', 'caption', 'url']).orderBy('id');
      if (params.Count > 0) page = page.limit(params.Count).offset(Math.max(0, params.Page - 1) * params.Count);
      const [rows, total] = await Promise.all([
        page.execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return listAnswer(rows.map(toRecord), Number(total.n));
    },
  });

  userRoute(app, services, {
    method: 'GET',
    path: 'link/get',
    params: z.object({ Id: field.int('شناسه') }),
    handler: async ({ params, principal }) => {
      const row = await mine(principal.tenantId, principal.userId).select(['id', 'caption', 'url']).where('id', '=', params.Id).executeTakeFirst();
      return row ? ok({ record: toRecord(row) }) : fail(NOT_FOUND);
    },
  });

  userRoute(app, services, {
    method: 'POST',
    path: 'link/create',
    params: z.object(linkFields),
    handler: async ({ params, principal }) => {
      const row = await db
        .insertInto('links')
        .values({ tenant_id: principal.tenantId, user_id: principal.userId, caption: params.Caption, url: params.Url })
        .returning('id')
        .executeTakeFirstOrThrow();
      return ok({ id: row.id });
    },
  });

  userRoute(app, services, {
    method: ['POST', 'PUT'],
    path: 'link/update',
    params: z.object({ Id: field.int('شناسه'), ...linkFields }),
    handler: async ({ params, principal }) => {
      const updated = await db
        .updateTable('links')
        .set({ caption: params.Caption, url: params.Url })
        .where('tenant_id', '=', principal.tenantId)
        .where('user_id', '=', principal.userId)
        .where('id', '=', params.Id)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) ? ok({ id: params.Id }) : fail(NOT_FOUND);
    },
  });

  userRoute(app, services, {
    method: ['POST', 'DELETE'],
    path: 'link/delete',
    params: z.object({ Id: field.int('شناسه') }),
    handler: async ({ params, principal }) => {
      const deleted = await db
        .deleteFrom('links')
        .where('tenant_id', '=', principal.tenantId)
        .where('user_id', '=', principal.userId)
        .where('id', '=', params.Id)
        .executeTakeFirst();
      return Number(deleted.numDeletedRows) ? ok() : fail(NOT_FOUND);
    },
  });
}
