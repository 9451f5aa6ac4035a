// What the letters' API tests share: the demo colleagues signed in, their person ids,
// the numbering schemes, and small helpers to write, send and read letters over HTTP.
import { DEMO_ADMIN, type TestServer } from './harness';
import { DEMO_COLLEAGUE_PASSWORD } from '../../server/seed/seed';

export interface Someone {
  token: string;
  userId: number;
  personId: number;
}

export interface LetterWorld {
  admin: Someone;
  maryam: Someone;
  ali: Someone;
  zahra: Someone;
  hossein: Someone;
  fatemeh: Someone;
  /** The default numbering scheme of each letter type. */
  scheme: Record<4 | 5 | 6, number>;
  reciveMethod: number;
}

export const COLLEAGUES = {
  maryam: '09121111111',
  ali: '09122222222',
  zahra: '09123333333',
  hossein: '09124444444',
  fatemeh: '09125555555',
} as const;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function letterWorld(server: TestServer): Promise<LetterWorld> {
  const adminSignIn = await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
  const people = (await server.api.get('person/list/', { Count: -1 }, { token: adminSignIn.token })).body
    .records as Json[];
  const personOf = (mobile: string) => people.find((p) => p.mobile === mobile)!.id as number;
  const someone = async (mobile: string, password: string): Promise<Someone> => {
    const signed = await server.api.signIn(mobile, password);
    return { token: signed.token, userId: signed.userId, personId: personOf(mobile) };
  };
  const schemes = (await server.api.get('andikator/list/', { Count: -1 }, { token: adminSignIn.token })).body
    .records as Json[];
  const defaultOf = (type: number) =>
    schemes.find((s) => s.messageTypeFk === type && s.isDefault)!.andikatorId;
  const methods = (await server.api.get('reciveMethod/list/', { Count: -1 }, { token: adminSignIn.token }))
    .body.records as Json[];
  return {
    admin: { token: adminSignIn.token, userId: adminSignIn.userId, personId: personOf(DEMO_ADMIN.username) },
    maryam: await someone(COLLEAGUES.maryam, DEMO_COLLEAGUE_PASSWORD),
    ali: await someone(COLLEAGUES.ali, DEMO_COLLEAGUE_PASSWORD),
    zahra: await someone(COLLEAGUES.zahra, DEMO_COLLEAGUE_PASSWORD),
    hossein: await someone(COLLEAGUES.hossein, DEMO_COLLEAGUE_PASSWORD),
    fatemeh: await someone(COLLEAGUES.fatemeh, DEMO_COLLEAGUE_PASSWORD),
    scheme: { 4: defaultOf(4), 5: defaultOf(5), 6: defaultOf(6) },
    reciveMethod: methods[0].reciveMethodId,
  };
}

/** Letters over HTTP, as the letter screen sends them (multipart for save). */
export function letters(server: TestServer, world: LetterWorld) {
  const form = (fields: Json) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      // An emptied list as the client sends it: one empty field (a list left out is kept).
      const items = Array.isArray(value) ? (value.length ? value : ['']) : value === undefined ? [] : [value];
      for (const item of items) data.append(key, item instanceof Blob ? item : String(item));
    }
    return data;
  };
  const internal = (to: Someone[], extra: Json = {}): Json => ({
    MessageTypeFk: 4,
    Subject: 'گزارش هفتگی واحد فروش',
    MessageBody: '<p>با سلام</p><p>گزارش این هفته پیوست است.</p>',
    AndikatorFk: world.scheme[4],
    SelectedTo: to.map((p) => p.personId),
    ...extra,
  });
  const api = {
    internal,
    async save(who: Someone, fields: Json) {
      return (await server.api.call('POST', 'message/save/', { token: who.token, form: form(fields) })).body;
    },
    /** A new internal letter; its id (fails the test on refusal). */
    async draft(who: Someone, to: Someone[], extra: Json = {}) {
      const answer = await api.save(who, { ...internal(to, extra), IsSend: 0 });
      if (answer.status !== 1) throw new Error(`draft refused: ${JSON.stringify(answer)}`);
      return answer.id as number;
    },
    async sendNew(who: Someone, to: Someone[], extra: Json = {}) {
      const answer = await api.save(who, { ...internal(to, extra), IsSend: 1 });
      if (answer.status !== 1) throw new Error(`send refused: ${JSON.stringify(answer)}`);
      return answer.id as number;
    },
    post: async (who: Someone, path: string, json: Json) =>
      (await server.api.post(path, json, { token: who.token })).body,
    call: async (who: Someone, method: string, path: string, json: Json) =>
      (await server.api.call(method, path, { token: who.token, json })).body,
    get: async (who: Someone, id: number) =>
      (await server.api.get('message/get/', { Id: id }, { token: who.token })).body,
    list: async (who: Someone, query: Json) =>
      (await server.api.get('message/list/', query, { token: who.token })).body,
    ids: async (who: Someone, query: Json) =>
      ((await api.list(who, { Count: 100, ...query })).records as Json[]).map((r) => r.messageId as number),
    box: async (who: Someone) => (await server.api.get('home/getbox/', {}, { token: who.token })).body,
  };
  return api;
}
