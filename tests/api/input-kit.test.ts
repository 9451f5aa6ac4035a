// The field kit and the small calls over real HTTP: lengths of addresses, e-mails and
// digits; tags only as texts; dates only as the client sends them; ids only as decimal
// integers; notification ids like every other id; the mobile calls' `messge` on every
// refusal; and approval codes sent no more often than the limits allow, however many
// requests arrive at once. Each refusal is Persian, names the field and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COLLEAGUE_PASSWORD } from '../../server/seed/seed';
import { createSmsCodeLimits } from '../../server/account/sms-code-limits';
import { tryAgainMessage } from '../../server/account/mobile-approval';
import { DEMO_ADMIN, ENGINES, startTestServer, type TestServer } from './harness';

const CUSTOMER = { Name: 'مشتری کیت', CreatedDate: '2025-03-21', CreditDate: '2026-03-20' };

describe.each(ENGINES)('the field kit over HTTP (%s)', (engine) => {
  let server: TestServer;
  let admin: string;
  let codes = 0;

  const customer = async (id: number) =>
    (await server.api.get('customer/get/', { Id: id }, { token: admin })).body.record;
  const customerCount = async () =>
    (await server.api.get('customer/list/', { Count: 1 }, { token: admin })).body.record_count as number;
  const createCustomer = (fields: Record<string, unknown>) =>
    server.api.post('customer/create/', { ...CUSTOMER, Code: `KIT-${++codes}`, ...fields }, { token: admin });
  const update = (fields: Record<string, unknown>) =>
    server.api.call('PUT', 'customer/update/', { token: admin, json: fields });

  beforeAll(async () => {
    server = await startTestServer({ engine });
    admin = (await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token;
  });
  afterAll(() => server?.stop());

  describe('lengths', () => {
    it('refuses a 900 KB quick link and stores nothing', async () => {
      const { token } = await server.api.signIn('09121111111', DEMO_COLLEAGUE_PASSWORD);
      const before = (await server.api.get('link/list/', { Count: -1 }, { token })).body.record_count;
      const refused = await server.api.post(
        'link/create/',
        { Caption: 'بلند', Url: `https://example.com/${'a'.repeat(900_000)}` },
        { token },
      );
      expect(refused.body).toEqual({ status: 0, message: 'نشانی بیش از حد طولانی است (حداکثر ۲٬۰۰۰ نویسه)' });
      expect((await server.api.get('link/list/', { Count: -1 }, { token })).body.record_count).toBe(before);
    });

    it('refuses huge digits and e-mails on create and update, keeping what is stored', async () => {
      const before = await customerCount();
      expect((await createCustomer({ Tell: '1'.repeat(500_000) })).body).toEqual({
        status: 0,
        message: 'تلفن بیش از حد طولانی است (حداکثر ۲۰ نویسه)',
      });
      expect((await createCustomer({ Email: `${'a'.repeat(500_000)}@x.ir` })).body).toEqual({
        status: 0,
        message: 'پست الکترونیک بیش از حد طولانی است (حداکثر ۲۵۴ نویسه)',
      });
      const company = await server.api.post(
        'company/create/',
        { CompanyName: 'شرکت بلند', NationalId: '9'.repeat(300_000) },
        { token: admin },
      );
      expect(company.body).toEqual({
        status: 0,
        message: 'شناسه ملی بیش از حد طولانی است (حداکثر ۲۰ نویسه)',
      });
      expect(await customerCount()).toBe(before);

      const created = await createCustomer({ Tell: '02188776655', Email: 'info@example.ir' });
      expect(created.body.status).toBe(1);
      const id = created.body.id;
      expect((await update({ Id: id, Tell: '1'.repeat(21) })).body.message).toBe(
        'تلفن بیش از حد طولانی است (حداکثر ۲۰ نویسه)',
      );
      expect((await update({ Id: id, Email: `${'a'.repeat(255)}@x.ir` })).body.message).toBe(
        'پست الکترونیک بیش از حد طولانی است (حداکثر ۲۵۴ نویسه)',
      );
      expect(await customer(id)).toMatchObject({ tell: '02188776655', email: 'info@example.ir' });
    });
  });

  describe('tags', () => {
    it('takes a customer code as one code whatever digits it is typed with', async () => {
      const first = await createCustomer({ Code: '۷۷۰۱' });
      expect(first.body.status).toBe(1);
      expect((await customer(first.body.id)).code).toBe('7701');
      for (const again of ['7701', '٧٧٠١'])
        expect((await createCustomer({ Code: again })).body).toMatchObject({
          status: 0,
          message: expect.stringContaining('کد مشتری'),
        });
    });

    it('refuses anything but texts, on create and update, and leaves stored tags alone', async () => {
      const before = await customerCount();
      for (const tags of [[null, { a: 1 }, true], [12], 5, { a: 1 }, true]) {
        expect((await createCustomer({ Tags: tags })).body, JSON.stringify(tags)).toEqual({
          status: 0,
          message: 'برچسب‌ها معتبر نیست',
        });
      }
      expect(await customerCount()).toBe(before);

      const id = (await createCustomer({ Tags: ['vip', 'تهران'] })).body.id;
      for (const tags of [5, { a: 1 }, [null, { a: 1 }, true], ['vip', 3]]) {
        expect((await update({ Id: id, Tags: tags })).body, JSON.stringify(tags)).toEqual({
          status: 0,
          message: 'برچسب‌ها معتبر نیست',
        });
        expect((await customer(id)).tags).toEqual(['vip', 'تهران']);
      }
      // A file sent as the tags is no tags either.
      const file = await server.api.call('PUT', 'customer/update/', {
        token: admin,
        json: { Id: id, Tags: new Blob(['x']) },
      });
      expect(file.body).toEqual({ status: 0, message: 'برچسب‌ها معتبر نیست' });
      expect((await customer(id)).tags).toEqual(['vip', 'تهران']);
    });

    it('takes what the client sends: a JSON list, a form’s repeated or single key; empty clears', async () => {
      const id = (await createCustomer({ Tags: ['الف'] })).body.id;
      const form = new FormData();
      form.append('Id', String(id));
      form.append('Tags', 'ب');
      form.append('Tags', 'پ');
      expect((await server.api.call('PUT', 'customer/update/', { token: admin, form })).body.status).toBe(1);
      expect((await customer(id)).tags).toEqual(['ب', 'پ']);
      const single = new FormData();
      single.append('Id', String(id));
      single.append('Tags', 'ت');
      expect(
        (await server.api.call('PUT', 'customer/update/', { token: admin, form: single })).body.status,
      ).toBe(1);
      expect((await customer(id)).tags).toEqual(['ت']);
      expect((await update({ Id: id, Name: 'بی‌برچسب' })).body.status).toBe(1);
      expect((await customer(id)).tags).toEqual(['ت']);
      expect((await update({ Id: id, Tags: null })).body.status).toBe(1);
      expect((await customer(id)).tags).toEqual([]);
    });
  });

  describe('dates', () => {
    it('refuses trailing text and impossible times, keeping the stored date', async () => {
      const id = (await createCustomer({})).body.id;
      for (const date of ['2025-01-01 whatever', '2026-01-01T99:99:99', '2025-01-01T00:00:00 x']) {
        expect((await createCustomer({ CreatedDate: date })).body, date).toEqual({
          status: 0,
          message: 'تاریخ ایجاد معتبر نیست',
        });
        expect((await update({ Id: id, CreatedDate: date })).body, date).toEqual({
          status: 0,
          message: 'تاریخ ایجاد معتبر نیست',
        });
      }
      expect((await customer(id)).createdDate).toBe('2025-03-21');
    });

    it('takes a date, or an ISO date-time as its day', async () => {
      const id = (await createCustomer({ CreatedDate: '2025-01-01T00:00:00' })).body.id;
      expect((await customer(id)).createdDate).toBe('2025-01-01');
      expect((await update({ Id: id, CreatedDate: '2025-02-01T20:30:00.000Z' })).body.status).toBe(1);
      expect((await customer(id)).createdDate).toBe('2025-02-02'); // midnight in Tehran
    });
  });

  describe('ids', () => {
    it('reads only decimal integers: 0x0e and 1.4e1 are not 14', async () => {
      const bank = (await server.api.post('bank/create/', { Title: 'بانک شناسه' }, { token: admin })).body.id;
      for (const written of [`0x${bank.toString(16)}`, `${bank / 10}e1`, `${bank}.0`]) {
        expect((await server.api.get('bank/get/', { Id: written }, { token: admin })).body, written).toEqual({
          status: 0,
          message: 'شناسه معتبر نیست',
        });
        const renamed = await server.api.call('PUT', 'bank/update/', {
          token: admin,
          json: { Id: written, Title: 'تغییر' },
        });
        expect(renamed.body, written).toEqual({ status: 0, message: 'شناسه معتبر نیست' });
      }
      const persian = String(bank).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]);
      expect((await server.api.get('bank/get/', { Id: persian }, { token: admin })).body.record.title).toBe(
        'بانک شناسه',
      );
    });

    it('notification/read refuses a non-positive id and marks nothing; 0 marks every one', async () => {
      const demo = await server.built.services.tenants.byHost('localhost');
      const { token, userId } = await server.api.signIn('09123333333', DEMO_COLLEAGUE_PASSWORD);
      await server.built.services.notifier.notify(demo!.id, userId, { title: 'آزمون', url: '/mymessage' });
      const unread = async () =>
        (await server.api.get('notification/list/', {}, { token })).body.unreadCount as number;
      const before = await unread();
      expect(before).toBeGreaterThan(0);
      for (const id of [-5, '-1', '0x1', 2 ** 31]) {
        expect((await server.api.post('notification/read/', { Id: id }, { token })).body, String(id)).toEqual(
          {
            status: 0,
            message: 'شناسه معتبر نیست',
          },
        );
      }
      expect(await unread()).toBe(before);
      const newest = (await server.api.get('notification/list/', {}, { token })).body.records[0];
      expect((await server.api.post('notification/read/', { Id: newest.id }, { token })).body.status).toBe(1);
      expect(await unread()).toBe(before - 1);
      expect((await server.api.post('notification/read/', { Id: 0 }, { token })).body.status).toBe(1);
      expect(await unread()).toBe(0);
    });
  });

  describe('mobile approval', () => {
    const smsTo = (mobile: string) =>
      server.logLines.filter((line) => line.includes(`SMS to ${mobile}`)).length;
    const latestCode = (mobile: string) =>
      /کد تایید شماره همراه: (\d{5})/.exec(
        [...server.logLines].reverse().find((line) => line.includes(`SMS to ${mobile}`)) ?? '',
      )?.[1];

    it('answers a refusal about the input’s form with both spellings', async () => {
      const { token } = await server.api.signIn('09121111111', DEMO_COLLEAGUE_PASSWORD);
      const list = await server.api.call('PUT', 'user/changeusermobile/', {
        token,
        json: { Mobile: ['09121111111', '09122222222'] },
      });
      const message = 'شماره همراه باید یک مقدار باشد، نه فهرستی از مقادیر';
      expect(list.body).toEqual({ status: 0, message, messge: message });
      const code = await server.api.post('user/approveuser/', { code: ['1', '2'] }, { token });
      expect(code.body).toMatchObject({
        status: 0,
        messge: 'کد تایید باید یک مقدار باشد، نه فهرستی از مقادیر',
      });
    });

    it('sends one code for 25 requests at once, then none for a minute, to the user or the number', async () => {
      const victim = '09129998877';
      const first = await server.api.signIn('09122222222', DEMO_COLLEAGUE_PASSWORD);
      expect(
        (
          await server.api.call('PUT', 'user/changeusermobile/', {
            token: first.token,
            json: { Mobile: victim },
          })
        ).body.status,
      ).toBe(1);
      const answers = await Promise.all(
        Array.from({ length: 25 }, () =>
          server.api.post('user/approveusersendcode/', {}, { token: first.token }),
        ),
      );
      expect(answers.filter((a) => a.body.status === 1)).toHaveLength(1);
      for (const refused of answers.filter((a) => a.body.status !== 1)) {
        expect(refused.body.messge).toMatch(
          /^کد تایید به‌تازگی فرستاده شده است؛ برای کد جدید [۰-۹]+ ثانیه دیگر/,
        );
        expect(refused.body.message).toBe(refused.body.messge);
      }
      expect(smsTo(victim)).toBe(1);
      const code = latestCode(victim)!;

      // Another number for the same user, or the same number for another user: still no SMS.
      await server.api.call('PUT', 'user/changeusermobile/', {
        token: first.token,
        json: { Mobile: '09129998866' },
      });
      expect(
        (await server.api.post('user/approveusersendcode/', {}, { token: first.token })).body.status,
      ).toBe(0);
      const second = await server.api.signIn('09124444444', DEMO_COLLEAGUE_PASSWORD);
      await server.api.call('PUT', 'user/changeusermobile/', {
        token: second.token,
        json: { Mobile: victim },
      });
      expect(
        (await server.api.post('user/approveusersendcode/', {}, { token: second.token })).body.status,
      ).toBe(0);
      expect(smsTo(victim)).toBe(1);
      expect(smsTo('09129998866')).toBe(0);
      // The code sent to the first number does not approve the number set since.
      expect(
        (await server.api.post('user/approveuser/', { code }, { token: first.token })).body,
      ).toMatchObject({
        status: 0,
        messge: 'کد تایید منقضی شده است؛ کد جدید درخواست کنید',
      });
    });

    it('checks at most five guesses of a code, even sent all at once', async () => {
      const mobile = '09129997766';
      const { token } = await server.api.signIn('09123333333', DEMO_COLLEAGUE_PASSWORD);
      await server.api.call('PUT', 'user/changeusermobile/', { token, json: { Mobile: mobile } });
      expect((await server.api.post('user/approveusersendcode/', {}, { token })).body.status).toBe(1);
      const code = latestCode(mobile)!;
      const wrong = Array.from({ length: 30 }, (_, i) => String(10_000 + i)).filter(
        (guess) => guess !== code,
      );
      const answers = await Promise.all(
        wrong.map((guess) => server.api.post('user/approveuser/', { code: guess }, { token })),
      );
      const said = answers.map((a) => a.body.messge as string);
      expect(said.filter((m) => m === 'کد تایید اشتباه است')).toHaveLength(5);
      expect(said.filter((m) => m === 'تعداد تلاش‌ها بیش از حد مجاز است؛ کد جدید درخواست کنید')).toHaveLength(
        wrong.length - 5,
      );
      // The right code, sixth, is not compared any more.
      expect((await server.api.post('user/approveuser/', { code }, { token })).body).toMatchObject({
        status: 0,
        messge: 'تعداد تلاش‌ها بیش از حد مجاز است؛ کد جدید درخواست کنید',
      });
    });
  });
});

