// The sign-in calls of spec 1 §7 and the mapping of a successful answer to a session.
import { http, answerMessage, type ApiAnswer } from '../api/http';
import type { Session } from '../api/session';

export interface CaptchaChallenge {
  captchaImgUrl: string;
  captchaTextValue: string;
  captchaTokenValue: string;
}

export interface TenantInfo {
  tenantFullName: string;
  logo: string;
}

export interface Credentials {
  username: string;
  password: string;
  captchaInputText: string;
  captcha: CaptchaChallenge | null;
}

interface AuthenticateAnswer extends ApiAnswer {
  token: string;
  logo: string;
  tenantFullName: string;
  userId: number;
  username: string;
  pic: string;
  mobile: string;
  permissions: string[];
  fName: string;
  lName: string;
}

/** The tenant is found by host: `crm.example.ir` and `acme.example.ir` are two tenants. */
export const webRootPath = () => window.location.host;

/** Tenant name and logo, or the server's message (e.g. unknown organisation). */
export async function fetchTenant(): Promise<{ tenant: TenantInfo | null; message: string }> {
  const answer = await http.get<ApiAnswer & { record?: TenantInfo }>('login/get/', {
    WebRootPath: webRootPath(),
  });
  if (answer.status === 1 && answer.record) return { tenant: answer.record, message: '' };
  return { tenant: null, message: answerMessage(answer) };
}

export async function fetchCaptcha(): Promise<CaptchaChallenge> {
  return http.get<ApiAnswer & CaptchaChallenge>('login/getCaptcha');
}

/** An answer with status 0: its text is meant for the user. */
export class SignInError extends Error {}

export function sessionFromAnswer(answer: AuthenticateAnswer): Session {
  const fullName = `${answer.fName ?? ''} ${answer.lName ?? ''}`.trim();
  return {
    token: answer.token,
    user: {
      userId: answer.userId,
      username: answer.username,
      name: fullName || answer.username,
      fName: answer.fName ?? '',
      lName: answer.lName ?? '',
      mobile: answer.mobile ?? '',
      pic: answer.pic ?? '',
      permissions: answer.permissions ?? [],
      tenantFullName: answer.tenantFullName ?? '',
      logo: answer.logo ?? '',
    },
  };
}

/** POST Authenticate/Authenticate (multipart). Resolves to the new session or throws SignInError. */
export async function authenticate(credentials: Credentials): Promise<Session> {
  const answer = await http.multipart<AuthenticateAnswer>('Authenticate/Authenticate', {
    Username: credentials.username.trim(),
    Password: credentials.password,
    WebRootPath: webRootPath(),
    captchaTextValue: credentials.captcha?.captchaTextValue ?? '',
    captchaTokenValue: credentials.captcha?.captchaTokenValue ?? '',
    captchaInputText: credentials.captchaInputText.trim(),
  });
  if (answer.status !== 1 || !answer.token) {
    throw new SignInError(answerMessage(answer) || 'ورود ناموفق بود');
  }
  return sessionFromAnswer(answer);
}

/** Profile pictures live under /media/userpic/; the server answers nopic.png for none. */
export function avatarUrl(pic: string | null | undefined): string {
  return `/media/userpic/${encodeURIComponent(pic || 'nopic.png')}`;
}
