// Change the mobile number, ask for a code by SMS, confirm it. The code is stored as a
// keyed hash, lives five minutes and allows five tries.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail, ok } from '../http/answers';
import { field } from '../http/fields';
import { userRoute } from '../http/api-route';
import { toLatinDigits } from '../../src/shared/persian';
import type { Services } from '../services';

const CODE_LIFETIME_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;
export const MOBILE_PATTERN = /^09\d{9}$/;

export function registerMobileApprovalRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;
  const codeHash = (userId: number, code: string) =>
    crypto.createHmac('sha256', String(services.config.secret)).update(`${userId}:${code}`).digest('hex');
  const whereUser = (tenantId: number, userId: number) =>
    db.updateTable('users').where('tenant_id', '=', tenantId).where('id', '=', userId);

  userRoute(app, services, {
    method: ['PUT', 'POST'],
    path: 'user/changeusermobile',
    params: z.object({ Mobile: field.text('شماره همراه', 20) }),
    handler: async ({ params, principal }) => {
      const mobile = toLatinDigits(params.Mobile).replace(/\s|-/g, '');
      if (!MOBILE_PATTERN.test(mobile)) return fail('شماره همراه باید با ۰۹ شروع شود و ۱۱ رقم باشد', 'both');
      await whereUser(principal.tenantId, principal.userId).set({ mobile, mobile_approved: false }).execute();
      await db
        .deleteFrom('mobile_approval_codes')
        .where('tenant_id', '=', principal.tenantId)
        .where('user_id', '=', principal.userId)
        .execute();
      return ok({}, 'both');
    },
  });

  userRoute(app, services, {
    method: 'POST',
    path: 'user/approveusersendcode',
    params: z.object({}),
    handler: async ({ principal }) => {
      const user = await db
        .selectFrom('users')
        .select(['mobile', 'mobile_approved'])
        .where('tenant_id', '=', principal.tenantId)
        .where('id', '=', principal.userId)
        .executeTakeFirstOrThrow();
      if (!MOBILE_PATTERN.test(user.mobile)) return fail('ابتدا شماره همراه معتبری ثبت کنید', 'both');
      if (user.mobile_approved) return fail('شماره همراه شما پیش‌تر تایید شده است', 'both');
      const code = String(crypto.randomInt(10_000, 100_000));
      await db
        .insertInto('mobile_approval_codes')
        .values({
          tenant_id: principal.tenantId,
          user_id: principal.userId,
          code_hash: codeHash(principal.userId, code),
          expires_at: new Date(Date.now() + CODE_LIFETIME_MS),
          attempts: 0,
        })
        .onConflict((oc) =>
          oc.columns(['tenant_id', 'user_id']).doUpdateSet((eb) => ({
            code_hash: eb.ref('excluded.code_hash'),
            expires_at: eb.ref('excluded.expires_at'),
            attempts: 0,
          })),
        )
        .execute();
      await services.sms.send(user.mobile, `دبیر - کد تایید شماره همراه: ${code}`);
      return {
        ...ok({}, 'both'),
        message: 'کد تایید به شماره همراه شما پیامک شد',
        messge: 'کد تایید به شماره همراه شما پیامک شد',
      };
    },
  });

  userRoute(app, services, {
    method: 'POST',
    path: 'user/approveuser',
    params: z.object({ code: field.text('کد تایید', 10) }),
    handler: async ({ params, principal }) => {
      const pending = await db
        .selectFrom('mobile_approval_codes')
        .selectAll()
        .where('tenant_id', '=', principal.tenantId)
        .where('user_id', '=', principal.userId)
        .executeTakeFirst();
      if (!pending || new Date(pending.expires_at).getTime() < Date.now()) {
        return fail('کد تایید منقضی شده است؛ کد جدید درخواست کنید', 'both');
      }
      if (pending.attempts >= MAX_ATTEMPTS)
        return fail('تعداد تلاش‌ها بیش از حد مجاز است؛ کد جدید درخواست کنید', 'both');
      if (pending.code_hash !== codeHash(principal.userId, toLatinDigits(params.code))) {
        await db
          .updateTable('mobile_approval_codes')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('tenant_id', '=', principal.tenantId)
          .where('user_id', '=', principal.userId)
          .execute();
        return fail('کد تایید اشتباه است', 'both');
      }
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ mobile_approved: true })
          .where('tenant_id', '=', principal.tenantId)
          .where('id', '=', principal.userId)
          .execute();
        await trx
          .deleteFrom('mobile_approval_codes')
          .where('tenant_id', '=', principal.tenantId)
          .where('user_id', '=', principal.userId)
          .execute();
      });
      return { ...ok({}, 'both'), message: 'شماره همراه شما تایید شد', messge: 'شماره همراه شما تایید شد' };
    },
  });
}
