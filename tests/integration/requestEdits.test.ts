/**
 * One installation request and its changes over HTTP (document 2, sections 2.4, 4, 7): the state
 * machine (Hold, Reject; Install only through reinstall; 422 otherwise), staff notes as plain text,
 * image upload checked by content, permissions, and the audit of each change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { UPLOAD_LIMITS } from '../../common/domain';
import { hashPassword } from '../../server/auth/password';
import {
  auditLogs,
  installationRequests,
  installations,
  requestImages,
  roles,
  sensors,
  staffUsers,
} from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/testApp';

let t: TestApp;
let technician: string;
let viewer: string;
const db = () => t.ctx.db;

beforeAll(async () => {
  t = await createTestApp();
  technician = await t.tokenOf('technician');
  viewer = await t.tokenOf('viewer');
});
afterAll(() => t?.close());

async function requestIn(state: string, skip = 0) {
  const rows = await db()
    .select()
    .from(installationRequests)
    .where(eq(installationRequests.state, state))
    .limit(skip + 1);
  return rows[skip]!;
}
const stateOf = async (id: number) =>
  (
    await db()
      .select({ s: installationRequests.state })
      .from(installationRequests)
      .where(eq(installationRequests.id, id))
  )[0]!.s;
const lastAudit = async () => (await db().select().from(auditLogs).orderBy(desc(auditLogs.logId)).limit(1))[0]!;

/** A multipart body built by the platform's own FormData encoder. */
async function multipart(name: string, bytes: Buffer, type: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const req = new Request('http://local/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type')! },
  };
}
/** A multipart POST (t.call sends JSON). */
const upload = (url: string, token: string, m: { body: Buffer; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url, payload: m.body, headers: { ...m.headers, authorization: `Bearer ${token}` } });
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(64, 7)]);
const imageCount = async (requestId: number) =>
  (await db().select({ n: count() }).from(requestImages).where(eq(requestImages.requestId, requestId)))[0]!.n;

describe('GET /installations/requests/{id}', () => {
  it('answers one request with its images, 404 for an unknown one, 403 without the permission', async () => {
    const waiting = await requestIn('WAITING');
    const res = await t.call('GET', `/api/installations/requests/${waiting.id}`, { token: technician });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.request).toMatchObject({ id: waiting.id, state: 'WAITING', images: expect.any(Array) });
    expect((await t.call('GET', '/api/installations/requests/2147483000', { token: technician })).statusCode).toBe(404);
    const sales = await t.tokenOf('sales');
    expect((await t.call('GET', `/api/installations/requests/${waiting.id}`, { token: sales })).statusCode).toBe(403);
  });
});

