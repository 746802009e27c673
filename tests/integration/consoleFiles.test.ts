/**
 * The built console as the backend serves it: the app shell for `/` and for console routes, never
 * kept by the browser without asking; Vite's content-named files under assets/ kept for good;
 * other files (favicon) revalidated; unknown files and API paths a 404, not the shell.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testApp';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aq-console-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>AQ Console</title>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-B2x9QzLp.js'), 'console.log("app")');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ seed: 'empty', env: { CONSOLE_DIR: dir } });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the built console', () => {
  it('serves the app shell for / and console routes, to be revalidated every time', async () => {
    for (const url of ['/', '/sensors?search=x', '/deployments/gen3/versions/5.2.0.0']) {
      const res = await t.call('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>AQ Console</title>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('lets browsers keep the content-named files under assets/ for good', async () => {
    const res = await t.call('GET', '/assets/index-B2x9QzLp.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("app")');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has other files revalidated, and answers unknown files and API paths with a 404', async () => {
    const icon = await t.call('GET', '/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    for (const url of ['/assets/missing-A1b2C3d4.js', '/api/no-such-route']) {
      const res = await t.call('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'] ?? '', url).not.toContain('immutable');
    }
  });
});
