// A property-based sweep generated from the resource schemas (fast-check): every
// resource's create, update, list, get, lookup and delete get a stream of requests built
// from a valid record with fields dropped or replaced by wrong types, huge numbers,
// control characters, arrays, objects and nulls, sent as JSON, query, urlencoded or
// multipart, naming our records, another tenant's and ids that do not exist. Whatever
// comes, the server:
// - never answers 5xx;
// - changes no record but the one the request names, and only when it says it did
//   (status 1): a create adds one row of ours, a delete removes the named one of ours,
//   an update changes the named one of ours and leaves every field it did not send as
//   it was;
// - still answers afterwards.
import fc from 'fast-check';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, type Resource } from '../../src/schemas';
import { openApiDocument } from '../../server/http/openapi';
import { addSecondTenant, DEMO_ADMIN, ENGINES, startTestServer, type TestServer } from './harness';
import { createSample, sampleInput } from './masterdata-samples';

/** Runs per resource and call; `SWEEP_RUNS=200 npm run test:api` for a longer sweep. */
const RUNS = Number(process.env.SWEEP_RUNS ?? 8);

type Transport = 'json' | 'query' | 'urlencoded' | 'multipart';
type Call = 'list' | 'lookup' | 'get' | 'update' | 'create' | 'delete';
type Params = Record<string, unknown>;

interface SweepRequest {
  call: Call;
  transport: Transport;
  params: Params;
}

const CALLS: Record<Call, { method: string; body: boolean }> = {
  list: { method: 'GET', body: false },
  lookup: { method: 'GET', body: false },
  get: { method: 'GET', body: false },
  update: { method: 'PUT', body: true },
  create: { method: 'POST', body: true },
  delete: { method: 'DELETE', body: true },
};

/** The calls the master-data engine serves for every resource (swept per resource). */
const ENGINE_ACTIONS = new Set(['list', 'lookup', 'get', 'create', 'update', 'delete', 'fileuploader']);

/** Values a careless client or an attacker puts where a field is expected. */
const nasty: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, '', ' ', true, false, 0, -1, 1.5, 'NaN', 'Infinity', '1e400', '-0'),
  fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e308, '2147483648', '99999999999999999999', '۱۲۳'),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u001b[31m',
    'ي ك\u200c',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
  ),
  // Dates the database cannot hold (year 0, before 4713 BC, past 294276), a Jalali date
  // sent as Gregorian, a day no month has, and what JavaScript's Date.parse forgives.
  fc.constantFrom(
    '0000-01-01',
    '-200000-01-01T00:00:00Z',
    '+275760-09-13T00:00:00Z',
    '1405-09-05',
    '2026-02-30',
    '1/1/1',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constant('ب'.repeat(310)), // past every text field's limit, within a URL's
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), { maxKeys: 2 }),
  fc.constant([[1, 2]]),
);

