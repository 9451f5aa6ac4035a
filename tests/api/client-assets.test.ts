// Page weight: the built client is served as the build compressed it (brotli or gzip, as
// the browser accepts), hashed assets are cached for a year, index.html never is.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFile } from '../../scripts/precompress';
import { clientCacheControl } from '../../server/app';
import { startTestServer, type TestServer } from './harness';

const SCRIPT = `export const greeting = ${JSON.stringify('سلام '.repeat(2000))};\n`;

function get(url: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    },
  );
}

describe('the client files', () => {
  let server: TestServer;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dabir-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const script = path.join(clientDir, 'assets', 'index-AbCd12_-.js');
    fs.writeFileSync(script, SCRIPT);
    precompressFile(script);
    server = await startTestServer({ clientDir });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('sends a hashed asset as brotli or gzip, as the browser accepts, cached for a year', async () => {
    const url = `${server.baseUrl}/assets/index-AbCd12_-.js`;
    const brotli = await get(url, 'gzip, deflate, br');
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 10);
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(SCRIPT);

    const gzip = await get(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(SCRIPT);

    const plain = await get(url, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it("answers a file that is not there with 404, not the page; a new build's page at once", async () => {
    // A script of an earlier build, asked for by a page opened before a new one: answered
    // with the page, the browser refused it as a script and the screen went blank.
    for (const pathname of ['/assets/index-Gone1234.js', '/assets/chunk-OldBuild.css', '/robots.txt']) {
      const missing = await get(`${server.baseUrl}${pathname}`);
      expect(missing.status, pathname).toBe(404);
      expect(String(missing.headers['content-type'])).not.toMatch(/html/);
    }
    // The app's own routes still get the page.
    for (const pathname of ['/letter/false/AllMyMessage/4/12', '/mymessage']) {
      const page = await get(`${server.baseUrl}${pathname}`);
      expect(page.status, pathname).toBe(200);
      expect(page.body.toString()).toContain('<div id="root">');
    }
    // A new build writes a new index.html while the server runs: served from then on.
    const index = path.join(clientDir, 'index.html');
    const before = fs.readFileSync(index);
    try {
      fs.writeFileSync(index, '<!doctype html><div id="root" data-build="2"></div>');
      fs.utimesSync(index, new Date(), new Date(Date.now() + 5_000));
      expect((await get(`${server.baseUrl}/login`)).body.toString()).toContain('data-build="2"');
    } finally {
      fs.writeFileSync(index, before);
      fs.utimesSync(index, new Date(), new Date(Date.now() + 10_000));
    }
  });

  it('never lets a browser keep index.html or unhashed files without asking', async () => {
    for (const pathname of ['/', '/login', '/person']) {
      const page = await get(`${server.baseUrl}${pathname}`);
      expect(page.status).toBe(200);
      expect(page.body.toString()).toContain('<div id="root">');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const icon = await get(`${server.baseUrl}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends the security headers with the page, its files and the API alike', async () => {
    for (const url of ['/', '/favicon.svg', '/api/login/get/?WebRootPath=localhost', '/no-such-api']) {
      const answer = await get(`${server.baseUrl}${url}`);
      const policy = String(answer.headers['content-security-policy']);
      expect(policy, url).toContain("default-src 'self'");
      expect(policy, url).toContain("img-src 'self' data: blob:");
      expect(policy, url).toContain("connect-src 'self' ws: wss:");
      expect(policy, url).not.toContain('upgrade-insecure-requests');
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
      expect(answer.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(answer.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      expect(answer.headers['cross-origin-embedder-policy'], url).toBeUndefined();
      expect(answer.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('tells hashed asset names from others', () => {
    expect(clientCacheControl('assets/Vazirmatn-NL-Bold-TpAuiX7n.woff2')).toMatch(/immutable/);
    expect(clientCacheControl('assets/index-r9e5ieHd.js.br')).toMatch(/immutable/);
    expect(clientCacheControl('index.html')).toBe('no-cache');
    expect(clientCacheControl('assets/readme.txt')).toBe('no-cache');
  });
});
