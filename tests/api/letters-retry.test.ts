// A save or reply sent again after its answer was lost (docs/api.md, ClientKey): the
// compose screen's key finds the letter the first one wrote — one letter, one number, one
// delivery, the attachments once — also when the two arrive at the same moment. A forward
// or a draft passed on, sent again under its dialog's key, is delivered once.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestServer, type TestServer } from './harness';
import { letters, letterWorld, type LetterWorld } from './letters-kit';
import { tinyPng } from './fixtures';

describe.each(ENGINES)('letters: a save sent again (%s)', (engine) => {
  let server: TestServer;
  let w: LetterWorld;
  let api: ReturnType<typeof letters>;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    w = await letterWorld(server);
    api = letters(server, w);
  });
  afterAll(() => server?.stop());

  const key = () => crypto.randomUUID();
  const png = (name: string) => new File([new Uint8Array(tinyPng())], name, { type: 'image/png' });
  const inbox = async () =>
    (await api.list(w.ali, { PageType: 'AllMyMessage', Count: -1 })).totalCount as number;

  it('sends a letter once however often its send is repeated', async () => {
    const before = await inbox();
    const fields = { ...api.internal([w.ali]), IsSend: 1, ClientKey: key() };
    const first = await api.save(w.maryam, fields);
    expect(first.status).toBe(1);
    const again = await api.save(w.maryam, fields);
    expect(again).toMatchObject({ status: 1, id: first.id });
    expect(await inbox()).toBe(before + 1);
    // Repeated at the same moment: still one letter with one number.
    const parallelKey = key();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => api.save(w.maryam, { ...fields, ClientKey: parallelKey })),
    );
    expect(answers.every((answer) => answer.status === 1)).toBe(true);
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
    expect(await inbox()).toBe(before + 2);
    const numbers = [first.id, answers[0].id].map(
      async (id: number) => (await api.get(w.ali, id)).record.number,
    );
    const [a, b] = await Promise.all(numbers);
    expect(b).toBe(a + 1);
  });

  it('takes the form of a repeated save into the draft the first wrote, its files once', async () => {
    const clientKey = key();
    const draft = await api.save(w.maryam, {
      ...api.internal([w.ali]),
      IsSend: 0,
      ClientKey: clientKey,
      Attachments: [png('نقشه.png')],
    });
    expect(draft.status).toBe(1);
    // The user did not see that answer, changed the subject, added a file and pressed send.
    const sent = await api.save(w.maryam, {
      ...api.internal([w.ali]),
      Subject: 'گزارش هفتگی واحد فروش (اصلاح‌شده)',
      IsSend: 1,
      ClientKey: clientKey,
      Attachments: [png('نقشه.png'), png('پیوست دوم.png')],
    });
    expect(sent).toMatchObject({ status: 1, id: draft.id });
    const letter = await api.get(w.ali, draft.id);
    expect(letter.record).toMatchObject({ subject: 'گزارش هفتگی واحد فروش (اصلاح‌شده)', isSend: true });
    expect(letter.attachment.map((a: { msg: { fileName: string } }) => a.msg.fileName).sort()).toEqual(
      ['نقشه.png', 'پیوست دوم.png'].sort(),
    );
    expect((await api.list(w.maryam, { PageType: 'Draft' })).records).not.toContainEqual(
      expect.objectContaining({ messageId: draft.id }),
    );
  });

  it('sends a key’s draft unsigned only while it is still the new letter of its screen', async () => {
    // Signed, then its signature removed: a key does not stand in for the signature.
    const signedKey = key();
    const fields = { ...api.internal([w.ali]), IsSend: 0, ClientKey: signedKey };
    const draft = await api.save(w.maryam, fields);
    expect((await api.post(w.maryam, 'message/sign/', { id: draft.id })).status).toBe(1);
    expect((await api.post(w.maryam, 'message/removesign/', { id: draft.id })).status).toBe(1);
    const refused = { status: 0, messge: 'ارسال پیش‌نویس نیازمند امضا است' };
    expect(await api.save(w.maryam, { ...fields, IsSend: 1 })).toMatchObject(refused);
    // Passed to a colleague and back: likewise.
    const passedKey = key();
    const passed = await api.save(w.maryam, { ...fields, ClientKey: passedKey });
    const pass = (from: typeof w.ali, to: typeof w.ali) =>
      api.post(from, 'message/forward/', { MessageId: passed.id, IsSend: 2, SelectedTo: [to.personId] });
    expect((await pass(w.maryam, w.ali)).status).toBe(1);
    expect((await pass(w.ali, w.maryam)).status).toBe(1);
    expect(await api.save(w.maryam, { ...fields, ClientKey: passedKey, IsSend: 1 })).toMatchObject(refused);
    // Neither was sent: both still drafts, unsigned, and nobody received them.
    for (const id of [draft.id, passed.id])
      expect((await api.get(w.maryam, id)).record).toMatchObject({ isSend: false, signed: false });
    // Signed (and left signed): the key sends it as signed, the draft it now is.
    const signedNowKey = key();
    const signedNow = await api.save(w.maryam, { ...fields, ClientKey: signedNowKey });
    expect((await api.post(w.maryam, 'message/sign/', { id: signedNow.id })).status).toBe(1);
    expect(await api.save(w.maryam, { ...fields, ClientKey: signedNowKey, IsSend: 1 })).toMatchObject({
      status: 1,
      id: signedNow.id,
    });
    expect((await api.get(w.maryam, signedNow.id)).record).toMatchObject({ isSend: true, signed: true });
  });

  it('writes a reply’s draft once, and refuses a key that is no key', async () => {
    const original = await api.sendNew(w.maryam, [w.ali]);
    const reply = { MessageId: original, IsSend: 7, ForwardMessage: 'دریافت شد', ClientKey: key() };
    const first = await api.post(w.ali, 'message/forward/', reply);
    expect(first.status).toBe(1);
    expect(await api.post(w.ali, 'message/forward/', reply)).toMatchObject({ status: 1, id: first.id });
    const drafts = (await api.list(w.ali, { PageType: 'Draft', Count: -1 })).records as Array<{
      subject: string;
    }>;
    expect(
      drafts.filter((d) => d.subject.startsWith('پاسخ:') && d.subject.includes('گزارش هفتگی')),
    ).toHaveLength(drafts.filter((d) => d.subject.startsWith('پاسخ:')).length);
    expect(drafts.filter((d) => d.subject.startsWith('پاسخ:'))).toHaveLength(1);
    expect(
      await api.save(w.maryam, { ...api.internal([w.ali]), ClientKey: "'; DROP TABLE messages; --" }),
    ).toMatchObject({ status: 0, messge: 'کلید نامه معتبر نیست' });
    // A reply's key on a save, or on a reply to another letter: no retry, refused.
    expect(await api.save(w.ali, { ...api.internal([w.maryam]), ClientKey: reply.ClientKey })).toMatchObject({
      status: 0,
      messge: 'کلید نامه معتبر نیست',
    });
    const another = await api.sendNew(w.maryam, [w.ali]);
    expect(await api.post(w.ali, 'message/forward/', { ...reply, MessageId: another })).toMatchObject({
      status: 0,
      message: 'کلید نامه معتبر نیست',
    });
    // A save's key on a save of another type of letter: refused too.
    const internalKey = key();
    expect(
      (await api.save(w.maryam, { ...api.internal([w.ali]), IsSend: 0, ClientKey: internalKey })).status,
    ).toBe(1);
    expect(
      await api.save(w.maryam, { ...api.internal([w.ali]), MessageTypeFk: 5, ClientKey: internalKey }),
    ).toMatchObject({ status: 0, messge: 'کلید نامه معتبر نیست' });
  });
  it('forwards a letter once however often the forward is repeated under its key; two keys, two forwards', async () => {
    const id = await api.sendNew(w.maryam, [w.ali]);
    const notices = async (who: typeof w.ali) =>
      (
        (await server.api.get('notification/list/', { Count: 50 }, { token: who.token })).body
          .records as Array<{
          url: string;
          title: string;
        }>
      ).filter((n) => n.url.endsWith(`/4/${id}`) && n.title.startsWith('ارجاع نامه'));
    const history = async () => {
      const detail = await api.get(w.maryam, id);
      return {
        forwards: (detail.allForwardedMessage as unknown[]).length,
        events: (detail.messageEvent as Array<{ eventTypeFk: number }>).filter((e) => e.eventTypeFk === 7)
          .length,
      };
    };
    const forward = {
      MessageId: id,
      IsSend: 1,
      SelectedTo: [w.zahra.personId, w.hossein.personId],
      ForwardMessage: 'لطفاً بررسی شود',
      ClientKey: key(),
    };
    const first = await api.post(w.ali, 'message/forward/', forward);
    expect(first).toMatchObject({ status: 1, id });
    // The answer was lost; the dialog sends the same forward again, and once more at the same moment.
    expect(await api.post(w.ali, 'message/forward/', forward)).toMatchObject({ status: 1, id });
    const together = await Promise.all([1, 2, 3].map(() => api.post(w.ali, 'message/forward/', forward)));
    expect(together.every((answer) => answer.status === 1 && answer.id === id)).toBe(true);
    expect(await history()).toEqual({ forwards: 2, events: 1 });
    for (const who of [w.zahra, w.hossein]) expect(await notices(who)).toHaveLength(1);
    // Another opening of the dialog (another key): a forward of its own.
    expect(await api.post(w.ali, 'message/forward/', { ...forward, ClientKey: key() })).toMatchObject({
      status: 1,
      id,
    });
    expect(await history()).toEqual({ forwards: 4, events: 2 });
    for (const who of [w.zahra, w.hossein]) expect(await notices(who)).toHaveLength(2);
    // The key of this forward on another letter's forward, on a draft passed on, or on a
    // reply: no retry of it, refused; a letter's key on a forward likewise.
    const another = await api.sendNew(w.maryam, [w.ali]);
    const mismatch = { status: 0, message: 'کلید نامه معتبر نیست' };
    expect(await api.post(w.ali, 'message/forward/', { ...forward, MessageId: another })).toMatchObject(
      mismatch,
    );
    expect(
      await api.post(w.ali, 'message/forward/', {
        MessageId: id,
        IsSend: 7,
        ForwardMessage: 'دریافت شد',
        ClientKey: forward.ClientKey,
      }),
    ).toMatchObject(mismatch);
    expect(
      await api.save(w.ali, { ...api.internal([w.maryam]), ClientKey: forward.ClientKey }),
    ).toMatchObject({
      status: 0,
      messge: 'کلید نامه معتبر نیست',
    });
    const letterKey = key();
    expect(
      (await api.save(w.ali, { ...api.internal([w.maryam]), IsSend: 0, ClientKey: letterKey })).status,
    ).toBe(1);
    expect(await api.post(w.ali, 'message/forward/', { ...forward, ClientKey: letterKey })).toMatchObject(
      mismatch,
    );
    expect(await history()).toEqual({ forwards: 4, events: 2 });
  });

  it('passes a draft on once under its key: sent again, the answer is the first one’s, not «not yours»', async () => {
    const draft = await api.draft(w.maryam, [w.ali]);
    const pass = { MessageId: draft, IsSend: 2, SelectedTo: [w.zahra.personId], ClientKey: key() };
    expect(await api.post(w.maryam, 'message/forward/', pass)).toMatchObject({ status: 1, id: draft });
    expect(await api.post(w.maryam, 'message/forward/', pass)).toMatchObject({ status: 1, id: draft });
    const detail = await api.get(w.zahra, draft);
    expect(detail.allForwardedMessage).toHaveLength(1);
    expect(
      (detail.messageEvent as Array<{ eventTypeFk: number }>).filter((e) => e.eventTypeFk === 9),
    ).toHaveLength(1);
    expect(await api.ids(w.zahra, { PageType: 'Draft' })).toContain(draft);
    // Under a new key it is a new pass, which is no longer Maryam's to make.
    expect(await api.post(w.maryam, 'message/forward/', { ...pass, ClientKey: key() })).toMatchObject({
      status: 0,
      message: 'این پیش‌نویس در دست شما نیست',
    });
    // A forward's key on a pass of the same letter: refused.
    const sent = await api.sendNew(w.maryam, [w.ali]);
    const forwardKey = key();
    expect(
      await api.post(w.ali, 'message/forward/', {
        MessageId: sent,
        IsSend: 1,
        SelectedTo: [w.hossein.personId],
        ClientKey: forwardKey,
      }),
    ).toMatchObject({ status: 1 });
    const aliDraft = await api.draft(w.ali, [w.maryam]);
    expect(
      await api.post(w.ali, 'message/forward/', {
        MessageId: aliDraft,
        IsSend: 2,
        SelectedTo: [w.hossein.personId],
        ClientKey: forwardKey,
      }),
    ).toMatchObject({ status: 0, message: 'کلید نامه معتبر نیست' });
  });
});
