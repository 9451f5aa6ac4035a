// A user's folders over real HTTP: a letter filed in an archive or favourite folder is taken
// out again (spec 1 §7's message/delete from a folder's page names the page and the folder):
// for that user only, the letter itself untouched, an event recorded — after which the
// folder can be deleted. message/get tells the user where the letter is filed. The side
// menu shows at most MENU_FOLDERS folders of a kind, then «پوشه‌های دیگر…».
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { asSystem } from '../../server/db/tenant-fence';
import { DEMO_ADMIN, ENGINES, rerunMigration, startTestServer, type TestServer } from './harness';
import { storedSearchKey } from '../../src/shared/persian';
import { letters, letterWorld, type LetterWorld } from './letters-kit';
import { MENU_FOLDERS, OTHER_FOLDERS } from '../../server/menu/routes';
import { createTenant } from '../../server/tenancy/create-tenant';
import { TENANT_PERMISSIONS } from '../../src/shared/permissions';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(ENGINES)('letters: out of a folder (%s)', (engine) => {
  let server: TestServer;
  let w: LetterWorld;
  let api: ReturnType<typeof letters>;
  const admin = () => ({ token: w.admin.token });
  const newFolder = async (kind: 'archive' | 'favorite', title: string) => {
    const field = kind === 'archive' ? 'ArchiveTitle' : 'FavoriteTitle';
    const answer = (await server.api.post(`${kind}/create/`, { [field]: title }, admin())).body;
    if (answer.status !== 1) throw new Error(JSON.stringify(answer));
    return answer.id as number;
  };
  const events = async (who: Parameters<typeof api.get>[0], id: number) =>
    ((await api.get(who, id)).messageEvent as Json[]).map((e) => e.eventTypeFk as number);

  beforeAll(async () => {
    server = await startTestServer({ engine });
    w = await letterWorld(server);
    api = letters(server, w);
  });
  afterAll(() => server?.stop());

  it('takes a letter out of the user’s folder only: the letter, the cartable and others’ filings stay', async () => {
    const id = await api.sendNew(w.maryam, [w.ali, w.zahra]);
    const folder = await newFolder('archive', 'قراردادهای ۱۴۰۵');
    for (const who of [w.ali, w.zahra])
      expect(
        await api.call(who, 'PUT', 'message/setarchive/', { MessageId: id, ArchiveId: folder }),
      ).toMatchObject({ status: 1 });
    // The folder list offers the row's action to everyone (it is their own filing).
    const row = (await api.list(w.ali, { PageType: 'Archive', TypeNumber: folder })).records[0] as Json;
    expect(row).toMatchObject({ messageId: id, deletable: true });
    expect((await api.get(w.ali, id)).record).toMatchObject({
      archiveFk: folder,
      archiveTitle: 'قراردادهای ۱۴۰۵',
      favoriteFk: null,
    });

    const out = await api.call(w.ali, 'DELETE', 'message/delete/', {
      Id: id,
      PageType: 'Archive',
      TypeNumber: folder,
      IsSend: 1,
    });
    expect(out).toMatchObject({ status: 1 });
    expect(await api.ids(w.ali, { PageType: 'Archive', TypeNumber: folder })).not.toContain(id);
    expect(await api.ids(w.zahra, { PageType: 'Archive', TypeNumber: folder })).toContain(id);
    expect(await api.ids(w.ali, { PageType: 'AllMyMessage' })).toContain(id);
    const seen = await api.get(w.ali, id);
    expect(seen.status).toBe(1);
    expect(seen.record).toMatchObject({ archiveFk: null, archiveTitle: '' });
    expect(await events(w.ali, id)).toContain(15);
    // Not there (again, or in another folder): refused, nothing recorded.
    const again = await api.call(w.ali, 'DELETE', 'message/delete/', {
      Id: id,
      PageType: 'Archive',
      TypeNumber: folder,
    });
    expect(again).toMatchObject({ status: 0, messge: 'این نامه در این پوشه بایگانی شما نیست' });
    expect((await events(w.ali, id)).filter((type) => type === 15)).toHaveLength(1);
    const elsewhere = await api.call(w.zahra, 'DELETE', 'message/delete/', {
      Id: id,
      PageType: 'Archive',
      TypeNumber: folder + 1_000,
    });
    expect(elsewhere).toMatchObject({ status: 0 });
    expect(await api.ids(w.zahra, { PageType: 'Archive', TypeNumber: folder })).toContain(id);
  });

  it('lets the folder be deleted once everyone has taken their letters out of it', async () => {
    const id = await api.sendNew(w.maryam, [w.ali]);
    const folder = await newFolder('favorite', 'پیگیری فوری');
    await api.call(w.ali, 'PUT', 'message/setfavorite/', { MessageId: id, FavoriteId: folder });
    const refused = await server.api.call('DELETE', 'favorite/delete/', { ...admin(), json: { Id: folder } });
    expect(refused.body).toMatchObject({ status: 0, message: expect.stringContaining('نامه') });
    // TypeNumber left out: out of whichever favourite folder it is in.
    expect(
      await api.call(w.ali, 'DELETE', 'message/delete/', { Id: id, PageType: 'Favorite' }),
    ).toMatchObject({ status: 1 });
    expect(await events(w.ali, id)).toEqual(expect.arrayContaining([12, 16]));
    // Ali's filing is his own: the letter's author does not see it in the events tab.
    const authorSees = await events(w.maryam, id);
    expect(authorSees).not.toContain(12);
    expect(authorSees).not.toContain(16);
    expect(authorSees).toContain(3);
    const deleted = await server.api.call('DELETE', 'favorite/delete/', { ...admin(), json: { Id: folder } });
    expect(deleted.body).toMatchObject({ status: 1 });
  });

  it('clears on a folder’s delete the filings their filer can no longer see; one still seen keeps it', async () => {
    const filings = async (column: 'archive_fk' | 'favorite_fk', folder: number) =>
      Number(
        (
          await asSystem(() =>
            sql<{
              n: number;
            }>`SELECT count(*)::int AS n FROM message_boxes WHERE ${sql.ref(column)} = ${folder}`.execute(
              server.built.services.db,
            ),
          )
        ).rows[0].n,
      );
    const deleteFolder = async (kind: 'archive' | 'favorite', id: number) =>
      (await server.api.call('DELETE', `${kind}/delete/`, { ...admin(), json: { Id: id } })).body;
    const person = async (who: typeof w.zahra, json: Json) =>
      expect(
        (await server.api.call('PUT', 'person/update/', { ...admin(), json: { Id: who.personId, ...json } }))
          .body.status,
      ).toBe(1);
    const refused = { status: 0, message: expect.stringContaining('«نامه‌ها» استفاده شده است') };

    // Zahra, reading all letters, files a letter between Ali and Maryam; her own in another.
    const others = await api.sendNew(w.ali, [w.maryam]);
    const hers = await api.sendNew(w.ali, [w.zahra]);
    const othersFolder = await newFolder('archive', 'نامه‌های دیگران');
    const hersFolder = await newFolder('archive', 'نامه‌های زهرا');
    await person(w.zahra, { RoleNames: ['کارکنان', 'مدیران سامانه'] });
    try {
      expect(
        await api.call(w.zahra, 'PUT', 'message/setarchive/', { MessageId: others, ArchiveId: othersFolder }),
      ).toMatchObject({ status: 1 });
      expect(
        await api.call(w.zahra, 'PUT', 'message/setarchive/', { MessageId: hers, ArchiveId: hersFolder }),
      ).toMatchObject({ status: 1 });
      // While she sees it, her filing keeps the folder (she takes it out, or keeps it).
      expect(await deleteFolder('archive', othersFolder)).toMatchObject(refused);
      expect(await filings('archive_fk', othersFolder)).toBe(1);
    } finally {
      await person(w.zahra, { RoleNames: ['کارکنان'] });
    }
    // AllMessages gone: the letter is hidden from her, her filing of it with it.
    expect(await api.get(w.zahra, others)).toMatchObject({ status: 0 });
    expect(await deleteFolder('archive', othersFolder)).toMatchObject({ status: 1 });
    expect(await filings('archive_fk', othersFolder)).toBe(0);
    expect((await api.get(w.maryam, others)).status).toBe(1);
    // Her own letter she still sees: still refused, her filing kept.
    expect(await deleteFolder('archive', hersFolder)).toMatchObject(refused);
    expect(await api.ids(w.zahra, { PageType: 'Archive', TypeNumber: hersFolder })).toContain(hers);

    // Fatemeh files a letter to her, and is switched off: nobody can take it out.
    const toFatemeh = await api.sendNew(w.maryam, [w.fatemeh]);
    const favourite = await newFolder('favorite', 'پیگیری فاطمه');
    const kept = await newFolder('favorite', 'پیگیری مریم');
    expect(
      await api.call(w.fatemeh, 'PUT', 'message/setfavorite/', {
        MessageId: toFatemeh,
        FavoriteId: favourite,
      }),
    ).toMatchObject({ status: 1 });
    // Maryam, active, filed the same letter elsewhere: that folder stays kept.
    await api.call(w.maryam, 'PUT', 'message/setfavorite/', { MessageId: toFatemeh, FavoriteId: kept });
    expect(await deleteFolder('favorite', favourite)).toMatchObject(refused);
    await person(w.fatemeh, { IsActive: false });
    try {
      expect(await deleteFolder('favorite', favourite)).toMatchObject({ status: 1 });
      expect(await filings('favorite_fk', favourite)).toBe(0);
      expect(await deleteFolder('favorite', kept)).toMatchObject(refused);
      expect(await filings('favorite_fk', kept)).toBe(1);
    } finally {
      await person(w.fatemeh, { IsActive: true });
    }
    // A refusal rolls the clearing back with it: Zahra's lost filing stays beside Maryam's.
    const shared = await newFolder('archive', 'مشترک');
    const another = await api.sendNew(w.ali, [w.maryam]);
    await person(w.zahra, { RoleNames: ['کارکنان', 'مدیران سامانه'] });
    try {
      await api.call(w.zahra, 'PUT', 'message/setarchive/', { MessageId: another, ArchiveId: shared });
    } finally {
      await person(w.zahra, { RoleNames: ['کارکنان'] });
    }
    await api.call(w.maryam, 'PUT', 'message/setarchive/', { MessageId: another, ArchiveId: shared });
    expect(await deleteFolder('archive', shared)).toMatchObject(refused);
    expect(await filings('archive_fk', shared)).toBe(2);
    expect(
      await api.call(w.maryam, 'DELETE', 'message/delete/', {
        Id: another,
        PageType: 'Archive',
        TypeNumber: shared,
      }),
    ).toMatchObject({ status: 1 });
    expect(await deleteFolder('archive', shared)).toMatchObject({ status: 1 });
    expect(await filings('archive_fk', shared)).toBe(0);
  });

  it('never deletes the letter from a folder page, nor reaches another user’s or tenant’s filing', async () => {
    // Maryam wrote it and nobody has read it: a delete elsewhere would delete it for all.
    const id = await api.sendNew(w.maryam, [w.ali]);
    const folder = await newFolder('archive', 'نامه‌های خودم');
    await api.call(w.maryam, 'PUT', 'message/setarchive/', { MessageId: id, ArchiveId: folder });
    expect(
      await api.call(w.maryam, 'DELETE', 'message/delete/', {
        Id: id,
        PageType: 'Archive',
        TypeNumber: folder,
      }),
    ).toMatchObject({ status: 1 });
    expect(await api.ids(w.ali, { PageType: 'AllMyMessage' })).toContain(id);
    expect(await api.ids(w.maryam, { PageType: 'Send', MessageType: 4 })).toContain(id);
    // Someone with no filing of it (or no right to it at all) is told it is not in their folder.
    await api.call(w.maryam, 'PUT', 'message/setarchive/', { MessageId: id, ArchiveId: folder });
    const stranger = await api.call(w.hossein, 'DELETE', 'message/delete/', {
      Id: id,
      PageType: 'Archive',
      TypeNumber: folder,
    });
    expect(stranger).toMatchObject({ status: 0, messge: 'این نامه در این پوشه بایگانی شما نیست' });
    expect(await api.ids(w.maryam, { PageType: 'Archive', TypeNumber: folder })).toContain(id);
    // Another tenant's administrator, the same ids: nothing.
    await createTenant(server.built.services.db, {
      fullName: 'شرکت دوم',
      hosts: ['second.localhost'],
      admin: { username: DEMO_ADMIN.username, password: 'other-pass', firstName: 'مدیر', lastName: 'دوم' },
      permissions: TENANT_PERMISSIONS,
    });
    const outsider = await server.api.signIn(DEMO_ADMIN.username, 'other-pass', 'second.localhost');
    for (const PageType of ['Archive', 'Favorite']) {
      const answer = await server.api.call('DELETE', 'message/delete/', {
        token: outsider.token,
        host: 'second.localhost',
        json: { Id: id, PageType, TypeNumber: folder },
      });
      expect(answer.body).toMatchObject({ status: 0 });
    }
    expect(await api.ids(w.maryam, { PageType: 'Archive', TypeNumber: folder })).toContain(id);
  });

  it('reads the page type as the lists do: any case is the folder page, an unknown one deletes nothing', async () => {
    // Maryam's own unread letter: a delete would take it from everyone.
    const id = await api.sendNew(w.maryam, [w.ali]);
    const folder = await newFolder('archive', 'بایگانی حروف');
    await api.call(w.maryam, 'PUT', 'message/setarchive/', { MessageId: id, ArchiveId: folder });
    for (const PageType of ['Bogus', 'Archives', ['Archive']]) {
      const answer = await api.call(w.maryam, 'DELETE', 'message/delete/', {
        Id: id,
        PageType,
        TypeNumber: folder,
      });
      expect(answer.status).toBe(0);
      expect(answer.message ?? answer.messge).toContain('نوع صفحه');
    }
    // The folder without its page — the key misspelt, left out, or another page: refused too.
    for (const page of [{ PageTyp: 'Archive' }, {}, { PageType: 'AllMyMessage' }]) {
      const answer = await api.call(w.maryam, 'DELETE', 'message/delete/', {
        Id: id,
        TypeNumber: folder,
        ...page,
      });
      expect(answer).toMatchObject({ status: 0 });
      expect(answer.message ?? answer.messge).toBe(
        'شماره پوشه فقط با نوع صفحه بایگانی یا دلخواه فرستاده می‌شود',
      );
    }
    expect(await api.ids(w.ali, { PageType: 'AllMyMessage' })).toContain(id);
    for (const PageType of ['archive', 'ARCHIVE']) {
      await api.call(w.maryam, 'PUT', 'message/setarchive/', { MessageId: id, ArchiveId: folder });
      const answer = await api.call(w.maryam, 'DELETE', 'message/delete/', {
        Id: id,
        PageType,
        TypeNumber: folder,
      });
      expect(answer).toMatchObject({ status: 1 });
      expect(await api.ids(w.maryam, { PageType: 'Archive', TypeNumber: folder })).not.toContain(id);
      expect(await api.ids(w.ali, { PageType: 'AllMyMessage' })).toContain(id);
    }
  });

  it('refuses a folder id that is no id, with the field named', async () => {
    const id = await api.sendNew(w.maryam, [w.ali]);
    for (const TypeNumber of ['abc', 2 ** 31, [1, 2], -5]) {
      const answer = await api.call(w.ali, 'DELETE', 'message/delete/', {
        Id: id,
        PageType: 'Archive',
        TypeNumber,
      });
      expect(answer.status).toBe(0);
      expect(answer.message).toContain('شماره پوشه');
    }
  });

  it('refuses a second folder of one name side by side, as a search compares names; elsewhere it is fine', async () => {
    const parent = await newFolder('archive', 'اسناد مالی');
    const create = (title: string, parentFk?: number) =>
      server.api.post('archive/create/', { ArchiveTitle: title, ParentFk: parentFk }, admin());
    const first = (await create('نامه های بانک', parent)).body;
    expect(first.status).toBe(1);
    // «نامه‌ها» with a ZWNJ, an Arabic yeh: the same name to anyone reading the menu.
    const twin = (await create('نامه‌های بانك', parent)).body;
    expect(twin).toMatchObject({ status: 0, message: expect.stringContaining('در همین جا هست') });
    expect((await create('نامه های بانک')).body.status).toBe(1);
    // A rename into the pair is refused; renaming to itself is not.
    const other = (await create('نامه‌های بیمه', parent)).body.id as number;
    const rename = (id: number, title: string) =>
      server.api.call('PUT', 'archive/update/', {
        ...admin(),
        json: { Id: id, ArchiveTitle: title, ParentFk: parent },
      });
    expect((await rename(other, 'نامه های بانک')).body.status).toBe(0);
    expect((await rename(first.id as number, 'نامه های بانک')).body.status).toBe(1);
    // Two at once: one of them.
    const both = await Promise.all([create('گزارش‌ها', parent), create('گزارش ها', parent)]);
    expect(both.map((answer) => answer.body.status).sort()).toEqual([0, 1]);
  });

  it('refuses a twin written with marks that show nothing or presentation forms, and finds the latter by its letters (probe)', async () => {
    const create = (title: string) => server.api.post('archive/create/', { ArchiveTitle: title }, admin());
    const lookup = async (Phrase: string) =>
      (
        (await server.api.get('archive/lookup/', { Phrase }, admin())).body.records as {
          id: number;
          title: string;
        }[]
      ).filter((r) => r.title.startsWith('قراردادهای فروش') || r.title.startsWith('ﻗﺮﺍﺭﺩﺍﺩ'));
    const first = (await create('قراردادهای فروش')).body;
    expect(first.status).toBe(1);
    for (const twin of [
      'قراردادهای فروش\u2060',
      'قراردادهای فروش\u00AD',
      'قراردادهای فروش\u180E',
      'قراردادهای فر\u034Fوش',
      'قراردادهای فروش\u061C',
      'قراردادﻫﺎی فروش',
      'ﻗﺮﺍﺭﺩﺍﺩﻫﺎی ﻓﺮﻭﺵ',
      'قراردادهای فروشـ',
    ])
      expect((await create(twin)).body, JSON.stringify(twin)).toEqual({
        status: 0,
        message: expect.stringMatching(/^پوشه‌ای با عنوان «.+» در همین جا هست؛ عنوان دیگری بنویسید$/),
      });
    expect((await lookup('قراردادهای فروش')).map((r) => r.id)).toEqual([first.id]);
    // A title as stored holds no mark that shows nothing; one of presentation forms is
    // found by its letters.
    const marked = (await create('گزارش\u2060های خرید\u00AD')).body;
    expect(marked.status).toBe(1);
    expect((await server.api.get('archive/get/', { Id: marked.id }, admin())).body.record.archiveTitle).toBe(
      'گزارشهای خرید',
    );
    const shaped = (await create('ﺑﺎﻧﮏ ﻣﻠﯽ')).body;
    expect(shaped.status).toBe(1);
    const found = (await server.api.get('archive/lookup/', { Phrase: 'بانک ملی' }, admin())).body.records as {
      id: number;
    }[];
    expect(found.map((r) => r.id)).toContain(shaped.id);
  });

  it('keeps a pair of twins saved before editable, as long as the edit leaves the title as it reads', async () => {
    const db = server.built.services.db;
    const first = await newFolder('archive', 'صورت‌جلسه‌ها');
    const row = await asSystem(() =>
      db.selectFrom('archives').selectAll().where('id', '=', first).executeTakeFirstOrThrow(),
    );
    // As a tenant may hold from before the rule: the same title twice at the top.
    const twin = await asSystem(() =>
      db
        .insertInto('archives')
        .values({
          tenant_id: row.tenant_id,
          archive_title: 'صورت جلسه ها',
          search_text: row.search_text,
          full_name: 'صورت جلسه ها',
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const save = (title: string) =>
      server.api.call('PUT', 'archive/update/', {
        ...admin(),
        json: { Id: twin.id, ArchiveTitle: title },
      });
    expect((await save('صورت جلسه ها')).body.status).toBe(1);
    expect((await save('صورت‌جلسه‌ها')).body.status).toBe(1);
    expect((await save('صورت جلسه های ۱۴۰۵')).body.status).toBe(1);
    // Once apart, back into the pair: refused.
    expect((await save('صورت جلسه ها')).body).toMatchObject({
      status: 0,
      message: expect.stringContaining('در همین جا هست'),
    });
  });

  it('folds the search texts stored before with presentation forms or marks that show nothing (0035)', async () => {
    const db = server.built.services.db;
    const shaped = await newFolder('archive', 'پوشه قدیمی');
    const row = await asSystem(() =>
      db.selectFrom('archives').selectAll().where('id', '=', shaped).executeTakeFirstOrThrow(),
    );
    // As the server stored them before: the title as sent, its search text without NFKC,
    // the marks kept, ە kept.
    const titles = [
      'ﭘﺮﻭﻧﺪﻩ‌ﻫﺎی ﺑﺎﻧﮏ',
      'اسناد\u2060 مالی\u00AD',
      'Ｄａｂｉｒ ۱۲ ﻣﯽ ﺷﻮﺩ',
      'کوە سبلان',
      'تصویر\u061Cها',
    ];
    const stored = [
      'ﭘﺮﻭﻧﺪﻩ ﻫﺎی ﺑﺎﻧﮏ ﭘﺮﻭﻧﺪﻩﻫﺎی',
      'اسناد\u2060 مالی\u00AD',
      'ｄａｂｉｒ 12 ﻣﯽ ﺷﻮﺩ',
      'کوە سبلان',
      'تصویر\u061Cها',
    ];
    const ids: number[] = [];
    for (const [n, title] of titles.entries())
      ids.push(
        (
          await asSystem(() =>
            db
              .insertInto('archives')
              .values({
                tenant_id: row.tenant_id,
                archive_title: title,
                search_text: stored[n],
                full_name: title,
                parent_fk: shaped,
              } as never)
              .returning('id')
              .executeTakeFirstOrThrow(),
          )
        ).id,
      );
    await rerunMigration(db, '0035_search_compatibility_forms_folded.sql');
    const searchTexts = await asSystem(() =>
      db.selectFrom('archives_search').select(['id', 'search_text']).where('id', 'in', ids).execute(),
    );
    const ownTexts = await asSystem(() =>
      db.selectFrom('archives').select(['id', 'search_text']).where('id', 'in', ids).execute(),
    );
    // As the server stores them now, in SQL as in the server.
    for (const [n, id] of ids.entries()) {
      const expected = storedSearchKey(titles[n]);
      expect(ownTexts.find((r) => r.id === id)?.search_text, titles[n]).toBe(expected);
      expect(searchTexts.find((r) => r.id === id)?.search_text, titles[n]).toBe(expected);
    }
    const found = async (Phrase: string) =>
      ((await server.api.get('archive/lookup/', { Phrase }, admin())).body.records as { id: number }[]).map(
        (r) => r.id,
      );
    expect(await found('پرونده های بانک')).toContain(ids[0]);
    expect(await found('dabir 12 میشود')).toContain(ids[2]);
    expect(await found('کوه سبلان')).toContain(ids[3]);
  });

  it('refuses a «/» in a folder’s title (a path would read twice), on create and rename; an old one stays', async () => {
    const SLASH_REFUSED = 'عنوان پوشه نباید «/» داشته باشد؛ مسیر پوشه‌ها با « / » از هم جدا می‌شود';
    // «الف» › «ب» is «الف / ب» in the menu: a folder of that title beside it would be too.
    const parent = await newFolder('archive', 'الف');
    await newFolder('archive', 'ب').then((child) =>
      server.api.call('PUT', 'archive/update/', {
        ...admin(),
        json: { Id: child, ArchiveTitle: 'ب', ParentFk: parent },
      }),
    );
    for (const [kind, field] of [
      ['archive', 'ArchiveTitle'],
      ['favorite', 'FavoriteTitle'],
    ] as const)
      for (const title of [
        'الف / ب',
        'الف/ب',
        'گزارش‌ها ۱۴۰۵/۰۲',
        'الف ∕ ب',
        'الف ／ ب',
        'الف ⧸ ب',
        'الف \u0338 ب',
        'الف ℀',
      ])
        expect((await server.api.post(`${kind}/create/`, { [field]: title }, admin())).body).toEqual({
          status: 0,
          message: SLASH_REFUSED,
        });
    const folder = await newFolder('favorite', 'پیگیری قراردادها');
    const rename = (id: number, json: Json) =>
      server.api.call('PUT', 'favorite/update/', { ...admin(), json: { Id: id, ...json } });
    expect((await rename(folder, { FavoriteTitle: 'پیگیری / قراردادها' })).body).toMatchObject({
      status: 0,
      message: SLASH_REFUSED,
    });
    // A direction override («\u202e۴۰۴۱» shows «۱۴۰۴») would make a second folder of one path.
    expect((await rename(folder, { FavoriteTitle: '\u202e۴۰۴۱' })).body).toMatchObject({
      status: 0,
      message: expect.stringContaining('تغییر جهت متن'),
    });
    expect((await server.api.get('favorite/get/', { Id: folder }, admin())).body.record).toMatchObject({
      favoriteTitle: 'پیگیری قراردادها',
    });
    // A title stored before the rule stays: the folder is still saved and moved as it is.
    const tenant = (await server.built.services.tenants.byHost('localhost'))!;
    const old = await asSystem(() =>
      server.built.services.db
        .insertInto('favorites' as never)
        .values({ tenant_id: tenant.id, favorite_title: 'خرید / فروش', full_name: 'خرید / فروش' } as never)
        .returning('id' as never)
        .executeTakeFirstOrThrow(),
    );
    const oldId = (old as { id: number }).id;
    expect((await rename(oldId, { FavoriteTitle: 'خرید / فروش', ParentFk: folder })).body.status).toBe(1);
    expect((await rename(oldId, { FavoriteTitle: 'خرید / فروش ۱۴۰۵' })).body).toMatchObject({
      status: 0,
      message: SLASH_REFUSED,
    });
    expect((await rename(oldId, { FavoriteTitle: 'خرید و فروش' })).body.status).toBe(1);
  });

  it('ends the menu’s folders of a kind with «پوشه‌های دیگر…» past MENU_FOLDERS', async () => {
    const menuFolders = async () => {
      const records = (await server.api.get('menu/list/', {}, admin())).body.records as Json[];
      const letters = records.flatMap((r) => (r.children ?? []) as Json[]);
      const archive = letters.find((r) => r.title === 'بایگانی');
      return (archive?.children ?? []) as Json[];
    };
    const before = (await menuFolders()).length;
    const rows = Array.from({ length: MENU_FOLDERS + 1 - before }, (_, i) => ({
      ArchiveTitle: `پوشه انبوه ${i}`,
    }));
    for (const row of rows) await server.api.post('archive/create/', row, admin());
    const shown = await menuFolders();
    expect(shown).toHaveLength(MENU_FOLDERS + 1);
    expect(shown.at(-1)).toMatchObject({ id: 0, title: OTHER_FOLDERS.title, type: 'ArchiveMessage' });
    expect(shown.slice(0, -1).every((folder) => folder.id > 0)).toBe(true);
  });
});
