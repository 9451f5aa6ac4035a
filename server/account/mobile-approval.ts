// Change the mobile number, ask for a code by SMS, confirm it. The code is stored as a
// keyed hash, lives five minutes and allows five tries, each counted in the statement
// that checks it (parallel guesses cannot share one try). A new code is sent at most as
// often as sms-code-limits.ts allows: once a minute, a few an hour, per user and per number.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail, ok } from '../http/answers';
import { field } from '../http/fields';
import { userRoute } from '../http/api-route';
import { MOBILE_PATTERN, normalMobile } from '../../src/shared/mobile';
import { toLatinDigits } from '../../src/shared/persian';
import { toPersianDigits } from '../../src/shared/persian-digits';
import type { Services } from '../services';
import { createSmsCodeLimits, type SmsCodeLimits } from './sms-code-limits';

const CODE_LIFETIME_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;
/** The least time between two codes of one user, also across processes (the stored code's age). */
const RESEND_AFTER_MS = 60_000;

/** When a new code may be asked for: «… ۴۵ ثانیه دیگر …» up to a minute, «… ۱۲ دقیقه دیگر …»
 *  (rounded up) past it. */
export function tryAgainMessage(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const when =
    seconds <= 60 ? `${toPersianDigits(seconds)} ثانیه` : `${toPersianDigits(Math.ceil(seconds / 60))} دقیقه`;
  return `کد تایید به‌تازگی فرستاده شده است؛ برای کد جدید ${when} دیگر دوباره تلاش کنید`;
}

export function registerMobileApprovalRoutes(
  app: FastifyInstance,
  services: Services,
  limits: SmsCodeLimits = createSmsCodeLimits(),
) {
  const { db } = services;
  const codeHash = (userId: number, code: string) =>
    crypto.createHmac('sha256', String(services.config.secret)).update(`${userId}:${code}`).digest('hex');

  userRoute(app, services, {
    method: ['PUT', 'POST'],
    path: 'user/changeusermobile',
    spelling: 'both',
    params: z.object({ Mobile: field.text('شماره همراه', 20) }),
    handler: async ({ params, principal }) => {
      const mobile = normalMobile(params.Mobile);
      if (!MOBILE_PATTERN.test(mobile)) return fail('شماره همراه باید با ۰۹ شروع شود و ۱۱ رقم باشد', 'both');
      // A code sent to the old number does not approve the new one.
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ mobile, mobile_approved: false })
          .where('tenant_id', '=', principal.tenantId)
          .where('id', '=', principal.userId)
          .execute();
        await trx
          .deleteFrom('mobile_approval_codes')
          .where('tenant_id', '=', principal.tenantId)
          .where('user_id', '=', principal.userId)
          .execute();
      });
      return ok({}, 'both');
    },
  });

  userRoute(app, services, {
    method: 'POST',
    path: 'user/approveusersendcode',
    spelling: 'both',
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
      // Counted now, before anything is awaited: of parallel requests one goes on.
      const send = limits.reserve(principal.tenantId, principal.userId, user.mobile);
      if (!send.ok) return fail(tryAgainMessage(send.retryAfterMs), 'both');
      const code = String(crypto.randomInt(10_000, 100_000));
      const now = Date.now();
      // A code stored less than a minute ago (by another process) is kept, and no SMS goes:
      // the row's lock orders racing requests, and only one finds the old code old enough.
      const stored = await db
        .insertInto('mobile_approval_codes')
        .values({
          tenant_id: principal.tenantId,
          user_id: principal.userId,
          code_hash: codeHash(principal.userId, code),
          expires_at: new Date(now + CODE_LIFETIME_MS),
          attempts: 0,
        })
        .onConflict((oc) =>
          oc
            .columns(['tenant_id', 'user_id'])
            .doUpdateSet((eb) => ({
              code_hash: eb.ref('excluded.code_hash'),
              expires_at: eb.ref('excluded.expires_at'),
              attempts: 0,
            }))
            .where(
              'mobile_approval_codes.expires_at',
              '<=',
              new Date(now + CODE_LIFETIME_MS - RESEND_AFTER_MS),
            ),
        )
        .returning('user_id')
        .executeTakeFirst();
      if (!stored) {
        send.release();
        return fail(tryAgainMessage(RESEND_AFTER_MS), 'both');
      }
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
    spelling: 'both',
    params: z.object({ code: field.text('کد تایید', 10) }),
    handler: async ({ params, principal }) => {
      const expired = () => fail('کد تایید منقضی شده است؛ کد جدید درخواست کنید', 'both');
      // The try is taken in the statement that checks there is one left: of parallel
      // guesses at most MAX_ATTEMPTS are compared with the code, whatever they say.
      const tried = await db
        .updateTable('mobile_approval_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('tenant_id', '=', principal.tenantId)
        .where('user_id', '=', principal.userId)
        .where('attempts', '<', MAX_ATTEMPTS)
        .where('expires_at', '>', new Date())
        .returning('code_hash')
        .executeTakeFirst();
      if (!tried) {
        const pending = await db
          .selectFrom('mobile_approval_codes')
          .select(['attempts', 'expires_at'])
          .where('tenant_id', '=', principal.tenantId)
          .where('user_id', '=', principal.userId)
          .executeTakeFirst();
        if (!pending || new Date(pending.expires_at).getTime() <= Date.now()) return expired();
        return fail('تعداد تلاش‌ها بیش از حد مجاز است؛ کد جدید درخواست کنید', 'both');
      }
      if (tried.code_hash !== codeHash(principal.userId, toLatinDigits(params.code)))
        return fail('کد تایید اشتباه است', 'both');
      const approved = await db.transaction().execute(async (trx) => {
        // The same code still stands (no new number, no new code meanwhile).
        const used = await trx
          .deleteFrom('mobile_approval_codes')
          .where('tenant_id', '=', principal.tenantId)
          .where('user_id', '=', principal.userId)
          .where('code_hash', '=', tried.code_hash)
          .returning('user_id')
          .executeTakeFirst();
        if (!used) return false;
        await trx
          .updateTable('users')
          .set({ mobile_approved: true })
          .where('tenant_id', '=', principal.tenantId)
          .where('id', '=', principal.userId)
          .execute();
        return true;
      });
      if (!approved) return expired();
      return { ...ok({}, 'both'), message: 'شماره همراه شما تایید شد', messge: 'شماره همراه شما تایید شد' };
    },
  });
}
