// db/statement-cache.ts: a statement compiled once per shape answers each call with that
// call's own values, and under test a builder that reads a value its shape does not name
// is caught rather than served to the next caller.
import { afterEach, describe, expect, it } from 'vitest';
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
} from 'kysely';
import { runShaped, setStatementCacheMode, statementsVerified } from '../../server/db/statement-cache';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** A database that records what it is sent and answers no rows. */
function recordingDb() {
  const sent: CompiledQuery[] = [];
  const connection: DatabaseConnection = {
    executeQuery: async (query) => {
      sent.push(query);
      return { rows: [] };
    },
    streamQuery: () => {
      throw new Error('not here');
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const db = new Kysely<Record<string, never>>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { db, sent };
}

type Values = { tenantId: number; people: number[]; phrase: { pattern: string } };

describe('statements compiled once per shape', () => {
  afterEach(() => setStatementCacheMode('verify'));

  const build = (db: AnyDb, built: { count: number }) => (v: Values) => {
    built.count += 1;
    return db
      .selectFrom('letters')
      .select('id')
      .where('tenant_id', '=', v.tenantId)
      .where('author_id', 'in', v.people)
      .where(sql<boolean>`subject LIKE ${v.phrase.pattern}`)
      .limit(sql.lit(20));
  };

  it('builds a shape once and sends each call its own values', async () => {
    setStatementCacheMode('on');
    const { db, sent } = recordingDb();
    const built = { count: 0 };
    const shape = 'letters by people: 2';
    await runShaped(db, shape, { tenantId: 7, people: [1, 2], phrase: { pattern: '%a%' } }, build(db, built));
    await runShaped(db, shape, { tenantId: 9, people: [3, 4], phrase: { pattern: '%b%' } }, build(db, built));
    expect(built.count).toBe(1);
    expect(sent[1].sql).toBe(sent[0].sql);
    expect(sent[0].sql).toContain('limit 20');
    expect(sent[0].parameters).toEqual([7, 1, 2, '%a%']);
    expect(sent[1].parameters).toEqual([9, 3, 4, '%b%']);
    // As a fresh build would have sent it.
    expect(sent[1].parameters).toEqual(
      build(db, built)({ tenantId: 9, people: [3, 4], phrase: { pattern: '%b%' } }).compile().parameters,
    );
  });

  it('keys a statement by how many values it takes, too', async () => {
    setStatementCacheMode('on');
    const { db, sent } = recordingDb();
    const built = { count: 0 };
    // The number of people decides the text, and this shape forgets it.
    const careless = 'letters by people';
    await runShaped(
      db,
      careless,
      { tenantId: 7, people: [1, 2], phrase: { pattern: '%a%' } },
      build(db, built),
    );
    await runShaped(
      db,
      careless,
      { tenantId: 7, people: [1, 2, 3], phrase: { pattern: '%a%' } },
      build(db, built),
    );
    expect(built.count).toBe(2);
    expect(sent[1].parameters).toEqual([7, 1, 2, 3, '%a%']);
  });

  it('fills the values of an array sent as one parameter', async () => {
    setStatementCacheMode('on');
    const { db, sent } = recordingDb();
    const byIds = (v: Values) =>
      db
        .selectFrom('letters')
        .select('id')
        .where(sql<boolean>`author_id = ANY(${v.people}::int[])`);
    await runShaped(db, 'any', { tenantId: 1, people: [1, 2], phrase: { pattern: '' } }, byIds);
    await runShaped(db, 'any', { tenantId: 1, people: [5, 6], phrase: { pattern: '' } }, byIds);
    expect(sent.map((query) => query.parameters)).toEqual([[[1, 2]], [[5, 6]]]);
    setStatementCacheMode('verify');
    await runShaped(db, 'any', { tenantId: 1, people: [8, 9], phrase: { pattern: '' } }, byIds);
  });

  it('in verify mode, refuses a builder that reads a value its shape does not name', async () => {
    setStatementCacheMode('verify');
    const { db } = recordingDb();
    const before = statementsVerified();
    await runShaped(
      db,
      'people',
      { tenantId: 7, people: [1, 2], phrase: { pattern: '%a%' } },
      build(db, { count: 0 }),
    );
    expect(statementsVerified()).toBe(before + 1);
    // A value written into the text.
    const written = (v: Values) =>
      db
        .selectFrom('letters')
        .select('id')
        .where(sql<boolean>`tenant_id = ${sql.raw(String(v.tenantId))}`);
    await expect(
      runShaped(db, 'written', { tenantId: 9, people: [], phrase: { pattern: '' } }, written),
    ).rejects.toThrow(/differs from one built afresh/);
    // A value read in the builder's own logic is as much a part of the shape: caught on a
    // call whose value leads the builder elsewhere than the markers did.
    const branching = (v: Values) =>
      v.tenantId > 8 ? db.selectFrom('letters').select('id') : db.selectFrom('drafts').select('id');
    await expect(
      runShaped(db, 'by tenant', { tenantId: 9, people: [], phrase: { pattern: '' } }, branching),
    ).rejects.toThrow(/differs from one built afresh/);
  });

  it('off: builds every call', async () => {
    setStatementCacheMode('off');
    const { db, sent } = recordingDb();
    const built = { count: 0 };
    await runShaped(db, 's', { tenantId: 1, people: [1], phrase: { pattern: '%x%' } }, build(db, built));
    await runShaped(db, 's', { tenantId: 2, people: [1], phrase: { pattern: '%x%' } }, build(db, built));
    expect(built.count).toBe(2);
    expect(sent.map((query) => query.parameters[0])).toEqual([1, 2]);
  });
});
