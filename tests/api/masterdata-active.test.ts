// A record switched off («فعال» off: an org unit, a post, a company, a person) is not
// offered by pickers nor newly chosen by a save; one already chosen stays, and its chip
// is still named (kit marksActive; lists.ts lookupRows, service.ts checkActiveReferences).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, ENGINES, startTestServer, type TestServer } from './harness';

describe.each(ENGINES)('master data: inactive records (%s)', (engine) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    admin = (await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token;
  });
  afterAll(() => server?.stop());

  const create = async (entity: string, json: Record<string, unknown>) => {
    const answer = await server.api.post(`${entity}/create/`, json, { token: admin });
    expect(answer.body.status, JSON.stringify(answer.body)).toBe(1);
    return answer.body.id as number;
  };
  const update = (entity: string, json: Record<string, unknown>) =>
    server.api.call('PUT', `${entity}/update/`, { token: admin, json });
  const lookupIds = async (entity: string, query: Record<string, unknown> = {}) =>
    (
      (await server.api.get(`${entity}/lookup/`, query, { token: admin })).body.records as Array<{
        id: number;
      }>
    ).map((r) => r.id);

  it('offers only active records, and names an inactive one asked for by id', async () => {
    const open = await create('orgunit', { OrgUnitTitle: 'واحد باز', IsActive: true });
    const closed = await create('orgunit', { OrgUnitTitle: 'واحد بسته', IsActive: false });
    const offered = await lookupIds('orgunit');
    expect(offered).toContain(open);
    expect(offered).not.toContain(closed);
    expect(await lookupIds('orgunit', { Phrase: 'بسته' })).not.toContain(closed);
    expect(await lookupIds('orgunit', { Ids: `${open},${closed}` })).toEqual(
      expect.arrayContaining([open, closed]),
    );
  });

  it('refuses a newly chosen inactive record, and keeps one chosen before it was switched off', async () => {
    const unit = await create('orgunit', { OrgUnitTitle: 'واحد تدارکات', IsActive: true });
    const closedUnit = await create('orgunit', { OrgUnitTitle: 'واحد منحل', IsActive: false });
    const refused = await server.api.post(
      'orgpost/create/',
      { OrgPostTitle: 'کارشناس', OrgUnitFk: closedUnit, IsActive: true },
      { token: admin },
    );
    expect(refused.body).toMatchObject({ status: 0, message: 'واحد سازمانی انتخاب‌شده غیرفعال است' });
    expect(
      (
        await server.api.post(
          'orgunit/create/',
          { OrgUnitTitle: 'زیرواحد', ParentOrgUnitFk: closedUnit },
          { token: admin },
        )
      ).body,
    ).toMatchObject({ status: 0, message: 'واحد بالادست انتخاب‌شده غیرفعال است' });

    const post = await create('orgpost', { OrgPostTitle: 'کارپرداز', OrgUnitFk: unit, IsActive: true });
    expect(
      (await update('orgunit', { Id: unit, OrgUnitTitle: 'واحد تدارکات', IsActive: false })).body.status,
    ).toBe(1);
    // The post keeps its unit through an edit that names it and one that leaves it out.
    expect(
      (await update('orgpost', { Id: post, OrgPostTitle: 'کارپرداز ارشد', OrgUnitFk: unit })).body.status,
    ).toBe(1);
    expect((await update('orgpost', { Id: post, OrgPostTitle: 'کارپرداز اول' })).body.status).toBe(1);
    const other = await create('orgpost', {
      OrgPostTitle: 'انباردار',
      OrgUnitFk: await create('orgunit', { OrgUnitTitle: 'انبار' }),
    });
    expect(
      (await update('orgpost', { Id: other, OrgPostTitle: 'انباردار', OrgUnitFk: unit })).body,
    ).toMatchObject({
      status: 0,
      message: 'واحد سازمانی انتخاب‌شده غیرفعال است',
    });
  });

  it('keeps a person’s closed post among their posts, and refuses adding one', async () => {
    const unit = await create('orgunit', { OrgUnitTitle: 'واحد مالی شعبه' });
    const kept = await create('orgpost', { OrgPostTitle: 'حسابدار شعبه', OrgUnitFk: unit });
    const closed = await create('orgpost', { OrgPostTitle: 'تحویلدار', OrgUnitFk: unit, IsActive: false });
    const person = await create('person', {
      FirstName: 'سارا',
      LastName: 'نادری',
      Mobile: '09127778899',
      PassWord: 'sara-pass-1',
      RoleNames: ['کارکنان'],
      OrganPosts: [kept],
    });
    expect(
      (await update('orgpost', { Id: kept, OrgPostTitle: 'حسابدار شعبه', OrgUnitFk: unit, IsActive: false }))
        .body.status,
    ).toBe(1);
    expect(
      (await update('person', { Id: person, FirstName: 'سارا', LastName: 'نادری', OrganPosts: [kept] })).body
        .status,
    ).toBe(1);
    expect(
      (
        await update('person', {
          Id: person,
          FirstName: 'سارا',
          LastName: 'نادری',
          OrganPosts: [kept, closed],
        })
      ).body,
    ).toMatchObject({ status: 0, message: expect.stringContaining('غیرفعال است') });
  });
});
