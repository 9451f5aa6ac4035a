// Finds the principal of a request from its bearer token (or, for download links the
// specification puts in the query string, a `token` parameter).
import type { FastifyRequest } from 'fastify';
import type { Principal } from './principal';
import { findPrincipal, hashToken } from './sessions';
import type { Services } from '../services';

export const NOT_SIGNED_IN = 'ابتدا وارد حساب کاربری خود شوید';

export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  if (header.toLowerCase().startsWith('bearer ')) return header.slice(7).trim();
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.token ?? query?.access_token;
  return typeof fromQuery === 'string' ? fromQuery : '';
}

const PRINCIPAL = Symbol('principal');
type WithPrincipal = FastifyRequest & { [PRINCIPAL]?: Principal | null };

export async function authenticateRequest(
  services: Services,
  request: FastifyRequest,
): Promise<Principal | null> {
  const req = request as WithPrincipal;
  if (req[PRINCIPAL] !== undefined) return req[PRINCIPAL];
  req[PRINCIPAL] = await cachedPrincipal(services, bearerToken(request));
  return req[PRINCIPAL];
}

/** The token's principal, from the cache when it was looked up in the last few seconds. */
export async function cachedPrincipal(services: Services, token: string): Promise<Principal | null> {
  if (!token || token.length > 200) return null;
  const key = hashToken(token);
  const cached = services.principals.get(key);
  if (cached) {
    // One small read, fenced to the tenant the handler will use anyway: has anything made
    // the tenant's principals untrue since (another process may have done it)?
    const epoch = await services.authEpoch(cached.tenantId);
    if (epoch === cached.authEpoch) return cached;
    services.principals.forgetUser(cached.tenantId);
  }
  const principal = await findPrincipal(services.db, token);
  if (principal) services.principals.set(key, principal);
  return principal;
}
