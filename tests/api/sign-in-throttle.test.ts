// Sign-in cannot be out-run: parallel guesses are counted before the password is checked,
// a client cannot pick its own address with X-Forwarded-For unless it is a configured
// proxy (TRUST_PROXY), and nobody can lock a colleague out by failing in their name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COLLEAGUE_PASSWORD } from '../../server/seed/seed';
import { ENGINES, startTestServer, type TestServer } from './harness';

const TOO_MANY = 'به دلیل تلاش‌های ناموفق پی‌درپی، ورود موقتاً ممکن نیست؛ چند دقیقه دیگر دوباره تلاش کنید';
const WRONG = 'نام کاربری یا رمز عبور اشتباه است';

async function signIn(
  server: TestServer,
  username: string,
  password: string,
  from: { localAddress?: string; forwardedFor?: string } = {},
) {
  const answer = await server.api.call('POST', 'Authenticate/Authenticate', {
    json: { Username: username, Password: password, WebRootPath: 'localhost' },
    localAddress: from.localAddress,
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
  });
  return answer.body as { status: number; message?: string; token?: string };
}

describe.each(ENGINES)('sign-in throttle (%s)', (engine) => {
  let server: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
    proxied = await startTestServer({ engine: 'pglite', env: { TRUST_PROXY: '127.0.0.5' } });
  });
  afterAll(async () => {
    await proxied?.stop();
    await server?.stop();
  });

  it('counts sixty parallel guesses before hashing: twenty are checked, forty refused', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => signIn(server, '09123333333', 'wrong', { localAddress: '127.0.0.3' })),
    );
    expect(answers.filter((a) => a.message === WRONG)).toHaveLength(20);
    expect(answers.filter((a) => a.message === TOO_MANY)).toHaveLength(40);
  });

  it('ignores X-Forwarded-For from a client that is not a configured proxy', async () => {
    // One address guessing one password at forty usernames, claiming forty addresses.
    const answers = [];
    for (let i = 0; i < 40; i++)
      answers.push(
        await signIn(server, `0915000${String(i).padStart(4, '0')}`, 'guess', {
          localAddress: '127.0.0.4',
          forwardedFor: `203.0.113.${i}`,
        }),
      );
    expect(answers.slice(0, 30).every((a) => a.message === WRONG)).toBe(true);
    expect(answers.slice(30).every((a) => a.message === TOO_MANY)).toBe(true);
  });

  it('believes X-Forwarded-For from a configured proxy only', async () => {
    const viaProxy = [];
    for (let i = 0; i < 40; i++)
      viaProxy.push(
        await signIn(proxied, `0915100${String(i).padStart(4, '0')}`, 'guess', {
          localAddress: '127.0.0.5',
          forwardedFor: `203.0.113.${i}`,
        }),
      );
    // Forty clients behind the proxy, one guess each: none is refused.
    expect(viaProxy.every((a) => a.message === WRONG)).toBe(true);
  });

  it('does not lock a colleague out for failures from another address', async () => {
    for (let i = 0; i < 25; i++)
      await signIn(server, '09121111111', 'not-her-password', { localAddress: '127.0.0.6' });
    expect((await signIn(server, '09121111111', 'again', { localAddress: '127.0.0.6' })).message).toBe(
      TOO_MANY,
    );
    const herself = await signIn(server, '09121111111', DEMO_COLLEAGUE_PASSWORD, {
      localAddress: '127.0.0.7',
    });
    expect(herself.status).toBe(1);
    expect(herself.token).toEqual(expect.any(String));
  });

  it('refuses TRUST_PROXY that would believe every client', async () => {
    await expect(startTestServer({ env: { TRUST_PROXY: 'true' } })).rejects.toThrow(/TRUST_PROXY/);
    await expect(startTestServer({ env: { TRUST_PROXY: '2' } })).rejects.toThrow(/TRUST_PROXY/);
  });
});
