/**
 * Request images are photos of customers' homes: served only to a short-lived signed link (as the
 * requests hand them out to callers with view_installation_requests) or to a bearer token with that
 * permission, and cached privately. Without a credential 401; without the permission, with a
 * tampered or expired link 403. Logos stay public.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { installationRequests } from '../../server/db/schema';
import { FileLinks, LINK_LIFETIME_S, LINK_STEP_S, fileLinksFor } from '../../server/storage/fileLinks';
import { createTestApp, type TestApp } from '../support/testApp';

let t: TestApp;
let technician: string;
let requestId: number;
/** The link the upload answered, and the image's own path and file key. */
let signed: string;
let path: string;
let fileKey: string;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

async function uploadImage(requestId: number, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'garden.png');
  const req = new Request('http://local/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/installations/requests/${requestId}/images`,
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type')!, authorization: `Bearer ${technician}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().imageUrl as string;
}

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

beforeAll(async () => {
  t = await createTestApp();
  technician = await t.tokenOf('technician');
  const [r] = await t.ctx.db
    .select({ id: installationRequests.id })
    .from(installationRequests)
    .where(eq(installationRequests.state, 'WAITING'))
    .limit(1);
  requestId = r!.id;
  signed = await uploadImage(requestId, PNG);
  path = signed.split('?')[0]!;
  fileKey = path.replace('/api/files/', '');
});
afterAll(() => t?.close());

describe('GET /api/files/image/{hash}', () => {
  it('is not served to anyone without a credential (no longer public)', async () => {
    expect(path).toMatch(/^\/api\/files\/image\/[0-9a-f]{64}$/);
    const res = await get(path);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 401, message: 'Authentication required' });
  });

  it('serves a signed link without a bearer token, privately, for no longer than the link lives', async () => {
    expect(signed).toMatch(/^\/api\/files\/image\/[0-9a-f]{64}\?expires=\d+&signature=[\w-]{43}$/);
    const res = await get(signed);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    const cacheControl = res.headers['cache-control'] as string;
    expect(cacheControl).toMatch(/^private, max-age=\d+$/);
    const maxAge = Number(/max-age=(\d+)/.exec(cacheControl)![1]);
    expect(maxAge).toBeGreaterThanOrEqual(LINK_LIFETIME_S - LINK_STEP_S - 5);
    expect(maxAge).toBeLessThanOrEqual(LINK_LIFETIME_S);
  });

  it('hands out signed links with the request and the list', async () => {
    const one = await t.call('GET', `/api/installations/requests/${requestId}`, { token: technician });
    const list = await t.call('GET', `/api/installations/requests/?query=${encodeURIComponent(`id = ${requestId}`)}`, {
      token: technician,
    });
    for (const images of [one.json().data.request.images, list.json().data.requests[0].images]) {
      const links = (images as { link: string }[]).map((i) => i.link);
      expect(links.map((l) => l.split('?')[0])).toContain(path);
      for (const link of links) {
        expect(link).toMatch(/^\/api\/files\/image\/[0-9a-f]{64}\?expires=\d+&signature=[\w-]{43}$/);
        if (link.startsWith(path)) expect((await get(link)).statusCode).toBe(200);
      }
    }
  });

  it('refuses a tampered link: another file, another expiry, another signature', async () => {
    const url = new URL(signed, 'http://x');
    const expires = url.searchParams.get('expires')!;
    const signature = url.searchParams.get('signature')!;
    const other = `/api/files/image/${'a'.repeat(64)}?expires=${expires}&signature=${signature}`;
    const later = `${path}?expires=${Number(expires) + 86_400}&signature=${signature}`;
    const flipped = `${path}?expires=${expires}&signature=${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const unsigned = `${path}?expires=${expires}`;
    for (const bad of [other, later, flipped, unsigned]) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json()).toEqual({ status: 403, message: 'This image link is not valid' });
    }
    // A link signed with another secret (another server) is not valid here either.
    const foreign = new FileLinks(new TextEncoder().encode('another-secret')).image(fileKey);
    expect((await get(foreign)).statusCode).toBe(403);
  });

  it('refuses an expired link', async () => {
    const old = fileLinksFor(t.config).image(fileKey, Date.now() - (LINK_LIFETIME_S + 60) * 1000);
    const res = await get(old);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 403, message: 'This image link has expired' });
  });

  it('serves a bearer token with view_installation_requests, and refuses one without it', async () => {
    const viewer = await get(path, await t.tokenOf('viewer'));
    expect(viewer.statusCode).toBe(200);
    expect(viewer.headers['cache-control']).toBe('private, no-cache');
    const sales = await get(path, await t.tokenOf('sales'));
    expect(sales.statusCode).toBe(403);
    expect(sales.json().message).toBe('You need the view_installation_requests permission to do this');
  });
});

describe('GET /api/files/logo/{hash}', () => {
  it('stays public and cached for a year', async () => {
    const stored = await t.ctx.db.transaction((tx) => t.ctx.files.put(tx, 'logo', PNG, 'image/png', 'logo.png'));
    const res = await get(`/api/files/${stored.key}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });
});
