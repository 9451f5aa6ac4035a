import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, ENGINES, startTestServer, type TestServer } from './harness';
import { hash as hashAsTyped } from '@node-rs/argon2';
import { asSystem } from '../../server/db/tenant-fence';
import { DEMO_COLLEAGUE_PASSWORD, DEMO_TENANT_NAME } from '../../server/seed/seed';

describe.each(ENGINES)('sign-in and sessions (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server?.stop());

  it('names the tenant by host, and refuses an unknown host', async () => {
    const demo = await server.api.get('login/get/', { WebRootPath: 'localhost:8080', Language: 0 });
    expect(demo.body).toMatchObject({ status: 1, record: { tenantFullName: DEMO_TENANT_NAME } });
    expect(demo.body.record.logo).toMatch(/^data:image\/svg\+xml;base64,/);
    const byHostHeader = await server.api.get('LOGIN/GET', {}, { host: '127.0.0.1:8080' });
    expect(byHostHeader.body.record.tenantFullName).toBe(DEMO_TENANT_NAME);
    const unknown = await server.api.get('login/get', { WebRootPath: 'nobody.example.com' });
    expect(unknown.body).toMatchObject({ status: 0, message: 'سازمانی با این نشانی یافت نشد' });
  });

  it('signs in the demo admin with every tenant permission', async () => {
    const form = new FormData();
    form.append('username', DEMO_ADMIN.username); // names bind case-insensitively
    form.append('PASSWORD', DEMO_ADMIN.password);
    form.append('WebRootPath', 'localhost');
    const result = await server.api.call('POST', 'authenticate/authenticate/', { form });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      status: 1,
      username: DEMO_ADMIN.username,
      tenantFullName: DEMO_TENANT_NAME,
      fName: 'مدیر',
    });
    expect(result.body.token).toMatch(/^\d+\.[\w-]{40,}$/);
    expect(result.body.permissions).toEqual(
      expect.arrayContaining(['AllMessages', 'CreateInternalMessage', 'Banks']),
    );
    expect(result.body.permissions).not.toContain('Domains');
  });

  it('signs in with a mobile written as people write it, and a password’s digits from any keyboard', async () => {
    const signIn = (Username: string, Password: string) =>
      server.api.post('Authenticate/Authenticate', { Username, Password, WebRootPath: 'localhost' });
    for (const written of [
      '+98 912 000 0000',
      '0098-912-000-0000',
      '۰۹۱۲ ۰۰۰ ۰۰۰۰',
      '(0912) 000-0000',
      '9120000000',
    ])
      expect((await signIn(written, DEMO_ADMIN.password)).body, written).toMatchObject({
        status: 1,
        username: DEMO_ADMIN.username,
      });
    // admin123 typed on a Persian or an Arabic layout.
    for (const typed of ['admin۱۲۳', 'admin١٢٣'])
      expect((await signIn(DEMO_ADMIN.username, typed)).body.status, typed).toBe(1);
    // A password chosen in Persian digits is the same password typed in Latin ones.
    const colleague = await server.api.signIn('09123333333', DEMO_COLLEAGUE_PASSWORD);
    const changed = await server.api.call('PUT', 'user/changeusersetting/', {
      token: colleague.token,
      json: { CurrentPassword: DEMO_COLLEAGUE_PASSWORD, NewPassword: 'رمز۴۵۶۷۸۹' },
    });
    expect(changed.body.status).toBe(1);
    expect((await signIn('09123333333', 'رمز456789')).body.status).toBe(1);
    expect((await signIn('09123333333', 'رمز۴۵۶۷۸۹')).body.status).toBe(1);
    expect((await signIn('09123333333', 'رمز456780')).body.status).toBe(0);
    // A password hashed before, as typed on a Persian layout, signs in typed in any script.
    const legacy = await hashAsTyped('رمز۱۱۲۲۳۳');
    await asSystem(() =>
      server.built.services.db
        .updateTable('users')
        .set({ password_hash: legacy })
        .where('username', '=', '09123333333')
        .execute(),
    );
    for (const typed of ['رمز۱۱۲۲۳۳', 'رمز112233', 'رمز١١٢٢٣٣'])
      expect((await signIn('09123333333', typed)).body.status, typed).toBe(1);
  });

  it('signs in a name stored with «آ» or a look-alike slash, which a search reads otherwise', async () => {
    const signIn = (Username: string) =>
      server.api.post('Authenticate/Authenticate', {
        Username,
        Password: DEMO_COLLEAGUE_PASSWORD,
        WebRootPath: 'localhost',
      });
    const rename = (from: string, to: string) =>
      asSystem(() =>
        server.built.services.db
          .updateTable('users')
          .set({ username: to })
          .where('username', '=', from)
          .execute(),
      );
    await rename('09125555555', 'آرش∕دفتر');
    try {
      for (const typed of ['آرش∕دفتر', ' آرش∕دفتر '])
        expect((await signIn(typed)).body, typed).toMatchObject({ status: 1, username: 'آرش∕دفتر' });
    } finally {
      await rename('آرش∕دفتر', '09125555555');
    }
  });

  it('answers status 0 in Persian for a wrong password, an unknown user and a missing field', async () => {
    const wrong = await server.api.post('Authenticate/Authenticate', {
      Username: DEMO_ADMIN.username,
      Password: 'nope',
      WebRootPath: 'localhost',
    });
    expect(wrong.body).toEqual({ status: 0, message: 'نام کاربری یا رمز عبور اشتباه است' });
    const unknown = await server.api.post('Authenticate/Authenticate', {
      Username: '09999999999',
      Password: 'x',
      WebRootPath: 'localhost',
    });
    expect(unknown.body.message).toBe('نام کاربری یا رمز عبور اشتباه است');
    const missing = await server.api.post('Authenticate/Authenticate', {
      Password: 'x',
      WebRootPath: 'localhost',
    });
    expect(missing.body).toEqual({ status: 0, message: 'نام کاربری الزامی است' });
    const otherTenant = await server.api.post('Authenticate/Authenticate', {
      ...creds(),
      WebRootPath: 'unknown.example',
    });
    expect(otherTenant.body.message).toBe('سازمانی با این نشانی یافت نشد');
  });

  it('refuses calls without a token, with a made-up token and after logout', async () => {
    expect((await server.api.get('home/getbox')).status).toBe(401);
    expect((await server.api.get('home/getbox', {}, { token: 'made-up' })).status).toBe(401);
    const { token } = await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
    const box = await server.api.get('Home/GetBox/', { Language: 0 }, { token });
    // The demo letters (seed/demo-letters.ts) give the admin some; tasks are not here yet.
    expect(box.body).toMatchObject({
      status: 1,
      unReadMessageCount: expect.any(Number),
      draftMessageCount: expect.any(Number),
      answerRequestCount: expect.any(Number),
      unCompleteTaskCount: 0,
    });
    expect((await server.api.post('user/logout/', {}, { token })).body.status).toBe(1);
    expect((await server.api.get('home/getbox', {}, { token })).status).toBe(401);
  });

  it('never answers 500 for a malformed body', async () => {
    const result = await server.api.call('POST', 'link/create', {
      token: (await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token,
      headers: { 'content-type': 'application/json' },
      form: undefined,
    });
    expect(result.status).toBeLessThan(500);
    expect(result.body.status).toBe(0);
  });

  it('keeps tokens out of the log', async () => {
    const { token } = await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
    await server.api.get('menu/list', { token: 'x' }, { token });
    expect(server.logLines.some((line) => line.includes(token))).toBe(false);
  });
});

