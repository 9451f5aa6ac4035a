// Per-user interface settings: the theme colour picked on the dashboard; beside it, the
// user's own person id (the letter screen leaves the user out of their recipients).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { ok } from '../http/answers';
import { field } from '../http/fields';
import { userRoute } from '../http/api-route';
import type { Services } from '../services';

export const DEFAULT_THEME_COLOR = '#7B1FA2';

export function registerUserSettingRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;

  userRoute(app, services, {
    method: 'GET',
    path: 'usersetting/get',
    params: z.object({}),
    handler: async ({ principal }) => {
      const row = await db
        .selectFrom('user_settings')
        .select('theme_color')
        .where('tenant_id', '=', principal.tenantId)
        .where('user_id', '=', principal.userId)
        .executeTakeFirst();
      const person = await sql<{ id: number }>`
        SELECT id FROM persons WHERE tenant_id = ${principal.tenantId} AND user_fk = ${principal.userId}`.execute(
        db,
      );
      return ok({
        record: { themeColor: row?.theme_color ?? DEFAULT_THEME_COLOR, personId: person.rows[0]?.id ?? null },
      });
    },
  });

  userRoute(app, services, {
    method: ['POST', 'PUT'],
    path: 'usersetting/save',
    params: z.object({
      ThemeColor: field
        .text('رنگ پوسته', 7)
        .refine((v) => /^#[0-9a-fA-F]{6}$/.test(v), { message: 'رنگ پوسته معتبر نیست' }),
    }),
    handler: async ({ params, principal }) => {
      await db
        .insertInto('user_settings')
        .values({
          tenant_id: principal.tenantId,
          user_id: principal.userId,
          theme_color: params.ThemeColor.toUpperCase(),
        })
        .onConflict((oc) =>
          oc.columns(['tenant_id', 'user_id']).doUpdateSet({ theme_color: params.ThemeColor.toUpperCase() }),
        )
        .execute();
      return ok({ record: { themeColor: params.ThemeColor.toUpperCase() } });
    },
  });
}
