// Finds the principal of a request from its bearer token (or, for download links the
// specification puts in the query string, a `token` parameter).
import type { FastifyRequest } from 'fastify';
import type { Principal } from './principal';
import { findPrincipal } from './sessions';
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
  const principal = await findPrincipal(services.db, bearerToken(request));
  req[PRINCIPAL] = principal;
  return principal;
}
