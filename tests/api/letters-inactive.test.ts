// A letter keeps what it holds when it is switched off, and does not newly take it: a
// draft's numbering scheme or recipient deactivated meanwhile stays through its edits, while
// a new letter, a forward or a favourite contact naming them is refused (people.ts,
// numbering.ts schemeFor). The pickers leave them out (masterdata lookups); the favourite
// contacts say which of them are switched off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestServer, type TestServer } from './harness';
import { letters, letterWorld, type LetterWorld } from './letters-kit';

describe.each(ENGINES)('letters: switched-off schemes and people (%s)', (engine) => {
  let server: TestServer;
  let w: LetterWorld;
  let api: ReturnType<typeof letters>;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    w = await letterWorld(server);
    api = letters(server, w);
  });
  afterAll(() => server?.stop());

  const admin = () => ({ token: w.admin.token });

  it('keeps a draft’s scheme switched off since, and refuses it to a new letter', async () => {
    const scheme = (
      await server.api.post(
        'andikator/create/',
        { AndikatorTitle: 'دبیرخانه شعبه', AndikatorPreFix: 'ش-', MessageTypeFk: 4, IsActive: true },
        admin(),
      )
    ).body.id as number;
    const draft = await api.draft(w.maryam, [w.ali], { AndikatorFk: scheme });
    expect(
      (
        await server.api.call('PUT', 'andikator/update/', {
          ...admin(),
          json: { Id: scheme, IsActive: false },
        })
      ).body.status,
    ).toBe(1);
    const edited = await api.save(w.maryam, {
      ...api.internal([w.ali]),
      MessageId: draft,
      AndikatorFk: scheme,
      Subject: 'گزارش ویرایش‌شده',
    });
    expect(edited).toMatchObject({ status: 1, id: draft });
    expect(await api.save(w.maryam, { ...api.internal([w.ali]), AndikatorFk: scheme })).toMatchObject({
      status: 0,
      messge: 'اندیکاتور انتخاب‌شده غیرفعال است',
    });
  });

  it('keeps a draft’s recipient switched off since, and refuses them to a new letter, a forward and the favourites', async () => {
    const draft = await api.draft(w.maryam, [w.ali, w.zahra]);
    const sent = await api.sendNew(w.maryam, [w.ali]);
    await server.api.post(
      'person/savefavoritepersons/',
      { Persons: [w.zahra.personId] },
      { token: w.maryam.token },
    );
    const off = await server.api.call('PUT', 'person/update/', {
      ...admin(),
      json: { Id: w.zahra.personId, IsActive: false },
    });
    expect(off.body.status).toBe(1);
    const refused = `گیرندگان: «زهرا کریمی» غیرفعال است`;
    expect(await api.save(w.maryam, { ...api.internal([w.zahra]), IsSend: 1 })).toMatchObject({
      status: 0,
      messge: refused,
    });
    expect(
      await api.save(w.maryam, { ...api.internal([w.ali, w.zahra]), MessageId: draft, Subject: 'ویرایش' }),
    ).toMatchObject({ status: 1, id: draft });
    expect(
      await api.post(w.ali, 'message/forward/', {
        MessageId: sent,
        IsSend: 1,
        SelectedTo: [w.zahra.personId],
      }),
    ).toMatchObject({ status: 0, message: 'گیرندگان ارجاع: «زهرا کریمی» غیرفعال است' });
    // Kept among the favourites chosen before; not newly chosen by another.
    expect(
      (
        await server.api.post(
          'person/savefavoritepersons/',
          { Persons: [w.zahra.personId, w.ali.personId] },
          { token: w.maryam.token },
        )
      ).body.status,
    ).toBe(1);
    // Said to be switched off: the dialog marks them, as the lookup would not offer them
    // again once taken off (probe helper-93).
    expect(
      (await server.api.get('person/getfavoritepersons/', {}, { token: w.maryam.token })).body.records,
    ).toEqual([
      { id: w.zahra.personId, firstName: 'زهرا', lastName: 'کریمی', isActive: false },
      { id: w.ali.personId, firstName: expect.any(String), lastName: expect.any(String), isActive: true },
    ]);
    expect(
      (
        await server.api.post(
          'person/savefavoritepersons/',
          { Persons: [w.zahra.personId] },
          { token: w.hossein.token },
        )
      ).body,
    ).toMatchObject({ status: 0, message: 'اشخاص دلخواه: «زهرا کریمی» غیرفعال است' });
    await server.api.call('PUT', 'person/update/', {
      ...admin(),
      json: { Id: w.zahra.personId, IsActive: true },
    });
  });
  // Last: it deletes a colleague of the letter world.
  it('forgets a favourite contact whose person is deleted, in the dialog and the list alike, and for good', async () => {
    const fromHossein = await api.sendNew(w.hossein, [w.maryam]);
    await api.get(w.maryam, fromHossein);
    const draftToBoth = await api.draft(w.maryam, [w.ali, w.hossein]);
    const signedToBoth = await api.draft(w.maryam, [w.ali, w.hossein]);
    expect(await api.post(w.maryam, 'message/sign/', { id: signedToBoth })).toMatchObject({ status: 1 });
    const favourites = async () =>
      (await server.api.get('person/getfavoritepersons/', {}, { token: w.maryam.token })).body.persons;
    const listed = async () =>
      (
        (await api.list(w.maryam, { PageType: 'FavoritePerson' })).records as Array<{ messageId: number }>
      ).map((r) => r.messageId);
    await server.api.post(
      'person/savefavoritepersons/',
      { Persons: [w.hossein.personId, w.ali.personId] },
      { token: w.maryam.token },
    );
    expect(await listed()).toContain(fromHossein);
    const deleted = await server.api.call('DELETE', 'person/delete/', {
      ...admin(),
      json: { Id: w.hossein.personId },
    });
    expect(deleted.body).toMatchObject({ status: 1 });
    expect(await favourites()).toEqual([w.ali.personId]);
    expect(await listed()).not.toContain(fromHossein);
    // Their letter is answered by no one: the refusal names them (probe helper-92).
    expect(
      await api.post(w.maryam, 'message/forward/', {
        MessageId: fromHossein,
        IsSend: 7,
        ForwardMessage: 'پاسخ',
      }),
    ).toMatchObject({ status: 0, message: 'گیرنده پاسخ: «حسین محمدی» از فهرست اشخاص حذف شده است' });
    // A draft naming them is neither signed nor sent to them: its form no longer shows them.
    const gone =
      'گیرندگان: «حسین محمدی» از فهرست اشخاص حذف شده است؛ پیش‌نویس را ویرایش کنید و گیرندگان را دوباره برگزینید';
    expect(await api.post(w.maryam, 'message/sign/', { id: draftToBoth })).toMatchObject({
      status: 0,
      message: gone,
    });
    expect(
      await api.save(w.maryam, { ...api.internal([]), MessageId: signedToBoth, IsSend: 1 }),
    ).toMatchObject({
      status: 0,
      message: gone,
    });
    const draft = (await api.get(w.maryam, draftToBoth)).record;
    expect(draft.selectedTo).toEqual([w.ali.personId]);
    // Saved as its form shows it, it goes to the one it shows.
    expect(
      await api.save(w.maryam, { ...api.internal([w.ali]), MessageId: draftToBoth, IsSend: 0 }),
    ).toMatchObject({ status: 1 });
    expect(await api.post(w.maryam, 'message/sign/', { id: draftToBoth })).toMatchObject({ status: 1 });
    expect(
      await api.save(w.maryam, { ...api.internal([]), MessageId: draftToBoth, IsSend: 1 }),
    ).toMatchObject({
      status: 1,
    });
    expect((await api.get(w.ali, draftToBoth)).record.messageId).toBe(draftToBoth);
    // A new person of the same mobile takes the user back: nobody has chosen them.
    const roles = (await server.api.get('person/allrolenames/', {}, admin())).body.allRoleNames as string[];
    const again = await server.api.post(
      'person/create/',
      {
        FirstName: 'حسین',
        LastName: 'نوری',
        Mobile: '09124444444',
        PassWord: 'hossein-pass',
        RoleNames: [roles[0]],
        IsActive: true,
      },
      admin(),
    );
    expect(again.body).toMatchObject({ status: 1 });
    expect(await favourites()).toEqual([w.ali.personId]);
    expect(await listed()).not.toContain(fromHossein);
  });
});
