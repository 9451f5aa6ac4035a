// One error handler: user mistakes become status 0 in Persian; anything else is logged
// with its context and answered without internals.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import { UserError, fail } from './answers';

const CLIENT_ERRORS: Record<number, string> = {
  400: 'درخواست نامعتبر است',
  404: 'نشانی درخواست‌شده وجود ندارد',
  405: 'این روش درخواست پشتیبانی نمی‌شود',
  408: 'زمان فرستادن درخواست به پایان رسید؛ دوباره تلاش کنید',
  413: 'حجم درخواست بیش از حد مجاز است',
  415: 'نوع محتوای درخواست پشتیبانی نمی‌شود',
  431: 'نشانی یا سرآیندهای درخواست بیش از حد بلند است',
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

/**
 * What Node's HTTP parser refuses before Fastify sees a request — a query string past the
 * 16 KB of headers (431), a request not sent in time (408), a malformed request line (400) — answered in Persian like
 * every other refusal, not with Node's English (Fastify's `clientErrorHandler`).
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
  // Node's request timeout is 408 (as Fastify's own handler answers it), not a bad request.
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(fail(CLIENT_ERRORS[status]));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** A plain-text body is no way to send a call's parameters (read as nothing, it made a
 *  required field look left out): 415 for the API, as for XML. The hub keeps it. */
export function refusePlainTextCalls(app: FastifyInstance) {
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
    if (body !== '' && request.url.toLowerCase().startsWith('/api/'))
      done(Object.assign(new Error('a text/plain body'), { statusCode: 415 }), undefined);
    else done(null, body);
  });
}

/** A body in an encoding the server does not undo (gzip, br…) was read as it came, bytes
 *  taken for text: 415 instead, before anything reads it. */
export function refuseEncodedBodies(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const { 'content-encoding': encoding, 'content-length': length } = request.headers;
    const body = Number(length ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    if (body && encoding && encoding.trim().toLowerCase() !== 'identity')
      throw Object.assign(new Error(`a body in ${encoding}`), { statusCode: 415 });
  });
}