describe('captcha', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { CAPTCHA: 'on' } });
  });
  afterAll(() => server?.stop());

  it('serves an SVG and a token that does not hold the answer', async () => {
    const result = await server.api.get('login/getCaptcha', { Language: 0 });
    expect(result.body.status).toBe(1);
    expect(result.body.captchaImgUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    const payload = JSON.parse(
      Buffer.from(String(result.body.captchaTokenValue).split('.')[0], 'base64url').toString(),
    );
    expect(Object.keys(payload).sort()).toEqual(['e', 'h', 'n']);
  });

  it('signs in with the right answer once, and refuses a wrong, missing or reused one', async () => {
    const signer = server.built.services.captcha;
    const attempt = (token: string, input: string | undefined) =>
      server.api.post('Authenticate/Authenticate', {
        ...creds(),
        WebRootPath: 'localhost',
        captchaTokenValue: token,
        captchaTextValue: '',
        ...(input === undefined ? {} : { captchaInputText: input }),
      });
    expect((await attempt(signer.sign('48273'), undefined)).body.message).toBe('کد امنیتی الزامی است');
    expect((await attempt(signer.sign('48273'), '11111')).body.message).toBe('کد امنیتی اشتباه است');
    const token = signer.sign('48273');
    // Persian digits typed by the user count as the same answer.
    expect((await attempt(token, '۴۸۲۷۳')).body.status).toBe(1);
    expect((await attempt(token, '48273')).body.message).toBe(
      'کد امنیتی منقضی شده است؛ کد جدید را وارد کنید',
    );
    const tampered = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await attempt(tampered, '48273')).body.message).toBe('کد امنیتی اشتباه است');
  });
});

function creds() {
  return { Username: DEMO_ADMIN.username, Password: DEMO_ADMIN.password };
}
