import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, ENGINES, startTestServer, type TestServer } from './harness';
import { tinyPng } from './fixtures';
import { DEMO_COLLEAGUE_PASSWORD } from '../../server/seed/seed';

const COLLEAGUE = '09121111111';

describe.each(ENGINES)('account settings (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server?.stop());

  const settings = (token: string, fields: Record<string, string | Blob>) => {
    const form = new FormData();
    form.append('Language', '0');
    for (const [key, value] of Object.entries(fields)) {
      if (value instanceof Blob) form.append(key, value, 'upload.png');
      else form.append(key, value);
    }
    return server.api.call('PUT', 'user/changeusersetting/', { token, form });
  };

  it('changes the password: the old one stops working and other sessions end', async () => {
    const first = await server.api.signIn(COLLEAGUE, DEMO_COLLEAGUE_PASSWORD);
    const second = await server.api.signIn(COLLEAGUE, DEMO_COLLEAGUE_PASSWORD);
    const wrongCurrent = await settings(first.token, {
      CurrentPassword: 'wrong',
      NewPassword: 'new-secret-1',
    });
    expect(wrongCurrent.body).toEqual({ status: 0, message: 'رمز عبور فعلی اشتباه است' });
    const short = await settings(first.token, {
      CurrentPassword: DEMO_COLLEAGUE_PASSWORD,
      NewPassword: '123',
    });
    expect(short.body.message).toBe('رمز عبور جدید باید دست‌کم ۶ نویسه باشد');

    const changed = await settings(first.token, {
      CurrentPassword: DEMO_COLLEAGUE_PASSWORD,
      NewPassword: 'new-secret-1',
    });
    expect(changed.body.status).toBe(1);
    const old = await server.api.post('Authenticate/Authenticate', {
      Username: COLLEAGUE,
      Password: DEMO_COLLEAGUE_PASSWORD,
      WebRootPath: 'localhost',
    });
    expect(old.body.status).toBe(0);
    expect((await server.api.signIn(COLLEAGUE, 'new-secret-1')).token).toBeTruthy();
    expect((await server.api.get('home/getbox', {}, { token: first.token })).status).toBe(200);
    expect((await server.api.get('home/getbox', {}, { token: second.token })).status).toBe(401);
  });

  it('ends every session signed in with the old password, even one checked while it changed', async () => {
    const user = '09124444444';
    const own = await server.api.signIn(user, DEMO_COLLEAGUE_PASSWORD);
    const signIn = () =>
      server.api
        .post('Authenticate/Authenticate', {
          Username: user,
          Password: DEMO_COLLEAGUE_PASSWORD,
          WebRootPath: 'localhost',
        })
        .then((answer) => answer.body.token as string | undefined);
    // Sign-ins with the old password keep coming while the change is made: each is
    // checked (argon2, tens of milliseconds) before its session is written.
    const signIns: Array<Promise<string | undefined>> = [];
    const change = settings(own.token, {
      CurrentPassword: DEMO_COLLEAGUE_PASSWORD,
      NewPassword: 'new-secret-4',
    });
    for (let i = 0; i < 12; i++) {
      signIns.push(signIn());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await change).body.status).toBe(1);
    const tokens = (await Promise.all(signIns)).filter((token): token is string => Boolean(token));
    for (const token of tokens)
      expect(
        (await server.api.get('home/getbox', {}, { token })).status,
        'a session of the old password',
      ).toBe(401);
    expect((await server.api.get('home/getbox', {}, { token: own.token })).status).toBe(200);
  });

  it('refuses a non-image picture by its content and changes nothing', async () => {
    const { token } = await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
    const fake = new Blob([Buffer.from('<script>alert(1)</script> not a picture')], { type: 'image/png' });
    const refused = await settings(token, { UserProfilePic: fake });
    expect(refused.body).toEqual({
      status: 0,
      message: 'تصویر پروفایل باید یک تصویر (png، jpg، gif یا webp) باشد',
    });
    const again = await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
    expect(again.pic ?? '').toBe('');
  });

  it('stores profile and signature pictures and serves the profile picture', async () => {
    const { token } = await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
    const png = new Blob([new Uint8Array(tinyPng())], { type: 'application/octet-stream' });
    const saved = await settings(token, { UserProfilePic: png, UserSignPic: png });
    expect(saved.body.status).toBe(1);
    expect(saved.body.profilePicture).toMatch(/^[0-9a-f]{32}\.png$/);
    const served = await server.api.call('GET', `/media/userpic/${saved.body.profilePicture}`);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const signedIn = await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
    expect(signedIn.pic).toBe(saved.body.profilePicture);
    const fallback = await server.api.call('GET', '/media/userpic/nopic.png');
    expect(fallback.headers['content-type']).toBe('image/png');
  });

  it('approves a changed mobile with the code the SMS sender logged', async () => {
    const { token } = await server.api.signIn('09122222222', DEMO_COLLEAGUE_PASSWORD);
    const bad = await server.api.call('PUT', 'user/changeusermobile/', {
      token,
      json: { Mobile: '12345', Language: 0 },
    });
    expect(bad.body).toMatchObject({ status: 0, messge: 'شماره همراه باید با ۰۹ شروع شود و ۱۱ رقم باشد' });
    const changed = await server.api.call('PUT', 'user/changeusermobile/', {
      token,
      json: { Mobile: '+98 912 777 6655' },
    });
    expect(changed.body.status).toBe(1);
    expect((await server.api.post('user/approveusersendcode/', { Language: 0 }, { token })).body.status).toBe(
      1,
    );
    const line = server.logLines.reverse().find((l) => l.includes('09127776655'));
    server.logLines.reverse();
    const code = /کد تایید شماره همراه: (\d{5})/.exec(line ?? '')?.[1];
    expect(code).toMatch(/^\d{5}$/);
    const wrongCode = code === '11111' ? '22222' : '11111';
    expect((await server.api.post('user/approveuser/', { code: wrongCode }, { token })).body).toMatchObject({
      status: 0,
      messge: 'کد تایید اشتباه است',
    });
    expect((await server.api.post('user/approveuser/', { code }, { token })).body).toMatchObject({
      status: 1,
      messge: 'شماره همراه شما تایید شد',
    });
    expect((await server.api.post('user/approveusersendcode/', {}, { token })).body.messge).toBe(
      'شماره همراه شما پیش‌تر تایید شده است',
    );
  });

  it('remembers the theme colour per user', async () => {
    const admin = await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
    const colleague = await server.api.signIn('09123333333', DEMO_COLLEAGUE_PASSWORD);
    expect((await server.api.get('usersetting/get', {}, { token: admin.token })).body.record.themeColor).toBe(
      '#7B1FA2',
    );
    expect(
      (await server.api.post('usersetting/save', { ThemeColor: 'red' }, { token: admin.token })).body,
    ).toEqual({ status: 0, message: 'رنگ پوسته معتبر نیست' });
    expect(
      (await server.api.post('usersetting/save', { ThemeColor: '#00897b' }, { token: admin.token })).body
        .status,
    ).toBe(1);
    expect((await server.api.get('usersetting/get', {}, { token: admin.token })).body.record.themeColor).toBe(
      '#00897B',
    );
    expect(
      (await server.api.get('usersetting/get', {}, { token: colleague.token })).body.record.themeColor,
    ).toBe('#7B1FA2');
  });

  it('names each user their own person, which the letter screen leaves out of their recipients', async () => {
    const colleague = await server.api.signIn('09123333333', DEMO_COLLEAGUE_PASSWORD);
    const { personId } = (await server.api.get('usersetting/get', {}, { token: colleague.token })).body
      .record;
    const named = (await server.api.get('person/lookup/', { Ids: personId }, { token: colleague.token }))
      .body;
    expect(named.records).toEqual([{ id: personId, title: 'زهرا کریمی' }]);
  });
});
