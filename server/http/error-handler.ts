// One error handler: user mistakes become status 0 in Persian; anything else is logged
// with its context and answered without internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import { UserError, fail } from './answers';

const CLIENT_ERRORS: Record<number, string> = {
  400: 'درخواست نامعتبر است',
  404: 'نشانی درخواست‌شده وجود ندارد',
  405: 'این روش درخواست پشتیبانی نمی‌شود',
  413: 'حجم درخواست بیش از حد مجاز است',
  415: 'نوع محتوای درخواست پشتیبانی نمی‌شود',
  429: 'تعداد درخواست‌ها بیش از حد مجاز است؛ کمی بعد دوباره تلاش کنید',
};

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof UserError) return reply.code(200).send(fail(error.message));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: { message: error.message, code: error.code } }, 'rejected request');
      return reply.code(status).send(fail(CLIENT_ERRORS[status] ?? CLIENT_ERRORS[400]));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(fail('خطای داخلی سرور؛ لطفاً دوباره تلاش کنید'));
  });
}

export const NOT_FOUND_ANSWER = fail(CLIENT_ERRORS[404]);
