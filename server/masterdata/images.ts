// Pictures of resources (`f.image` fields), the specification's way (blog/fileuploader):
// the client first sends the picture, base64 in JSON, to `{resource}/fileuploader` and
// gets its `fullPath`; the record then stores that path. Pictures are checked by content,
// kept under DATA_DIR/files/{tenant}/{table}/ with random names, and served at
// /media/{table}/{name} to the tenant's host (an <img> cannot carry a bearer token; the
// names are unguessable). A picture a record no longer uses is removed once the change
// that dropped it has committed.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RESOURCES } from '../../src/schemas';
import type { Resource } from '../../src/schemas/kit';
import { ok, UserError } from '../http/answers';
import { userRoute } from '../http/api-route';
import { field } from '../http/fields';
import type { Services } from '../services';
import type { Row } from './values';

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

export const imageFields = (resource: Resource) =>
  Object.keys(resource.fields).filter((name) => resource.fields[name].meta.kind === 'image');

const storedName = (fullPath: unknown) =>
  typeof fullPath === 'string' && fullPath ? path.posix.basename(fullPath) : '';

/** Every picture a save names must be one of this resource's, uploaded to this tenant. */
export function checkImages(services: Services, resource: Resource, tenantId: number, values: Row) {
  for (const name of imageFields(resource)) {
    const value = values[resource.column(name)];
    if (!value) continue;
    const file = String(value).startsWith(`/media/${resource.table}/`)
      ? services.files.pathOf(tenantId, resource.table, storedName(value))
      : null;
    if (!file || !fs.existsSync(file))
      throw new UserError(`${resource.fields[name].meta.label} یافت نشد؛ تصویر را دوباره بارگذاری کنید`);
  }
}

/** The stored pictures of `before` that `after` no longer names (all of them when `after` is gone). */
export function droppedImages(resource: Resource, before: Row, after?: Row): string[] {
  return imageFields(resource)
    .map((name) => resource.column(name))
    .filter((column) => before[column] && before[column] !== after?.[column])
    .map((column) => storedName(before[column]));
}

export async function removeImages(
  services: Services,
  resource: Resource,
  tenantId: number,
  names: string[],
) {
  for (const name of names) await services.files.remove(tenantId, resource.table, name);
}

/** A data URL or bare base64 → bytes. */
function decodeBase64(text: string): Buffer {
  return Buffer.from(text.replace(/^data:[^,]*,/, ''), 'base64');
}

export function registerImageRoutes(app: FastifyInstance, services: Services) {
  const withImages = RESOURCES.filter((resource) => imageFields(resource).length);
  for (const resource of withImages) {
    const label = resource.fields[imageFields(resource)[0]].meta.label;
    const paths = new Set(imageFields(resource).map((name) => resource.fields[name].meta.uploadPath!));
    for (const uploadPath of paths) {
      userRoute(app, services, {
        method: 'POST',
        path: uploadPath,
        // A picture is sent while a record is being made or changed.
        permission: [...new Set([resource.permissionFor('create'), resource.permissionFor('update')])],
        params: z.object({ File: field.secret(label, 15_000_000) }),
        handler: async ({ params, principal }) => {
          const upload = {
            kind: 'file' as const,
            fieldName: 'File',
            filename: 'image',
            mimetype: '',
            data: decodeBase64(params.File),
          };
          const ext = await services.files.checkImage(upload, label);
          const name = await services.files.save(principal.tenantId, resource.table, upload.data, ext);
          return ok({ fullPath: `/media/${resource.table}/${name}` });
        },
      });
    }
  }

  const areas = new Set(withImages.map((resource) => resource.table));
  app.get('/media/:area/:file', async (request, reply) => {
    const { area, file } = request.params as { area: string; file: string };
    const tenant = areas.has(area) ? await services.tenants.byHost(request.headers.host) : null;
    const stored = tenant ? services.files.pathOf(tenant.id, area, file) : null;
    if (!stored || !fs.existsSync(stored))
      return reply.code(404).send({ status: 0, message: 'تصویر یافت نشد' });
    return reply
      .header('Content-Type', CONTENT_TYPES[path.extname(stored).slice(1)] ?? 'application/octet-stream')
      .header('Cache-Control', 'private, max-age=86400')
      .header('X-Content-Type-Options', 'nosniff')
      .send(fs.createReadStream(stored));
  });
}
