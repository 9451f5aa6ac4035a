// The letters' lists through the engine's keyed lists (masterdata/paging.ts): paged
// by the key, counted up to COUNT_CAP past the page, and a phrase found both ways — among
// the newest rows (counted there, «at least» when the list goes on) and through the search
// table's trigram index — with the same letters either way, fenced to the user's boxes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type KyselyPlugin } from 'kysely';
import { ENGINES, startTestServer, type TestServer, rerunMigration } from './harness';
import { letters, letterWorld, type LetterWorld, type Someone } from './letters-kit';
import { tinyPng } from './fixtures';
import { listLetters } from '../../server/letters/lists';
import { listParams } from '../../server/letters/params';
import {
  keyedPage,
  PHRASE_TOO_SHORT,
  setWholeSmallListsForTests,
  type KeyedList,
} from '../../server/masterdata/paging';
import { phraseValues, rarerWordsPattern } from '../../server/masterdata/phrase-walk';
import { asSystem, withTenant } from '../../server/db/tenant-fence';
import { foldAffixes } from '../../src/shared/persian';
import { statementsVerified } from '../../server/db/statement-cache';
import { setFewRowsForTests, setManyRowsForTests } from '../../server/masterdata/tenant-rows';

/** Pieces of texts that test the affixes' fold at its edges. */
const FOLD_PIECES = [
  ' ',
  ' ',
  'می',
  'نمی',
  'بی',
  'ها',
  'های',
  'هایشان',
  'تر',
  'ترین',
  'ای',
  'اند',
  'ن',
  'x',
  '۱',
  '،',
  '«',
  'ی',
  'پ',
];

