// Reading a letter over real HTTP (spec 1 §4, docs/api.md «Letters»): who marks it read
// and how often, what isReaded and firstTimeRead say, which reading keeps its author from
// deleting it, and that a blind copy's history (reading, filing, printing, forwarding)
// stays as hidden as the blind copy itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestServer, type TestServer, rerunMigration } from './harness';
import { letters, letterWorld, type LetterWorld, type Someone } from './letters-kit';
import { tinyPng } from './fixtures';
import { REFUSED } from '../../server/letters/constants';
import { asSystem } from '../../server/db/tenant-fence';
import { sql } from 'kysely';

interface Event {
  eventTypeFk: number;
  creatorUserId: number;
  creatorUserFullName: string;
  createdDate: string;
}
interface Forward {
  creatorUserFullName: string;
  receivedUserFullName: string;
}

const READ = 8;

describe.each(ENGINES)('letters: reading (%s)', (engine) => {
  let server: TestServer;
  let w: LetterWorld;
  let api: ReturnType<typeof letters>;
  let archive: number;
  let favorite: number;
  let template: number;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    w = await letterWorld(server);
    api = letters(server, w);
    const admin = { token: w.admin.token };
    archive = (await server.api.get('archive/list/', { Count: -1 }, admin)).body.records[0].archiveId;
    favorite = (await server.api.post('favorite/create/', { FavoriteTitle: 'خواندنی‌ها' }, admin)).body.id;
    template = (await server.api.get('template/list/', { Count: -1 }, admin)).body.records.find(
      (t: { isPublic: boolean }) => t.isPublic,
    ).templateManagerId;
  });
  afterAll(() => server?.stop());

  const opened = async (who: Someone, id: number) => {
    const answer = await api.get(who, id);
    expect(answer.status).toBe(1);
    return answer;
  };
  const events = async (who: Someone, id: number) => (await opened(who, id)).messageEvent as Event[];
  const readers = async (id: number) =>
    (await events(w.maryam, id)).filter((e) => e.eventTypeFk === READ).map((e) => e.creatorUserId);
  /** isReaded of the letter in a list of this user. */
  const listed = async (who: Someone, query: Record<string, unknown>, id: number) =>
    (await api.list(who, { Count: 100, ...query })).records.find(
      (r: { messageId: number }) => r.messageId === id,
    )?.isReaded as boolean | undefined;
  const sentFlag = (who: Someone, id: number) => listed(who, { PageType: 'Send', MessageType: 4 }, id);
  /** deletable of the letter in the user's sent letters: whether their list offers delete. */
  const offersDelete = async (who: Someone, id: number) =>
    (await api.list(who, { Count: 100, PageType: 'Send', MessageType: 4 })).records.find(
      (r: { messageId: number }) => r.messageId === id,
    )?.deletable as boolean | undefined;
  const remove = (who: Someone, id: number) => api.call(who, 'DELETE', 'message/delete/', { Id: id });

  it('keeps a blind copy’s reading, filing, printing and forwards from everyone who may not see it', async () => {
    const id = await api.sendNew(w.maryam, [w.ali], {
      SelectedCC: [w.zahra.personId],
      SelectedBcc: [w.fatemeh.personId],
    });
    // Fatemeh, a blind copy, reads, files, prints and forwards it with a file.
    await opened(w.fatemeh, id);
    expect(
      await api.call(w.fatemeh, 'PUT', 'message/setarchive/', { MessageId: id, ArchiveId: archive }),
    ).toMatchObject({ status: 1 });
    expect(
      await api.call(w.fatemeh, 'PUT', 'message/setfavorite/', { MessageId: id, FavoriteId: favorite }),
    ).toMatchObject({ status: 1 });
    const printed = await server.api.call('GET', 'message/docx', {
      query: { templateId: template, id, token: w.fatemeh.token },
    });
    expect(printed.status).toBe(200);
    const form = new FormData();
    form.append('MessageId', String(id));
    form.append('IsSend', '1');
    form.append('SelectedTo', String(w.hossein.personId));
    form.append('ForwardMessage', 'برای اطلاع');
    form.append('Attachments', new File([new Uint8Array(tinyPng())], 'پیوست.png', { type: 'image/png' }));
    const forwarded = await server.api.call('POST', 'message/forward/', { token: w.fatemeh.token, form });
    expect(forwarded.body).toMatchObject({ status: 1 });
    await opened(w.hossein, id);
    const herFile = (await opened(w.maryam, id)).attachment[0].msg.messageAttachmentId as number;
    const ownDownload = await server.api.get('message/download', {
      AttachmentId: herFile,
      token: w.hossein.token,
    });
    expect(ownDownload.status).toBe(200);

    // The author sees her (as the blind copy itself), each of her actions but her filing,
    // which is hers alone (11 archive, 12 favourite).
    const byFatemeh = (list: Event[]) =>
      list.filter((e) => e.creatorUserId === w.fatemeh.userId).map((e) => e.eventTypeFk);
    expect(byFatemeh(await events(w.maryam, id))).toEqual([8, 13, 7]);
    expect((await opened(w.maryam, id)).allForwardedMessage).toHaveLength(1);

    // The to and cc recipients and a reader of all letters: no trace of her, in any part.
    for (const who of [w.ali, w.zahra, w.admin]) {
      const answer = await opened(who, id);
      expect(answer.record.selectedBcc).toEqual([]);
      expect(byFatemeh(answer.messageEvent)).toEqual([]);
      expect(answer.allForwardedMessage).toEqual([]);
      // Her file and its note (the forward's own) would tell of the forward: left out, and
      // not to be downloaded by its id either (answered as an attachment that does not exist).
      expect(answer.attachment).toEqual([]);
      const text = JSON.stringify(answer);
      expect(text).not.toContain('فاطمه');
      expect(text).not.toContain('برای اطلاع');
      const download = (attachmentId: number) =>
        server.api.get('message/download', { AttachmentId: attachmentId, token: who.token });
      const [hers, none] = await Promise.all([download(herFile), download(2 ** 31 - 1)]);
      expect([hers.status, hers.text]).toEqual([none.status, none.text]);
      expect(text).not.toContain(`"creatorUserId":${w.fatemeh.userId},`);
      // The one she forwarded it to has it only through her: his reading would tell of a route
      // they do not see (probe helper-63), so it is left out too.
      expect(answer.messageEvent).not.toContainEqual(
        expect.objectContaining({ eventTypeFk: READ, creatorUserId: w.hossein.userId }),
      );
    }
    // She sees her own, filing too; the one she forwarded it to knows her from the forward.
    expect(byFatemeh(await events(w.fatemeh, id))).toEqual([8, 11, 12, 13, 7]);
    const hossein = await opened(w.hossein, id);
    expect(byFatemeh(hossein.messageEvent)).toEqual([8, 13, 7]);
    expect((hossein.allForwardedMessage as Forward[]).map((f) => f.creatorUserFullName)).toEqual([
      'فاطمه حسینی',
    ]);
    expect(hossein.record.selectedBcc).toEqual([]);
  });

  it('a blind copy’s reading is not the letter’s: all letters and sent letters say unread until a visible recipient reads (migration 0029)', async () => {
    const id = await api.sendNew(w.maryam, [w.ali], { SelectedBcc: [w.fatemeh.personId] });
    await opened(w.fatemeh, id);
    expect(await listed(w.admin, { PageType: 'AllMessage' }, id)).toBe(false);
    expect(await sentFlag(w.maryam, id)).toBe(false);
    // Still a reading, which keeps the author from deleting it.
    expect(await offersDelete(w.maryam, id)).toBe(false);
    await opened(w.ali, id);
    expect(await listed(w.admin, { PageType: 'AllMessage' }, id)).toBe(true);
    // Read before, a blind copy first: migration 0029 takes the letter's reading back.
    const early = await api.sendNew(w.maryam, [w.ali], { SelectedBcc: [w.fatemeh.personId] });
    await opened(w.fatemeh, early);
    const db = server.built.services.db;
    await asSystem(() => sql`UPDATE messages SET first_read_at = now() WHERE id = ${early}`.execute(db));
    expect(await listed(w.admin, { PageType: 'AllMessage' }, early)).toBe(true);
    await rerunMigration(db, '0029_blind_copy_reading_unshown.sql');
    expect(await listed(w.admin, { PageType: 'AllMessage' }, early)).toBe(false);
    expect(await listed(w.admin, { PageType: 'AllMessage' }, id)).toBe(true);
  });

  it('nor is the reading of whoever has the letter only through a blind copy’s forwards (probe helper-66)', async () => {
    const id = await api.sendNew(w.maryam, [w.ali], { SelectedBcc: [w.fatemeh.personId] });
    const pass = (who: Someone, to: Someone) =>
      api.post(who, 'message/forward/', { MessageId: id, IsSend: 1, SelectedTo: [to.personId] });
    expect(await pass(w.fatemeh, w.hossein)).toMatchObject({ status: 1 });
    await opened(w.hossein, id);
    expect(await pass(w.hossein, w.zahra)).toMatchObject({ status: 1 });
    await opened(w.zahra, id);
    // No one the letter openly went to has read it: all letters and sent letters say so,
    // as message/get shows a reader of all letters none of these readings.
    expect(await listed(w.admin, { PageType: 'AllMessage' }, id)).toBe(false);
    expect(await sentFlag(w.maryam, id)).toBe(false);
    // Their readings still keep the author from deleting it (spec 1 §4).
    expect(await offersDelete(w.maryam, id)).toBe(false);
    // One the letter was forwarded to openly reads it: that is the letter's reading.
    const open = await api.sendNew(w.maryam, [w.ali], { SelectedBcc: [w.fatemeh.personId] });
    expect(
      await api.post(w.ali, 'message/forward/', {
        MessageId: open,
        IsSend: 1,
        SelectedTo: [w.hossein.personId],
      }),
    ).toMatchObject({ status: 1 });
    await opened(w.hossein, open);
    expect(await listed(w.admin, { PageType: 'AllMessage' }, open)).toBe(true);
  });

  it('shows a blind copy’s history once someone forwards the letter to them openly', async () => {
    const id = await api.sendNew(w.maryam, [w.ali], { SelectedBcc: [w.fatemeh.personId] });
    await opened(w.fatemeh, id);
    expect(
      await api.post(w.ali, 'message/forward/', {
        MessageId: id,
        IsSend: 1,
        SelectedTo: [w.fatemeh.personId, w.zahra.personId],
      }),
    ).toMatchObject({ status: 1 });
    const zahra = await opened(w.zahra, id);
    expect(zahra.record.selectedBcc).toEqual([]);
    expect((zahra.allForwardedMessage as Forward[]).map((f) => f.receivedUserFullName)).toContain(
      'فاطمه حسینی',
    );
    expect(zahra.messageEvent).toContainEqual(
      expect.objectContaining({ eventTypeFk: READ, creatorUserId: w.fatemeh.userId }),
    );
  });

  it('records one reading per user: a reader of all letters who files, forwards or opens it at once', async () => {
    const id = await api.sendNew(w.maryam, [w.ali]);
    await opened(w.admin, id);
    expect(
      await api.call(w.admin, 'PUT', 'message/setarchive/', { MessageId: id, ArchiveId: archive }),
    ).toMatchObject({ status: 1 });
    await opened(w.admin, id);
    expect(
      await api.post(w.admin, 'message/forward/', {
        MessageId: id,
        IsSend: 1,
        SelectedTo: [w.zahra.personId],
      }),
    ).toMatchObject({ status: 1 });
    await opened(w.admin, id);
    expect(await readers(id)).toEqual([w.admin.userId]);

    // Filed before ever opened, then opened many times at once; a recipient likewise.
    const other = await api.sendNew(w.maryam, [w.ali]);
    expect(
      await api.call(w.admin, 'PUT', 'message/setfavorite/', { MessageId: other, FavoriteId: favorite }),
    ).toMatchObject({ status: 1 });
    const openings = await Promise.all([
      ...Array.from({ length: 6 }, () => api.get(w.admin, other)),
      ...Array.from({ length: 6 }, () => api.get(w.ali, other)),
    ]);
    expect(openings.map((answer) => answer.status)).toEqual(Array(12).fill(1));
    expect((await readers(other)).sort((a, b) => a - b)).toEqual(
      [w.admin.userId, w.ali.userId].sort((a, b) => a - b),
    );
  });

  it('a reader of all letters reads for themselves: not the letter’s reading, yet a bar to its delete', async () => {
    const id = await api.sendNew(w.maryam, [w.zahra]);
    const first = await opened(w.admin, id);
    expect(first.record).toMatchObject({ isReaded: false, firstTimeRead: null });
    // Their own reading is theirs (an event of type 8; the screen opens on the attachments).
    const again = await opened(w.admin, id);
    const own = (again.messageEvent as Event[]).find((e) => e.eventTypeFk === READ)!;
    expect(own.creatorUserId).toBe(w.admin.userId);
    expect(again.record).toMatchObject({ isReaded: true, firstTimeRead: own.createdDate });
    // No recipient has read it: the sender's list and the list of all letters say so.
    expect(await sentFlag(w.maryam, id)).toBe(false);
    expect(await listed(w.admin, { PageType: 'AllMessage' }, id)).toBe(false);
    expect((await opened(w.maryam, id)).record).toMatchObject({ isReaded: false, firstTimeRead: null });
    // Spec 1 §4: an event of type 8 by another user, whoever they are, keeps it from its
    // delete — and the author's list, which offered delete before, no longer does.
    expect(await offersDelete(w.maryam, id)).toBe(false);
    expect(await remove(w.maryam, id)).toMatchObject({ status: 0, messge: REFUSED.deleteRead });
    const unread = await api.sendNew(w.maryam, [w.zahra]);
    expect(await offersDelete(w.maryam, unread)).toBe(true);
    expect(await remove(w.maryam, unread)).toMatchObject({ status: 1 });
  });

  it('learns who read the letters read before their readers were kept on them (migration 0023)', async () => {
    const db = server.built.services.db;
    const read = await api.sendNew(w.maryam, [w.zahra]);
    await opened(w.admin, read);
    const unread = await api.sendNew(w.maryam, [w.zahra]);
    const ids = [read, unread];
    // As a database written before the migration: readings in the events, none on the letters.
    await asSystem(() =>
      db
        .updateTable('messages' as never)
        .set({ first_reader_id: null, more_readers: false } as never)
        .where('id' as never, 'in', ids as never)
        .execute(),
    );
    expect(await offersDelete(w.maryam, read)).toBe(true);
    await rerunMigration(db, '0023_letter_readers.sql');
    expect(await offersDelete(w.maryam, read)).toBe(false);
    expect(await remove(w.maryam, read)).toMatchObject({ status: 0, messge: REFUSED.deleteRead });
    expect(await offersDelete(w.maryam, unread)).toBe(true);
  });

  it('a reader of all letters then forwarded the letter reads it as its recipient, still one event', async () => {
    const id = await api.sendNew(w.maryam, [w.zahra]);
    await opened(w.admin, id);
    expect(
      await api.post(w.zahra, 'message/forward/', {
        MessageId: id,
        IsSend: 1,
        SelectedTo: [w.admin.personId],
      }),
    ).toMatchObject({ status: 1 });
    // In the admin's cartable it is new, whatever they saw before.
    expect(await listed(w.admin, { PageType: 'UnReadMessage' }, id)).toBe(false);
    expect(await sentFlag(w.maryam, id)).toBe(false);
    expect((await opened(w.admin, id)).record).toMatchObject({ isReaded: false, firstTimeRead: null });
    expect(await api.ids(w.admin, { PageType: 'UnReadMessage' })).not.toContain(id);
    expect(await readers(id)).toEqual([w.admin.userId]);
    // Now a recipient (by the forward) has read it.
    expect(await sentFlag(w.maryam, id)).toBe(true);
    expect(await remove(w.maryam, id)).toMatchObject({ status: 0, messge: REFUSED.deleteRead });
  });

  it('the sender of a draft passed to them and its author do not read it; its recipients do', async () => {
    const passed = async () => {
      const id = await api.draft(w.maryam, [w.zahra]);
      expect(
        await api.post(w.maryam, 'message/forward/', {
          MessageId: id,
          IsSend: 2,
          SelectedTo: [w.ali.personId],
        }),
      ).toMatchObject({ status: 1 });
      expect(await api.post(w.ali, 'message/sign/', { id })).toMatchObject({ status: 1 });
      expect(await api.save(w.ali, { MessageId: id, IsSend: 1 })).toMatchObject({ status: 1 });
      return id;
    };
    const id = await passed();
    for (const who of [w.ali, w.maryam, w.ali, w.maryam])
      expect((await opened(who, id)).record).toMatchObject({ isReaded: false, firstTimeRead: null });
    expect(await readers(id)).toEqual([]);
    expect(await sentFlag(w.ali, id)).toBe(false);

    // The recipient's first opening: not read before, no one else's time.
    expect((await opened(w.zahra, id)).record).toMatchObject({ isReaded: false, firstTimeRead: null });
    const again = await opened(w.zahra, id);
    const own = (again.messageEvent as Event[]).filter((e) => e.eventTypeFk === READ);
    expect(own.map((e) => e.creatorUserId)).toEqual([w.zahra.userId]);
    expect(again.record).toMatchObject({ isReaded: true, firstTimeRead: own[0].createdDate });
    expect(await sentFlag(w.ali, id)).toBe(true);
    expect(await remove(w.maryam, id)).toMatchObject({ status: 0, messge: REFUSED.deleteRead });

    // Unread by its recipients, the author deletes it, whoever sent it.
    const unread = await passed();
    await opened(w.ali, unread);
    await opened(w.maryam, unread);
    expect(await remove(w.maryam, unread)).toMatchObject({ status: 1 });
  });

  it('its author reads a copy forwarded back to her: read in her cartable, counted once, no bar to her delete', async () => {
    const id = await api.sendNew(w.maryam, [w.ali]);
    const unread = (await api.box(w.maryam)).unReadMessageCount;
    await api.post(w.ali, 'message/forward/', { MessageId: id, IsSend: 1, SelectedTo: [w.maryam.personId] });
    expect((await api.box(w.maryam)).unReadMessageCount).toBe(unread + 1);
    expect(await listed(w.maryam, { PageType: 'UnReadMessage' }, id)).toBe(false);
    await opened(w.maryam, id);
    expect((await opened(w.maryam, id)).record.isReaded).toBe(true);
    expect((await api.box(w.maryam)).unReadMessageCount).toBe(unread);
    expect(await listed(w.maryam, { PageType: 'UnReadMessage' }, id)).toBeUndefined();
    expect(await listed(w.maryam, { PageType: 'AllMyMessage' }, id)).toBe(true);
    expect(await readers(id)).toEqual([w.maryam.userId]);
    // Her own reading is no recipient's: Ali forwarded it unread (the all-letters list says
    // so), and she may still delete it.
    expect(await listed(w.admin, { PageType: 'AllMessage' }, id)).toBe(false);
    expect(await remove(w.maryam, id)).toMatchObject({ status: 1 });
  });

  it('a draft passed to one of its own recipients is not signed or sent to them until they take themselves off', async () => {
    const id = await api.draft(w.maryam, [w.zahra], { SelectedCC: [w.ali.personId] });
    const wrong = await api.draft(w.maryam, [w.ali]);
    for (const draft of [id, wrong])
      await api.post(w.maryam, 'message/forward/', {
        MessageId: draft,
        IsSend: 2,
        SelectedTo: [w.ali.personId],
      });
    // Ali on the draft's own recipients is asked to take himself off before he signs it.
    expect(await api.post(w.ali, 'message/sign/', { id })).toMatchObject({
      status: 0,
      messge: REFUSED.selfRecipient,
    });
    // He may still work on it as its author addressed it (himself kept, not newly named)…
    expect(
      await api.save(w.ali, {
        ...api.internal([w.zahra], { Subject: 'ویرایش علی' }),
        MessageId: id,
        SelectedCC: [w.ali.personId],
      }),
    ).toMatchObject({ status: 1 });
    expect((await opened(w.maryam, id)).record).toMatchObject({
      subject: 'ویرایش علی',
      selectedCC: [w.ali.personId],
    });
    // …but not name himself on a draft that did not name him.
    const third = await api.draft(w.maryam, [w.zahra]);
    await api.post(w.maryam, 'message/forward/', {
      MessageId: third,
      IsSend: 2,
      SelectedTo: [w.ali.personId],
    });
    expect(await api.save(w.ali, { ...api.internal([w.zahra, w.ali]), MessageId: third })).toMatchObject({
      status: 0,
      messge: 'گیرندگان: نمی‌توانید نامه را برای خودتان بفرستید',
    });
    expect(
      await api.save(w.ali, { ...api.internal([w.zahra]), MessageId: id, SelectedCC: [] }),
    ).toMatchObject({ status: 1 });
    expect(await api.post(w.ali, 'message/sign/', { id })).toMatchObject({ status: 1 });
    expect(await api.save(w.ali, { MessageId: id, IsSend: 1 })).toMatchObject({ status: 1 });
    expect(await readers(id)).toEqual([]);
    expect(await api.ids(w.zahra, { PageType: 'UnReadMessage' })).toContain(id);
    // The other draft names only Ali: signing refused, nothing changed.
    expect(await api.post(w.ali, 'message/sign/', { id: wrong })).toMatchObject({
      status: 0,
      messge: REFUSED.selfRecipient,
    });
    expect((await opened(w.ali, wrong)).record).toMatchObject({ signed: false, isSend: false });
  });

  it('reads the notice of a draft passed on again unopened when its passer opens it later', async () => {
    const id = await api.draft(w.maryam, [w.ali]);
    const pass = (from: typeof w.ali, to: typeof w.ali) =>
      api.post(from, 'message/forward/', { MessageId: id, IsSend: 2, SelectedTo: [to.personId] });
    expect((await pass(w.maryam, w.zahra)).status).toBe(1);
    expect((await pass(w.zahra, w.hossein)).status).toBe(1);
    const notice = async () =>
      (
        (await server.api.get('notification/list/', { Count: 50 }, { token: w.zahra.token })).body
          .records as Array<{
          url: string;
          isRead: boolean;
        }>
      ).find((n) => n.url.endsWith(`/${id}`));
    expect(await notice()).toMatchObject({ isRead: false });
    // Zahra, who passed it on without opening it, opens it now: her bell comes down.
    expect((await api.get(w.zahra, id)).status).toBe(1);
    expect(await notice()).toMatchObject({ isRead: true });
  });

  it('its author on the copy of a draft she passed on reads it in her cartable', async () => {
    const id = await api.draft(w.maryam, [w.zahra]);
    await api.post(w.maryam, 'message/forward/', { MessageId: id, IsSend: 2, SelectedTo: [w.ali.personId] });
    await api.save(w.ali, { ...api.internal([w.zahra]), MessageId: id, SelectedCC: [w.maryam.personId] });
    await api.post(w.ali, 'message/sign/', { id });
    expect(await api.save(w.ali, { MessageId: id, IsSend: 1 })).toMatchObject({ status: 1 });
    expect(await api.ids(w.maryam, { PageType: 'UnReadMessage' })).toContain(id);
    await opened(w.maryam, id);
    expect(await api.ids(w.maryam, { PageType: 'UnReadMessage' })).not.toContain(id);
    expect((await opened(w.maryam, id)).record.isReaded).toBe(true);
    // Not the letter's reading: Zahra has not opened it.
    expect(await sentFlag(w.ali, id)).toBe(false);
  });

  it('gives each recipient their own reading time, never another’s', async () => {
    const id = await api.sendNew(w.maryam, [w.ali, w.zahra]);
    await opened(w.ali, id);
    const first = await opened(w.zahra, id);
    expect(first.record).toMatchObject({ isReaded: false, firstTimeRead: null });
    const again = await opened(w.zahra, id);
    const zahras = (again.messageEvent as Event[]).find(
      (e) => e.eventTypeFk === READ && e.creatorUserId === w.zahra.userId,
    )!;
    expect(again.record).toMatchObject({ isReaded: true, firstTimeRead: zahras.createdDate });
    // The author's own opening is no reading: not read by her, whoever else did.
    expect((await opened(w.maryam, id)).record).toMatchObject({ isReaded: false, firstTimeRead: null });
    expect(await sentFlag(w.maryam, id)).toBe(true);
  });

  it('the colleague a draft is passed to reads it: an event of type 8 that keeps the author from deleting it', async () => {
    const id = await api.draft(w.maryam, [w.zahra]);
    const drafts = { PageType: 'Draft' };
    // Her own draft is her own work: read in her drafts, never bold as a letter arrived.
    expect(await listed(w.maryam, drafts, id)).toBe(true);
    expect(
      await api.post(w.maryam, 'message/forward/', {
        MessageId: id,
        IsSend: 2,
        SelectedTo: [w.ali.personId],
      }),
    ).toMatchObject({ status: 1 });
    // Passed to him: unread in his drafts until he opens it.
    expect(await listed(w.ali, drafts, id)).toBe(false);
    expect((await opened(w.ali, id)).record).toMatchObject({ isReaded: false, firstTimeRead: null });
    expect(await listed(w.ali, drafts, id)).toBe(true);
    expect((await opened(w.ali, id)).record.isReaded).toBe(true);
    expect(await readers(id)).toEqual([w.ali.userId]);
    expect(await remove(w.maryam, id)).toMatchObject({ status: 0, messge: REFUSED.deleteRead });
    // Its holder may: no one but themselves has read it.
    expect(await remove(w.ali, id)).toMatchObject({ status: 1 });
  });

  it('a draft passed back to its author is unread in her drafts until she opens it, with no reading recorded', async () => {
    const id = await api.draft(w.maryam, [w.zahra]);
    const drafts = { PageType: 'Draft' };
    const pass = (from: Someone, to: Someone) =>
      api.post(from, 'message/forward/', { MessageId: id, IsSend: 2, SelectedTo: [to.personId] });
    expect(await pass(w.maryam, w.ali)).toMatchObject({ status: 1 });
    await opened(w.ali, id);
    expect(await pass(w.ali, w.maryam)).toMatchObject({ status: 1 });
    expect(await listed(w.maryam, drafts, id)).toBe(false);
    await opened(w.maryam, id);
    expect(await listed(w.maryam, drafts, id)).toBe(true);
    // Her opening is no reading of the letter: Ali's is the only one.
    expect(await readers(id)).toEqual([w.ali.userId]);
    // Back to Ali, who read it before: new to him again.
    expect(await pass(w.maryam, w.ali)).toMatchObject({ status: 1 });
    expect(await listed(w.ali, drafts, id)).toBe(false);
  });

  it('marks the drafts written before as their authors’ own work, read — not one passed back (migration 0031)', async () => {
    const own = await api.draft(w.maryam, [w.zahra]);
    const back = await api.draft(w.maryam, [w.zahra]);
    for (const [from, to] of [
      [w.maryam, w.ali],
      [w.ali, w.maryam],
    ] as const)
      await api.post(from, 'message/forward/', { MessageId: back, IsSend: 2, SelectedTo: [to.personId] });
    const db = server.built.services.db;
    // As the rows were written before: every draft row unread.
    await asSystem(() =>
      sql`UPDATE message_boxes SET is_read = false WHERE message_id IN (${own}, ${back})`.execute(db),
    );
    expect(await listed(w.maryam, { PageType: 'Draft' }, own)).toBe(false);
    await rerunMigration(db, '0031_own_drafts_read.sql');
    expect(await listed(w.maryam, { PageType: 'Draft' }, own)).toBe(true);
    expect(await listed(w.maryam, { PageType: 'Draft' }, back)).toBe(false);
  });
});
