// A user's other tabs hear of what they did in one (real server, real HTTP, the real
// @microsoft/signalr client as the other tab): reading a letter that changed their box or
// bell, marking notifications read (one, all), saving a draft, a reply draft and a draft
// passed on push LettersChanged to every connection of theirs once the change committed —
// and an opening that changed nothing (a letter read before), a notification read before
// and «read all» with nothing unread push nothing. Favourite contacts chosen push it too; a
// recipient's first reading pushes it to the letter's author (their sent list's read mark). A draft passed back to its author has
// its notice read when they open it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { ENGINES, startTestServer, type TestServer } from './harness';
import { waitFor } from './hub-client';
import { letters, letterWorld, type LetterWorld, type Someone } from './letters-kit';
import type { PostgresEventBus } from '../../server/realtime/event-bus';
import { TOO_MANY_CONNECTIONS } from '../../server/realtime/notification-hub';
import { TOO_MANY_TABS } from '../../src/realtime/hub';

interface Tab {
  connection: HubConnection;
  lettersChanged: number;
  notifications: Array<{ id: number; title: string; url: string }>;
}

describe.each(ENGINES)('the user’s other tabs hear of their own changes (%s)', (engine) => {
  let server: TestServer;
  let w: LetterWorld;
  let api: ReturnType<typeof letters>;
  const tabs: Tab[] = [];

  /** Another tab of this user: a hub connection of its own, counting what it is told. */
  async function otherTab(who: Someone): Promise<Tab> {
    const connection = new HubConnectionBuilder()
      .withUrl(`${server.baseUrl}/hubs/notification`, {
        accessTokenFactory: () => who.token,
        transport: HttpTransportType.WebSockets,
      })
      .configureLogging(LogLevel.None)
      .build();
    const tab: Tab = { connection, lettersChanged: 0, notifications: [] };
    connection.on('LettersChanged', () => tab.lettersChanged++);
    connection.on('Notification', (notification: Tab['notifications'][number]) =>
      tab.notifications.push(notification),
    );
    await connection.start();
    tabs.push(tab);
    return tab;
  }

  /**
   * How many LettersChanged the action made the tab hear: after it, the server pushes one
   * more of its own (events reach a connection in the order they were published), so
   * once that one has come, any the action caused has come before it.
   */
  async function heardFrom(tab: Tab, who: Someone, action: () => Promise<unknown>): Promise<number> {
    const before = tab.lettersChanged;
    await action();
    const marker = tab.lettersChanged;
    await server.built.services.notifier.lettersChanged([who.userId]);
    await waitFor(() => tab.lettersChanged > marker);
    await new Promise((resolve) => setTimeout(resolve, 100)); // nothing else on its way
    return tab.lettersChanged - before - 1;
  }

  const unreadNotices = async (who: Someone) =>
    (await server.api.get('notification/list/', { Count: 100 }, { token: who.token })).body
      .unreadCount as number;
  const noticeOf = async (who: Someone, id: number) =>
    (
      (await server.api.get('notification/list/', { Count: 100 }, { token: who.token })).body
        .records as Array<{
        id: number;
        url: string;
        isRead: boolean;
      }>
    ).find((notice) => notice.url.endsWith(`/${id}`));

  beforeAll(async () => {
    server = await startTestServer({ engine });
    await (server.built.bus as Partial<PostgresEventBus>).ready?.();
    w = await letterWorld(server);
    api = letters(server, w);
  });
  afterEach(async () => {
    await Promise.all(tabs.splice(0).map((tab) => tab.connection.stop()));
  });
  afterAll(() => server?.stop());

  it('tells of a letter read in one tab, once: its unread count and its notice changed', async () => {
    const id = await api.sendNew(w.maryam, [w.ali]);
    const tab = await otherTab(w.ali);
    const unread = (await api.box(w.ali)).unReadMessageCount;
    expect(await heardFrom(tab, w.ali, () => api.get(w.ali, id))).toBe(1);
    expect((await api.box(w.ali)).unReadMessageCount).toBe(unread - 1);
    // Opened again, read before: nothing changed, nothing to tell.
    expect(await heardFrom(tab, w.ali, () => api.get(w.ali, id))).toBe(0);
  });

  it('tells the author’s tabs when a recipient first reads their letter: its read mark and delete changed', async () => {
    const id = await api.sendNew(w.maryam, [w.ali, w.zahra]);
    const sent = async () =>
      (await api.list(w.maryam, { PageType: 'Send', MessageType: 4, Count: 100 })).records.find(
        (r: { messageId: number }) => r.messageId === id,
      );
    expect(await sent()).toMatchObject({ isReaded: false, deletable: true });
    const tab = await otherTab(w.maryam);
    expect(await heardFrom(tab, w.maryam, () => api.get(w.ali, id))).toBe(1);
    expect(await sent()).toMatchObject({ isReaded: true, deletable: false });
    // The same reader again: nothing new to tell the author; another reader's first: told.
    expect(await heardFrom(tab, w.maryam, () => api.get(w.ali, id))).toBe(0);
    expect(await heardFrom(tab, w.maryam, () => api.get(w.zahra, id))).toBe(1);
    // The author opening their own letter tells no one else.
    const aliTab = await otherTab(w.ali);
    expect(await heardFrom(aliTab, w.ali, () => api.get(w.maryam, id))).toBe(0);
  });

  it('tells of a letter read before and forwarded to the reader again, when they open it', async () => {
    const id = await api.sendNew(w.maryam, [w.ali]);
    await api.get(w.ali, id);
    await api.post(w.maryam, 'message/forward/', { MessageId: id, IsSend: 1, SelectedTo: [w.ali.personId] });
    const tab = await otherTab(w.ali);
    expect((await noticeOf(w.ali, id))?.isRead).toBe(false);
    expect(await heardFrom(tab, w.ali, () => api.get(w.ali, id))).toBe(1);
    expect((await noticeOf(w.ali, id))?.isRead).toBe(true);
  });

  it('tells of favourite contacts chosen in one tab, so the others’ dashboards list their letters', async () => {
    const tab = await otherTab(w.hossein);
    const choose = (persons: number[]) =>
      api.post(w.hossein, 'person/savefavoritepersons/', { Persons: persons });
    expect(await heardFrom(tab, w.hossein, () => choose([w.ali.personId]))).toBe(1);
    // A refused choice changed nothing: nothing to tell.
    expect(await heardFrom(tab, w.hossein, () => choose([w.hossein.personId]))).toBe(0);
  });

  it('tells of notifications read, one or all, and not of those read before', async () => {
    await api.sendNew(w.maryam, [w.zahra]);
    await api.sendNew(w.maryam, [w.zahra]);
    const tab = await otherTab(w.zahra);
    const notices = (await server.api.get('notification/list/', { Count: 100 }, { token: w.zahra.token }))
      .body.records as Array<{ id: number; isRead: boolean }>;
    const first = notices.find((notice) => !notice.isRead)!;
    const readOne = () => api.post(w.zahra, 'notification/read/', { Id: first.id });
    expect(await heardFrom(tab, w.zahra, readOne)).toBe(1);
    expect(await heardFrom(tab, w.zahra, readOne)).toBe(0); // read before: done, nothing to tell
    expect(await readOne()).toMatchObject({ status: 1 });
    expect(await heardFrom(tab, w.zahra, () => api.post(w.zahra, 'notification/read/', { Id: 0 }))).toBe(1);
    expect(await unreadNotices(w.zahra)).toBe(0);
    expect(await heardFrom(tab, w.zahra, () => api.post(w.zahra, 'notification/read/', { Id: 0 }))).toBe(0);
    // Another user's notification is still not found, and tells nobody.
    expect(await api.post(w.ali, 'notification/read/', { Id: first.id })).toMatchObject({ status: 0 });
  });

  it('tells of a draft saved (new, then edited) in one tab', async () => {
    const tab = await otherTab(w.hossein);
    const drafts = (await api.box(w.hossein)).draftMessageCount;
    let id = 0;
    expect(
      await heardFrom(tab, w.hossein, async () => {
        id = await api.draft(w.hossein, [w.ali]);
      }),
    ).toBe(1);
    expect((await api.box(w.hossein)).draftMessageCount).toBe(drafts + 1);
    const edit = () =>
      api.save(w.hossein, {
        ...api.internal([w.ali], { Subject: 'گزارش ویرایش‌شده' }),
        MessageId: id,
        IsSend: 0,
      });
    expect(await heardFrom(tab, w.hossein, edit)).toBe(1);
  });

  it('tells of a reply draft written in one tab', async () => {
    const original = await api.sendNew(w.maryam, [w.fatemeh]);
    const tab = await otherTab(w.fatemeh);
    const drafts = (await api.box(w.fatemeh)).draftMessageCount;
    const reply = () =>
      api.post(w.fatemeh, 'message/forward/', { MessageId: original, IsSend: 7, ForwardMessage: 'انجام شد' });
    expect(await heardFrom(tab, w.fatemeh, reply)).toBe(1);
    expect((await api.box(w.fatemeh)).draftMessageCount).toBe(drafts + 1);
  });

  it('tells of a draft passed on, and its author reads the notice of it passed back by opening it', async () => {
    const id = await api.draft(w.maryam, [w.zahra]);
    const maryams = await otherTab(w.maryam);
    const alis = await otherTab(w.ali);
    const pass = (from: Someone, to: Someone) =>
      api.post(from, 'message/forward/', { MessageId: id, IsSend: 2, SelectedTo: [to.personId] });
    expect(await heardFrom(maryams, w.maryam, () => pass(w.maryam, w.ali))).toBe(1);
    await waitFor(() => alis.notifications.length === 1);
    expect(await heardFrom(alis, w.ali, () => pass(w.ali, w.maryam))).toBe(1);
    await waitFor(() => maryams.notifications.length === 1);
    expect((await noticeOf(w.maryam, id))?.isRead).toBe(false);
    // Its author opens it from their drafts: the notice «پیش‌نویس ارجاع‌شده» is read.
    expect(await heardFrom(maryams, w.maryam, () => api.get(w.maryam, id))).toBe(1);
    expect((await noticeOf(w.maryam, id))?.isRead).toBe(true);
    expect(await heardFrom(maryams, w.maryam, () => api.get(w.maryam, id))).toBe(0);
  });

  it('refuses at the limit of tabs with the sentence the page shows', () => {
    expect(TOO_MANY_TABS).toBe(TOO_MANY_CONNECTIONS);
  });
});
