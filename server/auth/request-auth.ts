// Finds the principal of a request from its bearer token. Only a call that sends a file
// (userRoute `download: true`) also takes the token from the query string, as the
// specification's download links carry it, or a signed link (`dl=`, download-links.ts):
// elsewhere a token in a URL is refused, so it never becomes the way in.
import type { FastifyRequest } from 'fastify';
import type { Principal } from './principal';
import { findPrincipal, findPrincipalBySession, hashToken, type TenantEpochs } from './sessions';
import { downloadTarget, verifyDownload } from './download-links';
import type { Services } from '../services';

export const NOT_SIGNED_IN = 'ابتدا وارد حساب کاربری خود شوید';

export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  return header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : '';
}

const queryValue = (request: FastifyRequest, name: string) => {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

/** A download call's principal from its URL: a signed link, else the spec's `token=`. */
async function downloadPrincipal(services: Services, request: FastifyRequest): Promise<Principal | null> {
  const link = queryValue(request, 'dl');
  if (link) {
    const target = downloadTarget(request.url);
    const sessionId = target && verifyDownload(services.config.secret!, link, target.target);
    return sessionId ? findPrincipalBySession(services.db, sessionId) : null;
  }
  return cachedPrincipal(services, queryValue(request, 'token') || queryValue(request, 'access_token'));
}

const PRINCIPAL = Symbol('principal');
const EPOCHS = Symbol('epochs');
type WithPrincipal = FastifyRequest & {
  [PRINCIPAL]?: Principal | null;
  [EPOCHS]?: { tenantId: number; epochs: TenantEpochs };
};

export async function authenticateRequest(
  services: Services,
  request: FastifyRequest,
  options: { download?: boolean } = {},
): Promise<Principal | null> {
  const req = request as WithPrincipal;
  if (req[PRINCIPAL] !== undefined) return req[PRINCIPAL];
  const token = bearerToken(request);
  req[PRINCIPAL] =
    !token && options.download
      ? await downloadPrincipal(services, request)
      : await cachedPrincipal(services, token, (tenantId, epochs) => (req[EPOCHS] = { tenantId, epochs }));
  return req[PRINCIPAL];
}

/** The tenant's epochs as this request's sign-in read them (after the request came in, so
 *  nothing committed before it is missed), else read now: the menu's costs no second read. */
export async function requestEpochs(
  services: Services,
  request: FastifyRequest,
  tenantId: number,
): Promise<TenantEpochs | undefined> {
  const read = (request as WithPrincipal)[EPOCHS];
  return read?.tenantId === tenantId ? read.epochs : services.epochs(tenantId);
}

/** The token's principal, from the cache when it was looked up in the last few seconds. */
export async function cachedPrincipal(
  services: Services,
  token: string,
  seen?: (tenantId: number, epochs: TenantEpochs) => void,
): Promise<Principal | null> {
  if (!token || token.length > 200) return null;
  const key = hashToken(token);
  const cached = services.principals.get(key);
  if (cached) {
    // One small read, fenced to the tenant the handler will use anyway: has anything made
    // the tenant's principals untrue since (another process may have done it)?
    const epochs = await services.epochs(cached.tenantId);
    if (epochs) seen?.(cached.tenantId, epochs);
    if (epochs?.auth === cached.authEpoch) return cached;
    services.principals.forgetUser(cached.tenantId);
  }
  const principal = await findPrincipal(services.db, token);
  if (principal) services.principals.set(key, principal);
  return principal;
}
