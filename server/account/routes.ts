// The account dialogs: password and pictures (one multipart call), and the mobile
// number with its approval code.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail, ok } from '../http/answers';
import { field } from '../http/fields';
import { userRoute } from '../http/api-route';
import type { Services } from '../services';
import { MIN_PASSWORD_LENGTH, hashPassword, verifyPassword } from '../auth/passwords';
import { revokeSessions } from '../auth/sessions';
import { toPersianDigits } from '../../src/shared/persian-digits';
import { registerMobileApprovalRoutes } from './mobile-approval';
import { pictureOf } from '../files/picture-size';

export const PROFILE_PICTURES = 'userpic';
export const SIGNATURE_UNREADABLE =
  'اندازهٔ تصویر امضا خوانده نشد و در چاپ نامه نمی‌آید؛ تصویر را دوباره ذخیره کنید یا تصویر دیگری برگزینید';
export const SIGNATURE_PICTURES = 'usersign';

export function registerAccountRoutes(app: FastifyInstance, services: Services) {
  const { db, files } = services;

  userRoute(app, services, {
    method: ['PUT', 'POST'],
    path: 'user/changeusersetting',
    params: z.object({
      CurrentPassword: field.optionalSecret('رمز عبور فعلی'),
      NewPassword: field.optionalSecret('رمز عبور جدید'),
      UserProfilePic: field.file('تصویر پروفایل'),
      UserSignPic: field.file('تصویر امضا'),
    }),
    handler: async ({ params, principal }) => {
      const { CurrentPassword, NewPassword, UserProfilePic, UserSignPic } = params;
      if (!NewPassword && !UserProfilePic && !UserSignPic) return fail('تغییری برای ذخیره وارد نشده است');
      const user = await db
        .selectFrom('users')
        .select(['password_hash', 'profile_pic', 'sign_pic'])
        .where('tenant_id', '=', principal.tenantId)
        .where('id', '=', principal.userId)
        .executeTakeFirstOrThrow();

      let newHash: string | undefined;
      if (NewPassword) {
        if (!CurrentPassword) return fail('رمز عبور فعلی الزامی است');
        if (NewPassword.length < MIN_PASSWORD_LENGTH)
          return fail(`رمز عبور جدید باید دست‌کم ${toPersianDigits(String(MIN_PASSWORD_LENGTH))} نویسه باشد`);
        if (!(await verifyPassword(user.password_hash, CurrentPassword)))
          return fail('رمز عبور فعلی اشتباه است');
        newHash = await hashPassword(NewPassword);
      }
      // Check every picture before writing anything, so a bad one changes nothing.
      const profileExt = UserProfilePic ? await files.checkImage(UserProfilePic, 'تصویر پروفایل') : undefined;
      const signExt = UserSignPic ? await files.checkImage(UserSignPic, 'تصویر امضا') : undefined;
      // A letter prints the signature at its size, read from its header: one whose size
      // cannot be read would be left off every print, unsaid.
      if (UserSignPic && !pictureOf(UserSignPic.data)) return fail(SIGNATURE_UNREADABLE);

      const written: Array<[string, string]> = [];
      try {
        const profilePic =
          UserProfilePic && profileExt
            ? await files.save(principal.tenantId, PROFILE_PICTURES, UserProfilePic.data, profileExt)
            : user.profile_pic;
        if (UserProfilePic) written.push([PROFILE_PICTURES, profilePic]);
        const signPic =
          UserSignPic && signExt
            ? await files.save(principal.tenantId, SIGNATURE_PICTURES, UserSignPic.data, signExt)
            : user.sign_pic;
        if (UserSignPic) written.push([SIGNATURE_PICTURES, signPic]);

        // A password change ends the user's other sessions in the same transaction; the
        // row's update waits for a sign-in making a session meanwhile (createSession).
        const revoked = await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('users')
            .set({
              profile_pic: profilePic,
              sign_pic: signPic,
              ...(newHash ? { password_hash: newHash } : {}),
            })
            .where('tenant_id', '=', principal.tenantId)
            .where('id', '=', principal.userId)
            .execute();
          if (!newHash) return [];
          return revokeSessions(trx, {
            tenantId: principal.tenantId,
            userId: principal.userId,
            exceptSessionId: principal.sessionId,
          });
        });
        written.length = 0;
        // Old pictures are replaced.
        if (UserProfilePic && user.profile_pic)
          await files.remove(principal.tenantId, PROFILE_PICTURES, user.profile_pic);
        if (UserSignPic && user.sign_pic)
          await files.remove(principal.tenantId, SIGNATURE_PICTURES, user.sign_pic);
        if (revoked.length) await services.notifier.sessionsRevoked(revoked);
        return ok({ profilePicture: profilePic });
      } finally {
        for (const [area, name] of written) await files.remove(principal.tenantId, area, name);
      }
    },
  });

  registerMobileApprovalRoutes(app, services);
}
