// Pictures of resources (`f.image` fields), the specification's way (blog/fileuploader):
// the client first sends the picture, base64 in JSON, to `{resource}/fileuploader` and
// gets its `fullPath`; the record then stores that path. Pictures are checked by content,
// kept under DATA_DIR/files/{tenant}/{table}/ with random names, and served at
// /media/{table}/{name} to the tenant's host (an <img> cannot carry a bearer token; the
// names are unguessable). A picture a record no longer uses is removed once the change
// that dropped it has committed — and only if no other record of the tenant names it by
// then: two records may name one upload (a request may copy another record's path), and
// deleting one must not take the other's picture. A save naming a picture and the removal
// of that picture take the same lock (integrity.ts lockPicture), so a removal never
// deletes a file a parallel save is about to store, and a save never stores a path whose
// file a parallel removal has deleted (it is refused: upload again).
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
import type { Trx } from './hooks';
import { lockPicture, pictureNamed } from './integrity';
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

/**
 * Locks, until the save commits, every picture the request names (see the head of this
 * file). Taken first in the save's transaction, before the saved row or any row its
 * references point at is locked, and in the order of the pictures' names: a save holding a
 * picture's lock then never waits for a row whose holder waits for that picture.
 */
export async function lockImages(
  trx: Trx,
  resource: Resource,
  tenantId: number,
  input: Record<string, unknown>,
) {
  const names = imageFields(resource)
    .map((name) => input[resource.inputName(name)])
    .filter((value) => typeof value === 'string' && value.startsWith(`/media/${resource.table}/`))
    .map(storedName);
  for (const name of [...new Set(names)].sort()) await lockPicture(trx, resource, tenantId, name);
}

/** Every picture a save names must be one of this resource's, uploaded to this tenant, and
 *  still on disk (the save holds its lock: lockImages). */
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

/** After the commit: removes each dropped picture that no record of the tenant names any
 *  more (another record may name the same upload), each in a transaction of its own that
 *  holds the picture's lock from the look until the file is gone. A failure is logged, not
 *  answered: the change it follows has committed. */
export async function removeImages(
  services: Services,
  resource: Resource,
  tenantId: number,
  names: string[],
) {
  const columns = imageFields(resource).map((name) => resource.column(name));
  for (const name of new Set(names)) {
    try {
      await services.db.transaction().execute(async (trx) => {
        await lockPicture(trx, resource, tenantId, name);
        if (await pictureNamed(trx, resource, columns, tenantId, `/media/${resource.table}/${name}`)) return;
        await services.files.remove(tenantId, resource.table, name);
      });
    } catch (error) {
      services.log.error({ err: error, table: resource.table, name }, 'a dropped picture was not removed');
    }
  }
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
