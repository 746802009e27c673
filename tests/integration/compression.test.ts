/**
 * Compression on the wire: console files precompressed by the build (vite.config.ts) and sent as
 * they are to a browser that accepts Brotli or gzip, API JSON and the streamed CSV exports encoded
 * as the request's Accept-Encoding asks, small answers and websockets left alone, and the
 * console's source maps not served unless SOURCE_MAPS=1.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../vite.config';
import { createTestApp, type TestApp } from '../support/testApp';
import { appShell } from '../../server/app';

const APP_JS = `${'export const labels = { installations: "Installations", sensors: "Sensors" };\n'.repeat(200)}`;
const APP_MAP = JSON.stringify({ version: 3, sources: ['src/secret.ts'], mappings: 'AAAA' });
const SHELL = `<!doctype html><title>AQ Console</title>${'<!-- shell -->'.repeat(100)}`;

let t: TestApp;
let admin: string;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aq-console-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), SHELL);
  fs.writeFileSync(path.join(dir, 'assets', 'app-B2x9QzLp.js'), APP_JS);
  fs.writeFileSync(path.join(dir, 'assets', 'app-B2x9QzLp.js.map'), APP_MAP);
  fs.writeFileSync(path.join(dir, 'assets', 'tiny-C3d4E5f6.js'), 'console.log(1)');
  await precompressDir(dir);
  t = await createTestApp({ env: { CONSOLE_DIR: dir } });
  admin = await t.tokenOf('admin');
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The body decoded as its Content-Encoding says. */
function decoded(res: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString('utf8');
}

describe('the built console', () => {
  it('writes Brotli and gzip files beside the text files of the build, not beside small ones or maps', () => {
    const files = fs.readdirSync(path.join(dir, 'assets')).sort();
    expect(files).toEqual([
      'app-B2x9QzLp.js',
      'app-B2x9QzLp.js.br',
      'app-B2x9QzLp.js.gz',
      'app-B2x9QzLp.js.map',
      'tiny-C3d4E5f6.js',
    ]);
  });

  it('sends an asset Brotli- or gzip-encoded when asked, with its cache and security headers', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip, deflate', 'gzip'],
    ] as const) {
      const res = await t.call('GET', '/assets/app-B2x9QzLp.js', { headers: { 'accept-encoding': accept } });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options'], accept).toBe('nosniff');
      expect(res.headers['content-security-policy'], accept).toBeTruthy();
      expect(res.rawPayload.length, accept).toBeLessThan(APP_JS.length / 10);
      expect(decoded(res), accept).toBe(APP_JS);
    }
  });

  it('sends it plain to a client that accepts no encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await t.call('GET', '/assets/app-B2x9QzLp.js', { headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body).toBe(APP_JS);
    }
  });

  it('sends the app shell encoded too, still revalidated every time', async () => {
    for (const url of ['/', '/sensors']) {
      const res = await t.call('GET', url, { headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decoded(res), url).toBe(appShell(SHELL, t.ctx));
    }
  });

  it('writes the configured resources into the app shell, for the console to register before it starts', async () => {
    const res = await t.call('GET', '/installations');
    const block = /<script type="application\/json" id="aq-resources">(.*?)<\/script>/.exec(res.body);
    expect(block, res.body).not.toBeNull();
    const declared = JSON.parse(block![1]!) as { name: string; storage?: unknown }[];
    expect(declared.map((d) => d.name)).toEqual((t.ctx.resources?.served ?? []).map((r) => r.entity.name));
    // As /config.json gives them: no table, address or credential of the server's.
    expect(declared.every((d) => d.storage === undefined)).toBe(true);
  });

  it('sends a small file plain', async () => {
    const res = await t.call('GET', '/assets/tiny-C3d4E5f6.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log(1)');
  });

  it('answers source maps with a 404 unless SOURCE_MAPS=1', async () => {
    for (const url of ['/assets/app-B2x9QzLp.js.map', '/assets/app-B2x9QzLp.js%2Emap']) {
      for (const headers of [{}, { 'accept-encoding': 'br, gzip' }] as Record<string, string>[]) {
        const res = await t.call('GET', url, { headers });
        expect(res.statusCode, url).toBe(404);
        expect(decoded(res), url).not.toContain('secret');
      }
    }
    const withMaps = await createTestApp({ seed: 'empty', env: { CONSOLE_DIR: dir, SOURCE_MAPS: '1' } });
    try {
      const res = await withMaps.call('GET', '/assets/app-B2x9QzLp.js.map');
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(APP_MAP);
    } finally {
      await withMaps.close();
    }
  });
});

describe('API answers', () => {
  it('encodes a JSON list as asked; decoded, it is the plain answer', async () => {
    const url = '/api/installations?limit=100';
    const plain = await t.call('GET', url, { token: admin });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data.installations).toHaveLength(100);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await t.call('GET', url, { token: admin, headers: { 'accept-encoding': accept } });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.headers['content-type'], accept).toContain('application/json');
      expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 4);
      expect(decoded(res), accept).toBe(plain.body);
    }
  });

  it('encodes a CSV export with gzip, never Brotli (which holds its first bytes back); decoded, it is the plain export', async () => {
    const url = '/api/installations/export?sortBy=installationId';
    const plain = await t.call('GET', url, { token: admin });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toContain('text/csv');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.split('\r\n').length).toBeGreaterThan(500);
    for (const [accept, encoding] of [
      ['br, gzip', 'gzip'],
      ['gzip', 'gzip'],
      ['br', undefined],
    ] as const) {
      const res = await t.call('GET', url, { token: admin, headers: { 'accept-encoding': accept } });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-disposition'], accept).toContain('installations.csv');
      if (encoding) expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 3);
      expect(decoded(res), accept).toBe(plain.body);
    }
  });

  it('streams an encoded export: chunked, with no length known beforehand', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };
    const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(
          `http://127.0.0.1:${port}/api/installations/export`,
          { headers: { authorization: `Bearer ${admin}`, 'accept-encoding': 'gzip' } },
          resolve,
        )
        .on('error', reject),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.headers['content-length']).toBeUndefined();
    expect(zlib.gunzipSync(Buffer.concat(chunks)).toString('utf8')).toContain('installationId');
  });

  it('leaves answers under 1 KiB plain', async () => {
    for (const url of ['/healthz', '/api/installations?limit=1&query=installationId%20%3D%20-1']) {
      const res = await t.call('GET', url, { token: admin, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.rawPayload.length, url).toBeLessThan(1024);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(() => JSON.parse(res.body), url).not.toThrow();
    }
  });

  it('leaves live updates alone: the websocket opens for a client that accepts encodings', async () => {
    if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${t.config.realtime.key}?protocol=7&client=test&version=1`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    try {
      const first = await new Promise<string>((resolve, reject) => {
        ws.once('message', (data: Buffer) => resolve(data.toString('utf8')));
        ws.once('error', reject);
      });
      expect(JSON.parse(first).event).toBe('pusher:connection_established');
    } finally {
      ws.close();
    }
  });
});
