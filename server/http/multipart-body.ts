// Multipart bodies become a plain object like JSON and form bodies do, so binding is
// the same for every kind of request. Files are read into memory within the limits.
// A body that is not well-formed multipart (no boundary, cut short) is the client's
// mistake: it answers 400, never 500.
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { UploadedFile } from './fields';
import { UserError } from './answers';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const TOO_LARGE = 'حجم فایل بیش از حد مجاز (۱۰ مگابایت) است';

/** An error the client caused, answered with its HTTP status by the error handler. */
class MalformedBody extends Error {
  readonly statusCode = 400;
}

export async function registerMultipartBodies(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 20, fields: 200 } });
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    try {
      request.body = await readParts(request.parts());
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (error instanceof UserError || (status && status >= 400 && status < 500)) throw error;
      throw new MalformedBody(`malformed multipart body: ${(error as Error).message}`);
    }
  });
}

type Parts = ReturnType<import('fastify').FastifyRequest['parts']>;

async function readParts(parts: Parts): Promise<Record<string, unknown>> {
  const body: Record<string, unknown[]> = {};
  const push = (key: string, value: unknown) => (body[key] ??= []).push(value);
  for await (const part of parts) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (part.file.truncated) throw new UserError(TOO_LARGE);
      if (data.length === 0 && !part.filename) continue; // an empty file input
      const file: UploadedFile = {
        kind: 'file',
        fieldName: part.fieldname,
        filename: part.filename,
        mimetype: part.mimetype,
        data,
      };
      push(part.fieldname, file);
    } else {
      // A value cut at the field size limit would store something nobody sent.
      if (part.valueTruncated || part.fieldnameTruncated)
        throw new UserError('یکی از مقادیر فرستاده‌شده بیش از حد طولانی است');
      push(part.fieldname, part.value);
    }
  }
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v.length === 1 ? v[0] : v]));
}
