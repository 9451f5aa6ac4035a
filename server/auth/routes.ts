// Sign-in calls of spec 1 §7: tenant by host, captcha, Authenticate, and logout.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail, ok } from '../http/answers';
import { field } from '../http/fields';
import { publicRoute, userRoute } from '../http/api-route';
import { cleanPersianText, normalizePersian } from '../../src/shared/persian';
import type { Services } from '../services';
import { consumeCaptcha, newCaptchaImage } from './captcha';
import { verifyPassword } from './passwords';
import { MOBILE_PATTERN, normalMobile } from '../../src/shared/mobile';
import { createSession, revokeSessions } from './sessions';
import { withTenant } from '../db/tenant-fence';
import { downloadPaths, downloadTarget, signDownload } from './download-links';

const UNKNOWN_TENANT = 'سازمانی با این نشانی یافت نشد';
const WRONG_CREDENTIALS = 'نام کاربری یا رمز عبور اشتباه است';
const WRONG_CAPTCHA = 'کد امنیتی اشتباه است';
const EXPIRED_CAPTCHA = 'کد امنیتی منقضی شده است؛ کد جدید را وارد کنید';
const TOO_MANY = 'به دلیل تلاش‌های ناموفق پی‌درپی، ورود موقتاً ممکن نیست؛ چند دقیقه دیگر دوباره تلاش کنید';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function registerAuthRoutes(app: FastifyInstance, services: Services) {
  const { db, tenants, config } = services;

  publicRoute(app, {
    method: 'GET',
    path: 'login/get',
    params: z.object({ WebRootPath: field.optionalText('نشانی سازمان') }),
    handler: async ({ params, request }) => {
      const tenant = await tenants.byHost(params.WebRootPath || request.headers.host);
      if (!tenant) return fail(UNKNOWN_TENANT);
      return ok({ record: { tenantFullName: tenant.fullName, logo: tenant.logo } });
    },
  });

  publicRoute(app, {
    method: 'GET',
    path: 'login/getCaptcha',
    params: z.object({}),
    handler: async () => {
      const image = newCaptchaImage();
      return ok({
        captchaImgUrl: image.dataUrl,
        captchaTextValue: '',
        captchaTokenValue: services.captcha.sign(image.text),
      });
    },
  });

  publicRoute(app, {
    method: 'POST',
    path: 'Authenticate/Authenticate',
    params: z.object({
      Username: field.text('نام کاربری', 100),
      Password: field.secret('رمز عبور'),
      WebRootPath: field.optionalText('نشانی سازمان'),
      captchaTokenValue: field.optionalText('کد امنیتی', 1000),
      captchaInputText: field.optionalText('کد امنیتی', 20),
    }),
    handler: async ({ params, request }) => {
      const tenant = await tenants.byHost(params.WebRootPath || request.headers.host);
      if (!tenant) return fail(UNKNOWN_TENANT);
      // Everything after this runs fenced to the tenant the host names.
      return withTenant(tenant.id, async () => {
        // A mobile signs in however it is written («+98 912 …», «0912-…»); other names as typed.
        const typed = normalizePersian(params.Username).toLowerCase();
        const mobile = normalMobile(typed);
        const username = MOBILE_PATTERN.test(mobile) ? mobile : typed;
        // Counted before anything slow, so parallel attempts are all counted (login-throttle.ts).
        const attempt = services.loginThrottle.attempt(request.ip, tenant.id, username);
        if (attempt.verdict === 'refuse') return fail(TOO_MANY);
        if (attempt.delayMs > 0) await sleep(attempt.delayMs);

        if (config.captchaEnabled) {
          if (!params.captchaInputText) return fail('کد امنیتی الزامی است');
          const check = await consumeCaptcha(
            db,
            services.captcha,
            params.captchaTokenValue,
            params.captchaInputText,
          );
          if (check !== 'ok') {
            attempt.settle(false);
            return fail(check === 'expired' || check === 'reused' ? EXPIRED_CAPTCHA : WRONG_CAPTCHA);
          }
        }

        // A name is looked for as a search reads it and as typed: a search reads «آ» as «ا»
        // and «∕» as «/», and a name stored with them is still its own (the one typed first).
        const asTyped = cleanPersianText(params.Username).toLowerCase();
        const named = await db
          .selectFrom('users')
          .selectAll()
          .where('tenant_id', '=', tenant.id)
          .where((eb) => eb(eb.fn('lower', ['username']), 'in', [username, asTyped]))
          .execute();
        const user =
          named.find((row) => row.username.toLowerCase() === asTyped) ??
          named.find((row) => row.username.toLowerCase() === username) ??
          named[0];
        const passwordOk = await verifyPassword(user?.password_hash, params.Password);
        if (!user || !passwordOk || !user.is_active) {
          attempt.settle(false);
          return fail(user && passwordOk ? 'حساب کاربری شما غیرفعال است' : WRONG_CREDENTIALS);
        }
        attempt.settle(true);

        const session = await createSession(db, {
          tenantId: tenant.id,
          userId: user.id,
          passwordHash: user.password_hash,
          ip: request.ip,
          userAgent: String(request.headers['user-agent'] ?? ''),
        });
        // The password was changed, or the user deactivated, while it was being checked.
        if (!session) return fail(WRONG_CREDENTIALS);
        const { token } = session;
        const permissions = await db
          .selectFrom('user_group_members as m')
          .innerJoin('user_groups as g', 'g.id', 'm.group_id')
          .innerJoin('user_group_permissions as p', 'p.group_id', 'g.id')
          .select('p.permission')
          .distinct()
          .where('m.tenant_id', '=', tenant.id)
          .where('m.user_id', '=', user.id)
          .where('g.is_active', '=', true)
          .execute();
        return {
          ...ok(),
          message: 'خوش آمدید',
          token,
          logo: tenant.logo,
          tenantFullName: tenant.fullName,
          userId: user.id,
          username: user.username,
          pic: user.profile_pic,
          mobile: user.mobile,
          permissions: permissions.map((p) => p.permission).sort(),
          fName: user.first_name,
          lName: user.last_name,
        };
      });
    },
  });

  // A short-lived link to one file (download-links.ts), so the client never puts the
  // session token in a URL.
  userRoute(app, services, {
    method: 'POST',
    path: 'download/link',
    params: z.object({ Url: field.text('نشانی فایل', 2000) }),
    handler: async ({ params, principal }) => {
      const target = downloadTarget(params.Url);
      if (!target || !downloadPaths.has(target.path)) return fail('این نشانی، نشانی دریافت فایل نیست');
      const link = signDownload(config.secret!, principal.sessionId, target.target);
      const query = target.target.slice(target.target.indexOf('?') + 1);
      return ok({ url: `${target.path}?${query ? `${query}&` : ''}dl=${encodeURIComponent(link)}` });
    },
  });

  userRoute(app, services, {
    method: 'POST',
    path: 'user/logout',
    params: z.object({}),
    handler: async ({ principal }) => {
      const revoked = await revokeSessions(db, { sessionId: principal.sessionId });
      await services.notifier.sessionsRevoked(revoked);
      return ok();
    },
  });
}
