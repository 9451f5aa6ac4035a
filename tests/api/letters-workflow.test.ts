// The letter's states and transitions of spec 1 §4, each allowed and refused over real
// HTTP: drafts, signatures, numbers, sending, reading, the dashboard's counts, forward,
// forward of a draft, reply, folders and delete. A refusal answers status 0 with the
// reason (`messge` too) and changes nothing.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSystem } from '../../server/db/tenant-fence';
import { ENGINES, startTestServer, type TestServer } from './harness';
import { letters, letterWorld, type LetterWorld, type Someone } from './letters-kit';
import { REFUSED } from '../../server/letters/constants';
import { NO_PERMISSION_MESSAGE } from '../../src/shared/permissions';
import { IMPORTED_NUMBER_REORDERED } from '../../src/shared/letter-limits';
import { PREFIX_OF_NUMBERING_SCHEME_FIXED } from '../../server/masterdata/resource-hooks/andikator';

describe.each(ENGINES)('letters: states and transitions (%s)', (engine) => {
  let server: TestServer;
  let w: LetterWorld;
  let api: ReturnType<typeof letters>;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    w = await letterWorld(server);
    api = letters(server, w);
  });
  afterAll(() => server?.stop());

  it('walks a draft through sign, number and send; each refusal changes nothing', async () => {
    const before = await api.box(w.maryam);
    const id = await api.draft(w.maryam, [w.ali]);
    expect((await api.box(w.maryam)).draftMessageCount).toBe(before.draftMessageCount + 1);
    expect(await api.ids(w.maryam, { PageType: 'Draft' })).toContain(id);

    // Sending a saved draft needs a signature.
    const unsigned = await api.save(w.maryam, { ...api.internal([w.ali]), MessageId: id, IsSend: 1 });
    expect(unsigned).toMatchObject({ status: 0, messge: REFUSED.sendNeedsSignature });
    expect((await api.get(w.maryam, id)).record).toMatchObject({ isSend: false, signed: false });

    // Edit, then sign; a signed draft is not edited and not numbered.
    const edited = await api.save(w.maryam, {
      ...api.internal([w.ali], { Subject: 'گزارش ویرایش‌شده' }),
      MessageId: id,
    });
    expect(edited.status).toBe(1);
    expect(await api.post(w.maryam, 'message/sign/', { id })).toMatchObject({ status: 1 });
    expect(await api.post(w.maryam, 'message/sign/', { id })).toMatchObject({
      status: 0,
      messge: REFUSED.alreadySigned,
    });
    const whileSigned = await api.save(w.maryam, {
      ...api.internal([w.ali], { Subject: 'تغییر' }),
      MessageId: id,
    });
    expect(whileSigned).toMatchObject({ status: 0, messge: REFUSED.signedReadOnly });
    const numberSigned = await api.save(w.maryam, { ...api.internal([w.ali]), MessageId: id, IsSend: 6 });
    expect(numberSigned).toMatchObject({ status: 0, messge: REFUSED.signedReadOnly });
    let record = (await api.get(w.maryam, id)).record;
    expect(record).toMatchObject({ subject: 'گزارش ویرایش‌شده', signed: true, number: null });

    // Remove the signature, take a number (once), sign again, send.
    expect(await api.post(w.maryam, 'message/removesign/', { id })).toMatchObject({ status: 1 });
    expect(await api.post(w.maryam, 'message/removesign/', { id })).toMatchObject({
      status: 0,
      messge: REFUSED.notSigned,
    });
    const numbered = await api.save(w.maryam, {
      ...api.internal([w.ali], { Subject: 'گزارش ویرایش‌شده' }),
      MessageId: id,
      IsSend: 6,
    });
    expect(numbered.status).toBe(1);
    record = (await api.get(w.maryam, id)).record;
    expect(record.number).toBeGreaterThan(0);
    expect(record.displayMessageNumber).toBe(`د-${record.number}`);
    const again = await api.save(w.maryam, {
      ...api.internal([w.ali], { Subject: 'گزارش ویرایش‌شده' }),
      MessageId: id,
      IsSend: 6,
    });
    expect(again).toMatchObject({ status: 0, messge: REFUSED.alreadyNumbered });
    expect((await api.get(w.maryam, id)).record.number).toBe(record.number);
    await api.post(w.maryam, 'message/sign/', { id });
    const sent = await api.save(w.maryam, { ...api.internal([w.ali]), MessageId: id, IsSend: 1 });
    expect(sent).toMatchObject({ status: 1, id });
    const number = record.number;
    record = (await api.get(w.maryam, id)).record;
    expect(record).toMatchObject({ isSend: true, signed: true, number });
    expect(await api.ids(w.maryam, { PageType: 'Draft' })).not.toContain(id);
    expect(await api.ids(w.maryam, { PageType: 'Send', MessageType: 4 })).toContain(id);

    // A sent letter is read-only: no save, sign, number or signature removal.
    for (const IsSend of [0, 1, 6]) {
      const refused = await api.save(w.maryam, { ...api.internal([w.ali]), MessageId: id, IsSend });
      expect(refused).toMatchObject({ status: 0, messge: REFUSED.sentReadOnly });
    }
    expect(await api.post(w.maryam, 'message/sign/', { id })).toMatchObject({
      status: 0,
      messge: REFUSED.notDraft,
    });
    expect(await api.post(w.maryam, 'message/removesign/', { id })).toMatchObject({
      status: 0,
      messge: REFUSED.notDraft,
    });

    const events = (await api.get(w.maryam, id)).messageEvent.map(
      (e: { eventTypeFk: number }) => e.eventTypeFk,
    );
    // create, edit, sign, remove signature, number (its unchanged form no edit), sign, send.
    expect(events).toEqual([1, 2, 4, 5, 6, 4, 3]);
  });

  it('keeps the copies, blind copies and «نیاز به پاسخ» an edit leaves out; an empty one clears them', async () => {
    const id = await api.draft(w.maryam, [w.ali], {
      SelectedCC: [w.zahra.personId],
      SelectedBcc: [w.fatemeh.personId],
      AnswerRequest: true,
    });
    const stored = async () => (await api.get(w.maryam, id)).record;
    // A client of spec 1 §7, which names no SelectedBcc, saving the subject alone.
    expect(
      await api.save(w.maryam, { ...api.internal([w.ali]), MessageId: id, Subject: 'گزارش ماهانه' }),
    ).toMatchObject({ status: 1 });
    expect(await stored()).toMatchObject({
      subject: 'گزارش ماهانه',
      selectedCC: [w.zahra.personId],
      selectedBcc: [w.fatemeh.personId],
      answerRequest: true,
    });
    // Emptied as a form sends it (one empty field), and as JSON.
    expect(
      await api.save(w.maryam, {
        ...api.internal([w.ali]),
        MessageId: id,
        SelectedCC: [],
        AnswerRequest: false,
      }),
    ).toMatchObject({ status: 1 });
    expect(await stored()).toMatchObject({
      selectedCC: [],
      selectedBcc: [w.fatemeh.personId],
      answerRequest: false,
    });
    const json = await server.api.post(
      'message/save/',
      { ...api.internal([w.ali]), MessageId: id, SelectedBcc: [] },
      { token: w.maryam.token },
    );
    expect(json.body).toMatchObject({ status: 1 });
    expect(await stored()).toMatchObject({ selectedCC: [], selectedBcc: [], answerRequest: false });
  });

  // The letter screen leaves those on the letter openly out of its blind-copy picker, and
  // says one chosen in both gets it openly (ComposeTab BlindCopiesInput): this is why.
  it('keeps one named as a recipient or copy and as a blind copy too openly, never hidden', async () => {
    const id = await api.draft(w.maryam, [w.ali], {
      SelectedCC: [w.zahra.personId],
      SelectedBcc: [w.ali.personId, w.zahra.personId, w.fatemeh.personId],
    });
    expect((await api.get(w.maryam, id)).record).toMatchObject({
      selectedTo: [w.ali.personId],
      selectedCC: [w.zahra.personId],
      selectedBcc: [w.fatemeh.personId],
    });
  });

  it('records an edit for a draft saved with other recipients, none for one saved unchanged', async () => {
    const id = await api.draft(w.maryam, [w.ali]);
    const edits = async () =>
      (await api.get(w.maryam, id)).messageEvent.filter((e: { eventTypeFk: number }) => e.eventTypeFk === 2)
        .length;
    expect(await api.save(w.maryam, { ...api.internal([w.ali]), MessageId: id })).toMatchObject({
      status: 1,
    });
    expect(await edits()).toBe(0);
    expect(await api.save(w.maryam, { ...api.internal([w.zahra, w.ali]), MessageId: id })).toMatchObject({
      status: 1,
    });
    expect(await edits()).toBe(1);
    expect((await api.get(w.maryam, id)).record.selectedTo).toEqual([w.zahra.personId, w.ali.personId]);
    expect(await api.save(w.maryam, { ...api.internal([w.zahra, w.ali]), MessageId: id })).toMatchObject({
      status: 1,
    });
    expect(await edits()).toBe(1);
  });

  it('refuses an edit from a screen that loaded an older edit of the draft; the same form again, or none named, passes', async () => {
    const id = await api.draft(w.maryam, [w.ali]);
    const loaded = (await api.get(w.maryam, id)).record.editVersion as number;
    expect(loaded).toBeGreaterThan(0);
    // The first tab saves a new subject.
    const first = { ...api.internal([w.ali], { Subject: 'ویرایش زبانه اول' }), MessageId: id };
    expect(await api.save(w.maryam, { ...first, EditVersion: loaded })).toMatchObject({ status: 1 });
    const now = (await api.get(w.maryam, id)).record.editVersion as number;
    expect(now).toBeGreaterThan(loaded);
    // Sent again as it was (its answer lost): nothing changes, it passes.
    expect(await api.save(w.maryam, { ...first, EditVersion: loaded })).toMatchObject({ status: 1 });
    // The second tab, still on the first load, edits the body: refused, nothing changed.
    const second = { ...api.internal([w.ali], { MessageBody: '<p>متن زبانه دوم</p>' }), MessageId: id };
    expect(await api.save(w.maryam, { ...second, EditVersion: loaded })).toEqual({
      status: 0,
      messge: REFUSED.editedElsewhere,
      message: REFUSED.editedElsewhere,
    });
    expect(await api.save(w.maryam, { ...second, EditVersion: loaded, IsSend: 6 })).toMatchObject({
      status: 0,
      messge: REFUSED.editedElsewhere,
    });
    const stored = (await api.get(w.maryam, id)).record;
    expect(stored).toMatchObject({ subject: 'ویرایش زبانه اول', number: null, editVersion: now });
    expect(stored.messageBody).not.toContain('زبانه دوم');
    // Reloaded, it saves; a client that names no version (spec 1 §7's) is not checked.
    expect(await api.save(w.maryam, { ...second, EditVersion: now })).toMatchObject({ status: 1 });
    expect(await api.save(w.maryam, { ...first })).toMatchObject({ status: 1 });
    expect(await api.save(w.maryam, { ...second, EditVersion: 'x' })).toMatchObject({
      status: 0,
      messge: 'نسخه پیش‌نویس معتبر نیست',
    });
  });

  it('refuses a signature from a screen that loaded an older edit: the signer signs what they read', async () => {
    const id = await api.draft(w.maryam, [w.ali]);
    const loaded = (await api.get(w.maryam, id)).record.editVersion as number;
    const edit = { ...api.internal([w.ali], { Subject: 'متن دیگری که امضاکننده ندیده است' }), MessageId: id };
    expect(await api.save(w.maryam, edit)).toMatchObject({ status: 1 });
    expect(await api.post(w.maryam, 'message/sign/', { Id: id, EditVersion: loaded })).toEqual({
      status: 0,
      messge: REFUSED.editedElsewhere,
      message: REFUSED.editedElsewhere,
    });
    expect((await api.get(w.maryam, id)).record.signed).toBe(false);
    // Loaded again, it signs; a client that names no version is not checked.
    const now = (await api.get(w.maryam, id)).record.editVersion as number;
    expect(await api.post(w.maryam, 'message/sign/', { Id: id, EditVersion: now })).toMatchObject({
      status: 1,
    });
    expect(await api.post(w.maryam, 'message/removesign/', { Id: id })).toMatchObject({ status: 1 });
    expect(await api.post(w.maryam, 'message/sign/', { Id: id })).toMatchObject({ status: 1 });
    expect(await api.post(w.maryam, 'message/sign/', { Id: id, EditVersion: [now, now] })).toMatchObject({
      status: 0,
    });
  });

  it('delivers to the cartable unread; opening marks it read once, with an event; the counts follow', async () => {
    const before = await api.box(w.ali);
    const id = await api.sendNew(w.maryam, [w.ali], { AnswerRequest: true });
    let box = await api.box(w.ali);
    expect(box.unReadMessageCount).toBe(before.unReadMessageCount + 1);
    expect(box.answerRequestCount).toBe(before.answerRequestCount + 1);
    expect(await api.ids(w.ali, { PageType: 'AllMyMessage' })).toContain(id);
    expect(await api.ids(w.ali, { PageType: 'UnReadMessage' })).toContain(id);
    expect(await api.ids(w.ali, { PageType: 'AnswerRequest' })).toContain(id);
    const listed = (await api.list(w.ali, { PageType: 'AllMyMessage' })).records.find(
      (r: { messageId: number }) => r.messageId === id,
    );
    expect(listed).toMatchObject({
      isReaded: false,
      messageTypeFk: 4,
      messageTypeString: 'داخلی',
      isSend: true,
      // A recipient neither wrote nor holds it: the list offers them no delete.
      isAuthor: false,
      isHolder: false,
      deletable: false,
    });
    const sentRow = async () =>
      (await api.list(w.maryam, { PageType: 'Send', MessageType: 4 })).records.find(
        (r: { messageId: number }) => r.messageId === id,
      );
    // Its author may delete it until a recipient reads it (below).
    expect(await sentRow()).toMatchObject({ isAuthor: true, isHolder: false, deletable: true });

    // The send notified Ali; opening the letter reads that notice too (the bell's count).
    const notices = async () =>
      (await server.api.get('notification/list/', { Count: 50 }, { token: w.ali.token })).body;
    const noticed = await notices();
    const notice = noticed.records.find((n: { url: string }) => n.url.endsWith(`/4/${id}`));
    expect(notice).toMatchObject({ isRead: false });
    const first = await api.get(w.ali, id);
    expect(first.record).toMatchObject({ isReaded: false, needsMyAnswer: true });
    const after = await notices();
    expect(after.records.find((n: { id: number }) => n.id === notice.id)).toMatchObject({ isRead: true });
    expect(after.unreadCount).toBe(noticed.unreadCount - 1);
    const second = await api.get(w.ali, id);
    expect(second.record.isReaded).toBe(true);
    expect(second.record.firstTimeRead).toEqual(expect.any(String));
    const reads = second.messageEvent.filter((e: { eventTypeFk: number }) => e.eventTypeFk === 8);
    expect(reads).toHaveLength(1);
    expect(reads[0].creatorUserId).toBe(w.ali.userId);
    // Read by a recipient: its author's list offers no delete, as the server refuses one.
    expect(await sentRow()).toMatchObject({ isAuthor: true, deletable: false });
    box = await api.box(w.ali);
    expect(box.unReadMessageCount).toBe(before.unReadMessageCount);
    expect(await api.ids(w.ali, { PageType: 'UnReadMessage' })).not.toContain(id);
    // The author opening their own letter is no reading.
    expect(
      (await api.get(w.maryam, id)).messageEvent.filter((e: { eventTypeFk: number }) => e.eventTypeFk === 8),
    ).toHaveLength(1);
  });

  it('records a reader of all letters once, however often and however many times at once they open it', async () => {
    const id = await api.sendNew(w.maryam, [w.ali]);
    // The admin holds no row of it (AllMessages alone): their first opening is their event.
    const openings = await Promise.all(Array.from({ length: 6 }, () => api.get(w.admin, id)));
    expect(openings.every((answer) => answer.status === 1)).toBe(true);
    const again = await api.get(w.admin, id);
    const reads = again.messageEvent.filter((e: { eventTypeFk: number }) => e.eventTypeFk === 8);
    expect(reads.map((e: { creatorUserId: number }) => e.creatorUserId)).toEqual([w.admin.userId]);
    expect(again.record.firstTimeRead).toEqual(expect.any(String));
  });

  it('deletes a saved letter only while no other user has read it, and only its author', async () => {
    const draftsBefore = (await api.box(w.maryam)).draftMessageCount;
    const draft = await api.draft(w.maryam, [w.ali]);
    expect(await api.call(w.ali, 'DELETE', 'message/delete/', { Id: draft })).toMatchObject({
      status: 0,
      messge: REFUSED.notFound,
    });
    // A draft is its writer's until sent: a reader of all letters does not see it either.
    expect(await api.get(w.admin, draft)).toMatchObject({ status: 0, message: REFUSED.notFound });
    // The body exactly as the screens send it (IsSend a number: it was refused as not text).
    expect(
      await api.call(w.maryam, 'DELETE', 'message/delete/', {
        Language: 0,
        Id: draft,
        PageType: 'Draft',
        TypeNumber: 0,
        IsSend: 0,
      }),
    ).toMatchObject({ status: 1 });
    expect((await api.box(w.maryam)).draftMessageCount).toBe(draftsBefore);
    expect(await api.get(w.maryam, draft)).toMatchObject({ status: 0, message: REFUSED.notFound });
    expect(await api.get(w.admin, draft)).toMatchObject({ status: 0, message: REFUSED.notFound });

    const unreadBefore = (await api.box(w.ali)).unReadMessageCount;
    const unread = await api.sendNew(w.maryam, [w.ali]);
    expect((await api.box(w.ali)).unReadMessageCount).toBe(unreadBefore + 1);
    expect(await api.call(w.ali, 'DELETE', 'message/delete/', { Id: unread })).toMatchObject({
      status: 0,
      messge: REFUSED.deleteNotAuthor,
    });
    expect(await api.call(w.maryam, 'DELETE', 'message/delete/', { Id: unread })).toMatchObject({
      status: 1,
    });
    expect((await api.box(w.ali)).unReadMessageCount).toBe(unreadBefore);
    expect(await api.ids(w.ali, { PageType: 'AllMyMessage' })).not.toContain(unread);

    const read = await api.sendNew(w.maryam, [w.ali]);
    await api.get(w.ali, read);
    expect(await api.call(w.maryam, 'DELETE', 'message/delete/', { Id: read })).toMatchObject({
      status: 0,
      messge: REFUSED.deleteRead,
    });
    expect((await api.get(w.maryam, read)).status).toBe(1);
    const events = (await api.get(w.maryam, read)).messageEvent.map(
      (e: { eventTypeFk: number }) => e.eventTypeFk,
    );
    expect(events).not.toContain(14);
  });

  it('forwards a sent letter to several colleagues, who then see it, with the note', async () => {
    const id = await api.sendNew(w.maryam, [w.ali]);
    expect(
      await api.post(w.zahra, 'message/forward/', {
        MessageId: id,
        IsSend: 1,
        SelectedTo: [w.hossein.personId],
      }),
    ).toMatchObject({ status: 0, messge: REFUSED.notFound });
    const forwarded = await api.post(w.ali, 'message/forward/', {
      MessageId: id,
      IsSend: 1,
      SelectedTo: [w.zahra.personId, w.hossein.personId],
      ForwardMessage: 'لطفاً بررسی شود',
    });
    expect(forwarded).toMatchObject({ status: 1, id });
    for (const who of [w.zahra, w.hossein]) {
      expect(await api.ids(who, { PageType: 'UnReadMessage' })).toContain(id);
      expect((await api.get(who, id)).status).toBe(1);
    }
    const detail = await api.get(w.maryam, id);
    expect(detail.allForwardedMessage).toHaveLength(2);
    expect(detail.allForwardedMessage[0]).toMatchObject({
      forwardMessage: 'لطفاً بررسی شود',
      creatorUserFullName: 'علی رضایی',
      description: 'ارجاع',
    });
    expect(detail.messageEvent.map((e: { eventTypeFk: number }) => e.eventTypeFk)).toContain(7);
    // A draft is not forwarded (only passed on: IsSend 2); to oneself neither.
    const draft = await api.draft(w.maryam, [w.ali]);
    expect(
      await api.post(w.maryam, 'message/forward/', {
        MessageId: draft,
        IsSend: 1,
        SelectedTo: [w.zahra.personId],
      }),
    ).toMatchObject({ status: 0, messge: REFUSED.notSent });
    const toSelf = await api.post(w.ali, 'message/forward/', {
      MessageId: id,
      IsSend: 1,
      SelectedTo: [w.ali.personId],
    });
    expect(toSelf.status).toBe(0);
  });

  it('counts a note’s line breaks once, as the form does: a browser’s CR LF is stored as LF', async () => {
    const id = await api.sendNew(w.maryam, [w.ali]);
    const lines = Array.from({ length: 100 }, () => 'ا'.repeat(39)).join('\r\n'); // 3,900 + 99 breaks, once each
    expect(
      await api.post(w.ali, 'message/forward/', {
        MessageId: id,
        IsSend: 1,
        SelectedTo: [w.hossein.personId],
        ForwardMessage: `${lines}ب`, // 4,000 as the form counts (4,099 with the \r's)
      }),
    ).toMatchObject({ status: 1 });
    const [note] = (await api.get(w.ali, id)).allForwardedMessage as Array<{ forwardMessage: string }>;
    expect(note.forwardMessage).not.toContain('\r');
    expect(note.forwardMessage).toHaveLength(4000);
  });

  it('names the people of a letter in its answer: author, signer, recipients, forwards, events', async () => {
    const id = await api.draft(w.maryam, [w.ali], { SelectedCC: [w.zahra.personId] });
    expect(await api.post(w.maryam, 'message/sign/', { id })).toMatchObject({ status: 1 });
    const sent = await api.save(w.maryam, {
      ...api.internal([w.ali], { SelectedCC: [w.zahra.personId] }),
      MessageId: id,
      IsSend: 1,
    });
    expect(sent.status).toBe(1);
    expect((await api.get(w.ali, id)).status).toBe(1);
    await api.post(w.ali, 'message/forward/', {
      MessageId: id,
      IsSend: 1,
      SelectedTo: [w.hossein.personId],
      ForwardMessage: 'برای اطلاع',
    });
    const detail = await api.get(w.maryam, id);
    expect(detail.record).toMatchObject({
      createdUserFullName: 'مریم احمدی',
      signedByFullName: 'مریم احمدی',
      selectedTo: [w.ali.personId],
      selectedCC: [w.zahra.personId],
      selectedBcc: [],
    });
    expect(detail.record.andikatorTitle).not.toBe('');
    expect(detail.allForwardedMessage).toEqual([
      expect.objectContaining({
        forwardMessage: 'برای اطلاع',
        creatorUserId: w.ali.userId,
        creatorUserFullName: 'علی رضایی',
        receivedUserId: w.hossein.userId,
        receivedUserFullName: 'حسین محمدی',
      }),
    ]);
    // Each event by whom: Maryam wrote, signed and sent it; Ali read and forwarded it.
    const byWhom = (detail.messageEvent as Array<{ eventTypeFk: number; creatorUserFullName: string }>).map(
      (e) => [e.eventTypeFk, e.creatorUserFullName],
    );
    expect(byWhom).toContainEqual([8, 'علی رضایی']);
    expect(byWhom).toContainEqual([7, 'علی رضایی']);
    const maryams = byWhom.filter(([type]) => type !== 8 && type !== 7);
    expect(maryams.length).toBeGreaterThan(0);
    expect(new Set(maryams.map(([, name]) => name))).toEqual(new Set(['مریم احمدی']));
  });

  it('passes an unsigned draft to one colleague, who then holds it and sends it', async () => {
    const id = await api.draft(w.maryam, [w.zahra]);
    const signedId = await api.draft(w.maryam, [w.zahra]);
    await api.post(w.maryam, 'message/sign/', { id: signedId });
    expect(
      await api.post(w.maryam, 'message/forward/', {
        MessageId: signedId,
        IsSend: 2,
        SelectedTo: [w.ali.personId],
      }),
    ).toMatchObject({ status: 0, messge: REFUSED.signedReadOnly });
    expect(
      await api.post(w.maryam, 'message/forward/', {
        MessageId: id,
        IsSend: 2,
        SelectedTo: [w.ali.personId, w.hossein.personId],
      }),
    ).toMatchObject({ status: 0 });
    const aliDrafts = (await api.box(w.ali)).draftMessageCount;
    expect(
      await api.post(w.maryam, 'message/forward/', {
        MessageId: id,
        IsSend: 2,
        SelectedTo: [w.ali.personId],
        ForwardMessage: 'امضا و ارسال شود',
      }),
    ).toMatchObject({ status: 1 });
    expect((await api.box(w.ali)).draftMessageCount).toBe(aliDrafts + 1);
    expect(await api.ids(w.ali, { PageType: 'Draft' })).toContain(id);
    expect(await api.ids(w.maryam, { PageType: 'Draft' })).not.toContain(id);
    // Maryam still sees it, but no longer holds it.
    expect((await api.get(w.maryam, id)).record).toMatchObject({ isHolder: false, isAuthor: true });
    expect(await api.save(w.maryam, { ...api.internal([w.zahra]), MessageId: id })).toMatchObject({
      status: 0,
      messge: REFUSED.notHolder,
    });
    expect(await api.post(w.maryam, 'message/sign/', { id })).toMatchObject({
      status: 0,
      messge: REFUSED.notHolder,
    });
    expect(await api.post(w.ali, 'message/sign/', { id })).toMatchObject({ status: 1 });
    expect(await api.save(w.ali, { MessageId: id, IsSend: 1 })).toMatchObject({ status: 1 });
    const sent = (await api.get(w.zahra, id)).record;
    expect(sent).toMatchObject({ isSend: true, messageFrom: 'علی رضایی', messageFromUserId: w.ali.userId });
    expect(await api.ids(w.ali, { PageType: 'Send', MessageType: 4 })).toContain(id);
  });

  it('replies to the sender with a draft; sending it answers the answer request', async () => {
    const original = await api.sendNew(w.maryam, [w.hossein], { AnswerRequest: true });
    const waiting = (await api.box(w.hossein)).answerRequestCount;
    expect(await api.post(w.maryam, 'message/forward/', { MessageId: original, IsSend: 7 })).toMatchObject({
      status: 0,
      messge: REFUSED.replyToSelf,
    });
    const reply = await api.post(w.hossein, 'message/forward/', {
      MessageId: original,
      IsSend: 7,
      ForwardMessage: 'انجام شد',
    });
    expect(reply.status).toBe(1);
    expect(reply.id).not.toBe(original);
    const draft = await api.get(w.hossein, reply.id);
    expect(draft.record).toMatchObject({
      isSend: false,
      subject: expect.stringContaining('پاسخ'),
      selectedTo: [w.maryam.personId],
    });
    expect(draft.relatedMessage).toEqual([expect.objectContaining({ messageId: original, follow: true })]);
    // Dated as the lists date the original: by its sending (probe helper-91).
    const originalRecord = (await api.get(w.maryam, original)).record;
    expect(draft.relatedMessage[0]).toMatchObject({
      createdDate: originalRecord.createdDate,
      sentDate: originalRecord.sentDate,
    });
    expect(originalRecord.sentDate).toEqual(expect.any(String));
    // A draft reaches nobody: until it is sent the original names no reply, nor its text.
    const history = async () => {
      const seen = await api.get(w.maryam, original);
      return {
        forwards: seen.allForwardedMessage,
        replies: seen.messageEvent.filter((e: { eventTypeFk: number }) => e.eventTypeFk === 10),
      };
    };
    expect(await history()).toEqual({ forwards: [], replies: [] });
    expect(await api.ids(w.hossein, { PageType: 'Draft' })).toContain(reply.id);
    expect((await api.box(w.hossein)).answerRequestCount).toBe(waiting);
    await api.post(w.hossein, 'message/sign/', { id: reply.id });
    expect(await api.save(w.hossein, { MessageId: reply.id, IsSend: 1 })).toMatchObject({ status: 1 });
    // Sent: the reply is the original's third forward mode, its text the reply's own.
    expect(await history()).toEqual({
      forwards: [
        expect.objectContaining({
          forwardMessage: '',
          creatorUserFullName: 'حسین محمدی',
          receivedUserFullName: 'مریم احمدی',
          description: 'پاسخ',
        }),
      ],
      replies: [expect.objectContaining({ creatorUserId: w.hossein.userId, description: '' })],
    });
    expect((await api.box(w.hossein)).answerRequestCount).toBe(waiting - 1);
    expect(await api.ids(w.hossein, { PageType: 'AnswerRequest' })).not.toContain(original);
    expect(await api.ids(w.maryam, { PageType: 'AllMyMessage' })).toContain(reply.id);
  });

  it('writes nothing onto an original deleted before its reply is sent (probe helper-66)', async () => {
    const original = await api.sendNew(w.maryam, [w.hossein], { AnswerRequest: true });
    const reply = await api.post(w.hossein, 'message/forward/', {
      MessageId: original,
      IsSend: 7,
      ForwardMessage: 'انجام شد',
    });
    expect(reply).toMatchObject({ status: 1 });
    const db = server.built.services.db;
    const history = () =>
      asSystem(async () => ({
        events: (
          await sql<{
            type: number;
          }>`SELECT event_type AS type FROM message_events WHERE message_id = ${original} ORDER BY id`.execute(
            db,
          )
        ).rows.map((r) => r.type),
        forwards: Number(
          (
            await sql<{
              n: number;
            }>`SELECT count(*) AS n FROM message_forwards WHERE message_id = ${original}`.execute(db)
          ).rows[0].n,
        ),
      }));
    // Nobody has read it: its author deletes it, and its history is the registry's from now on.
    expect(await api.call(w.maryam, 'DELETE', 'message/delete/', { Id: original })).toMatchObject({
      status: 1,
    });
    const kept = await history();
    await api.post(w.hossein, 'message/sign/', { id: reply.id });
    expect(await api.save(w.hossein, { MessageId: reply.id, IsSend: 1 })).toMatchObject({ status: 1 });
    expect(await history()).toEqual(kept);
    expect(await api.ids(w.maryam, { PageType: 'AllMyMessage' })).toContain(reply.id);
  });

  it('keeps no notice of a letter deleted as it is sent or forwarded, none unread of one opened as it arrives (probe helper-66)', async () => {
    const notices = async (who: Someone, id: number) =>
      (
        (await server.api.get('notification/list/', { Count: 100 }, { token: who.token })).body.records as {
          url: string;
          isRead: boolean;
        }[]
      ).filter((n) => n.url.endsWith(`/4/${id}`));
    const remove = (id: number, PageType: string) =>
      api.call(w.maryam, 'DELETE', 'message/delete/', { Id: id, PageType });
    const later = <T>(ms: number, call: () => Promise<T>) =>
      new Promise<T>((resolve, reject) => setTimeout(() => call().then(resolve, reject), ms));
    for (let round = 0; round < 8; round++) {
      // Sent and deleted at the same moment: whichever comes first, a deleted letter leaves
      // its recipients no notice (the notices are written in the send's transaction).
      const id = await api.draft(w.maryam, [w.ali, w.zahra]);
      await api.post(w.maryam, 'message/sign/', { id });
      const [sent, deleted] = await Promise.all([
        api.save(w.maryam, { MessageId: id, IsSend: 1 }),
        remove(id, 'Draft'),
      ]);
      expect([sent.status, deleted.status]).toContain(1);
      const left = [...(await notices(w.ali, id)), ...(await notices(w.zahra, id))];
      expect(left).toHaveLength(deleted.status === 1 ? 0 : 2);
      // Forwarded and deleted at the same moment.
      const letter = await api.sendNew(w.maryam, [w.ali]);
      const [forwarded, gone] = await Promise.all([
        api.post(w.ali, 'message/forward/', {
          MessageId: letter,
          IsSend: 1,
          SelectedTo: [w.hossein.personId],
        }),
        later(round * 2, () => remove(letter, 'Send')),
      ]);
      expect([forwarded.status, gone.status]).toContain(1);
      if (gone.status === 1) expect(await notices(w.hossein, letter)).toEqual([]);
    }
    // Opened the moment it shows in the cartable: its notice is read with it.
    const arrived = async () => {
      for (;;) {
        const [top] = (await api.list(w.fatemeh, { PageType: 'AllMyMessage', Count: 1 })).records as {
          messageId: number;
        }[];
        if (top && top.messageId > newest) return top.messageId;
      }
    };
    const newest = ((await api.list(w.fatemeh, { PageType: 'AllMyMessage', Count: 1 })).records[0]
      ?.messageId ?? 0) as number;
    const [id, opened] = await Promise.all([
      api.sendNew(w.maryam, [w.fatemeh]),
      arrived().then(async (found) => {
        await api.get(w.fatemeh, found);
        return found;
      }),
    ]);
    expect(opened).toBe(id);
    expect(await notices(w.fatemeh, id)).toEqual([expect.objectContaining({ isRead: true })]);
  });

  it('saves a user’s favourite contacts twice at once: both answered, one choice stands (probe helper-66)', async () => {
    const choices = [[w.ali, w.zahra], [w.ali, w.hossein], [w.zahra, w.ali], [w.hossein]].map((people) =>
      people.map((p) => p.personId),
    );
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        choices.map((Persons) => api.post(w.maryam, 'person/savefavoritepersons/', { Persons })),
      );
      expect(answers.map((a) => a.status)).toEqual([1, 1, 1, 1]);
      const chosen = (
        (await server.api.get('person/getfavoritepersons/', {}, { token: w.maryam.token })).body.records as {
          id: number;
        }[]
      ).map((p) => p.id);
      expect(choices).toContainEqual(chosen);
    }
  });

  it('leaves no trace of a reply deleted unsent; a reply passed on and sent answers for its author', async () => {
    const original = await api.sendNew(w.maryam, [w.hossein, w.ali], {
      AnswerRequest: true,
      SelectedCC: [w.zahra.personId],
    });
    const unsent = await api.post(w.ali, 'message/forward/', {
      MessageId: original,
      IsSend: 7,
      ForwardMessage: 'پیش‌نویسی که فرستاده نمی‌شود',
    });
    expect(await api.call(w.ali, 'DELETE', 'message/delete/', { Id: unsent.id })).toMatchObject({
      status: 1,
    });
    for (const who of [w.maryam, w.zahra]) {
      const seen = await api.get(who, original);
      expect(seen.allForwardedMessage).toEqual([]);
      expect(JSON.stringify(seen)).not.toContain('فرستاده نمی‌شود');
    }
    // Hossein writes the reply, passes it to Zahra, who signs and sends it for him.
    const waiting = (await api.box(w.hossein)).answerRequestCount;
    const reply = await api.post(w.hossein, 'message/forward/', {
      MessageId: original,
      IsSend: 7,
      ForwardMessage: 'پاسخ حسین',
    });
    expect(
      await api.post(w.hossein, 'message/forward/', {
        MessageId: reply.id,
        IsSend: 2,
        SelectedTo: [w.zahra.personId],
      }),
    ).toMatchObject({ status: 1 });
    expect(await api.post(w.zahra, 'message/sign/', { id: reply.id })).toMatchObject({ status: 1 });
    expect(await api.save(w.zahra, { MessageId: reply.id, IsSend: 1 })).toMatchObject({ status: 1 });
    expect((await api.box(w.hossein)).answerRequestCount).toBe(waiting - 1);
    expect(await api.ids(w.hossein, { PageType: 'AnswerRequest' })).not.toContain(original);
    // Ali, who has not answered, still owes his.
    expect(await api.ids(w.ali, { PageType: 'AnswerRequest' })).toContain(original);
    // Its author finds the letter he passed on among his sent letters, as its sender does.
    expect(await api.ids(w.hossein, { PageType: 'Send', MessageType: 4 })).toContain(reply.id);
    expect(await api.ids(w.zahra, { PageType: 'Send', MessageType: 4 })).toContain(reply.id);
    // In the name of who answered, whoever pressed send.
    expect((await api.get(w.maryam, original)).allForwardedMessage).toEqual([
      expect.objectContaining({
        creatorUserFullName: 'حسین محمدی',
        receivedUserFullName: 'مریم احمدی',
        description: 'پاسخ',
        forwardMessage: '',
      }),
    ]);
  });

  it('answers only with a reply that reaches the asker and stays: re-addressed or deleted, it owes again', async () => {
    const original = await api.sendNew(w.maryam, [w.ali], {
      AnswerRequest: true,
      SelectedCC: [w.zahra.personId],
    });
    const owed = async () => (await api.ids(w.ali, { PageType: 'AnswerRequest' })).includes(original);
    const reply = async () =>
      (await api.post(w.ali, 'message/forward/', { MessageId: original, IsSend: 7, ForwardMessage: 'پاسخ' }))
        .id as number;
    const send = async (id: number, extra: Record<string, unknown> = {}) => {
      if (Object.keys(extra).length)
        expect(
          await api.save(w.ali, { ...api.internal([w.hossein]), MessageId: id, ...extra }),
        ).toMatchObject({
          status: 1,
        });
      expect(await api.post(w.ali, 'message/sign/', { id })).toMatchObject({ status: 1 });
      expect(await api.save(w.ali, { MessageId: id, IsSend: 1 })).toMatchObject({ status: 1 });
    };
    // Re-addressed to someone else: no answer, and the original names none of its recipients.
    await send(await reply(), { Subject: 'پاسخ به کس دیگر' });
    expect(await owed()).toBe(true);
    expect((await api.get(w.zahra, original)).allForwardedMessage).toEqual([]);
    // Sent to the asker, then deleted unread: owed again.
    const sent = await reply();
    await send(sent);
    expect(await owed()).toBe(false);
    const waiting = (await api.box(w.ali)).answerRequestCount;
    expect(await api.call(w.ali, 'DELETE', 'message/delete/', { Id: sent })).toMatchObject({ status: 1 });
    expect(await owed()).toBe(true);
    expect((await api.box(w.ali)).answerRequestCount).toBe(waiting + 1);
    // Two replies, one deleted: the other still answers.
    const first = await reply();
    await send(first);
    const second = await reply();
    await send(second);
    expect(await api.call(w.ali, 'DELETE', 'message/delete/', { Id: second })).toMatchObject({ status: 1 });
    expect(await owed()).toBe(false);
  });

  it('answers with a reply that copies the asker, not with one that blind-copies them', async () => {
    const original = await api.sendNew(w.maryam, [w.ali], { AnswerRequest: true });
    const owed = async () => (await api.ids(w.ali, { PageType: 'AnswerRequest' })).includes(original);
    const replyTo = async (extra: Record<string, unknown>) => {
      const id = (
        await api.post(w.ali, 'message/forward/', { MessageId: original, IsSend: 7, ForwardMessage: 'پاسخ' })
      ).id as number;
      expect(await api.save(w.ali, { ...api.internal([w.hossein]), MessageId: id, ...extra })).toMatchObject({
        status: 1,
      });
      expect(await api.post(w.ali, 'message/sign/', { id })).toMatchObject({ status: 1 });
      expect(await api.save(w.ali, { MessageId: id, IsSend: 1 })).toMatchObject({ status: 1 });
      return id;
    };
    await replyTo({ SelectedBcc: [w.maryam.personId] });
    expect(await owed()).toBe(true);
    expect((await api.get(w.maryam, original)).allForwardedMessage).toEqual([]);
    const copied = await replyTo({ SelectedCC: [w.maryam.personId] });
    expect(await owed()).toBe(false);
    expect((await api.get(w.maryam, original)).allForwardedMessage).toHaveLength(1);
    // Deleted unread, the copy's reply owes the answer again: the blind copy's does not stand
    // for it, and the original's forwards no longer show a «پاسخ» no one can open.
    expect(await api.call(w.ali, 'DELETE', 'message/delete/', { Id: copied })).toMatchObject({ status: 1 });
    expect(await owed()).toBe(true);
    expect((await api.get(w.maryam, original)).allForwardedMessage).toEqual([]);
    // Two replies sent, one deleted: one row left, the other's.
    await replyTo({ SelectedCC: [w.maryam.personId] });
    const second = await replyTo({ SelectedCC: [w.maryam.personId] });
    expect((await api.get(w.maryam, original)).allForwardedMessage).toHaveLength(2);
    expect(await api.call(w.ali, 'DELETE', 'message/delete/', { Id: second })).toMatchObject({ status: 1 });
    expect((await api.get(w.maryam, original)).allForwardedMessage).toHaveLength(1);
    expect(await owed()).toBe(false);
  });

  it('keeps a blind copy’s reply, sent for them by a colleague, from the original’s other readers', async () => {
    const original = await api.sendNew(w.maryam, [w.ali], { SelectedBcc: [w.hossein.personId] });
    const reply = await api.post(w.hossein, 'message/forward/', {
      MessageId: original,
      IsSend: 7,
      ForwardMessage: 'پاسخ پنهان',
    });
    expect(
      await api.post(w.hossein, 'message/forward/', {
        MessageId: reply.id,
        IsSend: 2,
        SelectedTo: [w.zahra.personId],
      }),
    ).toMatchObject({ status: 1 });
    expect(await api.post(w.zahra, 'message/sign/', { id: reply.id })).toMatchObject({ status: 1 });
    expect(await api.save(w.zahra, { MessageId: reply.id, IsSend: 1 })).toMatchObject({ status: 1 });
    const seenByAli = await api.get(w.ali, original);
    expect(seenByAli.allForwardedMessage).toEqual([]);
    expect(JSON.stringify(seenByAli)).not.toContain('حسین');
    expect(JSON.stringify(seenByAli)).not.toContain('زهرا');
    // Its author, the original's sender, sees who answered.
    expect((await api.get(w.maryam, original)).allForwardedMessage).toEqual([
      expect.objectContaining({ creatorUserFullName: 'حسین محمدی', description: 'پاسخ' }),
    ]);
  });

  it('offers its author delete of a passed draft exactly when the server would do it', async () => {
    const passOn = async () => {
      const id = await api.draft(w.admin, [w.ali]);
      expect(
        await api.post(w.admin, 'message/forward/', {
          MessageId: id,
          IsSend: 2,
          SelectedTo: [w.maryam.personId],
        }),
      ).toMatchObject({ status: 1 });
      return id;
    };
    const offered = async (id: number) =>
      (await api.list(w.admin, { Count: 100, PageType: 'AllMessage' })).records.find(
        (r: { messageId: number }) => r.messageId === id,
      )?.deletable as boolean | undefined;
    // Maryam, holding it, reads it: a reading by another user.
    const read = await passOn();
    expect((await api.get(w.maryam, read)).status).toBe(1);
    expect(await api.post(w.maryam, 'message/sign/', { id: read })).toMatchObject({ status: 1 });
    expect(await api.save(w.maryam, { MessageId: read, IsSend: 1 })).toMatchObject({ status: 1 });
    expect(await offered(read)).toBe(false);
    expect(await api.call(w.admin, 'DELETE', 'message/delete/', { Id: read })).toMatchObject({
      status: 0,
      messge: REFUSED.deleteRead,
    });
    // Sent unread by anyone: offered, and done.
    const unread = await passOn();
    expect(await api.post(w.maryam, 'message/sign/', { id: unread })).toMatchObject({ status: 1 });
    expect(await api.save(w.maryam, { MessageId: unread, IsSend: 1 })).toMatchObject({ status: 1 });
    expect(await offered(unread)).toBe(true);
    expect(await api.call(w.admin, 'DELETE', 'message/delete/', { Id: unread })).toMatchObject({ status: 1 });
  });

  it('keeps the prefix of a scheme that numbered letters: no second letter reads the same number', async () => {
    const admin = { token: w.admin.token };
    const create = (prefix: string) =>
      server.api.post(
        'andikator/create/',
        { AndikatorTitle: `آزمون ${prefix}`, AndikatorPreFix: prefix, StartNumber: 100, MessageTypeFk: 4 },
        admin,
      );
    const scheme = (await create('آز-')).body.id as number;
    const update = (prefix: string) =>
      server.api.call('PUT', 'andikator/update/', {
        ...admin,
        json: { Id: scheme, AndikatorPreFix: prefix },
      });
    // Unused, its prefix changes freely.
    expect((await update('آزم-')).body.status).toBe(1);
    expect((await update('آز-')).body.status).toBe(1);
    const letter = await api.sendNew(w.maryam, [w.ali], { AndikatorFk: scheme });
    expect((await api.get(w.maryam, letter)).record.displayMessageNumber).toBe('آز-100');
    expect((await update('آزم-')).body).toEqual({ status: 0, message: PREFIX_OF_NUMBERING_SCHEME_FIXED });
    // The same prefix in other digits, or its title and activity: still an edit.
    expect(
      (
        await server.api.call('PUT', 'andikator/update/', {
          ...admin,
          json: { Id: scheme, AndikatorPreFix: 'آز-', AndikatorTitle: 'آزمون دیگر' },
        })
      ).body.status,
    ).toBe(1);
    // The prefix is still its own: a second scheme of it is refused, as before.
    expect((await create('آز-')).body.status).toBe(0);
    expect((await api.get(w.maryam, letter)).record.displayMessageNumber).toBe('آز-100');
  });

  it('files a sent letter in an archive and a favourite folder, per user', async () => {
    const id = await api.sendNew(w.maryam, [w.ali]);
    const archives = (await server.api.get('archive/list/', { Count: -1 }, { token: w.admin.token })).body
      .records;
    const folder = archives[0].archiveId as number;
    const favorite = (
      await server.api.post('favorite/create/', { FavoriteTitle: 'پیگیری‌ها' }, { token: w.admin.token })
    ).body.id as number;
    expect(
      await api.call(w.ali, 'PUT', 'message/setarchive/', { MessageId: id, ArchiveId: folder }),
    ).toMatchObject({ status: 1 });
    expect(
      await api.call(w.ali, 'PUT', 'message/setfavorite/', { MessageId: id, FavoriteId: favorite }),
    ).toMatchObject({ status: 1 });
    expect(await api.ids(w.ali, { PageType: 'Archive', TypeNumber: folder })).toContain(id);
    expect(await api.ids(w.ali, { PageType: 'Favorite', TypeNumber: favorite })).toContain(id);
    expect(await api.ids(w.maryam, { PageType: 'Archive', TypeNumber: folder })).not.toContain(id);
    // Filed there again: done, and no second event; filed in another folder: an event.
    expect(
      await api.call(w.ali, 'PUT', 'message/setarchive/', { MessageId: id, ArchiveId: folder }),
    ).toMatchObject({ status: 1 });
    const events = (await api.get(w.ali, id)).messageEvent.map((e: { eventTypeFk: number }) => e.eventTypeFk);
    expect(events.filter((type: number) => type === 11)).toHaveLength(1);
    expect(events.filter((type: number) => type === 12)).toHaveLength(1);
    const otherFolder = archives[1].archiveId as number;
    await api.call(w.ali, 'PUT', 'message/setarchive/', { MessageId: id, ArchiveId: otherFolder });
    const refiled = (await api.get(w.ali, id)).messageEvent.filter(
      (e: { eventTypeFk: number }) => e.eventTypeFk === 11,
    );
    expect(refiled).toHaveLength(2);
    expect(await api.ids(w.ali, { PageType: 'Archive', TypeNumber: otherFolder })).toContain(id);
    const draft = await api.draft(w.maryam, [w.ali]);
    expect(
      await api.call(w.maryam, 'PUT', 'message/setarchive/', { MessageId: draft, ArchiveId: folder }),
    ).toMatchObject({ status: 0, message: REFUSED.notSent });
    expect(
      await api.call(w.ali, 'PUT', 'message/setarchive/', { MessageId: id, ArchiveId: 999_999 }),
    ).toMatchObject({ status: 0, message: 'پوشه بایگانی انتخاب‌شده وجود ندارد' });
    // A folder that files letters is not deleted.
    const deleted = await server.api.call('DELETE', 'favorite/delete/', {
      token: w.admin.token,
      json: { Id: favorite },
    });
    expect(deleted.body).toMatchObject({ status: 0, message: expect.stringContaining('نامه') });
  });

  it('files a letter into a folder deleted at that moment: a Persian answer, filed or not, never half', async () => {
    const admin = { token: w.admin.token };
    const rounds = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const id = await api.sendNew(w.maryam, [w.ali]);
        const folder = (await server.api.post('archive/create/', { ArchiveTitle: `هم‌زمان ${i}` }, admin))
          .body.id as number;
        const [filed, deleted] = await Promise.all([
          server.api.call('PUT', 'message/setarchive/', {
            token: w.ali.token,
            json: { MessageId: id, ArchiveId: folder },
          }),
          server.api.call('DELETE', 'archive/delete/', { ...admin, json: { Id: folder } }),
        ]);
        return { id, folder, filed, deleted };
      }),
    );
    for (const { id, folder, filed, deleted } of rounds) {
      expect([filed.status, deleted.status]).toEqual([200, 200]);
      // One of the two won; the other was told why in Persian.
      expect(filed.body.status + deleted.body.status).toBe(1);
      if (filed.body.status === 0) expect(filed.body.message).toMatch(/وجود ندارد|هم‌زمان حذف شد/);
      const listed = await api.ids(w.ali, { PageType: 'Archive', TypeNumber: folder });
      expect(listed).toEqual(filed.body.status === 1 ? [id] : []);
    }
  });

  it("needs the type's create permission for a new letter", async () => {
    const incoming = {
      MessageTypeFk: 5,
      Subject: 'درخواست پیش‌فاکتور',
      MessageBody: '<p>متن نامه وارده</p>',
      AndikatorFk: w.scheme[5],
      SelectedTo: [w.ali.personId],
      ImportedMsgNumber: '۱۲۳/الف',
      ImportedMsgDate: '2026-03-10T00:00:00.000Z',
      ReciveMethodFk: w.reciveMethod,
    };
    expect(await api.save(w.maryam, incoming)).toMatchObject({ status: 0, messge: NO_PERMISSION_MESSAGE });
    const customer = (
      await server.api.post(
        'customer/create/',
        { Name: 'شرکت آریا', Code: 'L-1', CreatedDate: '2025-01-01', CreditDate: '2026-01-01' },
        { token: w.admin.token },
      )
    ).body.id as number;
    expect(await api.save(w.admin, incoming)).toMatchObject({
      status: 0,
      messge: 'مشتری فرستنده الزامی است',
    });
    // Received by now: a day still to come in Tehran is refused, naming the field.
    const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString();
    expect(
      await api.save(w.admin, { ...incoming, MessageFromCustomerFk: customer, ImportedMsgDate: tomorrow }),
    ).toMatchObject({ status: 0, messge: 'تاریخ نامه وارده نمی‌تواند پس از امروز باشد' });
    // «نیاز به پاسخ» is the internal letter's: asked of an incoming one, refused, not dropped.
    expect(
      await api.save(w.admin, { ...incoming, MessageFromCustomerFk: customer, AnswerRequest: true }),
    ).toMatchObject({ status: 0, messge: 'نیاز به پاسخ فقط برای نامه داخلی است' });
    // A number holding a control that reorders it shows as another («\u202e۴۰۴۱» reads «۱۴۰۴»).
    for (const control of ['\u202e', '\u202b', '\u2067', '\u200f', '\u200e', '\u061c'])
      expect(
        await api.save(w.admin, {
          ...incoming,
          MessageFromCustomerFk: customer,
          ImportedMsgNumber: `${control}۴۰۴۱`,
        }),
      ).toMatchObject({ status: 0, messge: IMPORTED_NUMBER_REORDERED });
    const saved = await api.save(w.admin, { ...incoming, MessageFromCustomerFk: customer, IsSend: 1 });
    expect(saved.status).toBe(1);
    const record = (await api.get(w.ali, saved.id)).record;
    expect(record).toMatchObject({
      messageTypeFk: 5,
      messageFrom: 'شرکت آریا',
      importedMsgNumber: '۱۲۳/الف',
      reciveMethodFk: w.reciveMethod,
      reciveMethodTitle: expect.stringMatching(/\S/),
      andikatorTitle: 'اندیکاتور وارده',
      displayMessageNumber: expect.stringMatching(/^و-\d+$/),
      // A reply goes to the colleague who registered it, not to the customer it came from.
      messageFromUserId: w.admin.userId,
      messageFromUserFullName: expect.stringMatching(/\S/),
    });
    expect(record.messageFromUserFullName).not.toBe('شرکت آریا');
    // A client that sends back the letter's own fields (its incoming scheme and type) gets
    // an internal reply on the default internal scheme, not a refusal.
    const reply = await api.post(w.ali, 'message/forward/', {
      MessageId: saved.id,
      IsSend: 7,
      ForwardMessage: 'بررسی شد',
      AndikatorFk: w.scheme[5],
      MessageTypeFk: 5,
    });
    expect(reply.status).toBe(1);
    const replied = (await api.get(w.ali, reply.id)).record;
    expect(replied).toMatchObject({
      selectedTo: [w.admin.personId],
      messageTypeFk: 4,
      andikatorFk: w.scheme[4],
    });
    // Projects are not built yet: no id names one, so a letter naming one is refused.
    expect(
      await api.post(w.ali, 'message/forward/', {
        MessageId: saved.id,
        IsSend: 7,
        ForwardMessage: 'x',
        ProjectFk: 3,
      }),
    ).toMatchObject({ status: 0, messge: 'پروژه انتخاب‌شده وجود ندارد' });
    expect(
      await api.save(w.admin, { ...incoming, MessageFromCustomerFk: customer, ProjectFk: 3 }),
    ).toMatchObject({
      status: 0,
      messge: 'پروژه انتخاب‌شده وجود ندارد',
    });
    expect(await api.ids(w.admin, { PageType: 'Send', MessageType: 5, fromCustomerId: customer })).toContain(
      saved.id,
    );
    expect(await api.ids(w.admin, { PageType: 'AllMessage', fromCustomerId: customer })).toEqual([saved.id]);

    const outgoingFields = {
      MessageTypeFk: 6,
      Subject: 'پاسخ به درخواست پیش‌فاکتور',
      MessageBody: '<p>پیش‌فاکتور پیوست است</p>',
      AndikatorFk: w.scheme[6],
      MessageFromManFk: w.admin.personId,
      SelectedTo: [customer],
      SelectedCC: [w.ali.personId],
      IsSend: 1,
    };
    // Customers' agents are not built yet either.
    expect(await api.save(w.admin, { ...outgoingFields, ExportCustomerAgent: 5 })).toMatchObject({
      status: 0,
      messge: 'نماینده مشتری انتخاب‌شده وجود ندارد',
    });
    const outgoing = await api.save(w.admin, outgoingFields);
    expect(outgoing.status).toBe(1);
    expect((await api.get(w.admin, outgoing.id)).record).toMatchObject({
      selectedTo: [customer],
      selectedCC: [w.ali.personId],
      messageTo: 'شرکت آریا',
    });
    expect(await api.ids(w.admin, { PageType: 'AllMessage', toCustomerId: customer })).toEqual([outgoing.id]);
    expect(await api.ids(w.ali, { PageType: 'AllMyMessage' })).toContain(outgoing.id);
    // Ali's favourite contacts' letters are the ones their sender column names: an outgoing
    // letter's «فرستنده» (not who registered it), an incoming letter nobody's (a customer's).
    const signedByMaryam = await api.save(w.admin, {
      ...outgoingFields,
      MessageFromManFk: w.maryam.personId,
    });
    const favouritesOf = async (people: Someone[]) => {
      const saved = await server.api.post(
        'person/savefavoritepersons/',
        { Persons: people.map((p) => p.personId) },
        { token: w.ali.token },
      );
      expect(saved.body.status).toBe(1);
      return api.ids(w.ali, { PageType: 'FavoritePerson', Count: -1 });
    };
    expect(await favouritesOf([w.maryam])).toContain(signedByMaryam.id);
    const byAdmin = await favouritesOf([w.admin]);
    expect(byAdmin).toContain(outgoing.id);
    expect(byAdmin).not.toContain(signedByMaryam.id);
    expect(byAdmin).not.toContain(saved.id);
    await favouritesOf([]);
    // AllMessage needs its permission.
    expect(await api.list(w.ali, { PageType: 'AllMessage' })).toMatchObject({
      status: 0,
      message: NO_PERMISSION_MESSAGE,
    });
  });
});
