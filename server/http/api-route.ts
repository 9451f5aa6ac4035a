// One way to declare an API call: method(s), path under /api, the parameter schema,
// whether a signed-in user (and which permission) is needed, and a thin handler.
// Paths match case-insensitively with or without a trailing slash (router options).
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import { bindParams, paramBag } from './binding';
import { EncodedAnswer, fail, UserError, type Spelling } from './answers';
import { documentRoute } from './openapi';
import { withTenant } from '../db/tenant-fence';
import type { Principal } from '../auth/principal';
import { NOT_SIGNED_IN, authenticateRequest } from '../auth/request-auth';
import { downloadPaths } from '../auth/download-links';
import type { Services } from '../services';
import { NO_PERMISSION_MESSAGE } from '../../src/shared/permissions';

export interface RouteContext<P> {
  params: P;
  request: FastifyRequest;
  reply: FastifyReply;
  principal: Principal;
}

export interface PublicRouteContext<P> {
  params: P;
  request: FastifyRequest;
  reply: FastifyReply;
}

interface BaseDefinition<S extends z.ZodObject> {
  method: HTTPMethods | HTTPMethods[];
  /** Path below /api, as the specification writes it (e.g. 'Authenticate/Authenticate'). */
  path: string;
  params: S;
}

export interface UserRouteDefinition<S extends z.ZodObject> extends BaseDefinition<S> {
  /** Permission the user must hold (any one of a list); omit for any signed-in user. */
  permission?: string | string[];
  /** The call sends a file: it may be opened by a link, with the session in the query
   *  string (`token=`, the specification's links) or a signed link (`dl=`). */
  download?: boolean;
  /** How the call's refusals spell their message field: the specification's `messge` on
   *  some calls (`both` sends both spellings). Binding, permission and rule refusals alike. */
  spelling?: Spelling;
  handler: (ctx: RouteContext<z.infer<S>>) => Promise<object>;
}

/** What a handler answered, as Fastify sends it: an EncodedAnswer as its bytes. */
function sendable(reply: FastifyReply, answer: object): object {
  if (!(answer instanceof EncodedAnswer)) return answer;
  reply.type('application/json; charset=utf-8');
  return answer.bytes;
}

export interface PublicRouteDefinition<S extends z.ZodObject> extends BaseDefinition<S> {
  handler: (ctx: PublicRouteContext<z.infer<S>>) => Promise<object>;
}

export const NO_PERMISSION = NO_PERMISSION_MESSAGE;

const methodsOf = (method: HTTPMethods | HTTPMethods[]) => (Array.isArray(method) ? method : [method]);

function fullPath(path: string) {
  return `/api/${path.replace(/^\/+|\/+$/g, '')}`;
}

/** A call open to anyone (sign-in page). */
export function publicRoute<S extends z.ZodObject>(app: FastifyInstance, def: PublicRouteDefinition<S>) {
  documentRoute({ methods: methodsOf(def.method), path: def.path, params: def.params, auth: 'public' });
  app.route({
    method: def.method,
    url: fullPath(def.path),
    handler: async (request, reply) => {
      const bound = bindParams(def.params, paramBag(request));
      if (!bound.ok) return fail(bound.message);
      return def.handler({ params: bound.value, request, reply });
    },
  });
}

function mayCall(held: Set<string>, needed: string | string[] | undefined): boolean {
  if (needed === undefined) return true;
  return typeof needed === 'string' ? held.has(needed) : needed.some((permission) => held.has(permission));
}

/** A call for a signed-in user; 401 without a live session. Permission denials answer
 *  status 0 with HTTP 200, because the client signs out on 403. */
export function userRoute<S extends z.ZodObject>(
  app: FastifyInstance,
  services: Services,
  def: UserRouteDefinition<S>,
) {
  documentRoute({
    methods: methodsOf(def.method),
    path: def.path,
    params: def.params,
    auth: 'user',
    permission: def.permission,
  });
  if (def.download) downloadPaths.add(fullPath(def.path).toLowerCase());
  app.route({
    method: def.method,
    url: fullPath(def.path),
    handler: async (request, reply) => {
      const principal = await authenticateRequest(services, request, { download: def.download });
      if (!principal) return reply.code(401).send(fail(NOT_SIGNED_IN));
      if (!mayCall(principal.permissions, def.permission)) return fail(NO_PERMISSION, def.spelling);
      const bound = bindParams(def.params, paramBag(request));
      if (!bound.ok) return fail(bound.message, def.spelling);
      try {
        // Everything the handler sends to PostgreSQL runs fenced to this tenant.
        const answer = await withTenant(principal.tenantId, () =>
          def.handler({ params: bound.value, request, reply, principal }),
        );
        return sendable(reply, answer);
      } catch (error) {
        // Without a spelling of its own, the error handler answers a UserError.
        if (def.spelling && error instanceof UserError) return fail(error.message, def.spelling);
        throw error;
      }
    },
  });
}
