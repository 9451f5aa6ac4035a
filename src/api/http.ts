// The one HTTP client of the app. Every call goes to /api with the bearer token and
// Language 0, as the specification says. A 401/403 clears the session (logout).
import { getToken, setSession } from './session';

export interface ApiAnswer {
  status?: number;
  message?: string;
  messge?: string;
  [key: string]: unknown;
}

export class HttpError extends Error {
  constructor(
    public readonly httpStatus: number,
    message: string,
  ) {
    super(message);
  }
}

type Params = Record<string, unknown>;

function toQuery(params: Params = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries({ Language: 0, ...params })) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((v) => search.append(key, String(v)));
    else search.append(key, String(value));
  }
  return search.toString();
}

/** A FormData from plain params (files kept as files, arrays repeated). */
export function toFormData(params: Params): FormData {
  const form = new FormData();
  form.append('Language', '0');
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(key, value);
    else if (Array.isArray(value)) value.forEach((v) => form.append(key, v instanceof Blob ? v : String(v)));
    else form.append(key, String(value));
  }
  return form;
}

export const isSessionRefusal = (status: number) => status === 401 || status === 403;

/** A call refused for its session (401, 403): that session ends — only if it is still the
 *  stored one (another tab may have signed in meanwhile) — and the caller throws this. */
export function sessionEnded(status: number, token: string | null): HttpError {
  if (getToken() === token) setSession(null);
  return new HttpError(status, 'نشست شما به پایان رسیده است؛ دوباره وارد شوید');
}

/** What the user reads when the server cannot be reached or answers nothing readable. */
export const CONNECTION_FAILED = 'خطا در ارتباط با سرور';

/** fetch, its network failure in Persian (the browser's own «Failed to fetch» reached the
 *  user's red notice). */
async function reach(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    throw new HttpError(0, CONNECTION_FAILED);
  }
}

async function send<T extends ApiAnswer>(method: string, path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await reach(`/api/${path.replace(/^\/+/, '')}`, { ...init, method, headers });
  if (isSessionRefusal(response.status)) throw sessionEnded(response.status, token);
  const body = (await response.json().catch(() => ({}))) as T;
  if (!response.ok && body.status === undefined) {
    throw new HttpError(response.status, body.message ?? CONNECTION_FAILED);
  }
  return body;
}

export const http = {
  get: <T extends ApiAnswer = ApiAnswer>(path: string, params?: Params) =>
    send<T>('GET', `${path}?${toQuery(params)}`),
  /** JSON body (Language 0 added). */
  post: <T extends ApiAnswer = ApiAnswer>(path: string, body: Params = {}, method = 'POST') =>
    send<T>(method, path, {
      body: JSON.stringify({ Language: 0, ...body }),
      headers: { 'Content-Type': 'application/json' },
    }),
  put: <T extends ApiAnswer = ApiAnswer>(path: string, body: Params = {}) => http.post<T>(path, body, 'PUT'),
  delete: <T extends ApiAnswer = ApiAnswer>(path: string, body: Params = {}) =>
    http.post<T>(path, body, 'DELETE'),
  /** Multipart body, for calls that carry files. */
  multipart: <T extends ApiAnswer = ApiAnswer>(path: string, params: Params, method = 'POST') =>
    send<T>(method, path, { body: toFormData(params) }),
};

/** The message of an answer, whichever spelling the call uses. */
export function answerMessage(answer: ApiAnswer): string {
  return answer.message ?? answer.messge ?? '';
}
