// Who may see a letter (spec 1 §4, issue 9): its author, recipients, forward chain or
// AllMessages. To a colleague outside those, and to another tenant, a letter does not
// exist on any call — list, get, download, print, forward, sign, remove signature,
// delete, archive, favourite — and blind copies stay hidden from the other recipients.
// Also the numbering under 50 concurrent sends and the recipient's real-time notice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { DEMO_ADMIN, ENGINES, startTestServer, type TestServer } from './harness';
import { letters, letterWorld, type LetterWorld, type Someone } from './letters-kit';
import { tinyPng } from './fixtures';
import { REFUSED } from '../../server/letters/constants';
import { createTenant } from '../../server/tenancy/create-tenant';
import { seedTenantMasterData } from '../../server/seed/seed';
import { TENANT_PERMISSIONS } from '../../src/shared/permissions';

describe.each(ENGINES)('letters: who sees them (%s)', (engine) => {
  let server: TestServer;
  let w: LetterWorld;
  let api: ReturnType<typeof letters>;
  let stranger: Someone;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    w = await letterWorld(server);
    api = letters(server, w);
    const second = await createTenant(server.built.services.db, {
      fullName: 'شرکت دوم',
      hosts: ['second.localhost'],
      admin: { username: DEMO_ADMIN.username, password: 'other-pass', firstName: 'مدیر', lastName: 'دوم' },
      permissions: TENANT_PERMISSIONS,
    });
    await seedTenantMasterData(server.built.services.db, second.tenantId);
    const signed = await server.api.signIn(DEMO_ADMIN.username, 'other-pass', 'second.localhost');
    const people = (
      await server.api.get('person/list/', { Count: -1 }, { token: signed.token, host: 'second.localhost' })
    ).body.records;
    stranger = { token: signed.token, userId: signed.userId, personId: people[0].id };
  });
  afterAll(() => server?.stop());

  const as = (who: Someone) =>
    who === stranger ? { token: who.token, host: 'second.localhost' } : { token: who.token };

  /** Every call on letter `id` (with attachment `attachmentId`) answers as for no letter. */
  async function expectHidden(who: Someone, id: number, attachmentId: number) {
    const opts = as(who);
    const get = (await server.api.get('message/get/', { Id: id }, opts)).body;
    expect(get).toMatchObject({ status: 0, message: REFUSED.notFound });
    for (const PageType of ['AllMyMessage', 'UnReadMessage', 'Draft', 'Send']) {
      const list = (
        await server.api.get(
          'message/list/',
          { PageType, MessageType: PageType === 'Send' ? 4 : 0, Count: 100 },
          opts,
        )
      ).body;
      expect(list.records.map((r: { messageId: number }) => r.messageId)).not.toContain(id);
    }
    const download = await server.api.get(
      'message/download',
      { AttachmentId: attachmentId, token: who.token },
      { host: opts.host },
    );
    expect(download.status).toBe(404);
    const print = await server.api.get(
      'message/docx',
      { id, templateId: 1, token: who.token },
      { host: opts.host },
    );
    expect(print.status).toBe(404);
    const refused = { status: 0, messge: REFUSED.notFound };
    expect(
      (
        await server.api.post(
          'message/forward/',
          { MessageId: id, IsSend: 1, SelectedTo: [who.personId] },
          opts,
        )
      ).body,
    ).toMatchObject(refused);
    expect(
      (await server.api.post('message/forward/', { MessageId: id, IsSend: 7 }, opts)).body,
    ).toMatchObject(refused);
    expect((await server.api.post('message/sign/', { id }, opts)).body).toMatchObject(refused);
    expect((await server.api.post('message/removesign/', { id }, opts)).body).toMatchObject(refused);
    expect(
      (await server.api.call('DELETE', 'message/delete/', { ...opts, json: { Id: id } })).body,
    ).toMatchObject(refused);
    expect(
      (
        await server.api.call('PUT', 'message/setarchive/', {
          ...opts,
          json: { MessageId: id, ArchiveId: 1 },
        })
      ).body,
    ).toMatchObject({ status: 0, message: REFUSED.notFound });
    expect(
      (
        await server.api.call('PUT', 'message/setfavorite/', {
          ...opts,
          json: { MessageId: id, FavoriteId: 1 },
        })
      ).body,
    ).toMatchObject({ status: 0, message: REFUSED.notFound });
    expect((await api.save(who, { ...api.internal([w.ali]), MessageId: id })).status).toBe(0);
  }

  it('hides a letter from a colleague outside it and from another tenant, on every call', async () => {
    const png = new Blob([new Uint8Array(tinyPng())], { type: 'image/png' });
    const id = await api.sendNew(w.maryam, [w.ali], { Attachments: png });
    const attachmentId = (await api.get(w.ali, id)).attachment[0].msg.messageAttachmentId as number;
    // The people on it may.
    for (const who of [w.maryam, w.ali, w.admin]) expect((await api.get(who, id)).status).toBe(1);
    const download = await server.api.get('message/download', {
      AttachmentId: attachmentId,
      token: w.ali.token,
    });
    expect(download.status).toBe(200);
    await expectHidden(w.zahra, id, attachmentId);
    await expectHidden(stranger, id, attachmentId);
    // A draft reaches nobody before it is sent, not even its recipients, nor one who
    // sees all letters (the all-letters list's: sent ones) — by id or as a related letter.
    const draft = await api.draft(w.maryam, [w.ali]);
    for (const who of [w.ali, w.admin]) expect((await api.get(who, draft)).status).toBe(0);
    const relating = await api.save(w.admin, {
      ...api.internal([w.ali]),
      RelatedMessages: JSON.stringify([{ MessageId: draft, Follow: true }]),
    });
    expect(relating).toMatchObject({ status: 0, messge: 'نامه مرتبط یافت نشد' });
    // Nothing of the attempts changed the letter.
    const events = (await api.get(w.maryam, id)).messageEvent.map(
      (e: { eventTypeFk: number }) => e.eventTypeFk,
    );
    expect(events.filter((type: number) => ![1, 3, 6, 8].includes(type))).toEqual([]);
  });

  it('shows a letter the letters that name it as related, to whoever may see them (probe helper-67)', async () => {
    const original = await api.sendNew(w.maryam, [w.ali]);
    // Ali's follow-up to Maryam, and his referral to Hossein, both name the original.
    const followUp = await api.sendNew(w.ali, [w.maryam], {
      RelatedMessages: JSON.stringify([{ MessageId: original, Follow: true }]),
    });
    const referral = await api.sendNew(w.ali, [w.hossein], {
      RelatedMessages: JSON.stringify([{ MessageId: original, Follow: false }]),
    });
    // A draft naming it reaches nobody yet but its author.
    const draft = await api.draft(w.ali, [w.maryam], {
      RelatedMessages: JSON.stringify([{ MessageId: original, Follow: true }]),
    });
    const naming = async (who: Someone) =>
      (
        (await api.get(who, original)).relatedToThis as {
          messageId: number;
          follow: boolean;
          description: string;
        }[]
      ).map(({ messageId, follow, description }) => ({ messageId, follow, description }));
    const follow = { messageId: followUp, follow: true, description: 'پیرو این نامه' };
    const refer = { messageId: referral, follow: false, description: 'عطف به این نامه' };
    // Maryam sees the follow-up (sent to her), not the referral to Hossein nor Ali's draft;
    // a reader of all letters sees both sent ones, Ali his draft too.
    expect(await naming(w.maryam)).toEqual([follow]);
    expect(await naming(w.ali)).toEqual([follow, refer, { ...follow, messageId: draft }]);
    expect(await naming(w.admin)).toEqual([follow, refer]);
    // The letter's own links are apart: the follow-up names the original, the original none.
    expect((await api.get(w.maryam, original)).relatedMessage).toEqual([]);
    expect((await api.get(w.maryam, followUp)).relatedMessage).toEqual([
      expect.objectContaining({ messageId: original, follow: true }),
    ]);
    expect((await api.get(w.maryam, followUp)).relatedToThis).toEqual([]);
    // A letter naming it, deleted (unread), is gone from it.
    const withdrawn = await api.sendNew(w.ali, [w.hossein], {
      RelatedMessages: JSON.stringify([{ MessageId: original, Follow: false }]),
    });
    expect((await naming(w.admin)).map((r) => r.messageId)).toContain(withdrawn);
    expect(await api.call(w.ali, 'DELETE', 'message/delete/', { Id: withdrawn })).toMatchObject({
      status: 1,
    });
    expect(await naming(w.admin)).toEqual([follow, refer]);
  });

  it('lets the forward chain see a letter, and no one else', async () => {
    const id = await api.sendNew(w.maryam, [w.ali]);
    expect((await api.get(w.hossein, id)).status).toBe(0);
    await api.post(w.ali, 'message/forward/', { MessageId: id, IsSend: 1, SelectedTo: [w.hossein.personId] });
    expect((await api.get(w.hossein, id)).status).toBe(1);
    // Hossein passes it on: he is in the chain, so Fatemeh now sees it too.
    await api.post(w.hossein, 'message/forward/', {
      MessageId: id,
      IsSend: 1,
      SelectedTo: [w.fatemeh.personId],
    });
    expect((await api.get(w.fatemeh, id)).status).toBe(1);
    expect((await api.get(w.zahra, id)).status).toBe(0);
  });

  it('hides blind copies from the other recipients', async () => {
    const id = await api.sendNew(w.maryam, [w.ali], {
      SelectedCC: [w.zahra.personId],
      SelectedBcc: [w.fatemeh.personId],
    });
    expect((await api.get(w.maryam, id)).record).toMatchObject({
      selectedTo: [w.ali.personId],
      selectedCC: [w.zahra.personId],
      selectedBcc: [w.fatemeh.personId],
    });
    for (const who of [w.ali, w.zahra]) {
      const record = (await api.get(who, id)).record;
      expect(record.selectedBcc).toEqual([]);
      expect(JSON.stringify(record)).not.toContain('حسینی');
    }
    expect((await api.get(w.fatemeh, id)).record.selectedBcc).toEqual([w.fatemeh.personId]);
    expect(await api.ids(w.fatemeh, { PageType: 'AllMyMessage' })).toContain(id);
    // A phrase does not find a letter by a blind copy's name.
    expect(await api.ids(w.ali, { PageType: 'AllMyMessage', Phrase: 'فاطمه حسینی' })).not.toContain(id);
  });

  it("refuses other tenants' schemes, people and customers as if they did not exist", async () => {
    const toStranger = await api.save(w.maryam, {
      ...api.internal([w.ali]),
      SelectedTo: [stranger.personId],
    });
    expect(toStranger).toMatchObject({ status: 0, messge: 'گیرندگان انتخاب‌شده وجود ندارد' });
    const theirSchemes = (await server.api.get('andikator/list/', { Count: -1 }, as(stranger))).body.records;
    const theirs = theirSchemes.find((s: { messageTypeFk: number }) => s.messageTypeFk === 4).andikatorId;
    const wrongScheme = await api.save(w.maryam, { ...api.internal([w.ali]), AndikatorFk: theirs });
    expect(wrongScheme).toMatchObject({ status: 0, messge: 'اندیکاتور انتخاب‌شده وجود ندارد' });
  });

  it('numbers 50 letters sent at once uniquely and consecutively, colleagues writing each other', async () => {
    const scheme = async () =>
      (await server.api.get('andikator/get/', { Id: w.scheme[4] }, { token: w.admin.token })).body.record
        .lastMessageNumber as number;
    const before = await scheme();
    const earlier = await api.sendNew(w.ali, [w.maryam]);
    // Maryam and Ali write each other while both open letters: their counters are locked
    // in one order, so none of these waits on another for ever.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const [from, to] = i % 2 ? [w.ali, w.maryam] : [w.maryam, w.ali];
        return api.save(from, { ...api.internal([to], { Subject: `نامه همزمان ${i}` }), IsSend: 1 });
      }).concat([api.get(w.maryam, earlier), api.get(w.ali, earlier)]),
    );
    const sent = answers.slice(0, 50);
    expect(sent.every((a) => a.status === 1)).toBe(true);
    const numbers = await Promise.all(
      sent.map(async (a) => (await api.get(w.admin, a.id)).record.number as number),
    );
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => before + 2 + i));
    expect(await scheme()).toBe(before + 51);
  });

  /** The real SignalR client's connection to the hub, as a user's page opens it. */
  const hubConnection = (who: Someone) =>
    new HubConnectionBuilder()
      .withUrl(`${server.baseUrl}/hubs/notification`, {
        accessTokenFactory: () => who.token,
        transport: HttpTransportType.WebSockets,
      })
      .configureLogging(LogLevel.None)
      .build();

  it('tells the recipient at once through the real-time hub, with a link that opens the letter', async () => {
    const connection = hubConnection(w.zahra);
    const received = new Promise<{ title: string; url: string }>((resolve) =>
      connection.on('Notification', resolve),
    );
    await connection.start();
    try {
      const id = await api.sendNew(w.maryam, [w.zahra], { Subject: 'دعوت به جلسه' });
      const notice = await received;
      expect(notice.title).toContain('دعوت به جلسه');
      expect(notice.title).toContain('مریم احمدی');
      expect(notice.url).toBe(`/letter/false/AllMyMessage/4/${id}`);
    } finally {
      await connection.stop();
    }
  });

  it('tells the recipient when the sender deletes an unread letter, and its notice goes with it', async () => {
    const connection = hubConnection(w.zahra);
    let changes = 0;
    connection.on('LettersChanged', () => (changes += 1));
    const noticed = new Promise((resolve) => connection.on('Notification', resolve));
    await connection.start();
    try {
      const unread = (await api.box(w.zahra)).unReadMessageCount;
      const id = await api.sendNew(w.maryam, [w.zahra], { Subject: 'نامه پس گرفته' });
      await noticed;
      const url = `/letter/false/AllMyMessage/4/${id}`;
      const notices = async () =>
        (await server.api.get('notification/list/', { Count: 50 }, { token: w.zahra.token })).body
          .records as Array<{ url: string }>;
      expect((await notices()).map((n) => n.url)).toContain(url);
      expect((await api.box(w.zahra)).unReadMessageCount).toBe(unread + 1);
      const deleted = await server.api.call('DELETE', 'message/delete/', {
        token: w.maryam.token,
        json: { Id: id, IsSend: 1 },
      });
      expect(deleted.body).toMatchObject({ status: 1 });
      await expect.poll(() => changes, { timeout: 5_000 }).toBe(1);
      expect((await api.box(w.zahra)).unReadMessageCount).toBe(unread);
      expect((await notices()).map((n) => n.url)).not.toContain(url);
    } finally {
      await connection.stop();
    }
  });
});
