import { asSystem } from '../../server/db/tenant-fence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, ENGINES, startTestServer, type TestServer } from './harness';
import { createTenant } from '../../server/tenancy/create-tenant';
import { TENANT_PERMISSIONS } from '../../src/shared/permissions';
import { DEMO_COLLEAGUE_PASSWORD } from '../../server/seed/seed';

interface MenuRecord {
  title: string;
  type: string;
  children: MenuRecord[];
}
const typesOf = (records: MenuRecord[]): string[] => records.flatMap((r) => [r.type, ...typesOf(r.children)]);

describe.each(ENGINES)('menu, links and tenants (%s)', (engine) => {
  let server: TestServer;
  let admin: string;
  let colleague: string;
  let otherAdmin: string;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    await createTenant(server.built.services.db, {
      fullName: 'شرکت دوم',
      hosts: ['second.localhost'],
      admin: { username: DEMO_ADMIN.username, password: 'other-pass', firstName: 'مدیر', lastName: 'دوم' },
      permissions: TENANT_PERMISSIONS,
    });
    admin = (await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token;
    colleague = (await server.api.signIn('09124444444', DEMO_COLLEAGUE_PASSWORD)).token;
    otherAdmin = (await server.api.signIn(DEMO_ADMIN.username, 'other-pass', 'second.localhost')).token;
  });
  afterAll(() => server?.stop());

  it('gives each user the menu their permissions allow, up to three levels', async () => {
    const answer = await server.api.get('menu/list/', { Language: 0 }, { token: admin });
    // The menu of a permission set is encoded once and sent as bytes: still JSON in UTF-8.
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.text));
    const full = answer.body;
    expect(full.status).toBe(1);
    const adminTypes = typesOf(full.records);
    expect(adminTypes).toEqual(
      expect.arrayContaining(['MyMessage', 'AllMessage', 'Andikator', 'Banks', 'Person', 'Tasks']),
    );
    expect(adminTypes).not.toContain('Domains');
    const letters = full.records.find((r: MenuRecord) => r.title === 'مکاتبات');
    const sent = letters.children.find((r: MenuRecord) => r.title === 'نامه‌های ارسالی');
    expect(sent.children.map((c: MenuRecord) => c.type)).toEqual([
      'DomesticLetters',
      'IncomingLetters',
      'LettersIssued',
    ]);

    const staffTypes = typesOf((await server.api.get('menu/list', {}, { token: colleague })).body.records);
    expect(staffTypes).toEqual(expect.arrayContaining(['MyMessage', 'Tasks', 'Links']));
    expect(staffTypes).not.toContain('AllMessage');
    expect(staffTypes).not.toContain('Andikator');
    expect(staffTypes).not.toContain('Banks');
  });

  it("lists the tenant's archive and favourite folders under «مکاتبات», each by its id and full path", async () => {
    const menu = async (token: string) => (await server.api.get('menu/list/', {}, { token })).body.records;
    const foldersIn = (records: MenuRecord[], type: string) =>
      records
        .flatMap(function all(r: MenuRecord): MenuRecord[] {
          return [r, ...r.children.flatMap(all)];
        })
        .filter((r) => r.type === type)
        .map((r) => ({ id: (r as MenuRecord & { id: number }).id, title: r.title }));
    const archives = (await server.api.get('archive/list/', { Count: -1 }, { token: admin })).body.records;
    const favorite = (
      await server.api.post('favorite/create/', { FavoriteTitle: 'پیگیری' }, { token: admin })
    ).body.id as number;
    const records = await menu(admin);
    expect(foldersIn(records, 'ArchiveMessage').sort((a, b) => a.id - b.id)).toEqual(
      archives
        .map((a: { archiveId: number; fullName: string }) => ({ id: a.archiveId, title: a.fullName }))
        .sort((a: { id: number }, b: { id: number }) => a.id - b.id),
    );
    expect(foldersIn(records, 'FavoriteMessage')).toEqual([{ id: favorite, title: 'پیگیری' }]);
    // After the drafts, in the letters' group; a colleague files letters too.
    const letters = records.find((r: MenuRecord) => r.title === 'مکاتبات');
    const titles = letters.children.map((r: MenuRecord) => r.title);
    expect(titles.indexOf('بایگانی')).toBe(titles.indexOf('پیش‌نویس‌ها') + 1);
    expect(foldersIn(await menu(colleague), 'FavoriteMessage')).toEqual([{ id: favorite, title: 'پیگیری' }]);
    // Another organisation's menu names none of them.
    const theirs = await menu(otherAdmin);
    expect(foldersIn(theirs, 'FavoriteMessage')).toEqual([]);
    const ours = new Set(archives.map((a: { archiveId: number }) => a.archiveId));
    expect(foldersIn(theirs, 'ArchiveMessage').filter((f) => ours.has(f.id))).toEqual([]);
    await server.api.call('DELETE', 'favorite/delete/', { token: admin, json: { Id: favorite } });
    expect(foldersIn(await menu(admin), 'FavoriteMessage')).toEqual([]);
    // In the Persian alphabet's order (by code point, ت would come before پ).
    for (const FavoriteTitle of ['ترتیب', 'پیگیری', 'بایگانی ویژه'])
      await server.api.post('favorite/create/', { FavoriteTitle }, { token: admin });
    expect(foldersIn(await menu(admin), 'FavoriteMessage').map((f) => f.title)).toEqual([
      'بایگانی ویژه',
      'پیگیری',
      'ترتیب',
    ]);
  });

  it('shows a folder change at once: a parent renamed, a folder written by another process', async () => {
    const archiveFolders = async () => {
      const records = (await server.api.get('menu/list/', {}, { token: admin })).body.records as MenuRecord[];
      return records
        .flatMap(function all(r: MenuRecord): MenuRecord[] {
          return [r, ...r.children.flatMap(all)];
        })
        .filter((r) => r.type === 'ArchiveMessage')
        .map((r) => r.title);
    };
    const parent = (await server.api.post('archive/create/', { ArchiveTitle: 'پرونده‌ها' }, { token: admin }))
      .body.id as number;
    await server.api.post(
      'archive/create/',
      { ArchiveTitle: 'کارگزینی', ParentFk: parent },
      { token: admin },
    );
    expect(await archiveFolders()).toEqual(expect.arrayContaining(['پرونده‌ها', 'پرونده‌ها / کارگزینی']));
    // The menu is kept between calls; a rename of the parent rewrites the child's path.
    await archiveFolders();
    const renamed = await server.api.call('PUT', 'archive/update/', {
      token: admin,
      json: { Id: parent, ArchiveTitle: 'سوابق', ParentFk: null },
    });
    expect(renamed.body.status).toBe(1);
    const afterRename = await archiveFolders();
    expect(afterRename).toEqual(expect.arrayContaining(['سوابق', 'سوابق / کارگزینی']));
    expect(afterRename).not.toContain('پرونده‌ها / کارگزینی');
    // Written straight into the database, as another server process would: this process's
    // kept menu is not told, yet the next call shows it (the tenant's menu epoch rose).
    const tenant = (await server.built.services.tenants.byHost('localhost'))!;
    await asSystem(() =>
      server.built.services.db
        .insertInto('archives' as never)
        .values({ tenant_id: tenant.id, archive_title: 'دیگر فرایند', full_name: 'دیگر فرایند' } as never)
        .execute(),
    );
    expect(await archiveFolders()).toContain('دیگر فرایند');
    // A folder's own title comes apart from its path: a title stored before «/» was refused
    // in titles (src/schemas/correspondence.ts) may hold « / » itself.
    await asSystem(() =>
      server.built.services.db
        .insertInto('archives' as never)
        .values({
          tenant_id: tenant.id,
          archive_title: 'خرید / فروش',
          parent_fk: parent,
          full_name: 'سوابق / خرید / فروش',
        } as never)
        .execute(),
    );
    const records = (await server.api.get('menu/list/', {}, { token: admin })).body.records as MenuRecord[];
    const folder = records
      .flatMap(function all(r: MenuRecord): MenuRecord[] {
        return [r, ...r.children.flatMap(all)];
      })
      .find((r) => r.type === 'ArchiveMessage' && r.title === 'سوابق / خرید / فروش');
    expect(folder).toMatchObject({ ownTitle: 'خرید / فروش' });
  });

  it('gives the platform admin the operator screens', async () => {
    const platform = (await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password, 'crm.localhost'))
      .token;
    const types = typesOf((await server.api.get('menu/list', {}, { token: platform })).body.records);
    expect(types).toEqual(expect.arrayContaining(['Domains', 'Plans', 'OnlineUser', 'UserGroups']));
  });

  it('creates, lists, reads, updates and deletes links, binding JSON, form and query alike', async () => {
    const created = await server.api.post(
      'link/create/',
      { Caption: 'سامانه ك', Url: 'https://example.org/a' },
      { token: admin },
    );
    expect(created.body.status).toBe(1);
    const id = created.body.id as number;
    const viaForm = await server.api.call('POST', 'LINK/CREATE', {
      token: admin,
      urlencoded: { caption: 'فرم', url: 'http://example.org/b' },
    });
    expect(viaForm.body.status).toBe(1);
    const viaQuery = await server.api.call('POST', 'link/create', {
      token: admin,
      query: { Caption: 'پرس‌وجو', Url: 'https://example.org/c' },
    });
    expect(viaQuery.body.status).toBe(1);

    const got = await server.api.get('link/get/', { Id: id }, { token: admin });
    expect(got.body.record).toEqual({ linkId: id, caption: 'سامانه ک', url: 'https://example.org/a' });
    const list = await server.api.get('link/list/', { Page: 1, Count: -1 }, { token: admin });
    expect(list.body.record_count).toBeGreaterThanOrEqual(6); // three seeded + three created
    expect(list.body.records.map((r: { linkId: number }) => r.linkId)).toContain(id);

    const updated = await server.api.post(
      'link/update/',
      { Id: id, Caption: 'ویرایش‌شده', Url: 'https://example.org/z' },
      { token: admin },
    );
    expect(updated.body.status).toBe(1);
    expect((await server.api.get('link/get', { Id: id }, { token: admin })).body.record.caption).toBe(
      'ویرایش‌شده',
    );
    expect(
      (await server.api.post('link/delete/', { Id: id, Language: 0 }, { token: admin })).body.status,
    ).toBe(1);
    expect((await server.api.get('link/get', { Id: id }, { token: admin })).body).toEqual({
      status: 0,
      message: 'پیوند یافت نشد',
    });
  });

  it('refuses links that are not http(s) or lack a caption, naming the field', async () => {
    const script = await server.api.post(
      'link/create',
      { Caption: 'بد', Url: 'javascript:alert(1)' },
      { token: admin },
    );
    expect(script.body).toEqual({ status: 0, message: 'نشانی باید نشانی معتبری با http یا https باشد' });
    const ftp = await server.api.post(
      'link/create',
      { Caption: 'بد', Url: 'ftp://example.org' },
      { token: admin },
    );
    expect(ftp.body.status).toBe(0);
    const noCaption = await server.api.post('link/create', { Url: 'https://example.org' }, { token: admin });
    expect(noCaption.body).toEqual({ status: 0, message: 'عنوان الزامی است' });
    const badId = await server.api.get('link/get', { Id: 'abc' }, { token: admin });
    expect(badId.body).toEqual({ status: 0, message: 'شناسه معتبر نیست' });
  });

  it('keeps tenants and users apart', async () => {
    const mine = await server.api.post(
      'link/create',
      { Caption: 'خصوصی', Url: 'https://example.org/private' },
      { token: admin },
    );
    const id = mine.body.id;
    // Same username, other tenant: a different user who sees none of it.
    expect(
      (await server.api.get('link/get', { Id: id }, { token: otherAdmin, host: 'second.localhost' })).body
        .status,
    ).toBe(0);
    expect((await server.api.post('link/delete', { Id: id }, { token: otherAdmin })).body.status).toBe(0);
    expect((await server.api.get('link/list', { Count: -1 }, { token: otherAdmin })).body.record_count).toBe(
      0,
    );
    // Another user of the same tenant cannot read or change it either.
    expect((await server.api.get('link/get', { Id: id }, { token: colleague })).body.status).toBe(0);
    expect(
      (
        await server.api.post(
          'link/update',
          { Id: id, Caption: 'x', Url: 'https://x.org' },
          { token: colleague },
        )
      ).body.status,
    ).toBe(0);
    expect((await server.api.get('link/get', { Id: id }, { token: admin })).body.record.caption).toBe(
      'خصوصی',
    );
    // The second tenant's sign-in page and credentials are its own.
    const page = await server.api.get('login/get', { WebRootPath: 'second.localhost' });
    expect(page.body.record.tenantFullName).toBe('شرکت دوم');
    const crossed = await server.api.post('Authenticate/Authenticate', {
      Username: DEMO_ADMIN.username,
      Password: DEMO_ADMIN.password,
      WebRootPath: 'second.localhost',
    });
    expect(crossed.body.status).toBe(0);
  });

  it('lists a user\u2019s notifications and marks them read', async () => {
    // Looked up as the platform would (asSystem): the user's tenant is not known yet.
    const user = await asSystem(() =>
      server.built.services.db
        .selectFrom('users')
        .select(['id', 'tenant_id as tenantId'])
        .where('username', '=', '09124444444')
        .executeTakeFirstOrThrow(),
    );
    const { tenantId } = user;
    // The demo letters (seed/demo-letters.ts) have notified them of some already.
    const before = (await server.api.get('notification/list', {}, { token: colleague })).body;
    const adminBefore = (await server.api.get('notification/list', {}, { token: admin })).body.totalCount;
    await server.built.services.notifier.notify(tenantId, user.id, {
      title: 'نامه جدید رسید',
      url: '/mymessage',
    });
    const list = (await server.api.get('notification/list', {}, { token: colleague })).body;
    expect(list).toMatchObject({
      status: 1,
      unreadCount: before.unreadCount + 1,
      totalCount: before.totalCount + 1,
    });
    expect(list.records[0]).toMatchObject({ title: 'نامه جدید رسید', url: '/mymessage', isRead: false });
    expect((await server.api.get('notification/list', {}, { token: admin })).body.totalCount).toBe(
      adminBefore,
    );
    // One notification is marked read by its own user only: another user's, another
    // tenant's or none at all is not found, and stays as it was.
    const theirs = list.records[0].id as number;
    for (const [token, id] of [
      [admin, theirs],
      [otherAdmin, theirs],
      [colleague, 2_000_000_000],
    ] as const)
      expect((await server.api.post('notification/read', { Id: id }, { token })).body).toMatchObject({
        status: 0,
        message: 'اعلان یافت نشد',
      });
    expect((await server.api.get('notification/list', {}, { token: colleague })).body.records[0].isRead).toBe(
      false,
    );
    expect(
      (await server.api.post('notification/read', { Id: theirs }, { token: colleague })).body.status,
    ).toBe(1);
    // Marking it again is not an error: it is theirs, already read.
    expect(
      (await server.api.post('notification/read', { Id: theirs }, { token: colleague })).body.status,
    ).toBe(1);
    await server.api.post('notification/read', { Id: 0 }, { token: colleague });
    expect((await server.api.get('notification/list', {}, { token: colleague })).body.unreadCount).toBe(0);
  });
});
