/**
 * Uploads: per-kind size limits, storage with hash verification, download of logos (public) and
 * images (signed links: tests/integration/requestImages.test.ts).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS } from '../../common/domain';
import { installErrorHandling } from '../../server/http/errors';
import { servicePlugin, type ServiceRoutes } from '../../server/http/service';
import { readUpload } from '../../server/http/uploads';
import { fileRoutes } from '../../server/services/main/fileRoutes';
import { FileStore } from '../../server/storage/files';
import { fileLinksFor } from '../../server/storage/fileLinks';
import { createTestApp, type TestApp } from '../support/testApp';

let t: TestApp;
let app: FastifyInstance;
let dir: string;

/** A route of the kind later issues add: upload a logo, keep it, answer with its key. */
const uploadRoute: ServiceRoutes = (r, ctx) => {
  r.post('/test-upload/:kind', { config: { permission: 'view_sensors' } }, async (request) => {
    const kind = (request.params as { kind: 'logo' | 'image' }).kind;
    const upload = await readUpload(request, kind);
    const stored = await ctx.db.transaction((tx) =>
      ctx.files.put(tx, kind, upload.bytes!, upload.contentType, upload.filename),
    );
    return { key: stored.key, size: stored.size, fields: upload.fields };
  });
};

async function multipart(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v instanceof Blob) form.append(k, v, 'f.png');
    else form.append(k, v);
  }
  const req = new Request('http://local/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

beforeAll(async () => {
  t = await createTestApp();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'aq-files-'));
  const ctx = { ...t.ctx, files: new FileStore(dir) };
  app = Fastify({ bodyLimit: 1024 * 1024 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  await app.register(
    servicePlugin({ prefix: '/api', title: 't', description: 't', routes: [uploadRoute, fileRoutes] }, ctx),
    { prefix: '/api' },
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

async function upload(kind: string, fields: Record<string, string | Blob>) {
  const token = await t.tokenOf('technician');
  const { payload, contentType } = await multipart(fields);
  return app.inject({
    method: 'POST',
    url: `/api/test-upload/${kind}`,
    payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
  });
}

const fileCount = async () => {
  const result = (await t.ctx.db.execute(sql`select count(*)::int as n from files`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]!.n);
};

describe('uploads', () => {
  it('stores a file, records its hash, and serves it back byte for byte', async () => {
    const bytes = crypto.randomBytes(5000);
    const res = await upload('logo', { file: new Blob([bytes], { type: 'image/png' }), name: 'Acme' });
    expect(res.statusCode).toBe(200);
    const { key, size, fields } = res.json();
    expect(key).toBe(`logo/${crypto.createHash('sha256').update(bytes).digest('hex')}`);
    expect(size).toBe(5000);
    expect(fields).toEqual({ name: 'Acme' });
    const down = await app.inject({ method: 'GET', url: `/api/files/${key}` });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(down.rawPayload, bytes)).toBe(0);
  });

  it('refuses a file over the kind limit with 413 and keeps nothing', async () => {
    const before = await fileCount();
    const res = await upload('logo', { file: new Blob([Buffer.alloc(UPLOAD_LIMITS.logo + 1)]) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 413, message: 'The logo file is larger than 2 MiB' });
    expect(await fileCount()).toBe(before);
  });

  it('applies a larger limit to another kind', async () => {
    const res = await upload('image', {
      file: new Blob([Buffer.alloc(UPLOAD_LIMITS.logo + 1, 7)], { type: 'image/jpeg' }),
    });
    expect(res.statusCode).toBe(200);
  });

  it('400 without the file field, or with a non-multipart body', async () => {
    expect((await upload('logo', { name: 'x' })).json()).toEqual({
      status: 400,
      message: 'The multipart field "file" with a file is required',
    });
    const token = await t.tokenOf('technician');
    const res = await app.inject({
      method: 'POST',
      url: '/api/test-upload/logo',
      payload: { a: 1 },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(400);
  });

  it('never serves a corrupted file, and 404s unknown ones', async () => {
    const bytes = crypto.randomBytes(100);
    const { key } = (await upload('image', { file: new Blob([bytes], { type: 'image/jpeg' }) })).json();
    await fs.writeFile(path.join(dir, key), Buffer.from('tampered'));
    const links = fileLinksFor(t.config);
    expect((await app.inject({ method: 'GET', url: links.image(key) })).statusCode).toBe(500);
    const unknown = links.image(`image/${'0'.repeat(64)}`);
    expect((await app.inject({ method: 'GET', url: unknown })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/files/firmware/abc' })).statusCode).toBe(400);
  });
});
