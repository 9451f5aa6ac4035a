import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../http/answers';
import { userRoute } from '../http/api-route';
import type { Services } from '../services';
import { menuFor } from './menu-tree';

export function registerMenuRoutes(app: FastifyInstance, services: Services) {
  userRoute(app, services, {
    method: 'GET',
    path: 'menu/list',
    params: z.object({}),
    handler: async ({ principal }) => ok({ records: menuFor(principal.permissions) }),
  });
}