describe.each(ENGINES)('input sweep over every resource (%s)', (engine) => {
  let server: TestServer;
  let admin: string;
  let other: string;
  let ourTenant: number;
  let query: (text: string) => Promise<Array<Record<string, unknown>>>;
  let adminPool: pg.Pool | undefined;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    await addSecondTenant(server);
    ourTenant = (await server.built.services.tenants.byHost('localhost'))!.id;
    admin = (await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token;
    other = (await server.api.signIn(DEMO_ADMIN.username, 'other-pass', 'second.localhost')).token;
    // Every row of every tenant, read past row-level security: PGlite's own connection is a
    // superuser; on PostgreSQL the scratch database's administrator.
    if (server.databaseAdminUrl) {
      const pool = new pg.Pool({ connectionString: server.databaseAdminUrl, max: 2 });
      adminPool = pool;
      query = async (text) => (await pool.query(text)).rows;
    } else {
      query = async (text) => (await sql.raw(text).execute(server.built.database.db)).rows as never;
    }
  });
  afterAll(async () => {
    await adminPool?.end();
    await server?.stop();
  });

  /** Each record of the resource (every tenant): its columns, join rows and, for a
   *  person, its user and roles. */
  async function snapshot(resource: Resource): Promise<Map<number, Params>> {
    const rows = await query(`SELECT to_jsonb(t) AS row FROM "${resource.table}" t`);
    const records = new Map<number, Params>(
      rows.map((r) => [Number((r.row as Params).id), { ...(r.row as Params) }]),
    );
    for (const field of resource.joinFields()) {
      const joined = await query(
        `SELECT record_id, array_agg(ref_id ORDER BY ref_id) AS refs FROM "${resource.joinTable(field)}" GROUP BY record_id`,
      );
      for (const j of joined) {
        const record = records.get(Number(j.record_id));
        if (record) record[`join:${field}`] = j.refs;
      }
    }
    if (resource.name === 'person') {
      const users = await query(
        `SELECT p.id, u.password_hash, u.first_name, u.last_name, u.is_active,
                (SELECT array_agg(m.group_id ORDER BY m.group_id) FROM user_group_members m WHERE m.user_id = u.id) AS groups
           FROM persons p JOIN users u ON u.id = p.user_fk`,
      );
      for (const u of users) {
        const record = records.get(Number(u.id));
        if (record) Object.assign(record, { 'user:password': u.password_hash, 'user:groups': u.groups });
      }
    }
    return records;
  }

  function send(resource: Resource, request: SweepRequest) {
    const { method, body } = CALLS[request.call];
    return sendTo(
      method,
      `/api/${resource.name}/${request.call}/`,
      request.params,
      body ? request.transport : 'query',
    );
  }

  async function sendTo(method: string, path: string, params: Params, transport: Transport) {
    const url = new URL(path, server.baseUrl);
    const headers: Record<string, string> = { authorization: `Bearer ${admin}` };
    let payload: BodyInit | undefined;
    if (method === 'GET' || transport === 'query') {
      for (const [key, value] of pairs(params)) url.searchParams.append(key, value as string);
    } else if (transport === 'json') {
      payload = JSON.stringify(params);
      headers['content-type'] = 'application/json';
    } else if (transport === 'urlencoded') {
      payload = new URLSearchParams(pairs(params) as Array<[string, string]>).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else {
      const form = new FormData();
      for (const [key, value] of pairs(params, true)) form.append(key, value as string | Blob);
      payload = form;
    }
    const response = await fetch(url, { method, headers, body: payload });
    const text = await response.text();
    let answer: Params = {};
    try {
      answer = JSON.parse(text) as Params;
    } catch {
      /* not JSON: checked below */
    }
    return { status: response.status, answer, text };
  }

  describe.each(RESOURCES.map((r) => [r.name, r] as const))('%s', (_name, resource) => {
    let ours: number[] = [];
    let theirs = 0;
    let valid: Params = {};

    beforeAll(async () => {
      valid = await sampleInput(server.api, admin, resource);
      ours = [
        await createSample(server.api, admin, resource),
        await createSample(server.api, admin, resource),
      ];
      theirs = await createSample(server.api, other, resource);
    });

    const idArb = () =>
      fc.oneof(
        fc.constantFrom(...ours, theirs, 999_999),
        fc.constantFrom(...ours).map((id) => [999_999, id]),
        nasty,
      );

    /** A valid record with some fields left out and some replaced by nasty values. */
    const fieldsArb = () =>
      fc.record(
        Object.fromEntries(
          Object.keys(valid).map((key) => [
            key,
            fc.oneof(
              { weight: 4, arbitrary: fc.constant(valid[key]) },
              { weight: 2, arbitrary: fc.constant(undefined) },
              { weight: 2, arbitrary: nasty },
            ),
          ]),
        ),
      );

    const transportArb = fc.constantFrom<Transport>('json', 'query', 'urlencoded', 'multipart');

    function requestArb(call: Call): fc.Arbitrary<SweepRequest> {
      const listing = fc.record({
        Page: fc.oneof(fc.constant(1), nasty),
        Count: fc.oneof(fc.constant(10), fc.constant(-1), nasty),
        Phrase: fc.oneof(fc.constant('نمونه'), nasty),
        ...Object.fromEntries(
          Object.keys(resource.filters ?? {}).map((name) => [name, fc.oneof(idArb(), nasty)]),
        ),
        ...(call === 'lookup' ? { Ids: fc.oneof(idArb(), fc.constant(ours.join(','))) } : {}),
      });
      const params: fc.Arbitrary<Params> =
        call === 'list' || call === 'lookup'
          ? listing
          : call === 'get' || call === 'delete'
            ? fc.record({ Id: idArb() })
            : call === 'create'
              ? fieldsArb()
              : fc.tuple(fieldsArb(), idArb()).map(([fields, Id]) => ({ ...fields, Id }));
      return fc.record({ call: fc.constant(call), transport: transportArb, params });
    }

    const calls: Call[] = ['list', 'lookup', 'get', 'update', 'create', 'delete'];
    it.each(calls)('%s: never 5xx, changes only the record it names', async (call) => {
      await fc.assert(
        fc.asyncProperty(requestArb(call), async (request) => {
          const before = await snapshot(resource);
          const { status, answer, text } = await send(resource, request);
          expect(status, text).toBeLessThan(500);
          if (status === 200) expect([0, 1], text).toContain(answer.status);
          const after = await snapshot(resource);
          checkChanges(resource, request, answer, before, after);
        }),
        { numRuns: RUNS },
      );
      expect((await server.api.call('GET', '/healthz')).body.status).toBe('ok');
    });
  });

  // The calls beyond the master-data engine (sign-in, account, notifications, settings,
  // enumerations…), from the OpenAPI document every route registers itself in.
  it('answers every other documented call without a 5xx, whatever its parameters hold', async () => {
    const engineCalls = new Set(RESOURCES.map((r) => r.name.toLowerCase()));
    const paths = openApiDocument().paths as Record<
      string,
      Record<
        string,
        {
          parameters?: Array<{ name: string }>;
          requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
        }
      >
    >;
    const targets = Object.entries(paths)
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          path,
          method: method.toUpperCase(),
          names:
            operation.parameters?.map((p) => p.name) ??
            Object.keys(operation.requestBody?.content['application/json']?.schema.properties ?? {}),
        })),
      )
      // The engine's own calls are swept above, resource by resource; a resource's other
      // calls (person/savefavoritepersons …) here. Signing the sweeping session out would
      // end the sweep, not test it.
      .filter(({ path }) => {
        const [, , entity, action] = path.split('/').map((part) => part.toLowerCase());
        return !(engineCalls.has(entity) && ENGINE_ACTIONS.has(action)) && !/logout/i.test(path);
      });
    expect(targets.length).toBeGreaterThan(10);
    for (const target of targets) {
      await fc.assert(
        fc.asyncProperty(
          fc.record(
            Object.fromEntries(target.names.map((name) => [name, fc.option(nasty, { nil: undefined })])),
          ),
          fc.constantFrom<Transport>('json', 'query', 'urlencoded', 'multipart'),
          async (params, transport) => {
            const { status, text } = await sendTo(target.method, target.path, params, transport);
            expect(
              status,
              `${target.method} ${target.path} ${JSON.stringify(params).slice(0, 500)}: ${text.slice(0, 300)}`,
            ).toBeLessThan(500);
          },
        ),
        { numRuns: RUNS },
      );
    }
  });

  // Letters: save and forward with valid fields mixed with bad ones, over every transport.
  // Whatever is refused leaves no trace in any of the letters' tables or the numbering.
  it('refuses bad letters without a 5xx and without a trace', async () => {
    const people = (await server.api.get('person/list/', { Count: -1 }, { token: admin })).body
      .records as Params[];
    const colleague = people.find((p) => p.mobile !== DEMO_ADMIN.username)!.id as number;
    const schemes = (await server.api.get('andikator/list/', { Count: -1 }, { token: admin })).body
      .records as Params[];
    const scheme = schemes.find((s) => s.messageTypeFk === 4 && s.isDefault)!.andikatorId as number;
    const sent = (
      await server.api.post(
        'message/save/',
        {
          MessageTypeFk: 4,
          Subject: 'نامه نمونه',
          MessageBody: '<p>متن</p>',
          AndikatorFk: scheme,
          SelectedTo: [colleague],
          IsSend: 1,
        },
        { token: admin },
      )
    ).body.id as number;
    const traces = async () =>
      JSON.stringify(
        await query(`SELECT (SELECT count(*) FROM messages) AS letters, (SELECT count(*) FROM message_boxes) AS boxes,
          (SELECT count(*) FROM message_events) AS events, (SELECT count(*) FROM message_recipients) AS recipients,
          (SELECT count(*) FROM message_forwards) AS forwards, (SELECT count(*) FROM message_attachments) AS files,
          (SELECT sum(last_message_number) FROM andikators) AS numbers, (SELECT sum(unread + drafts + answer_requests) FROM message_box_counts) AS counts`),
      );
    const valid: Record<string, Params> = {
      'message/save/': {
        MessageTypeFk: 4,
        Subject: 'موضوع',
        MessageBody: '<p>متن</p>',
        AndikatorFk: scheme,
        SelectedTo: [colleague],
        IsSend: 0,
        MessageId: 0,
      },
      'message/forward/': { MessageId: sent, IsSend: 1, SelectedTo: [colleague], ForwardMessage: 'یادداشت' },
    };
    for (const [path, fields] of Object.entries(valid)) {
      await fc.assert(
        fc.asyncProperty(
          fc.record(
            Object.fromEntries(
              Object.entries(fields).map(([name, value]) => [
                name,
                fc.oneof(fc.constant(value), nasty, fc.constant(undefined)),
              ]),
            ),
          ),
          fc.constantFrom<Transport>('json', 'urlencoded', 'multipart'),
          async (params, transport) => {
            const before = await traces();
            const { status, answer, text } = await sendTo('POST', `/api/${path}`, params, transport);
            const context = `${path} ${transport} ${JSON.stringify(params).slice(0, 400)}: ${text.slice(0, 300)}`;
            expect(status, context).toBeLessThan(500);
            if (answer.status !== 1) {
              expect(await traces(), context).toBe(before);
              if (status === 200)
                expect(String(answer.messge ?? answer.message), context).toMatch(/[\u0600-\u06FF]/);
            }
          },
        ),
        { numRuns: RUNS * 4 },
      );
    }
  });

  it('still answers a signed-in user after the sweep', async () => {
    const banks = await server.api.get('bank/list/', { Count: 5 }, { token: admin });
    expect(banks.body.status).toBe(1);
  });

  /** The changes between two snapshots that the request and its answer allow. */
  function checkChanges(
    resource: Resource,
    request: SweepRequest,
    answer: Params,
    before: Map<number, Params>,
    after: Map<number, Params>,
  ) {
    const done = answer.status === 1;
    // Sent as a form or a query, a list of one is one value on the wire: the server cannot
    // tell `Id=[6]` from `Id=6`, and takes it as the record it names.
    const sentId = request.params.Id;
    const named =
      request.transport !== 'json' && Array.isArray(sentId) && sentId.length === 1 ? sentId[0] : sentId;
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
      (id) => JSON.stringify(before.get(id)) !== JSON.stringify(after.get(id)),
    );
    const context = JSON.stringify({ request, answer }).slice(0, 2000);
    if (!done || request.call === 'list' || request.call === 'lookup' || request.call === 'get') {
      expect(changed, context).toEqual([]);
      return;
    }
    if (request.call === 'create') {
      for (const other of changed.filter((c) => c !== answer.id))
        checkSideEffect(resource, before.get(other), after.get(other), context);
      expect(changed, context).toContain(answer.id);
      expect(before.has(answer.id as number), context).toBe(false);
      expect(after.get(answer.id as number)?.tenant_id, context).toBe(ourTenant);
      return;
    }
    // update and delete: the named record, of our tenant.
    expect(typeof named === 'number' && before.get(named)?.tenant_id === ourTenant, context).toBe(true);
    const id = named as number;
    if (request.call === 'delete') {
      expect(changed, context).toEqual([id]);
      expect(after.has(id), context).toBe(false);
      return;
    }
    for (const other of changed.filter((c) => c !== id))
      checkSideEffect(resource, before.get(other), after.get(other), context);
    const sent = new Set(
      Object.entries(request.params)
        .filter(([, value]) => value !== undefined)
        .map(([key]) => key.toLowerCase()),
    );
    const was = before.get(id)!;
    const is = after.get(id)!;
    for (const [name, field] of Object.entries(resource.fields)) {
      if (sent.has(resource.inputName(name).toLowerCase())) continue;
      // A narrowing field (a person's province) may be filled from the narrowed choice (the city).
      const fills = Object.values(resource.fields).some((f) => f.meta.narrowedBy?.field === name);
      if (fills && was[resource.column(name)] === null) continue;
      if (resource.isColumn(name)) {
        expect(is[resource.column(name)], `${field.meta.label} was not sent: ${context}`).toEqual(
          was[resource.column(name)],
        );
      }
      if (field.meta.kind === 'references') expect(is[`join:${name}`], context).toEqual(was[`join:${name}`]);
    }
    if (resource.name === 'person') {
      if (!sent.has('password')) expect(is['user:password'], context).toEqual(was['user:password']);
      if (!sent.has('rolenames')) expect(is['user:groups'], context).toEqual(was['user:groups']);
    }
  }
});

