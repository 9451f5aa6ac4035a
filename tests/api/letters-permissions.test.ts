// Letters go only to colleagues who can open them, and who holds which permission is the
// server's word: a letter, a forward or a draft passed on to someone without Messages or
// AllMessages is refused by name (people.ts `readers`); the favourite contacts are a letters'
// call; the side menu's answer carries the user's permissions as they are now (the client
// follows them); a person keeps a role switched off since, through an edit of their name.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSystem } from '../../server/db/tenant-fence';
import { addUser } from '../../server/tenancy/create-tenant';
import { findPrincipal } from '../../server/auth/sessions';
import { NO_PERMISSION_MESSAGE } from '../../src/shared/permissions';
import { ENGINES, startTestServer, type TestServer } from './harness';
import { letters, letterWorld, type LetterWorld, type Someone } from './letters-kit';

const PROJECTS_ONLY = 'فقط پروژه‌ها';
const PASSWORD = 'pass1234';

describe.each(ENGINES)(
  'letters: who may be sent a letter, and permissions as they are now (%s)',
  (engine) => {
    let server: TestServer;
    let w: LetterWorld;
    let api: ReturnType<typeof letters>;
    let planner: Someone;

    beforeAll(async () => {
      server = await startTestServer({ engine });
      w = await letterWorld(server);
      api = letters(server, w);
      // A role that holds no letters' permission (made as the seed makes its roles), then a
      // person in it made through the people screen's call.
      await makeRole(PROJECTS_ONLY, ['Projects', 'Tasks'], '09139990000');
      const created = await server.api.post(
        'person/create/',
        {
          FirstName: 'سارا',
          LastName: 'برنامه‌ریز',
          Mobile: '09139990001',
          RoleNames: [PROJECTS_ONLY],
          PassWord: PASSWORD,
          IsActive: true,
        },
        { token: w.admin.token },
      );
      expect(created.body).toMatchObject({ status: 1 });
      const signedIn = await server.api.signIn('09139990001', PASSWORD);
      planner = { token: signedIn.token, userId: signedIn.userId, personId: created.body.id as number };
    });
    afterAll(() => server?.stop());

    /** A role made as the seed makes its roles (with a user of its own): the app makes none. */
    const makeRole = async (title: string, permissions: string[], username: string) =>
      addUser(
        server.built.services.db,
        (await findPrincipal(server.built.services.db, w.admin.token))!.tenantId,
        {
          username,
          password: PASSWORD,
          firstName: 'نمونه',
          lastName: title,
          groupTitle: title,
          permissions,
        },
      );

    const refusedFor = { status: 0, messge: 'گیرندگان: «سارا برنامه‌ریز» به نامه‌ها دسترسی ندارد' };

    it('refuses a letter, a copy, a forward and a draft passed on to someone who cannot open letters', async () => {
      const before = await api.list(w.admin, { PageType: 'AllMessage', Count: 1 });
      expect(await api.save(w.admin, { ...api.internal([planner]), IsSend: 1 })).toMatchObject(refusedFor);
      expect(
        await api.save(w.admin, { ...api.internal([w.ali], { SelectedCC: [planner.personId] }), IsSend: 1 }),
      ).toMatchObject({ status: 0, messge: 'رونوشت: «سارا برنامه‌ریز» به نامه‌ها دسترسی ندارد' });
      expect((await api.list(w.admin, { PageType: 'AllMessage', Count: 1 })).records).toEqual(before.records);
      const sent = await api.sendNew(w.admin, [w.ali]);
      expect(
        await api.post(w.ali, 'message/forward/', {
          MessageId: sent,
          IsSend: 1,
          SelectedTo: [planner.personId],
        }),
      ).toMatchObject({ status: 0, messge: 'گیرندگان ارجاع: «سارا برنامه‌ریز» به نامه‌ها دسترسی ندارد' });
      const draft = await api.draft(w.admin, [w.ali]);
      expect(
        await api.post(w.admin, 'message/forward/', {
          MessageId: draft,
          IsSend: 2,
          SelectedTo: [planner.personId],
        }),
      ).toMatchObject({ status: 0, messge: 'گیرندگان ارجاع: «سارا برنامه‌ریز» به نامه‌ها دسترسی ندارد' });
      // Nothing reached them: no count, no notice.
      expect((await server.api.get('notification/list/', {}, { token: planner.token })).body.totalCount).toBe(
        0,
      );
    });

    it('refuses a reply to a sender who has since lost letters, and a letter to a reader of all letters alone', async () => {
      const admin = { token: w.admin.token };
      const moveTo = async (role: string) =>
        expect(
          (
            await server.api.call('PUT', 'person/update/', {
              ...admin,
              json: { Id: planner.personId, RoleNames: [role] },
            })
          ).body.status,
        ).toBe(1);
      await moveTo('کارکنان');
      const fresh = await server.api.signIn('09139990001', PASSWORD);
      const theirs = await api.sendNew({ ...planner, token: fresh.token }, [w.ali]);
      await moveTo(PROJECTS_ONLY);
      expect(
        await api.post(w.ali, 'message/forward/', { MessageId: theirs, IsSend: 7, ForwardMessage: 'پاسخ' }),
      ).toMatchObject({
        status: 0,
        messge: 'گیرنده پاسخ: «سارا برنامه‌ریز» به نامه‌ها دسترسی ندارد',
      });
      // AllMessages alone: every letter to read, but no cartable for one sent to them.
      await makeRole('فقط همه نامه‌ها', ['AllMessages'], '09139990002');
      await moveTo('فقط همه نامه‌ها');
      expect(await api.save(w.admin, { ...api.internal([planner]), IsSend: 1 })).toMatchObject(refusedFor);
      await moveTo(PROJECTS_ONLY);
    });

    it('keeps the favourite contacts to users of letters', async () => {
      for (const [path, call] of [
        [
          'person/getfavoritepersons/',
          () => server.api.get('person/getfavoritepersons/', {}, { token: planner.token }),
        ],
        [
          'person/savefavoritepersons/',
          () =>
            server.api.post(
              'person/savefavoritepersons/',
              { Persons: [w.ali.personId] },
              { token: planner.token },
            ),
        ],
      ] as const)
        expect((await call()).body, path).toMatchObject({ status: 0, message: NO_PERMISSION_MESSAGE });
    });

    it('answers the side menu with the permissions the user holds now', async () => {
      const menu = async (token: string) => (await server.api.get('menu/list/', {}, { token })).body;
      expect((await menu(planner.token)).permissions).toEqual(['Projects', 'Tasks']);
      expect((await menu(w.ali.token)).permissions).toEqual(
        expect.arrayContaining(['CreateInternalMessage', 'Messages']),
      );
      // Moved to the staff's role: the very next menu says so (and the server acts on it).
      const moved = await server.api.call('PUT', 'person/update/', {
        token: w.admin.token,
        json: { Id: planner.personId, RoleNames: ['کارکنان'] },
      });
      expect(moved.body.status).toBe(1);
      const now = await menu(planner.token);
      expect(now.permissions).toContain('Messages');
      expect(JSON.stringify(now.records)).toContain('نامه');
      expect((await api.sendNew(w.admin, [planner])) > 0).toBe(true);
      await server.api.call('PUT', 'person/update/', {
        token: w.admin.token,
        json: { Id: planner.personId, RoleNames: [PROJECTS_ONLY] },
      });
      expect((await menu(planner.token)).permissions).toEqual(['Projects', 'Tasks']);
    });

    it("tells the dashboard's letter counts only to users of letters (probe helper-90)", async () => {
      const box = async () =>
        (await server.api.get('home/getbox/', {}, { token: planner.token })).body as Record<string, number>;
      const roles = (RoleNames: string[]) =>
        server.api.call('PUT', 'person/update/', {
          token: w.admin.token,
          json: { Id: planner.personId, RoleNames },
        });
      expect((await roles(['کارکنان'])).body.status).toBe(1);
      expect((await api.sendNew(w.admin, [planner])) > 0).toBe(true);
      expect((await box()).unReadMessageCount).toBeGreaterThan(0);
      // The letters are still theirs, kept for the day letters come back: not told meanwhile.
      expect((await roles([PROJECTS_ONLY])).body.status).toBe(1);
      expect(await box()).toMatchObject({
        status: 1,
        unReadMessageCount: 0,
        draftMessageCount: 0,
        answerRequestCount: 0,
        unCompleteTaskCount: 0,
      });
      expect((await roles(['کارکنان'])).body.status).toBe(1);
      expect((await box()).unReadMessageCount).toBeGreaterThan(0);
      expect((await roles([PROJECTS_ONLY])).body.status).toBe(1);
    });

    it('a filing is no right to a letter: filed while reading all letters, gone with that permission', async () => {
      const roles = async (names: string[]) =>
        expect(
          (
            await server.api.call('PUT', 'person/update/', {
              token: w.admin.token,
              json: { Id: w.zahra.personId, RoleNames: names },
            })
          ).body.status,
        ).toBe(1);
      const folder = (await server.api.get('archive/list/', { Count: -1 }, { token: w.admin.token })).body
        .records[0].archiveId as number;
      const others = await api.sendNew(w.ali, [w.maryam]);
      const hers = await api.sendNew(w.ali, [w.zahra]);
      const inFolder = async () => api.ids(w.zahra, { PageType: 'Archive', TypeNumber: folder });
      await roles(['کارکنان', 'مدیران سامانه']);
      try {
        for (const id of [others, hers])
          expect(
            await api.call(w.zahra, 'PUT', 'message/setarchive/', { MessageId: id, ArchiveId: folder }),
          ).toMatchObject({ status: 1 });
        expect(await inFolder()).toEqual(expect.arrayContaining([others, hers]));
      } finally {
        await roles(['کارکنان']);
      }
      // Her own letter stays hers, in the folder; the other's is as if it were not there.
      expect((await api.get(w.zahra, hers)).status).toBe(1);
      expect(await api.get(w.zahra, others)).toMatchObject({ status: 0, message: 'نامه یافت نشد' });
      expect(await inFolder()).toContain(hers);
      expect(await inFolder()).not.toContain(others);
      const related = await api.save(w.zahra, {
        ...api.internal([w.ali]),
        IsSend: 0,
        RelatedMessages: JSON.stringify([{ MessageId: others, Follow: true }]),
      });
      expect(related).toMatchObject({ status: 0, messge: 'نامه مرتبط یافت نشد' });
    });

    it('keeps a role switched off since on a person whose other fields are edited', async () => {
      await asSystem(() =>
        sql`UPDATE user_groups SET is_active = false WHERE title = ${PROJECTS_ONLY}`.execute(
          server.built.services.db,
        ),
      );
      try {
        const shown = (
          await server.api.get('person/get/', { Id: planner.personId }, { token: w.admin.token })
        ).body.record;
        expect(shown.roleNames).toEqual([PROJECTS_ONLY]);
        // The form sends back what it was given, with a new last name.
        const edited = await server.api.call('PUT', 'person/update/', {
          token: w.admin.token,
          json: { Id: planner.personId, LastName: 'برنامه‌ریز ارشد', RoleNames: shown.roleNames },
        });
        expect(edited.body.status).toBe(1);
        expect(
          (await server.api.get('person/get/', { Id: planner.personId }, { token: w.admin.token })).body
            .record,
        ).toMatchObject({ lastName: 'برنامه‌ریز ارشد', roleNames: [PROJECTS_ONLY] });
        // Not newly given to anyone else.
        const other = await server.api.call('PUT', 'person/update/', {
          token: w.admin.token,
          json: { Id: w.zahra.personId, RoleNames: [PROJECTS_ONLY] },
        });
        expect(other.body).toMatchObject({ status: 0, message: `نقش «${PROJECTS_ONLY}» وجود ندارد` });
      } finally {
        await asSystem(() =>
          sql`UPDATE user_groups SET is_active = true WHERE title = ${PROJECTS_ONLY}`.execute(
            server.built.services.db,
          ),
        );
      }
    });
  },
);
