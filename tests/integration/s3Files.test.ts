/**
 * Uploaded files in an S3-compatible bucket (FILES_S3_BUCKET …, the official client) against a
 * local stand-in (s3rver, in-process on a free port): a logo, a request image and firmware banks
 * uploaded through the HTTP API land in the bucket under FILES_S3_PREFIX (and not on disk), are
 * served back hash-verified, also by a second app instance sharing only the database and the
 * bucket; a missing object is a 404, a changed one a 500 (never served), an unreachable bucket a
 * 503 and /readyz reports it. Bad FILES_S3_* combinations are refused at start.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { buildApp } from '../../server/app';
import { filesS3Of, loadConfig, type FilesS3Config } from '../../server/config';
import { firmwareBinaries, installationRequests } from '../../server/db/schema';
import { S3Bytes } from '../../server/storage/byteStores';
import { FileStore } from '../../server/storage/files';
import { fileLinksFor } from '../../server/storage/fileLinks';
import { freePort } from '../support/freePort';
import { createTestApp, type TestApp } from '../support/testApp';

const BUCKET = 'aq-files';
const PREFIX = 'console/';
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
  crypto.randomBytes(64),
]);
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), crypto.randomBytes(3000)]);

let server: S3rver;
let s3dir: string;
let dataDir: string;
let endpoint: string;
let t: TestApp;
/** A second app on the same database and bucket, with a store client of its own and no shared folder. */
let second: FastifyInstance;
let raw: S3Client;
let s3: FilesS3Config;
const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

async function multipart(url: string, token: string, fields: Record<string, string | { name: string; bytes: Buffer }>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields))
    if (typeof v === 'string') form.append(k, v);
    else form.append(k, new Blob([new Uint8Array(v.bytes)]), v.name);
  const req = new Request('http://local/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url,
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type')!, authorization: `Bearer ${token}` },
  });
}