/**
 * What a change may do to records it does not name, by the resource's own rules: a tree
 * node renamed or moved rewrites its subtree's paths; a numbering scheme saved as its
 * letter type's default takes that mark from the previous default. Nothing else.
 */
function checkSideEffect(
  resource: Resource,
  was: Params | undefined,
  is: Params | undefined,
  context: string,
) {
  expect(was && is, `a record appeared or vanished: ${context}`).toBeTruthy();
  const { full_name: wasPath, is_default: wasDefault, ...wasRest } = was!;
  const { full_name: isPath, is_default: isDefault, ...isRest } = is!;
  expect(isRest, context).toEqual(wasRest);
  if (isPath !== wasPath) expect(resource.treeField(), context).toBeDefined();
  if (isDefault !== wasDefault)
    expect([resource.name, wasDefault, isDefault], context).toEqual(['andikator', true, false]);
}

/** A request's parameters as form pairs: lists repeated, objects as JSON text, files kept in multipart. */
function pairs(params: Params, files = false): Array<[string, string | Blob]> {
  const out: Array<[string, string | Blob]> = [];
  const text = (value: unknown) =>
    value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      out.push([key, files && item instanceof Blob ? item : item instanceof Blob ? 'file' : text(item)]);
    }
  }
  return out;
}
