// Profile pictures at /media/userpic/{file} (spec: avatar path media/userpic/, default
// nopic.png). The tenant comes from the host; names are random and unguessable.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { PROFILE_PICTURES } from '../account/routes';

const DEFAULT_AVATAR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'nopic.png');
const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

export function registerMediaRoutes(app: FastifyInstance, services: Services) {
  app.get('/media/userpic/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const tenant = await services.tenants.byHost(request.headers.host);
    const stored =
      tenant && file !== 'nopic.png' ? services.files.pathOf(tenant.id, PROFILE_PICTURES, file) : null;
    const target = stored && fs.existsSync(stored) ? stored : DEFAULT_AVATAR;
    const ext = path.extname(target).slice(1);
    return reply
      .header('Content-Type', TYPES[ext] ?? 'application/octet-stream')
      .header('Cache-Control', 'private, max-age=3600')
      .header('X-Content-Type-Options', 'nosniff')
      .send(fs.createReadStream(target));
  });
}
