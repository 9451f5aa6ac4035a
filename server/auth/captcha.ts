// The captcha's answer never leaves the server in clear: the client gets an SVG and a
// signed, expiring token holding only an HMAC of the answer. A token works once.
import crypto from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { DB } from '../db/database';
import { toLatinDigits } from '../../src/shared/persian';

export const CAPTCHA_LIFETIME_MS = 5 * 60_000;

export type CaptchaCheck = 'ok' | 'wrong' | 'expired' | 'reused' | 'invalid';

interface TokenPayload {
  n: string; // nonce
  e: number; // expiry, ms since epoch
  h: string; // HMAC of nonce + answer
}

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

function normalizeAnswer(text: string) {
  return toLatinDigits(text).trim().toLowerCase();
}

export function createCaptchaSigner(secret: string) {
  const mac = (data: string) => crypto.createHmac('sha256', secret).update(data).digest('base64url');

  function sign(answer: string, now = Date.now()): string {
    const nonce = crypto.randomBytes(16).toString('base64url');
    const payload: TokenPayload = {
      n: nonce,
      e: now + CAPTCHA_LIFETIME_MS,
      h: mac(`${nonce}:${normalizeAnswer(answer)}`),
    };
    const body = b64(JSON.stringify(payload));
    return `${body}.${mac(body)}`;
  }

  /** Checks signature, expiry and answer; does not record use (see consumeCaptcha). */
  function verify(
    token: string,
    input: string,
    now = Date.now(),
  ): { result: CaptchaCheck; payload?: TokenPayload } {
    const [body, signature] = String(token ?? '').split('.');
    if (!body || !signature) return { result: 'invalid' };
    const expected = mac(body);
    if (
      expected.length !== signature.length ||
      !crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature))
    ) {
      return { result: 'invalid' };
    }
    let payload: TokenPayload;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenPayload;
    } catch {
      return { result: 'invalid' };
    }
    if (typeof payload.e !== 'number' || payload.e < now) return { result: 'expired', payload };
    const answerMac = mac(`${payload.n}:${normalizeAnswer(input ?? '')}`);
    return { result: answerMac === payload.h ? 'ok' : 'wrong', payload };
  }

  return { sign, verify };
}

export function newCaptchaImage() {
  const captcha = svgCaptcha.create({
    size: 5,
    charPreset: '23456789',
    noise: 2,
    color: true,
    background: '#eef0f6',
    width: 150,
    height: 50,
  });
  return {
    text: captcha.text,
    dataUrl: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`,
  };
}

/** Verifies and burns the token: a second use of the same token is 'reused'. */
export async function consumeCaptcha(
  db: DB,
  signer: ReturnType<typeof createCaptchaSigner>,
  token: string,
  input: string,
): Promise<CaptchaCheck> {
  const { result, payload } = signer.verify(token, input);
  if (result === 'invalid' || result === 'expired' || !payload) return result;
  const inserted = await db
    .insertInto('captcha_used')
    .values({ nonce: payload.n, expires_at: new Date(payload.e) })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .returning('nonce')
    .executeTakeFirst();
  if (!inserted) return 'reused';
  if (Math.random() < 0.01)
    await db.deleteFrom('captcha_used').where('expires_at', '<', new Date()).execute();
  return result;
}
