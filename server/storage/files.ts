/**
 * File storage for logos, request images and firmware binaries: bytes in a byte store (a folder,
 * FILES_DIR / DATA_DIR/files, or an S3-compatible bucket: server/storage/byteStores.ts), metadata in
 * the `files` table, content addressed and hash-verified on read.
 */
import crypto from 'node:crypto';
import { DirectoryBytes, type ByteStore } from './byteStores';
import { eq } from 'drizzle-orm';
import type { UploadKind } from '../../common/domain';
import type { Executor } from '../db';
import { files } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { sniffImageType, type ImageType } from '../../common/images';

export interface StoredFile {
  key: string;
  kind: UploadKind;
  contentType: string;
  size: number;
  sha256: string;
  originalName: string | null;
}

export class FileStore {
  readonly bytes: ByteStore;

  /** `store`: a byte store, or the folder of a directory store. */
  constructor(store: ByteStore | string) {
    this.bytes = typeof store === 'string' ? new DirectoryBytes(store) : store;
  }

  private checked(key: string): string {
    // Content-addressed uploads, and built Wi-Fi binaries under their binary id (wifiBinaryFileKey).
    if (!/^[a-z]+\/[0-9a-f]{64}$/.test(key) && !/^wifi\/[A-Za-z0-9_-]{1,128}$/.test(key))
      throw notFound('No such file');
    return key;
  }

  /** Writes the bytes (idempotent by content) and records the metadata with `db` (use the caller's transaction). */
  async put(
    db: Executor,
    kind: UploadKind,
    bytes: Buffer,
    contentType: string,
    originalName?: string,
  ): Promise<StoredFile> {
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    const key = `${kind}/${sha256}`;
    await this.writeBytes(key, bytes);
    const row = { key, kind, contentType, size: bytes.length, sha256, originalName: originalName ?? null };
    await db.insert(files).values(row).onConflictDoNothing();
    return row;
  }

  /** Writes the bytes of `key` whole or not at all; the metadata row is the caller's. */
  async writeBytes(key: string, bytes: Uint8Array): Promise<void> {
    await this.bytes.write(this.checked(key), bytes);
  }

  async meta(db: Executor, key: string): Promise<StoredFile> {
    const [row] = await db.select().from(files).where(eq(files.key, key));
    if (!row) throw notFound('No such file');
    return { ...row, kind: row.kind as UploadKind };
  }

  /**
   * Reads a file and verifies its hash before answering: the store's stream is hashed as it
   * arrives, and a corrupted file is an error (500), never served. Missing bytes: 404; an
   * unreachable store: 503.
   */
  async get(db: Executor, key: string): Promise<{ meta: StoredFile; bytes: Buffer }> {
    const meta = await this.meta(db, this.checked(key));
    const stream = await this.bytes.read(key);
    if (!stream) throw notFound('The file is missing from storage');
    const hash = crypto.createHash('sha256');
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        // Longer than recorded: corrupted, whatever follows (and no unbounded buffering).
        if (size > meta.size) throw new HttpError(500, 'The stored file is corrupted');
        hash.update(chunk);
        chunks.push(chunk);
      }
    } catch (err) {
      stream.destroy();
      if (err instanceof HttpError) throw err;
      throw new HttpError(503, 'The file store is unavailable: the read was interrupted');
    }
    if (hash.digest('hex') !== meta.sha256) throw new HttpError(500, 'The stored file is corrupted');
    return { meta, bytes: Buffer.concat(chunks, size) };
  }
}

/** Public link of a stored file (served by GET /api/files/{kind}/{hash}). */
export const fileLink = (key: string) => `/api/files/${key.split('/').map(encodeURIComponent).join('/')}`;

/** Image types accepted for request images and logos, recognised by their first bytes (common/images.ts). */
export { sniffImageType, type ImageType } from '../../common/images';

/** The image type of an upload of this kind, or 415 when it is not a JPEG, PNG or WebP file. */
export function imageTypeOf(kind: 'image' | 'logo', bytes: Uint8Array): ImageType {
  const type = sniffImageType(bytes);
  if (!type) throw new HttpError(415, `The ${kind} must be a JPEG, PNG or WebP file`);
  return type;
}