async function objectBytes(key: string): Promise<Buffer | undefined> {
  try {
    const out = await raw.send(new GetObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}${key}` }));
    return Buffer.from(await out.Body!.transformToByteArray());
  } catch {
    return undefined;
  }
}

beforeAll(async () => {
  s3dir = await fs.mkdtemp(path.join(os.tmpdir(), 'aq-s3rver-'));
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'aq-s3-data-'));
  const port = await freePort();
  server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: BUCKET }],
  });
  await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  const env = {
    FILES_DIR: '',
    DATA_DIR: dataDir,
    FILES_S3_BUCKET: BUCKET,
    FILES_S3_ENDPOINT: endpoint,
    FILES_S3_REGION: 'eu-central-1',
    FILES_S3_PREFIX: PREFIX,
    FILES_S3_FORCE_PATH_STYLE: '1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  };
  Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' });
  t = await createTestApp({ env });
  s3 = filesS3Of(env)!;
  second = await buildApp({ ...t.ctx, files: new FileStore(new S3Bytes(s3)) });
  await second.ready();
  raw = new S3Client({ endpoint, region: 'eu-central-1', forcePathStyle: true });
});

afterAll(async () => {
  await second?.close();
  await t?.close();
  raw?.destroy();
  await server?.close();
  await fs.rm(s3dir, { recursive: true, force: true });
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('files in an S3-compatible bucket', () => {
  it('uses the bucket by configuration', () => {
    expect(t.config.filesS3).toEqual({
      bucket: BUCKET,
      endpoint,
      region: 'eu-central-1',
      prefix: PREFIX,
      forcePathStyle: true,
    });
    expect(t.ctx.files.bytes.kind).toBe('s3');
  });

  it('stores an uploaded logo in the bucket and both instances serve it', async () => {
    const res = await multipart('/api/contractors', await t.tokenOf('sales'), {
      name: 'Chmura Sp. z o.o.',
      type: 'ACTION',
      file: { name: 'logo.png', bytes: PNG },
    });
    expect(res.statusCode, res.body).toBe(201);
    const logo: string = res.json().data.contractor.logo;
    expect(logo).toBe(`/api/files/logo/${sha(PNG)}`);
    expect(await objectBytes(`logo/${sha(PNG)}`)).toEqual(PNG);
    for (const app of [t.app, second]) {
      const down = await app.inject({ method: 'GET', url: logo });
      expect(down.statusCode).toBe(200);
      expect(down.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(down.rawPayload, PNG)).toBe(0);
    }
    // Nothing went to a folder: DATA_DIR has no files/ directory.
    await expect(fs.stat(path.join(dataDir, 'files'))).rejects.toThrow();
  });

  it('stores a request image and firmware banks; the other instance reads them back', async () => {
    const [request] = await t.ctx.db
      .select({ id: installationRequests.id })
      .from(installationRequests)
      .where(eq(installationRequests.state, 'WAITING'))
      .limit(1);
    const img = await multipart(`/api/installations/requests/${request!.id}/images`, await t.tokenOf('technician'), {
      file: { name: 'garden.jpg', bytes: JPEG },
    });
    expect(img.statusCode, img.body).toBe(201);
    const signed: string = img.json().imageUrl;
    expect(signed.split('?')[0]).toBe(`/api/files/image/${sha(JPEG)}`);
    const down = await second.inject({ method: 'GET', url: signed });
    expect(down.statusCode).toBe(200);
    expect(Buffer.compare(down.rawPayload, JPEG)).toBe(0);

    const bank0 = crypto.randomBytes(4096);
    const bank1 = crypto.randomBytes(4096);
    const fw = await multipart('/updater/gsm/versions?version=9.7.0.1', await t.tokenOf('admin'), {
      buildBankFirst: { name: 'b0.bin', bytes: bank0 },
      buildBankSecond: { name: 'b1.bin', bytes: bank1 },
    });
    expect(fw.statusCode, fw.body).toBe(201);
    const rows = await t.ctx.db
      .select({ fileKey: firmwareBinaries.fileKey })
      .from(firmwareBinaries)
      .where(and(eq(firmwareBinaries.family, 'gsm'), eq(firmwareBinaries.version, '9.7.0.1')))
      .orderBy(firmwareBinaries.bank);
    expect(rows.map((r) => r.fileKey)).toEqual([`firmware/${sha(bank0)}`, `firmware/${sha(bank1)}`]);
    const otherStore = new FileStore(new S3Bytes(s3));
    expect((await otherStore.get(t.ctx.db, rows[0]!.fileKey)).bytes).toEqual(bank0);
    expect(await objectBytes(rows[1]!.fileKey)).toEqual(bank1);
  });

  it('404 for a missing object, 500 (never served) for a changed one', async () => {
    const links = fileLinksFor(t.config);
    const bytes = Buffer.concat([JPEG.subarray(0, 10), crypto.randomBytes(500)]);
    const key = (await t.ctx.db.transaction((tx) => t.ctx.files.put(tx, 'image', bytes, 'image/jpeg'))).key;
    expect((await t.app.inject({ method: 'GET', url: links.image(key) })).statusCode).toBe(200);

    await raw.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}${key}`, Body: Buffer.from('tampered') }));
    const changed = await second.inject({ method: 'GET', url: links.image(key) });
    expect(changed.statusCode).toBe(500);
    expect(changed.json()).toEqual({ status: 500, message: 'The stored file is corrupted' });

    await raw.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}${key}` }));
    const missing = await t.app.inject({ method: 'GET', url: links.image(key) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 404, message: 'The file is missing from storage' });
  });

  it('/readyz checks the bucket', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().checks.files).toBe('ok');
  });

  it('an unreachable bucket: 503 for reads and writes, and /readyz says so', async () => {
    const deadEndpoint = `http://127.0.0.1:${await freePort()}`;
    const deadStore = new FileStore(new S3Bytes({ ...s3, endpoint: deadEndpoint }));
    const dead = await buildApp({ ...t.ctx, files: deadStore });
    await dead.ready();
    try {
      const down = await dead.inject({ method: 'GET', url: `/api/files/logo/${sha(PNG)}` });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({
        status: 503,
        message: expect.stringMatching(/^The file store is unavailable: /),
      });
      const ready = await dead.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks.files).toMatch(/^unreachable: bucket aq-files: /);
      await expect(
        t.ctx.db.transaction((tx) => deadStore.put(tx, 'logo', crypto.randomBytes(10), 'image/png')),
      ).rejects.toMatchObject({ status: 503 });
    } finally {
      await dead.close();
    }
  });
});

describe('FILES_S3_* configuration', () => {
  it('is refused at start when it does not make sense', () => {
    const bad: [Record<string, string>, RegExp][] = [
      [{ FILES_S3_ENDPOINT: 'http://minio:9000' }, /FILES_S3_ENDPOINT set without FILES_S3_BUCKET/],
      [{ FILES_S3_BUCKET: 'b1', FILES_DIR: '/srv/files' }, /FILES_DIR and FILES_S3_BUCKET are both set/],
      [{ FILES_S3_BUCKET: 'Bad_Bucket' }, /FILES_S3_BUCKET must be a bucket name/],
      [{ FILES_S3_BUCKET: 'b12', FILES_S3_ENDPOINT: 'minio:9000' }, /FILES_S3_ENDPOINT must be an http\(s\) URL/],
      [{ FILES_S3_BUCKET: 'b12', FILES_S3_PREFIX: '/abs' }, /FILES_S3_PREFIX must be a relative key prefix/],
      [{ FILES_S3_BUCKET: 'b12', FILES_S3_FORCE_PATH_STYLE: 'yes' }, /FILES_S3_FORCE_PATH_STYLE must be 1 or 0/],
    ];
    for (const [env, message] of bad) expect(() => loadConfig(env)).toThrow(message);
    expect(loadConfig({}).filesS3).toBeUndefined();
    expect(loadConfig({ FILES_S3_BUCKET: 'aq-files', AWS_REGION: 'eu-west-1' }).filesS3).toEqual({
      bucket: 'aq-files',
      region: 'eu-west-1',
      endpoint: undefined,
      prefix: '',
      forcePathStyle: false,
    });
  });
});
