import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EncodedAnswer, ok } from '../http/answers';
import { userRoute } from '../http/api-route';
import type { Services } from '../services';
import { menuFor } from './menu-tree';

/** The answer for a set of permissions, built and encoded once: most users share a handful of sets. */
const answers = new Map<string, EncodedAnswer>();
function menuAnswer(permissions: Set<string>) {
  const key = [...permissions].sort().join(',');
  let answer = answers.get(key);
  if (!answer) {
    answer = new EncodedAnswer(ok({ records: menuFor(permissions) }));
    if (answers.size < 1000) answers.set(key, answer);
  }
  return answer;
}

export function registerMenuRoutes(app: FastifyInstance, services: Services) {
  userRoute(app, services, {
    method: 'GET',
    path: 'menu/list',
    params: z.object({}),
    handler: async ({ principal }) => menuAnswer(principal.permissions),
  });
}