describe('how often approval codes are sent (sms-code-limits)', () => {
  const clock = () => {
    let now = 1_000_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('one a minute and five an hour per user, saying when to try again', () => {
    const time = clock();
    const limits = createSmsCodeLimits({ now: time.now });
    expect(limits.reserve(1, 7, '09120000001').ok).toBe(true);
    expect(limits.reserve(1, 7, '09120000002')).toEqual({ ok: false, retryAfterMs: 60_000 });
    time.advance(45_000);
    expect(limits.reserve(1, 7, '09120000002')).toEqual({ ok: false, retryAfterMs: 15_000 });
    // Another user of another tenant is counted apart.
    expect(limits.reserve(2, 7, '09120000003').ok).toBe(true);
    for (let sent = 2; sent <= 5; sent++) {
      time.advance(60_000);
      expect(limits.reserve(1, 7, `0912000001${sent}`).ok, `send ${sent}`).toBe(true);
    }
    time.advance(60_000);
    // The hour's five are spent: free again an hour after the first of them.
    const refused = limits.reserve(1, 7, '09120000020');
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.retryAfterMs).toBe(60 * 60_000 - (45_000 + 5 * 60_000));
    time.advance(!refused.ok ? refused.retryAfterMs : 0);
    expect(limits.reserve(1, 7, '09120000020').ok).toBe(true);
  });

  it('one a minute and ten an hour per number, whoever asks', () => {
    const time = clock();
    const limits = createSmsCodeLimits({ now: time.now });
    const victim = '09129998877';
    expect(limits.reserve(1, 1, victim).ok).toBe(true);
    expect(limits.reserve(1, 2, victim).ok).toBe(false);
    for (let user = 2; user <= 10; user++) {
      time.advance(60_000);
      expect(limits.reserve(1, user, victim).ok, `user ${user}`).toBe(true);
    }
    time.advance(60_000);
    expect(limits.reserve(1, 11, victim).ok).toBe(false);
    expect(limits.reserve(1, 11, '09121234567').ok).toBe(true);
  });

  it('a send taken back (not made) does not count', () => {
    const limits = createSmsCodeLimits({ now: clock().now });
    const first = limits.reserve(1, 1, '09120000001');
    expect(first.ok).toBe(true);
    if (first.ok) first.release();
    expect(limits.reserve(1, 1, '09120000001').ok).toBe(true);
  });

  it('says seconds up to a minute, minutes (rounded up) past it, in Persian digits', () => {
    expect(tryAgainMessage(60_000)).toBe(
      'کد تایید به‌تازگی فرستاده شده است؛ برای کد جدید ۶۰ ثانیه دیگر دوباره تلاش کنید',
    );
    expect(tryAgainMessage(44_200)).toBe(
      'کد تایید به‌تازگی فرستاده شده است؛ برای کد جدید ۴۵ ثانیه دیگر دوباره تلاش کنید',
    );
    expect(tryAgainMessage(12 * 60_000 - 1)).toBe(
      'کد تایید به‌تازگی فرستاده شده است؛ برای کد جدید ۱۲ دقیقه دیگر دوباره تلاش کنید',
    );
  });
});
