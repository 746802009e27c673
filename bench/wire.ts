/**
 * Bytes on the wire, plain against Brotli and gzip, measured in one run on the built console
 * (dist/, `npx vite build` first) and the demo network (in-memory PGlite):
 *   - the JS and CSS a browser loads before the sign-in screen: `/` in headless Chromium, the
 *     encoded body sizes Chromium received, once per Accept-Encoding;
 *   - one page of 100 installations (GET /api/installations?limit=100);
 *   - the installations CSV export (GET /api/installations/export) of the demo network, and of
 *     100,000 installations (BENCH_INSTALLATIONS; generated as bench/installations.ts does), with
 *     the time to its first byte and to its end (a streamed export starts long before it ends);
 *   - whether a source map is served (it must not be, without SOURCE_MAPS=1).
 * "identity" is what the server sent before compression (nothing was encoded, whatever the browser
 * asked); "br" is what a browser gets now.
 *
 *   npx tsx bench/wire.ts        # CHROMIUM_PATH picks the browser (default: the e2e tests' one)
 *   BENCH_INSTALLATIONS=0 …      # without the large export
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { openDatabase } from '../server/db';
import { CHROMIUM_ARGS, debianChromium } from '../scripts/chromium.mjs';
import { fillFleet } from './fleet';
import { DEMO_ADMIN_PASSWORD, benchMain, demoConsoleServer, listeningApp } from './support';

const ENCODINGS = ['identity', 'gzip', 'br'] as const;
type Encoding = (typeof ENCODINGS)[number];
const DIST = path.resolve('dist');
const PASSWORD = DEMO_ADMIN_PASSWORD;
const LARGE = Number(process.env.BENCH_INSTALLATIONS ?? 100_000);

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const pct = (bytes: number, base: number) => `${((100 * bytes) / base).toFixed(1)} %`;

interface Fetched {
  status: number;
  bytes: number;
  encoding: string;
  firstByteMs: number;
  totalMs: number;
}

/** One GET, counting the bytes as they came (not decoded). */
function get(port: number, url: string, headers: Record<string, string>): Promise<Fetched> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers }, (res) => {
        let bytes = 0;
        let firstByteMs = 0;
        res.on('data', (chunk: Buffer) => {
          if (bytes === 0) firstByteMs = performance.now() - start;
          bytes += chunk.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            bytes,
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
            firstByteMs,
            totalMs: performance.now() - start,
          }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** JS and CSS bytes Chromium received while opening `/` up to the sign-in screen. */
async function signInScreen(port: number, executablePath: string) {
  const browser = await chromium.launch({
    executablePath,
    args: [...CHROMIUM_ARGS],
  });
  const result = {} as Record<Encoding, { files: number; encoded: number; decoded: number; encodings: Set<string> }>;
  try {
    for (const encoding of ENCODINGS) {
      const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': encoding } });
      const page = await context.newPage();
      const responses: Promise<{ encoded: number; decoded: number; encoding: string }>[] = [];
      page.on('response', (response) => {
        const type = response.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        responses.push(
          (async () => ({
            encoded: (await response.request().sizes()).responseBodySize,
            decoded: (await response.body()).length,
            encoding: (await response.headerValue('content-encoding')) ?? 'identity',
          }))(),
        );
      });
      await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Password login' }).waitFor();
      const sizes = await Promise.all(responses);
      result[encoding] = {
        files: sizes.length,
        encoded: sizes.reduce((sum, s) => sum + s.encoded, 0),
        decoded: sizes.reduce((sum, s) => sum + s.decoded, 0),
        encodings: new Set(sizes.map((s) => s.encoding)),
      };
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return result;
}

/** One GET per encoding: bytes on the wire against the plain answer, time to the first byte and to the end. */
async function perEncoding(port: number, url: string, headers: Record<string, string>, warmUp: boolean) {
  let plain = 0;
  for (const encoding of ENCODINGS) {
    if (warmUp) await get(port, url, { ...headers, 'accept-encoding': encoding });
    const r = await get(port, url, { ...headers, 'accept-encoding': encoding });
    if (r.status !== 200) throw new Error(`${url}: ${r.status}`);
    if (encoding === 'identity') plain = r.bytes;
    console.log(
      `  Accept-Encoding ${encoding.padEnd(8)} ${kib(r.bytes).padStart(12)} (${pct(r.bytes, plain)}, sent as ${r.encoding})` +
        `  first byte ${r.firstByteMs.toFixed(0)} ms, end ${r.totalMs.toFixed(0)} ms`,
    );
  }
}

/** The CSV export of LARGE generated installations (no console, no demo data). */
async function largeExport() {
  const database = await openDatabase({});
  try {
    console.log(`
Filling ${LARGE.toLocaleString('en')} installations (in-memory PGlite)…`);
    await fillFleet(database.db, LARGE, { spread: 'grid' });
    const { app, port, token } = await listeningApp(database);
    try {
      const url = '/api/installations/export';
      console.log(`installations CSV export, ${LARGE.toLocaleString('en')} rows (GET ${url})`);
      await perEncoding(port, url, { authorization: `Bearer ${token}` }, false);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

async function main() {
  const executablePath = process.env.CHROMIUM_PATH || debianChromium() || '/usr/bin/chromium-headless-shell';
  const server = await demoConsoleServer(DIST, 'aq-wire-');
  const { port } = server;
  try {
    const login = await fetch(`http://127.0.0.1:${port}/api/login/basic`, {
      headers: { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` },
    });
    const token = ((await login.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
    const auth = { authorization: `Bearer ${token}` };

    console.log(`\nJS + CSS before the sign-in screen (Chromium, ${executablePath})`);
    const screen = await signInScreen(port, executablePath);
    const base = screen.identity.encoded;
    for (const encoding of ENCODINGS) {
      const s = screen[encoding];
      console.log(
        `  Accept-Encoding ${encoding.padEnd(8)} ${String(s.files).padStart(2)} files  ${kib(s.encoded).padStart(12)} on the wire` +
          `  (${pct(s.encoded, base)}; ${kib(s.decoded)} decoded; sent as ${[...s.encodings].join(', ')})`,
      );
    }

    const cases = [
      { name: 'installations, 100 rows', url: '/api/installations?limit=100' },
      { name: 'installations CSV export, demo network', url: '/api/installations/export' },
    ];
    for (const { name, url } of cases) {
      console.log(`\n${name} (GET ${url})`);
      await perEncoding(port, url, auth, true);
    }

    const map = fs.readdirSync(path.join(DIST, 'assets')).find((f) => f.endsWith('.js.map'));
    if (map) {
      const r = await get(port, `/assets/${map}`, {});
      console.log(`\nSource map /assets/${map}: ${r.status} (${kib(r.bytes)})`);
    }
  } finally {
    await server.close();
  }
  if (LARGE > 0) await largeExport();
}

benchMain(main);