describe.each(ENGINES)('letters: keyed lists (%s)', (engine) => {
  let server: TestServer;
  let w: LetterWorld;
  let api: ReturnType<typeof letters>;
  let tenantId: number;
  const sent: number[] = [];

  beforeAll(async () => {
    server = await startTestServer({ engine });
    w = await letterWorld(server);
    api = letters(server, w);
    tenantId = (await server.built.services.tenants.byHost('localhost'))!.id;
    // Thirty letters to Ali, oldest first; «فیروزه» in every tenth, «کهربا» only in the first.
    for (let i = 0; i < 30; i++) {
      const words = [i % 10 === 0 ? 'فیروزه' : '', i === 0 ? 'کهربا' : ''].join(' ');
      sent.push(await api.sendNew(w.maryam, [w.ali], { Subject: `نامه ${i} ${words}` }));
    }
    // This tenant is small: its lists would be walked whole. The walk and the index of a
    // long list are what these cases are about (the whole walk has its own, below).
    setWholeSmallListsForTests(false);
  });
  afterAll(() => {
    setWholeSmallListsForTests();
    return server?.stop();
  });

  it('walks a small tenant’s whole list for a phrase and counts it exactly', async () => {
    setWholeSmallListsForTests(true);
    try {
      // «نامه» is in all thirty: a page of one, and the total is thirty, not «more than one».
      expect(await page('نامه', 1, 0)).toEqual({ ids: newestFirst().slice(0, 1), total: 30, capped: false });
      expect(await page('نامه', 5, 25)).toEqual({
        ids: newestFirst().slice(25, 30),
        total: 30,
        capped: false,
      });
      const hits = newestFirst().filter((id) => sent.indexOf(id) % 10 === 0);
      expect(await page('فیروزه', 2, 0)).toEqual({ ids: hits.slice(0, 2), total: 3, capped: false });
      expect(await page('کهربا', 5, 0)).toEqual({ ids: [sent[0]], total: 1, capped: false });
      expect(statements).toBe(1);
      // Over the HTTP call: the same exact total.
      const listed = await api.list(w.ali, { PageType: 'AllMyMessage', Phrase: 'نامه', Count: 10 });
      expect(listed.totalCount).toBeGreaterThanOrEqual(30);
      expect(listed.countCapped ?? false).toBe(false);
    } finally {
      setWholeSmallListsForTests(false);
    }
  });

  /** Ali's cartable searched for `phrase` through the trigram index alone (a walk of no rows). */
  const throughIndex = async (phrase: string) => {
    const viewer = { tenantId, userId: w.ali.userId, permissions: new Set(['Messages']) };
    const params = listParams.parse({ PageType: 'AllMyMessage', Phrase: phrase, Count: 5 });
    const found = await withTenant(tenantId, () => listLetters(server.built.services, viewer, params, -50));
    return found.records.map((record) => record.messageId);
  };

  /** Ali's cartable as a keyed list. */
  const cartable = (): KeyedList => ({
    tenantId,
    id: 'b.message_id',
    sort: 'b.sort_key',
    searchTable: 'messages_search',
    rows: (db) =>
      db
        .selectFrom('message_boxes as b')
        .where('b.tenant_id', '=', tenantId)
        .where('b.user_id', '=', w.ali.userId)
        .where('b.inbox', '=', true)
        .where('b.message_id', 'in', sent),
  });
  /** Statements the last `page` sent (counted by a Kysely plugin on its database). */
  let statements = 0;
  const counting: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: (args) => ((statements += 1), Promise.resolve(args.result)),
  };
  const page = async (
    phrase: string,
    size: number,
    skipped: number,
    recentWindow?: number,
    firstGlance?: number,
  ) => {
    statements = 0;
    const db = server.built.services.db.withPlugin(counting);
    const { rows, total, capped } = await withTenant(tenantId, () =>
      keyedPage(db, cartable(), { phrase, size, skipped, recentWindow, firstGlance }),
    );
    return { ids: rows.map((row) => row.id), total, capped };
  };
  const newestFirst = () => [...sent].reverse();

  it('pages by the key and counts exactly below the cap', async () => {
    expect(await page('', 10, 0)).toEqual({ ids: newestFirst().slice(0, 10), total: 30, capped: false });
    expect(await page('', 10, 20)).toEqual({ ids: newestFirst().slice(20, 30), total: 30, capped: false });
    expect(await page('', 10, 40)).toEqual({ ids: [], total: 30, capped: false });
  });

  it('finds a phrase among the newest rows, counting only what it saw there', async () => {
    const hits = newestFirst().filter((id) => sent.indexOf(id) % 10 === 0);
    // A window of 2 + 10 × 2 rows holds two of the three matches: a full page, «at least 2».
    expect(await page('فیروزه', 2, 0, 2)).toEqual({ ids: hits.slice(0, 2), total: 2, capped: true });
    // A window holding the whole list counts exactly.
    expect(await page('فیروزه', 2, 0)).toEqual({ ids: hits.slice(0, 2), total: 3, capped: false });
  });

  it('stops walking once it holds this page and one more, and says there are more', async () => {
    // «نامه» is in every letter: one a page, the walk stops at the second (this page, and
    // one to know there are more) and says «more than one»; a letter's match costs a key
    // look-up, so a common phrase does not walk on to fill the next page as well.
    expect(await page('نامه', 1, 0)).toEqual({ ids: newestFirst().slice(0, 1), total: 1, capped: true });
    expect(await page('نامه', 1, 1)).toEqual({ ids: newestFirst().slice(1, 2), total: 2, capped: true });
    expect(await page('نامه', 5, 0)).toEqual({ ids: newestFirst().slice(0, 5), total: 5, capped: true });
    // Where the last of the few matches is the list's last row, the walk saw it all: exact.
    const hits = newestFirst().filter((id) => sent.indexOf(id) % 10 === 0);
    expect(await page('فیروزه', 2, 0)).toEqual({ ids: hits.slice(0, 2), total: 3, capped: false });
  });

  it.each([
    ['the trigram index', 0, undefined],
    ['the tenant’s own rows (a tenant of few)', undefined, undefined],
    ['the trigram index by a plan made once (a tenant of many)', 0, 1],
  ])(
    'asks %s when the newest rows do not fill the page, with the same answer',
    async (_, fewRows, manyRows) => {
      setFewRowsForTests(fewRows);
      setManyRowsForTests(manyRows);
      try {
        const oldest = sent[0];
        // Only the oldest letter holds «کهربا»: a walk of one row misses it, the index finds it.
        const oneRow = -10 * 5;
        expect(await page('كهربا', 5, 0, oneRow)).toEqual({ ids: [oldest], total: 1, capped: false });
        expect(await page('کهربا', 5, 0)).toEqual({ ids: [oldest], total: 1, capped: false });
        expect(await page('فیروزه', 5, 0, oneRow)).toEqual({
          ids: newestFirst().filter((id) => sent.indexOf(id) % 10 === 0),
          total: 3,
          capped: false,
        });
        expect(await page('نیست‌درهیچ‌نامه', 5, 0, oneRow)).toEqual({ ids: [], total: 0, capped: false });
      } finally {
        setFewRowsForTests();
        setManyRowsForTests();
      }
    },
  );

  it('finds the same letters through the index as by walking, in each list and only its own', async () => {
    // Ali read the newest of the letters: his unread list is the other 29.
    await api.get(w.ali, sent[sent.length - 1]);
    // Each list's statements are compiled once per shape (db/statement-cache.ts); under test
    // every one is also built afresh from its own user's values and compared.
    const verifiedBefore = statementsVerified();
    const lists: Array<[string, Someone, Record<string, unknown>]> = [
      ['Ali’s cartable', w.ali, { PageType: 'AllMyMessage' }],
      ['Ali’s unread', w.ali, { PageType: 'UnReadMessage' }],
      ['Ali’s sent', w.ali, { PageType: 'Send', MessageType: 4 }],
      ['Maryam’s sent', w.maryam, { PageType: 'Send', MessageType: 4 }],
      ['Zahra’s cartable', w.zahra, { PageType: 'AllMyMessage' }],
      ['all letters', w.admin, { PageType: 'AllMessage' }],
    ];
    const search = async (who: Someone, query: Record<string, unknown>, phrase: string, window?: number) => {
      const viewer = { tenantId, userId: who.userId, permissions: new Set(['Messages', 'AllMessages']) };
      const params = listParams.parse({ ...query, Phrase: phrase, Count: 5 });
      const found = await withTenant(tenantId, () =>
        listLetters(server.built.services, viewer, params, window),
      );
      return found.records.map((record) => record.messageId);
    };
    for (const [name, who, query] of lists)
      for (const phrase of ['فیروزه', 'کهربا', 'نامه ۲']) {
        const walked = await search(who, query, phrase);
        // A walk of one row: the index answers.
        expect([name, phrase, await search(who, query, phrase, -10 * 5)]).toEqual([name, phrase, walked]);
      }
    expect(await search(w.ali, { PageType: 'UnReadMessage' }, 'کهربا', -50)).toEqual([sent[0]]);
    expect(await search(w.ali, { PageType: 'Send', MessageType: 4 }, 'کهربا', -50)).toEqual([]);
    expect(await search(w.zahra, { PageType: 'AllMyMessage' }, 'کهربا', -50)).toEqual([]);
    // Ali's and Maryam's sent letters are one shape: each got their own.
    expect(await search(w.maryam, { PageType: 'Send', MessageType: 4 }, 'کهربا', -50)).toEqual([sent[0]]);
    expect(statementsVerified()).toBeGreaterThan(verifiedBefore + lists.length * 3);
  });

  it('asks the walk and the index in one statement when the walk finds nothing', async () => {
    const oneRow = -10 * 5;
    expect(await page('کهربا', 5, 0, oneRow)).toEqual({ ids: [sent[0]], total: 1, capped: false });
    expect(statements).toBe(1);
    // A common phrase: the walk answers, the index's part is never run.
    expect((await page('نامه', 5, 0)).ids).toEqual(newestFirst().slice(0, 5));
    expect(statements).toBe(1);
    // Past the index's last match the count is asked on its own.
    expect(await page('کهربا', 5, 5, -10 * 10)).toEqual({ ids: [], total: 1, capped: false });
    expect(statements).toBe(2);
  });

  it('glances at the newest rows first and walks on only when they held a match', async () => {
    const hits = newestFirst().filter((id) => sent.indexOf(id) % 10 === 0); // 10th, 20th, 30th newest
    // Five rows hold no «فیروزه»: the index answers, in the same statement, counting all
    // three, though the walk's window (5 + 10 × 1 rows) holds the first of them.
    expect(await page('فیروزه', 1, 0, 5, 5)).toEqual({
      ids: hits.slice(0, 1),
      total: 3,
      capped: false,
    });
    expect(statements).toBe(1);
    // Twelve rows hold one: the walk goes on after them, in the same statement, to the
    // list's end (its last row is the third match, the one that says there are more).
    expect(await page('فیروزه', 2, 0, undefined, 12)).toEqual({
      ids: hits.slice(0, 2),
      total: 3,
      capped: false,
    });
    expect(statements).toBe(1);
    // Holding only this page's one, it goes on for one more to say there are more.
    expect(await page('فیروزه', 1, 0, undefined, 12)).toEqual({
      ids: hits.slice(0, 1),
      total: 1,
      capped: true,
    });
    expect(statements).toBe(1);
    expect(await page('فیروزه', 2, 1, undefined, 12)).toEqual({
      ids: hits.slice(1, 3),
      total: 3,
      capped: false,
    });
    // A common word: two rows glanced, the walk goes on until it holds this page and one
    // more, as one walk would have.
    for (const [size, skipped] of [
      [5, 0],
      [5, 5],
      [3, 9],
    ])
      expect(await page('نامه', size, skipped, undefined, 2)).toEqual(await page('نامه', size, skipped));
    expect(await page('نامه', 5, 5, undefined, 2)).toEqual({
      ids: newestFirst().slice(5, 10),
      total: 10,
      capped: true,
    });
    expect(statements).toBe(1);
    // Nowhere at all: the glance finds nothing, the index nothing, and nothing is counted.
    expect(await page('نیست‌درهیچ‌نامه', 5, 0, undefined, 3)).toEqual({ ids: [], total: 0, capped: false });
  });

  it('asks the index for a phrase’s rarer words when the glance saw the others often', async () => {
    // «نامه» is in every letter, «فیروزه» in every tenth: the index is asked for the
    // second (and « 0 » beside it), the rows' own pattern still decides.
    expect(await page('نامه 0 فیروزه', 5, 0, undefined, 5)).toEqual({
      ids: [sent[0]],
      total: 1,
      capped: false,
    });
    expect(statements).toBe(1);
    expect(await page('فیروزه کهربا', 5, 0, undefined, 5)).toEqual({
      ids: [sent[0]],
      total: 1,
      capped: false,
    });
    expect(await page('نامه 2', 5, 0, undefined, 5)).toEqual(await page('نامه 2', 5, 0));
    // The choice, as the statement makes it from the glance's counts of each word.
    const chosen = async (walked: number, counts: number[]) => {
      const words = counts.map((count, i) => sql`${sql.lit(count)} AS ${sql.ref(`word${i}`)}`);
      const { rows } = await sql<{ pattern: string }>`
        WITH glanced AS (SELECT ${sql.lit(walked)} AS walked, ${sql.join(words)})
        SELECT ${rarerWordsPattern(phraseValues('پرونده 481237 گزارش'))} AS pattern`.execute(
        server.built.services.db,
      );
      return rows[0].pattern;
    };
    expect(await chosen(60, [60, 0, 40])).toBe('%481237%');
    expect(await chosen(60, [0, 0, 0])).toBe('%پرونده%481237%گزارش%');
    expect(await chosen(60, [60, 60, 60])).toBe('%پرونده%481237%گزارش%');
    expect(await chosen(60, [14, 15, 60])).toBe('%پرونده%');
    expect(await chosen(60, [3, 60, 2])).toBe('%پرونده%گزارش%');
  });

  it('walks the search table for all letters, listing no draft it walks past', async () => {
    // Two sent letters hold «زبرجد», and two drafts newer than them (their search text is
    // in the same table, and they are the newest rows the walk reads); «عقیق» only a draft.
    const older = await api.sendNew(w.maryam, [w.ali], { Subject: 'نامه زبرجد یکم' });
    const newer = await api.sendNew(w.zahra, [w.maryam], { Subject: 'نامه زبرجد دوم' });
    await api.draft(w.maryam, [w.ali], { Subject: 'پیش‌نویس زبرجد عقیق' });
    await api.draft(w.ali, [w.maryam], { Subject: 'پیش‌نویس زبرجد' });
    const all = async (phrase: string, Count: number, Page = 1, window?: number) => {
      const viewer = { tenantId, userId: w.admin.userId, permissions: new Set(['Messages', 'AllMessages']) };
      const params = listParams.parse({ PageType: 'AllMessage', Phrase: phrase, Count, Page });
      const found = await withTenant(tenantId, () =>
        listLetters(server.built.services, viewer, params, window),
      );
      return {
        ids: found.records.map((record) => record.messageId),
        total: found.total,
        capped: found.capped,
      };
    };
    const oneRow = -10 * 5;
    for (const window of [undefined, oneRow]) {
      // Walked to the table's end (the whole tenant is a few dozen letters): exact.
      expect(await all('زبرجد', 5, 1, window)).toEqual({ ids: [newer, older], total: 2, capped: false });
      expect(await all('عقیق', 5, 1, window)).toEqual({ ids: [], total: 0, capped: false });
      // Words weighed over the glance: «نامه» is in most rows, «زبرجد» in four.
      expect((await all('نامه زبرجد', 5, 1, window)).ids).toEqual([newer, older]);
    }
    // A page of one: the walk stops at the second listed match, not at a draft's.
    expect(await all('زبرجد', 1)).toEqual({ ids: [newer], total: 1, capped: true });
    expect(await all('زبرجد', 1, 2)).toEqual({ ids: [older], total: 2, capped: false });
    // The same letters as the list without a phrase holds, in its order.
    const unsearched = await api.ids(w.admin, { PageType: 'AllMessage' });
    expect(unsearched.filter((id) => id === newer || id === older)).toEqual([newer, older]);
  });

  it('refuses a phrase the index cannot narrow when the walk does not find it, in Persian', async () => {
    const oneRow = -10 * 5;
    const tenRows = oneRow + 10;
    // «رب» is only in the oldest letter («کهربا»): a walk of ten rows misses it, and the
    // index holds no trigram of two letters — it would read every entry.
    await expect(page('رب', 5, 0, tenRows)).rejects.toThrow(PHRASE_TOO_SHORT);
    // Found among the rows walked, though fewer than a page: those, «at least one» (it was
    // refused as not found). «فی» is in every tenth letter; twelve rows hold the newest.
    const twelveRows = oneRow + 12;
    const hits = newestFirst().filter((id) => sent.indexOf(id) % 10 === 0);
    expect(await page('فی', 5, 0, twelveRows)).toEqual({ ids: hits.slice(0, 1), total: 1, capped: true });
    // Three letters, the index finds it; two letters the walk finds are found.
    expect(await page('ربا', 5, 0, tenRows)).toEqual({ ids: [sent[0]], total: 1, capped: false });
    expect((await page('نا', 5, 0, tenRows)).ids).toEqual(newestFirst().slice(0, 5));
    expect(await page('رب', 5, 0)).toEqual({ ids: [sent[0]], total: 1, capped: false });
    // Through the call (twenty a page, a walk of five rows): a clear answer, nothing else.
    const viewer = { tenantId, userId: w.ali.userId, permissions: new Set(['Messages']) };
    await expect(
      withTenant(tenantId, () =>
        listLetters(
          server.built.services,
          viewer,
          listParams.parse({ PageType: 'AllMyMessage', Phrase: '%%' }),
          -10 * 20 + 5,
        ),
      ),
    ).rejects.toThrow(PHRASE_TOO_SHORT);
  });

  it('shows the start of a letter’s text in its list record, kept as the body changes', async () => {
    const long = 'متن بلند '.repeat(40);
    const body = `<p>سلام &amp; درود</p><ul><li>یک</li><li>دو</li></ul><p>${long}</p>`;
    const draft = await api.draft(w.maryam, [w.ali], { Subject: 'چکیده', MessageBody: body });
    const excerpt = async () =>
      ((await api.list(w.maryam, { PageType: 'Draft' })).records as Array<Record<string, unknown>>).find(
        (r) => r.messageId === draft,
      )!.messageBody as string;
    const expected = `سلام & درود یک دو ${long.trim()}`.slice(0, 200);
    expect(await excerpt()).toBe(expected);
    expect(expected).toHaveLength(200);
    await api.save(w.maryam, {
      ...api.internal([w.ali], { Subject: 'چکیده', MessageBody: '<p>متن <b>تازه</b></p>' }),
      MessageId: draft,
    });
    expect(await excerpt()).toBe('متن تازه');
  });

  it('writes a list record’s times as the letter’s own answer does (ISO, UTC, milliseconds)', async () => {
    const id = await api.sendNew(w.maryam, [w.ali], { Subject: 'زمان‌ها' });
    const listed = (
      (await api.list(w.ali, { PageType: 'AllMyMessage' })).records as Array<Record<string, unknown>>
    ).find((r) => r.messageId === id)!;
    const opened = (await api.get(w.ali, id)).record as Record<string, unknown>;
    expect(listed.createdDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(listed.createdDate).toBe(opened.createdDate);
    expect(listed.sentDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(listed.sentDate as string)).toBeGreaterThanOrEqual(
      Date.parse(listed.createdDate as string),
    );
  });

  it('finds a word written with a ZWNJ however the reader types it: ZWNJ, space or joined', async () => {
    const id = await api.sendNew(w.maryam, [w.ali], { Subject: 'گزارش‌های فصلی ویژه‌نامه' });
    for (const phrase of ['گزارش‌های فصلی', 'گزارش های فصلی', 'گزارشهای', 'ويژهنامه', 'ویژه نامه']) {
      expect([phrase, await api.ids(w.ali, { PageType: 'AllMyMessage', Phrase: phrase })]).toEqual([
        phrase,
        [id],
      ]);
      // Through the trigram index too (a walk of no rows).
      expect([phrase, await throughIndex(phrase)]).toEqual([phrase, [id]]);
    }
  });

  it('finds a phrase of several words whose affixes are written with a ZWNJ, a space or nothing (migration 0025)', async () => {
    const written = await api.sendNew(w.maryam, [w.ali], {
      Subject: 'تمدید بیمه',
      MessageBody: '<p>قرارداد شرکت بررسی می‌شود و نامه‌ها بیش‌تر خواهند شد</p>',
    });
    const typed = await api.sendNew(w.maryam, [w.ali], {
      Subject: 'تمدید اجاره',
      MessageBody: '<p>قرارداد انبار بررسی میشود و نامه ها بیشتر خواهند شد</p>',
    });
    const found = async (phrase: string) => {
      const walked = await api.ids(w.ali, { PageType: 'AllMyMessage', Phrase: phrase });
      // Through the trigram index too (a walk of no rows).
      expect((await throughIndex(phrase)).sort()).toEqual([...walked].sort());
      return [phrase, walked.filter((id) => id === written || id === typed).sort()];
    };
    const both = [written, typed].sort();
    for (const phrase of [
      'بررسی می‌شود و',
      'بررسی می شود و',
      'بررسی میشود و',
      'و نامه‌ها بیش‌تر',
      'نامه ها بیشتر خواهند',
      'نامهها بیش تر',
    ])
      expect(await found(phrase)).toEqual([phrase, both]);
    expect(await found('شرکت بررسی می شود')).toEqual(['شرکت بررسی می شود', [written]]);
    expect(await found('انبار بررسی می‌شود')).toEqual(['انبار بررسی می‌شود', [typed]]);
  });

  it('tries a phrase that found nothing as typed: its last word the start of a longer one that reads as an ending', async () => {
    const trip = await api.sendNew(w.maryam, [w.ali], { Subject: 'گزارش سفرنامه به ایرانشهر' });
    const brand = await api.sendNew(w.maryam, [w.ali], { Subject: 'قرارداد شرکت هامونیا' });
    const south = await api.sendNew(w.maryam, [w.ali], { Subject: 'مناطق جنوبی نظیرآباد' });
    const found = async (phrase: string) => {
      const walked = await api.ids(w.ali, { PageType: 'AllMyMessage', Phrase: phrase });
      expect([phrase, await throughIndex(phrase)]).toEqual([phrase, walked]);
      return walked;
    };
    // Joined, «سفرنامه بهای» and «شرکتها» are in no letter: as typed, they are.
    expect(await found('سفرنامه به ای')).toEqual([trip]);
    expect(await found('شرکت ها')).toEqual([brand]);
    expect(await found('جنوبی نظیر')).toEqual([south]);
    expect(await found('بی نظیرآ')).toEqual([south]);
    // Where the joined phrase finds letters, those are the answer.
    const plural = await api.sendNew(w.maryam, [w.ali], { Subject: 'شرکت‌ها و مؤسسات' });
    expect(await found('شرکت ها')).toEqual([plural]);
  });

  it('folds the texts stored before affixes were folded as a new text is (migration 0025)', async () => {
    const db = server.built.services.db;
    const body = 'جلسه‌ها برگزار نمی‌شود و گزارش بی‌نام کامل‌تر است';
    const id = await api.sendNew(w.maryam, [w.ali], {
      Subject: 'صورتجلسه‌ای تازه',
      MessageBody: `<p>${body}</p>`,
    });
    const stored = async () =>
      (
        await asSystem(() =>
          sql<{ text: string }>`SELECT search_text AS text FROM messages_search WHERE id = ${id}`.execute(db),
        )
      ).rows[0].text;
    const folded = await stored();
    // As a database written before the migration: the affixes apart, as the ZWNJ's space left them.
    const apart = folded
      .replace('جلسهها', 'جلسه ها')
      .replace('نمیشود', 'نمی شود')
      .replace('بینام', 'بی نام')
      .replace('کاملتر', 'کامل تر')
      .replace('صورتجلسهای تازه', 'صورتجلسه ای تازه');
    expect(apart).not.toBe(folded);
    await asSystem(() => sql`UPDATE messages_search SET search_text = ${apart} WHERE id = ${id}`.execute(db));
    expect(await api.ids(w.ali, { PageType: 'AllMyMessage', Phrase: 'برگزار نمیشود' })).not.toContain(id);
    await rerunMigration(db, '0025_search_affixes_folded.sql');
    expect(await stored()).toBe(folded);
    expect(await api.ids(w.ali, { PageType: 'AllMyMessage', Phrase: 'برگزار نمیشود' })).toContain(id);
  });

  it('reads the Persian keyboard’s ٪ ٫ ٬ as % . , in texts and phrases, and folds the texts stored before (migration 0027)', async () => {
    const db = server.built.services.db;
    const id = await api.sendNew(w.maryam, [w.ali], {
      Subject: 'تخفیف ۵۰٪ روی نرخ ۲٫۵ و سقف ۱۲٬۰۰۰',
    });
    const found = async (phrase: string) => {
      const walked = await api.ids(w.ali, { PageType: 'AllMyMessage', Phrase: phrase });
      expect([phrase, await throughIndex(phrase)]).toEqual([phrase, walked]);
      return [phrase, walked.includes(id)];
    };
    for (const phrase of ['۵۰٪', '50٪', '50%', 'نرخ 2.5', 'نرخ ۲٫۵', '12,000', '۱۲٬۰۰۰'])
      expect(await found(phrase)).toEqual([phrase, true]);
    // A % typed is a percent sign, not "anything": «5%» is not in «50%».
    expect(await found('5%')).toEqual(['5%', false]);
    const stored = async () =>
      (
        await asSystem(() =>
          sql<{ text: string }>`SELECT search_text AS text FROM messages_search WHERE id = ${id}`.execute(db),
        )
      ).rows[0].text;
    const folded = await stored();
    // As a database written before: the signs as typed.
    const asTyped = folded.replace('50%', '50٪').replace('2.5', '2٫5').replace('12,000', '12٬000');
    expect(asTyped).not.toBe(folded);
    await asSystem(() =>
      sql`UPDATE messages_search SET search_text = ${asTyped} WHERE id = ${id}`.execute(db),
    );
    expect(await api.ids(w.ali, { PageType: 'AllMyMessage', Phrase: '50%' })).not.toContain(id);
    await rerunMigration(db, '0027_search_digit_signs_folded.sql');
    expect(await stored()).toBe(folded);
    expect(await api.ids(w.ali, { PageType: 'AllMyMessage', Phrase: '۵۰٪' })).toContain(id);
  });

  it('finds a word written joined by a phrase typed with a ZWNJ, a hamza seat by its letter, a slash by «/»; 0038 folds the texts stored before', async () => {
    const db = server.built.services.db;
    const id = await api.sendNew(w.maryam, [w.ali], {
      Subject: 'وام بانک کارآفرین به مؤسسه پائیز',
      MessageBody: '<p>پرونده صق∕۱۲ در آمل</p>',
    });
    const found = async (phrase: string) => {
      const walked = await api.ids(w.ali, { PageType: 'AllMyMessage', Phrase: phrase });
      expect([phrase, await throughIndex(phrase)]).toEqual([phrase, walked]);
      return [phrase, walked.includes(id)];
    };
    // Probe: «کار‌آفرین» typed with a ZWNJ found nothing of «کارآفرین»; «موسسه» nothing of «مؤسسه».
    for (const phrase of [
      'کار\u200cآفرین',
      'بانک کار\u200cآفرین',
      'کارآفرین',
      'موسسه',
      'پاییز',
      'امل',
      'صق/12',
      'صق⁄۱۲',
    ])
      expect(await found(phrase)).toEqual([phrase, true]);
    const stored = async () =>
      (
        await asSystem(() =>
          sql<{ text: string }>`SELECT search_text AS text FROM messages_search WHERE id = ${id}`.execute(db),
        )
      ).rows[0].text;
    const folded = await stored();
    // As a database written before: the seats, the madda and the slash as typed.
    const before = folded
      .replace('کارافرین', 'کارآفرین')
      .replace('موسسه', 'مؤسسه')
      .replace('پاییز', 'پائیز')
      .replace('امل', 'آمل')
      .replace('صق/12', 'صق∕12');
    expect(before).not.toBe(folded);
    await asSystem(() =>
      sql`UPDATE messages_search SET search_text = ${before} WHERE id = ${id}`.execute(db),
    );
    expect(await api.ids(w.ali, { PageType: 'AllMyMessage', Phrase: 'موسسه' })).not.toContain(id);
    expect(await api.ids(w.ali, { PageType: 'AllMyMessage', Phrase: 'صق/12' })).not.toContain(id);
    await rerunMigration(db, '0038_search_slashes_and_seats_folded.sql');
    expect(await stored()).toBe(folded);
    for (const phrase of ['موسسه', 'پاییز', 'صق/12', 'کار\u200cآفرین'])
      expect(await found(phrase)).toEqual([phrase, true]);
  });

  it('folds affixes in SQL (search_fold) exactly as the server and client do (foldAffixes)', async () => {
    const texts = [
      'بررسی می شود',
      'می می شود ها',
      'نمی توان گفت که نامه ای رسید',
      'x می',
      'ها هستند',
      'کتاب ها و بیش تر و کم ترین',
      'رفته اند بی نام بیمه هایشان',
      'امیر ها میز تر',
      'a b ها',
      'نامه های  های',
      'بی',
      'می شود',
      'بیش تر، «می شود» (نامه ها) - ها',
      'abc تر 12 ها می 3',
      // And two hundred made of the pieces that matter, in every order (a fixed sequence).
      ...Array.from({ length: 200 }, (_, i) =>
        Array.from(
          { length: 8 },
          (_, k) => FOLD_PIECES[(i * 7 + k * k * 13 + ((i * k) >> 2)) % FOLD_PIECES.length],
        ).join(''),
      ),
    ];
    const { rows } = await sql<{
      folded: string[];
    }>`SELECT array(SELECT search_fold(t) FROM unnest(${texts}::text[]) WITH ORDINALITY AS x (t, n) ORDER BY n) AS folded`.execute(
      server.built.services.db,
    );
    expect(rows[0].folded).toEqual(texts.map(foldAffixes));
  });

  it('puts the letter of a registry number typed as a phrase first on the first page, however it is written', async () => {
    /** A numbering scheme of internal letters, made by the administrator. */
    const scheme = async (AndikatorTitle: string, AndikatorPreFix: string, StartNumber: number) => {
      const made = await server.api.post(
        'andikator/create/',
        { AndikatorTitle, AndikatorPreFix, StartNumber, MessageTypeFk: 4, IsActive: true },
        { token: w.admin.token },
      );
      expect(made.body).toMatchObject({ status: 1 });
      return made;
    };
    const created = await scheme('دفتر ثبت', 'ثبت-', 1);
    const numbered: number[] = [];
    for (let i = 1; i <= 12; i++)
      numbered.push(
        await api.sendNew(w.maryam, [w.ali], { Subject: `نامه ثبت شده ${i}`, AndikatorFk: created.body.id }),
      );
    const shown = async (who: Someone, query: Record<string, unknown>) => {
      const answer = await api.list(who, { PageType: 'AllMyMessage', ...query });
      return [
        answer.records.map((r: { displayMessageNumber: string }) => r.displayMessageNumber),
        answer.totalCount,
      ];
    };
    // As a phrase «ثبت-1» is in ثبت-1, ثبت-10, ثبت-11 and ثبت-12, newest first: ثبت-1 is the oldest.
    expect(await shown(w.ali, { Phrase: 'ثبت-1' })).toEqual([['ثبت-1', 'ثبت-12', 'ثبت-11', 'ثبت-10'], 4]);
    expect(await shown(w.ali, { Phrase: 'ثبت-۱۱' })).toEqual([['ثبت-11'], 1]);
    // Written with a space, joined, in Persian digits: the same letter, which the phrase itself does not find.
    for (const phrase of ['ثبت ۱', 'ثبت1'])
      expect([phrase, ...(await shown(w.ali, { Phrase: phrase }))]).toEqual([phrase, ['ثبت-1'], 1]);
    // A dash with spaces beside it is searched closed up, «ثبت-1», when as typed it finds
    // nothing: the letter first, then the phrase's others, and counted once.
    expect(await shown(w.ali, { Phrase: ' ثبت – 1 ' })).toEqual([['ثبت-1', 'ثبت-12', 'ثبت-11', 'ثبت-10'], 4]);
    // First on the first page and on no other: pages of any size hold the same letters in the
    // same order, none longer than asked, none twice (probe: 21 rows on page 1, ثبت-1 again last).
    const paged = async (Count: number, Phrase = 'ثبت-1') => {
      const seen: string[] = [];
      for (let Page = 1; Page <= 5; Page++) {
        const [rows] = (await shown(w.ali, { Phrase, Count, Page })) as [string[], number];
        expect(rows.length, `${Count} a page, page ${Page}`).toBeLessThanOrEqual(Count);
        seen.push(...rows);
      }
      return seen;
    };
    for (const Count of [1, 2, 3]) {
      expect(await paged(Count)).toEqual(['ثبت-1', 'ثبت-12', 'ثبت-11', 'ثبت-10']);
      expect(await paged(Count, 'ثبت – 1')).toEqual(['ثبت-1', 'ثبت-12', 'ثبت-11', 'ثبت-10']);
    }
    // Only a letter of the list: not another user's, not in the author's cartable.
    expect(await shown(w.zahra, { Phrase: 'ثبت-1' })).toEqual([[], 0]);
    expect(await shown(w.maryam, { Phrase: 'ثبت ۱' })).toEqual([[], 0]);
    expect(await shown(w.maryam, { PageType: 'Send', MessageType: 4, Phrase: 'ثبت ۱' })).toEqual([
      ['ثبت-1'],
      1,
    ]);
    expect(await shown(w.admin, { PageType: 'AllMessage', Phrase: 'ثبت-1' })).toEqual([
      ['ثبت-1', 'ثبت-12', 'ثبت-11', 'ثبت-10'],
      4,
    ]);
    // Not a number of any scheme: the phrase alone.
    expect(await shown(w.ali, { Phrase: 'ثبتی-1' })).toEqual([[], 0]);
    // Digits parted by a sign are no one number: «ثبت-1,2» names no ثبت-12.
    for (const phrase of ['ثبت-1,2', 'ثبت-۱٬۲', 'ثبت 1.2'])
      expect([phrase, ...(await shown(w.ali, { Phrase: phrase }))]).toEqual([phrase, [], 0]);
    expect(numbered).toHaveLength(12);

    // A letter whose own text holds its number as typed is counted once, on every page.
    await api.sendNew(w.maryam, [w.ali], { Subject: 'پیگیری ثبت ۱۳', AndikatorFk: created.body.id });
    expect(await shown(w.ali, { Phrase: 'ثبت ۱۳' })).toEqual([['ثبت-13'], 1]);
    expect(await shown(w.ali, { Phrase: 'ثبت ۱۳', Count: 1, Page: 2 })).toEqual([[], 1]);
    // «ثبت ۱» as a phrase finds «ثبت ۱۳» of the subject; ثبت-1 is one more, first.
    expect(await shown(w.ali, { Phrase: 'ثبت ۱', Count: 1 })).toEqual([['ثبت-1'], 2]);
    expect(await shown(w.ali, { Phrase: 'ثبت ۱', Count: 1, Page: 2 })).toEqual([['ثبت-13'], 2]);
    expect(await shown(w.ali, { Phrase: 'ثبت ۱', Count: 1, Page: 3 })).toEqual([[], 2]);
    expect(await paged(2, 'ثبت-1')).toEqual(['ثبت-1', 'ثبت-13', 'ثبت-12', 'ثبت-11', 'ثبت-10']);
    // A prefix with a digit in it is read as the scheme writes it: «ثبت۱/5» is not ثبت-15.
    for (let i = 14; i <= 15; i++)
      await api.sendNew(w.maryam, [w.ali], { Subject: `نامه ثبت شده ${i}`, AndikatorFk: created.body.id });
    const second = await scheme('دفتر ثبت دوم', 'ثبت۱/', 5);
    await api.sendNew(w.maryam, [w.ali], { Subject: 'دفتر دوم', AndikatorFk: second.body.id });
    expect(await shown(w.ali, { Phrase: 'ثبت۱/5' })).toEqual([['ثبت1/5'], 1]);
    // Two schemes whose prefixes read alike but for their dash: both letters of «ثبت ۱…»
    // pinned, more than a page of one holds — each on its own page, then the rest, none twice.
    const third = await scheme('دفتر ثبت سوم', 'ثبت', 1);
    await api.sendNew(w.maryam, [w.ali], { Subject: 'دفتر سوم', AndikatorFk: third.body.id });
    // («ثبت ۱۳» of a subject is the phrase's own match.)
    expect(await shown(w.ali, { Phrase: 'ثبت 1' })).toEqual([['ثبت1', 'ثبت-1', 'ثبت-13'], 3]);
    for (const Count of [1, 2]) expect(await paged(Count, 'ثبت 1')).toEqual(['ثبت1', 'ثبت-1', 'ثبت-13']);
    expect(await shown(w.ali, { Phrase: 'ثبت-15' })).toEqual([['ثبت-15'], 1]);

    // The letter of the number among the phrase's own, newer and older ones naming it: it
    // leaves its place to the others, on every page size.
    for (const subject of [
      'درباره ثبت-21',
      'درباره ثبت-21',
      'درباره ثبت-21',
      'نامه ۱۹',
      'نامه ۲۰',
      'نامه ۲۱',
      'پاسخ ثبت-21',
    ])
      await api.sendNew(w.maryam, [w.ali], { Subject: subject, AndikatorFk: created.body.id });
    const byNumber = ['ثبت-21', 'ثبت-22', 'ثبت-18', 'ثبت-17', 'ثبت-16'];
    expect(await shown(w.ali, { Phrase: 'ثبت-21' })).toEqual([byNumber, 5]);
    for (const Count of [1, 2, 3])
      expect([Count, ...(await paged(Count, 'ثبت-21'))]).toEqual([Count, ...byNumber]);
  });

  it('keeps the search text true when a draft is edited and when a letter is deleted', async () => {
    const draft = await api.draft(w.maryam, [w.ali], { Subject: 'پیش‌نویس مرجان' });
    const search = (phrase: string) => api.ids(w.maryam, { PageType: 'Draft', Phrase: phrase });
    expect(await search('مرجان')).toEqual([draft]);
    await api.save(w.maryam, { ...api.internal([w.ali], { Subject: 'پیش‌نویس لاجورد' }), MessageId: draft });
    expect(await search('مرجان')).toEqual([]);
    expect(await search('لاجورد')).toEqual([draft]);
    await api.call(w.maryam, 'DELETE', 'message/delete/', { Id: draft });
    const rows = await withTenant(tenantId, () =>
      sql`SELECT count(*)::int AS n FROM messages_search WHERE tenant_id = ${tenantId} AND id = ${draft}`.execute(
        server.built.services.db,
      ),
    );
    expect(rows.rows).toEqual([{ n: 0 }]);
  });

  it('flags an attachment in a list row as message/get shows it to that viewer: never a hidden blind copy’s file', async () => {
    const png = (name: string) => new File([new Uint8Array(tinyPng())], name, { type: 'image/png' });
    const forward = async (who: Someone, id: number, to: Someone, file?: File) => {
      const form = new FormData();
      form.append('MessageId', String(id));
      form.append('IsSend', '1');
      form.append('SelectedTo', String(to.personId));
      form.append('ForwardMessage', 'برای اطلاع');
      if (file) form.append('Attachments', file);
      const answer = await server.api.call('POST', 'message/forward/', { token: who.token, form });
      expect(answer.body).toMatchObject({ status: 1 });
    };
    /** The letter's flag in the viewer's list, and what message/get shows them of its files. */
    const seen = async (who: Someone, id: number, PageType: string) => {
      const listed = (
        await api.list(who, { PageType, MessageType: PageType === 'Send' ? 4 : 0, Count: 100 })
      ).records.find((r: { messageId: number }) => r.messageId === id);
      const got = await api.get(who, id);
      return {
        listed: listed?.hasMessageAttachment,
        shown: got.attachment.length > 0,
        flagged: got.record.hasMessageAttachment,
      };
    };
    const yes = { listed: true, shown: true, flagged: true };
    const no = { listed: false, shown: false, flagged: false };

    // Fatemeh, a blind copy, passes the letter on to Hossein with a file of her own: its only one.
    const hers = await api.sendNew(w.maryam, [w.ali], {
      SelectedCC: [w.zahra.personId],
      SelectedBcc: [w.fatemeh.personId],
    });
    await forward(w.fatemeh, hers, w.hossein, png('یادداشت.png'));
    // The to and cc recipients and a reader of all letters may not see her: nor her file.
    expect(await seen(w.ali, hers, 'AllMyMessage')).toEqual(no);
    expect(await seen(w.zahra, hers, 'AllMyMessage')).toEqual(no);
    expect(await seen(w.admin, hers, 'AllMessage')).toEqual(no);
    // Its author sees every blind copy, she herself, and the one she passed it to knows her.
    expect(await seen(w.maryam, hers, 'Send')).toEqual(yes);
    expect(await seen(w.fatemeh, hers, 'AllMyMessage')).toEqual(yes);
    expect(await seen(w.hossein, hers, 'AllMyMessage')).toEqual(yes);

    // The author's own file beside hers: there for everyone.
    const both = await api.sendNew(w.maryam, [w.ali], {
      SelectedBcc: [w.fatemeh.personId],
      Attachments: png('گزارش.png'),
    });
    await forward(w.fatemeh, both, w.hossein, png('یادداشت.png'));
    expect(await seen(w.ali, both, 'AllMyMessage')).toEqual(yes);
    expect(await seen(w.admin, both, 'AllMessage')).toEqual(yes);

    // Once the author passes the letter to her openly, she is on it for all: her file too.
    const opened = await api.sendNew(w.maryam, [w.ali], { SelectedBcc: [w.fatemeh.personId] });
    await forward(w.maryam, opened, w.fatemeh);
    await forward(w.fatemeh, opened, w.hossein, png('یادداشت.png'));
    expect(await seen(w.ali, opened, 'AllMyMessage')).toEqual(yes);
    expect(await seen(w.admin, opened, 'AllMessage')).toEqual(yes);

    // Reached only through her (probe helper-63): Hossein, whom she passed it to, reads it and
    // passes it to Zahra with a file. To Ali and a reader of all letters the letter never
    // went to Hossein: not his reading, his forward nor his file; Zahra knows him.
    const chain = await api.sendNew(w.maryam, [w.ali], { SelectedBcc: [w.fatemeh.personId] });
    await forward(w.fatemeh, chain, w.hossein);
    await api.get(w.hossein, chain);
    await forward(w.hossein, chain, w.zahra, png('پیوست حسین.png'));
    const traces = async (who: Someone) => {
      const got = await api.get(who, chain);
      return [
        ...(got.messageEvent as { creatorUserId: number }[]).map((e) => e.creatorUserId),
        ...(got.allForwardedMessage as { creatorUserId: number; receivedUserId: number }[]).flatMap((f) => [
          f.creatorUserId,
          f.receivedUserId,
        ]),
      ];
    };
    for (const who of [w.ali, w.admin]) {
      expect(await traces(who)).not.toContain(w.hossein.userId);
      expect(await traces(who)).not.toContain(w.fatemeh.userId);
    }
    expect(await seen(w.ali, chain, 'AllMyMessage')).toEqual(no);
    expect(await seen(w.admin, chain, 'AllMessage')).toEqual(no);
    expect(await traces(w.zahra)).toContain(w.hossein.userId);
    expect(await seen(w.zahra, chain, 'AllMyMessage')).toEqual(yes);
    expect(await seen(w.maryam, chain, 'Send')).toEqual(yes);
  });
});