describe('PATCH /installations/requests/{id}/state', () => {
  it('holds a waiting request, rejects a held one, and records who did it', async () => {
    const r = await requestIn('WAITING');
    const hold = await t.call('PATCH', `/api/installations/requests/${r.id}/state`, {
      token: technician,
      body: { state: 'HOLD' },
    });
    expect(hold.statusCode).toBe(200);
    expect(await stateOf(r.id)).toBe('HOLD');
    expect(await lastAudit()).toMatchObject({
      eventType: 'InstallationRequestStateChanged',
      userName: 'technician',
      message: `Installation request ${r.id}: WAITING → HOLD`,
    });
    const reject = await t.call('PATCH', `/api/installations/requests/${r.id}/state`, {
      token: technician,
      body: { state: 'REJECTED' },
    });
    expect(reject.json().data).toEqual({ id: r.id, state: 'REJECTED' });
  });

  it('refuses what the state machine forbids with 422 and changes nothing', async () => {
    const held = await requestIn('HOLD');
    const rejected = await requestIn('REJECTED');
    const cases: [number, string, RegExp][] = [
      [held.id, 'WAITING', /cannot change from HOLD to WAITING/],
      [held.id, 'DONE', /through the reinstall form/],
      [rejected.id, 'HOLD', /cannot change from REJECTED to HOLD/],
    ];
    for (const [id, state, message] of cases) {
      const before = await stateOf(id);
      const res = await t.call('PATCH', `/api/installations/requests/${id}/state`, {
        token: technician,
        body: { state },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(message);
      expect(await stateOf(id)).toBe(before);
    }
    const unknown = await t.call('PATCH', `/api/installations/requests/${held.id}/state`, {
      token: technician,
      body: { state: 'LOST' },
    });
    expect(unknown.statusCode).toBe(400);
    const noRight = await t.call('PATCH', `/api/installations/requests/${held.id}/state`, {
      token: viewer,
      body: { state: 'REJECTED' },
    });
    expect(noRight.statusCode).toBe(403);
  });
});

describe('PATCH /installations/requests/{id}/notes', () => {
  it('saves plain-text staff notes and clears them with an empty body', async () => {
    const r = await requestIn('WAITING', 1);
    const url = `/api/installations/requests/${r.id}/notes`;
    const text = 'Call before 10:00.\nLadder needed; ąęł ok.';
    const res = await t.call('PATCH', url, {
      token: technician,
      body: text,
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await db().select().from(installationRequests).where(eq(installationRequests.id, r.id));
    expect(row!.staffNotes).toBe(text);
    expect(await lastAudit()).toMatchObject({ eventType: 'InstallationRequestNotesUpdated' });
    const cleared = await t.call('PATCH', url, {
      token: technician,
      body: ' ',
      headers: { 'content-type': 'text/plain' },
    });
    expect(cleared.json().data.staffNotes).toBeNull();
    const long = await t.call('PATCH', url, {
      token: technician,
      body: 'x'.repeat(10_001),
      headers: { 'content-type': 'text/plain' },
    });
    expect(long.statusCode).toBe(400);
    const nul = await t.call('PATCH', url, {
      token: technician,
      body: 'a\u0000b',
      headers: { 'content-type': 'text/plain' },
    });
    expect(nul.statusCode).toBe(400);
    expect(
      (await t.call('PATCH', url, { token: viewer, body: 'x', headers: { 'content-type': 'text/plain' } })).statusCode,
    ).toBe(403);
  });
});

describe('POST /installations/requests/{id}/images', () => {
  it('stores a PNG, answers its URL, serves it back and lists it with the request', async () => {
    const r = await requestIn('WAITING', 2);
    const res = await upload(
      `/api/installations/requests/${r.id}/images`,
      technician,
      await multipart('roof.png', PNG, 'image/png', { location: 'roof' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { imageUrl } = res.json();
    // A signed link (tests/integration/requestImages.test.ts): served without a bearer token.
    expect(imageUrl).toMatch(/^\/api\/files\/image\/[0-9a-f]{64}\?expires=\d+&signature=[\w-]+$/);
    const served = await t.app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const one = (await t.call('GET', `/api/installations/requests/${r.id}`, { token: technician })).json().data.request;
    const path = imageUrl.split('?')[0];
    expect(one.images).toContainEqual({ link: expect.stringMatching(`^${path}\\?`), location: 'roof' });
    expect(await lastAudit()).toMatchObject({ eventType: 'InstallationRequestImageAdded' });
  });

  it('refuses a file that is not an image whatever its declared type, and needs the permission', async () => {
    const r = await requestIn('WAITING', 2);
    const fake = await multipart('x.png', Buffer.from('<script>alert(1)</script>'), 'image/png');
    const res = await upload(`/api/installations/requests/${r.id}/images`, technician, fake);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('The image must be a JPEG, PNG or WebP file');
    const ok = await multipart('roof.png', PNG, 'image/png');
    const denied = await upload(`/api/installations/requests/${r.id}/images`, viewer, ok);
    expect(denied.statusCode).toBe(403);
  });
});

describe('POST /installations/requests/{id}/images: type and size', () => {
  it('accepts a JPEG recognised by its content and serves it back with its type', async () => {
    const r = await requestIn('HOLD', 1);
    const before = await imageCount(r.id);
    const res = await upload(
      `/api/installations/requests/${r.id}/images`,
      technician,
      await multipart('photo.bin', JPEG, 'application/octet-stream'),
    );
    expect(res.statusCode, res.body).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: res.json().imageUrl });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(JPEG)).toBe(true);
    expect(await imageCount(r.id)).toBe(before + 1);
  });

  it('refuses a file over the image limit with 413 and stores nothing', async () => {
    const r = await requestIn('HOLD', 2);
    const before = await imageCount(r.id);
    const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_LIMITS.image + 1 - PNG.length)]);
    const res = await upload(
      `/api/installations/requests/${r.id}/images`,
      technician,
      await multipart('big.png', big, 'image/png'),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The image file is larger than 10 MiB');
    expect(await imageCount(r.id)).toBe(before);
    // An empty file and a request without the file field are bad input, not stored either.
    const empty = await upload(
      `/api/installations/requests/${r.id}/images`,
      technician,
      await multipart('empty.png', Buffer.alloc(0), 'image/png'),
    );
    expect(empty.statusCode).toBe(400);
    const unknown = await upload(
      '/api/installations/requests/2147483000/images',
      technician,
      await multipart('roof.png', PNG, 'image/png'),
    );
    expect(unknown.statusCode).toBe(404);
    expect(await imageCount(r.id)).toBe(before);
  });
});

describe('Install (reinstall with the request)', () => {
  it('needs modify_installation_requests besides move_installation, and changes nothing without it', async () => {
    const [role] = await db()
      .insert(roles)
      .values({ name: 'mover-only', permissions: { view_installations: true, move_installation: true } })
      .returning();
    await db()
      .insert(staffUsers)
      .values({ name: 'mover', roleId: role!.id, passwordHash: await hashPassword('mover-pass-123') });
    const mover = (await t.login('mover', 'mover-pass-123')).tokens.accessToken;
    const [current] = await db()
      .select({ installationId: installations.installationId })
      .from(installations)
      .innerJoin(sensors, eq(sensors.currentInstallationId, installations.id))
      .where(and(isNull(installations.removedAt), eq(sensors.status, 'Installed')))
      .limit(1);
    const r = await requestIn('WAITING', 3);
    const res = await t.call('POST', `/api/installations/${current!.installationId}`, {
      token: mover,
      body: { previousInstallationId: null, lat: 50.06, lon: 19.94, contractorId: 1, visible: true, requestId: r.id },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You need the modify_installation_requests permission to do this');
    expect(await stateOf(r.id)).toBe('WAITING');
  });
});
