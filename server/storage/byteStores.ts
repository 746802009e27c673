/**
 * Where the bytes of stored files live (their metadata is in the `files` table: server/storage/files.ts):
 * - `DirectoryBytes`: a folder (FILES_DIR, default DATA_DIR/files), written atomically by rename;
 * - `S3Bytes`: an S3-compatible bucket (FILES_S3_BUCKET …) through the official client
 *   (`@aws-sdk/client-s3`), credentials from the SDK's standard sources (AWS_ACCESS_KEY_ID …).
 * Reads are streams; a missing object is `undefined` (the caller answers 404), an unreachable store
 * throws `StoreUnavailable` (answered 503).
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { FilesS3Config } from '../config';
import { HttpError } from '../http/errors';

export interface ByteStore {
  /** What it is, for logs and /readyz: `directory` or `s3`. */
  readonly kind: 'directory' | 's3';
  /** Stores the bytes under `key` (replacing any); whole or not at all. */
  write(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes of `key` as a stream, or undefined when there is no such object. */
  read(key: string): Promise<Readable | undefined>;
  /** Resolves when the store answers (readiness); rejects with the reason otherwise. */
  check(): Promise<void>;
}

/** The store does not answer (network, credentials, a missing bucket): 503, never a 500 with a stack. */
export class StoreUnavailable extends HttpError {
  constructor(reason: string) {
    super(503, `The file store is unavailable: ${reason}`);
  }
}

export class DirectoryBytes implements ByteStore {
  readonly kind = 'directory';
  constructor(private readonly root: string) {}

  async write(key: string, bytes: Uint8Array): Promise<void> {
    const target = path.join(this.root, key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(temp, bytes);
    await fs.rename(temp, target);
  }

  async read(key: string): Promise<Readable | undefined> {
    const stream = createReadStream(path.join(this.root, key));
    // Opened (or failed to open) before it is handed out, so a missing file is a 404 and not a broken stream.
    return new Promise((resolve, reject) => {
      stream.once('ready', () => resolve(stream));
      stream.once('error', (err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT' || err.code === 'EISDIR') resolve(undefined);
        else reject(new StoreUnavailable(err.code ?? err.message));
      });
    });
  }

  async check(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
    await fs.access(this.root, fs.constants.R_OK | fs.constants.W_OK);
  }
}

type S3Sdk = typeof import('@aws-sdk/client-s3');

/** Why an S3 call failed, in one line without the SDK's stack. */
function reasonOf(s3: S3Sdk, err: unknown): string {
  if (err instanceof s3.S3ServiceException) return `${err.name} (HTTP ${err.$metadata.httpStatusCode ?? '?'})`;
  const e = err as NodeJS.ErrnoException;
  return (e?.code ?? e?.name ?? 'error') + (e?.message ? `: ${e.message}` : '');
}

export class S3Bytes implements ByteStore {
  readonly kind = 's3';
  /**
   * The SDK and its client, loaded at the first use: the SDK costs ~150–300 ms of start-up, which a
   * process storing files in a folder never pays.
   */
  private readonly sdk: Promise<{ s3: S3Sdk; client: S3Client }>;
  private destroyed = false;

  constructor(private readonly config: FilesS3Config) {
    this.sdk = import('@aws-sdk/client-s3').then((s3) => {
      const client = new s3.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        // One quick retry: a dead endpoint should become a 503 within seconds, not hang a request.
        maxAttempts: 2,
      });
      if (this.destroyed) client.destroy();
      return { s3, client };
    });
  }

  private objectKey(key: string): string {
    return `${this.config.prefix}${key}`;
  }

  async write(key: string, bytes: Uint8Array): Promise<void> {
    const { s3, client } = await this.sdk;
    try {
      await client.send(
        new s3.PutObjectCommand({
          Bucket: this.config.bucket,
          Key: this.objectKey(key),
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: 'application/octet-stream',
        }),
      );
    } catch (err) {
      throw new StoreUnavailable(reasonOf(s3, err));
    }
  }

  async read(key: string): Promise<Readable | undefined> {
    const { s3, client } = await this.sdk;
    try {
      const out = await client.send(new s3.GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
      if (!out.Body) return undefined;
      return out.Body instanceof Readable ? out.Body : Readable.from(out.Body as AsyncIterable<Uint8Array>);
    } catch (err) {
      if (err instanceof s3.NoSuchKey || (err instanceof s3.S3ServiceException && err.$metadata.httpStatusCode === 404))
        return undefined;
      throw new StoreUnavailable(reasonOf(s3, err));
    }
  }

  async check(): Promise<void> {
    const { s3, client } = await this.sdk;
    try {
      await client.send(new s3.HeadBucketCommand({ Bucket: this.config.bucket }));
    } catch (err) {
      throw new Error(`bucket ${this.config.bucket}: ${reasonOf(s3, err)}`);
    }
  }

  destroy(): void {
    this.destroyed = true;
    void this.sdk.then(({ client }) => client.destroy());
  }
}

/** The byte store of this configuration: the bucket when FILES_S3_BUCKET is set, the folder otherwise. */
export function byteStoreOf(config: { filesS3?: FilesS3Config; filesDir?: string; dataDir: string }): ByteStore {
  return config.filesS3
    ? new S3Bytes(config.filesS3)
    : new DirectoryBytes(config.filesDir ?? path.join(config.dataDir, 'files'));
}
