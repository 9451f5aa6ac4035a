import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../http/answers';
import { userRoute } from '../http/api-route';
import type { Services } from '../services';
import { countBoxes } from './box-counters';

export function registerHomeRoutes(app: FastifyInstance, services: Services) {
  userRoute(app, services, {
    method: 'GET',
    path: 'home/getbox',
    params: z.object({}),
    handler: async ({ principal }) => ok(await countBoxes(services.db, principal)),
  });
}
