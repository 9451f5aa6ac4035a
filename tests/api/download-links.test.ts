// A session token in the query string opens only calls that send a file (the
// specification's links); our client asks download/link for a short-lived signed link
// bound to one file and to the session instead.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_LINK_TTL_MS, signDownload, verifyDownload } from '../../server/auth/download-links';
import { DEMO_ADMIN, ENGINES, startTestServer, type TestServer } from './harness';

describe.each(ENGINES)('download links (%s)', (engine) => {
  let server: TestServer;
  let admin: string;
  let templateId: number;

  /** A GET with no Authorization header: what a browser's link sends. */
  function open(pathAndQuery: string): Promise<{ status: number; type: string; size: number }> {
    return new Promise((resolve, reject) => {
      http
        .get(new URL(pathAndQuery, server.baseUrl), { headers: { host: 'localhost' } }, (res) => {
          let size = 0;
          res.on('data', (c: Buffer) => (size += c.length));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), size }),
          );
        })
        .on('error', reject);
    });
  }

  const linkFor = async (url: string, token = admin) =>
    (await server.api.post('download/link/', { Url: url }, { token })).body;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    admin = (await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token;
    const templates = await server.api.get('template/list/', { Count: -1 }, { token: admin });
    templateId = templates.body.records[0].templateManagerId;
  });
  afterAll(() => server?.stop());

  it('refuses a session token in the query string of an ordinary call', async () => {
    expect((await open(`/api/menu/list/?token=${admin}`)).status).toBe(401);
    expect((await open(`/api/template/list/?access_token=${admin}`)).status).toBe(401);
    // …but a call that sends a file takes it, as the specification's links carry it.
    const file = await open(`/api/template/download?templateId=${templateId}&token=${admin}`);
    expect(file.status).toBe(200);
    expect(file.type).toContain('wordprocessingml');
  });

  it('gives a signed link to one file that opens it without the token', async () => {
    const answer = await linkFor(`/api/template/download/?templateId=${templateId}`);
    expect(answer.status).toBe(1);
    expect(answer.url).not.toContain(admin);
    expect(answer.url).toMatch(/^\/api\/template\/download\?templateId=\d+&dl=/);
    const file = await open(answer.url);
    expect(file.status).toBe(200);
    expect(file.size).toBeGreaterThan(1000);
  });

  it('refuses a link for another file, another call, or after sign-out', async () => {
    const { url } = await linkFor(`/api/template/download?templateId=${templateId}`);
    const link = new URL(url, 'http://x').searchParams.get('dl')!;
    expect((await open(`/api/template/download?templateId=${templateId + 1}&dl=${link}`)).status).toBe(401);
    expect((await open(`/api/menu/list/?dl=${link}`)).status).toBe(401);
    expect(
      (await open(url.replace(/dl=([^&]+)/, (_: string, v: string) => `dl=${v.slice(0, -2)}xx`))).status,
    ).toBe(401);
    const refusal = await linkFor('/api/person/list/');
    expect(refusal).toEqual({ status: 0, message: 'این نشانی، نشانی دریافت فایل نیست' });

    const own = (await server.api.signIn(DEMO_ADMIN.username, DEMO_ADMIN.password)).token;
    const { url: ownUrl } = await linkFor(`/api/template/download?templateId=${templateId}`, own);
    expect((await open(ownUrl)).status).toBe(200);
    await server.api.post('user/logout/', {}, { token: own });
    expect((await open(ownUrl)).status).toBe(401);
  });

  it('expires a link after two minutes', () => {
    const target = '/api/template/download?templateId=1';
    const made = 1_000_000;
    const link = signDownload('secret', 7, target, made);
    expect(verifyDownload('secret', link, target, made + DOWNLOAD_LINK_TTL_MS - 1)).toBe(7);
    expect(verifyDownload('secret', link, target, made + DOWNLOAD_LINK_TTL_MS)).toBeNull();
    expect(verifyDownload('other secret', link, target, made)).toBeNull();
  });
});
