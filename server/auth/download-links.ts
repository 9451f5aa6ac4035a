// Download links without the session token in them (design §4). The specification's
// links carry `token=` in the query string, and download calls still accept it
// (compatibility); our own client asks `download/link` for a short-lived link instead:
// `dl=` signed with the server's secret, bound to one file's URL and to the session, good
// for two minutes. A URL with a token in it ends up in logs, history and Referer headers;
// a signed link that does is worth one file for two minutes, and nothing once the
// session ends.
import crypto from 'node:crypto';

export const DOWNLOAD_LINK_TTL_MS = 2 * 60_000;

/** The calls that send a file: registered by userRoute({ download: true }). */
export const downloadPaths = new Set<string>();

/** What a link is bound to: the path (case as routed: lower) and its query, sorted,
 *  without the link's own parameters. */
export function downloadTarget(url: string): { path: string; target: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://dabir.invalid');
  } catch {
    return null;
  }
  const path = parsed.pathname.toLowerCase().replace(/\/+$/, '');
  const params = [...parsed.searchParams.entries()]
    .filter(([key]) => !['dl', 'token', 'access_token'].includes(key.toLowerCase()))
    .sort(([a, va], [b, vb]) => a.localeCompare(b) || va.localeCompare(vb));
  return { path, target: `${path}?${new URLSearchParams(params).toString()}` };
}

const signature = (secret: string, body: string) =>
  crypto.createHmac('sha256', secret).update(body).digest('base64url');

export function signDownload(secret: string, sessionId: number, target: string, now = Date.now()): string {
  const body = `${sessionId}.${now + DOWNLOAD_LINK_TTL_MS}`;
  return `${body}.${signature(secret, `${body}.${target}`)}`;
}

/** The session a valid, unexpired link for exactly this target was made for, or null. */
export function verifyDownload(
  secret: string,
  link: string,
  target: string,
  now = Date.now(),
): number | null {
  const [session, expires, given, ...rest] = link.split('.');
  if (rest.length || !session || !expires || !given) return null;
  const sessionId = Number(session);
  if (!Number.isSafeInteger(sessionId) || !(Number(expires) > now)) return null;
  const expected = Buffer.from(signature(secret, `${session}.${expires}.${target}`));
  const actual = Buffer.from(given);
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected) ? sessionId : null;
}
