// Multipart bodies become a plain object like JSON and form bodies do, so binding is
// the same for every kind of request. Files are read into memory within the limits.
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { UploadedFile } from './fields';
import { UserError } from './answers';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export async function registerMultipartBodies(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 20, fields: 200 } });
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const body: Record<string, unknown[]> = {};
    const push = (key: string, value: unknown) => (body[key] ??= []).push(value);
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.file.truncated) throw new UserError('حجم فایل بیش از حد مجاز (۱۰ مگابایت) است');
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
        push(part.fieldname, part.value);
      }
    }
    request.body = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v.length === 1 ? v[0] : v]));
  });
}
