/**
 * Security headers on every answer: the console's shell (`/` and a console route), its files, an
 * API route (and its errors), /config.json and the Swagger UI pages carry a strict
 * Content-Security-Policy (scripts from the console's origin only, frames refused), nosniff,
 * Referrer-Policy and Permissions-Policy; HSTS only over TLS, which X-Forwarded-Proto proves only
 * from a proxy TRUST_PROXY names. The map tiles' origin joins img-src when MAP_TILE_URL is set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY, tileSource } from '../../server/http/securityHeaders';
import { createTestApp, type TestApp } from '../support/testApp';

const PROXY = '10.1.2.3';
let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aq-console-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>AQ Console</title>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-B2x9QzLp.js'), 'console.log("app")');
  t = await createTestApp({
    seed: 'empty',
    env: {
      CONSOLE_DIR: dir,
      TRUST_PROXY: PROXY,
      MAP_TILE_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}.png',
    },
  });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The CSP as directive → sources. */
function csp(header: unknown): Record<string, string[]> {
  expect(typeof header, 'content-security-policy header').toBe('string');
  return Object.fromEntries(
    (header as string)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url, headers: { host: 'console.example:8443', ...headers }, remoteAddress });

describe('security headers', () => {
  const urls = ['/', '/sensors', '/assets/index-B2x9QzLp.js', '/config.json', '/api/sensors', '/api/no-such-route'];

  it('every answer has the CSP, nosniff, Referrer-Policy, Permissions-Policy and frame refusal', async () => {
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBeLessThan(500);
      const policy = csp(res.headers['content-security-policy']);
      expect(policy['default-src'], url).toEqual(["'self'"]);
      expect(policy['script-src'], url).toEqual(["'self'"]);
      expect(policy['script-src-attr'], url).toEqual(["'none'"]);
      expect(policy['object-src'], url).toEqual(["'none'"]);
      expect(policy['frame-ancestors'], url).toEqual(["'none'"]);
      expect(policy['base-uri'], url).toEqual(["'self'"]);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY);
      // Plain HTTP: no HSTS.
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it("lets the console run: emotion's <style> tags, its websocket, data: images and the map tiles", async () => {
    const policy = csp((await get('/')).headers['content-security-policy']);
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy['connect-src']).toEqual(["'self'", 'ws://console.example:8443', 'wss://console.example:8443']);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.tile.example.org']);
  });

  it('the Swagger UI pages keep working: no inline script in them, and the same policy', async () => {
    const page = await get('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(csp(page.headers['content-security-policy'])['script-src']).toEqual(["'self'"]);
    // Its scripts and styles are under the service's prefix and load (they were /docs/static/…, a 404).
    const files = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(files).toContain('/api/docs/static/swagger-ui-bundle.js');
    for (const file of files) expect((await get(file)).statusCode, file).toBe(200);
    const initializer = await get('/api/docs/static/swagger-initializer.js');
    expect(initializer.statusCode).toBe(200);
    // No validator badge (an image from validator.swagger.io the CSP would refuse).
    expect(initializer.body).toMatch(/validatorUrl"?\s*:\s*null/);
  });

  it('HSTS only over TLS: X-Forwarded-Proto https from the trusted proxy, not from anyone', async () => {
    const viaProxy = await get('/api/sensors', { 'x-forwarded-proto': 'https' }, PROXY);
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const spoofed = await get('/api/sensors', { 'x-forwarded-proto': 'https' }, '198.51.100.4');
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the map tiles origin in img-src', () => {
  it('is the template origin, with a wildcard for a leading {s} label', () => {
    expect(tileSource('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://*.tile.openstreetmap.org');
    expect(tileSource('https://tiles.example.com/{z}/{x}/{y}.png')).toBe('https://tiles.example.com');
    expect(tileSource('http://localhost:8090/tiles/{z}/{x}/{y}.png')).toBe('http://localhost:8090');
    expect(tileSource('https://tile{s}.example.com/{z}/{x}/{y}.png')).toBe('https://*.example.com');
    // Same origin: 'self' covers it.
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeUndefined();
  });
});
