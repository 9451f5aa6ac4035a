// Master data stays whole where records meet: a picture two records name stays until
// neither names it, a parent never closes a loop (a company's as a tree's, also when two
// updates race), and a person whose city moved to another province stays editable. The
// races are real on PostgreSQL (TEST_DATABASE_URL), where requests run side by side.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addSecondTenant,
  type CallResult,
  DEMO_ADMIN,
  ENGINES,
  startTestServer,
  type TestServer,
} from './harness';
import { tinyPng } from './fixtures';

const LOGO_GONE = 'نشان شرکت یافت نشد؛ تصویر را دوباره بارگذاری کنید';
const COMPANY_LOOP = 'شرکت مادر نمی‌تواند خود این شرکت یا زیرمجموعه آن باشد';
const UNIT_LOOP = 'واحد بالادست نمی‌تواند خود این واحد سازمانی یا زیرمجموعه آن باشد';
const CITY_OUTSIDE = 'شهر انتخاب‌شده در استان انتخاب‌شده نیست';

describe.each(ENGINES)('master data integrity (%s)', (engine) => {
  let server: TestServer;
  let admin: string;
  let other: string;
  let counter = 0;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    await addSecondTenant(server);
    admin = (await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token;
    other = (await server.api.signIn(DEMO_ADMIN.username, 'other-pass', 'second.localhost')).token;
  });
  afterAll(() => server?.stop());

  const update = (entity: string, json: Record<string, unknown>, token = admin) =>
    server.api.call('PUT', `${entity}/update/`, { token, json });
  const remove = (entity: string, id: number, token = admin) =>
    server.api.call('DELETE', `${entity}/delete/`, { token, json: { Id: id } });
  const record = async (entity: string, id: number) =>
    (await server.api.get(`${entity}/get/`, { Id: id }, { token: admin })).body.record;

  const upload = async () =>
    (
      await server.api.post(
        'company/fileuploader/',
        { File: `data:image/png;base64,${tinyPng().toString('base64')}` },
        { token: admin },
      )
    ).body.fullPath as string;
  const served = async (fullPath: string) => (await server.api.call('GET', fullPath)).status;
  const newCompany = async (fields: Record<string, unknown>, token = admin, host = 'localhost') =>
    server.api.post('company/create/', { CompanyName: `شرکت ${++counter}`, ...fields }, { token, host });

  /** No 5xx, and every refusal a Persian sentence with status 0. */
  const answered = (results: CallResult[]) => {
    for (const result of results) {
      expect(result.status).toBe(200);
      expect([0, 1]).toContain(result.body.status);
    }
  };

  describe('pictures two records name', () => {
    it('keeps a logo while another company names it: deleting one, or changing its logo away', async () => {
      const shared = await upload();
      const a = (await newCompany({ Logo: shared })).body.id as number;
      const b = await newCompany({ Logo: shared });
      expect(b.body.status).toBe(1);
      const c = (await newCompany({ Logo: shared })).body.id as number;

      expect((await remove('company', b.body.id)).body.status).toBe(1);
      expect(await served(shared)).toBe(200);
      expect((await record('company', a)).logo).toBe(shared);

      const own = await upload();
      expect((await update('company', { Id: c, Logo: own })).body.status).toBe(1);
      expect(await served(shared)).toBe(200);
      expect(await served(own)).toBe(200);

      // The last record to name it lets it go.
      expect((await update('company', { Id: a, Logo: '' })).body.status).toBe(1);
      expect(await served(shared)).toBe(404);
      expect((await newCompany({ Logo: shared })).body).toEqual({ status: 0, message: LOGO_GONE });
      expect((await remove('company', c)).body.status).toBe(1);
      expect(await served(own)).toBe(404);
    });

    it('refuses another tenant\u2019s company naming this tenant\u2019s picture, and keeps it', async () => {
      const logo = await upload();
      const mine = (await newCompany({ Logo: logo })).body.id as number;
      const theirs = await newCompany({ Logo: logo }, other, 'second.localhost');
      expect(theirs.body).toEqual({ status: 0, message: LOGO_GONE });
      expect((await remove('company', mine)).body.status).toBe(1);
      expect(await served(logo)).toBe(404);
    });

    it('never leaves a saved company naming a removed file when a save and a delete race', async () => {
      for (let round = 0; round < 6; round++) {
        const logo = await upload();
        const first = (await newCompany({ Logo: logo })).body.id as number;
        const second = (await newCompany({})).body.id as number;
        const [deleted, created, moved] = await Promise.all([
          remove('company', first),
          // Under the company being updated: its row is locked by the update, and the new
          // row's reference waits for it.
          newCompany({ Logo: logo, ParentCompanyFk: second }),
          update('company', { Id: second, Logo: logo }),
        ]);
        answered([deleted, created, moved]);
        expect(deleted.body.status).toBe(1);
        for (const saved of [created, moved]) {
          if (saved.body.status === 0) expect(saved.body.message).toBe(LOGO_GONE);
        }
        // Whoever names the picture now finds it served; nobody naming it, it is gone.
        const named = [
          ...(created.body.status === 1 ? [created.body.id as number] : []),
          ...(moved.body.status === 1 ? [second] : []),
        ];
        for (const id of named) expect((await record('company', id)).logo).toBe(logo);
        expect(await served(logo)).toBe(named.length ? 200 : 404);
        for (const id of named) expect((await remove('company', id)).body.status).toBe(1);
        expect(await served(logo)).toBe(404);
      }
    });
  });

  describe('parents never close a loop', () => {
    it('refuses a company as its own parent company or below itself, and changes nothing', async () => {
      const c1 = (await newCompany({})).body.id as number;
      const self = await update('company', { Id: c1, CompanyName: 'شرکت مادر', ParentCompanyFk: c1 });
      expect(self.body).toEqual({ status: 0, message: COMPANY_LOOP });
      expect(await record('company', c1)).toMatchObject({ parentCompanyFk: null });
      expect((await record('company', c1)).companyName).not.toBe('شرکت مادر');

      const c3 = (await newCompany({ ParentCompanyFk: c1 })).body.id as number;
      const c4 = (await newCompany({ ParentCompanyFk: c3 })).body.id as number;
      expect((await update('company', { Id: c1, ParentCompanyFk: c3 })).body).toEqual({
        status: 0,
        message: COMPANY_LOOP,
      });
      expect((await update('company', { Id: c1, ParentCompanyFk: c4 })).body).toEqual({
        status: 0,
        message: COMPANY_LOOP,
      });
      expect((await update('company', { Id: c3, ParentCompanyFk: c4 })).body).toEqual({
        status: 0,
        message: COMPANY_LOOP,
      });
      expect(await record('company', c1)).toMatchObject({ parentCompanyFk: null });
      expect(await record('company', c3)).toMatchObject({ parentCompanyFk: c1 });

      // A move that closes nothing is taken; an update that names no parent is not judged.
      const c5 = (await newCompany({})).body.id as number;
      expect((await update('company', { Id: c1, ParentCompanyFk: c5 })).body.status).toBe(1);
      expect((await update('company', { Id: c4, Fax: '02155' })).body.status).toBe(1);
      expect((await update('company', { Id: c4, ParentCompanyFk: c1 })).body.status).toBe(1);
      // And the chain comes apart from its leaves.
      for (const id of [c4, c3, c1, c5]) expect((await remove('company', id)).body.status).toBe(1);
    });

    const races: Array<[string, string, string, (title: string) => Record<string, unknown>, string]> = [
      ['company', 'ParentCompanyFk', 'parentCompanyFk', (title) => ({ CompanyName: title }), COMPANY_LOOP],
      [
        'orgunit',
        'ParentOrgUnitFk',
        'parentOrgUnitFk',
        (title) => ({ OrgUnitTitle: title, IsActive: true }),
        UNIT_LOOP,
      ],
    ];

    it.each(races)(
      'refuses %s updates that race to close a loop together',
      async (entity, input, field, fields, message) => {
        const create = async () =>
          (await server.api.post(`${entity}/create/`, fields(`گره ${++counter}`), { token: admin })).body
            .id as number;
        for (let round = 0; round < 5; round++) {
          // Two nodes each put under the other; three put in a ring.
          for (const size of [2, 3]) {
            const nodes: number[] = [];
            for (let i = 0; i < size; i++) nodes.push(await create());
            const results = await Promise.all(
              nodes.map((id, i) => update(entity, { Id: id, [input]: nodes[(i + 1) % size] })),
            );
            answered(results);
            const refused = results.filter((r) => r.body.status === 0);
            expect(refused.length).toBeGreaterThanOrEqual(1);
            for (const r of refused) expect(r.body).toEqual({ status: 0, message });
            // Walking up from any node ends at a root.
            const parents = new Map<number, number | null>();
            for (const id of nodes) parents.set(id, (await record(entity, id))[field] ?? null);
            for (const start of nodes) {
              const seen = new Set<number>();
              for (let at: number | null | undefined = start; at; at = parents.get(at)) {
                expect(seen.has(at)).toBe(false);
                seen.add(at);
              }
            }
            // Leaves first, every node can go: nothing is left holding the next.
            const left = new Set(nodes);
            while (left.size) {
              const leaf = [...left].find((id) => ![...left].some((n) => parents.get(n) === id))!;
              expect((await remove(entity, leaf)).body.status).toBe(1);
              left.delete(leaf);
            }
          }
        }
      },
    );

    it('renames an org unit while a unit below it moves up under it, paths true', async () => {
      const unit = async (title: string, parent?: number) =>
        (
          await server.api.post(
            'orgunit/create/',
            { OrgUnitTitle: title, ParentOrgUnitFk: parent, IsActive: true },
            { token: admin },
          )
        ).body.id as number;
      const path = async (id: number) => (await record('orgunit', id)).fullName;
      for (let round = 0; round < 5; round++) {
        const top = await unit(`بالا ${round}`);
        const middle = await unit('میانه', top);
        const lower = await unit('پایین', middle);
        const moving = await unit('جابه‌جا', lower);
        const results = await Promise.all([
          update('orgunit', { Id: top, OrgUnitTitle: `تازه ${round}` }),
          update('orgunit', { Id: moving, ParentOrgUnitFk: top }),
        ]);
        answered(results);
        expect(results.map((r) => r.body.status)).toEqual([1, 1]);
        expect(await path(moving)).toBe(`تازه ${round} / جابه‌جا`);
        expect(await path(lower)).toBe(`تازه ${round} / میانه / پایین`);
      }
    });
  });

  describe('a city moved to another province', () => {
    it('leaves its people editable, judging their city and province only when a request names them', async () => {
      const province = async (title: string) =>
        (await server.api.post('province/create/', { Title: title }, { token: admin })).body.id as number;
      const p1 = await province('استان یکم');
      const p2 = await province('استان دوم');
      const city = (
        await server.api.post('city/create/', { Title: 'شهرک آزمون', ProvinceFk: p1 }, { token: admin })
      ).body.id as number;
      const role = (await server.api.get('person/allrolenames', {}, { token: admin })).body.records[0].id;
      const created = await server.api.post(
        'person/create/',
        {
          FirstName: 'سارا',
          LastName: 'شهری',
          Mobile: '09127201234',
          PassWord: 'abcdef',
          RoleNames: [role],
          CityFk: city,
        },
        { token: admin },
      );
      expect(created.body.status).toBe(1);
      const person = created.body.id as number;
      expect(await record('person', person)).toMatchObject({ provinceFk: p1, cityFk: city });

      expect((await update('city', { Id: city, ProvinceFk: p2 })).body.status).toBe(1);

      // An edit elsewhere is taken and leaves the place as it was.
      const edited = await update('person', { Id: person, FatherName: 'کریم' });
      expect(edited.body.status).toBe(1);
      expect(await record('person', person)).toMatchObject({
        fatherName: 'کریم',
        provinceFk: p1,
        cityFk: city,
      });

      // A request that names the pair, or one of it, is judged on the record as it would be.
      for (const place of [{ ProvinceFk: p1, CityFk: city }, { ProvinceFk: p1 }, { CityFk: city }]) {
        const refused = await update('person', { Id: person, FatherName: 'رضا', ...place });
        expect(refused.body).toEqual({ status: 0, message: CITY_OUTSIDE });
      }
      expect(await record('person', person)).toMatchObject({
        fatherName: 'کریم',
        provinceFk: p1,
        cityFk: city,
      });
      const refusedCreate = await server.api.post(
        'person/create/',
        {
          FirstName: 'نادر',
          LastName: 'شهری',
          Mobile: '09127201235',
          PassWord: 'abcdef',
          RoleNames: [role],
          ProvinceFk: p1,
          CityFk: city,
        },
        { token: admin },
      );
      expect(refusedCreate.body).toEqual({ status: 0, message: CITY_OUTSIDE });

      expect((await update('person', { Id: person, ProvinceFk: p2 })).body.status).toBe(1);
      expect(await record('person', person)).toMatchObject({ provinceFk: p2, cityFk: city });
      expect((await update('person', { Id: person, ProvinceFk: p1, CityFk: '' })).body.status).toBe(1);
      expect(await record('person', person)).toMatchObject({ provinceFk: p1, cityFk: null });
    });
  });
  describe('a record deleted while a save names it', () => {
    it('answers the save or the delete in Persian, never 500, and leaves no name of a deleted record', async () => {
      for (let round = 0; round < 6; round++) {
        const group = (
          await server.api.post(
            'customergroup/create/',
            { CustomerGroupTitle: `گروه ${++counter}` },
            { token: admin },
          )
        ).body.id as number;
        const [saved, deleted] = await Promise.all([
          server.api.post(
            'customer/create/',
            {
              Name: `مشتری ${counter}`,
              Code: `R-${counter}`,
              CustomerGroups: [group],
              CreatedDate: '2026-01-01',
              CreditDate: '2026-12-01',
            },
            { token: admin },
          ),
          remove('customergroup', group),
        ]);
        answered([saved, deleted]);
        // One of the two wins; both never do.
        expect(saved.body.status + deleted.body.status, JSON.stringify([saved.body, deleted.body])).toBe(1);
        if (saved.body.status === 1)
          expect((await record('customer', saved.body.id as number)).customerGroups).toEqual([group]);
      }
    });
  });
});
