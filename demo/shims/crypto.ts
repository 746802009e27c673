/**
 * node:crypto for the demo's browser build: the few functions the backend calls, on @noble/hashes
 * (synchronous SHA-256 / HMAC and scrypt, as Node's are) and the browser's random source.
 */
import { Buffer } from 'buffer';
import { sha256 } from '@noble/hashes/sha2.js';
import { hmac } from '@noble/hashes/hmac.js';
import { scryptAsync } from '@noble/hashes/scrypt.js';

type Data = string | Uint8Array;
const bytesOf = (data: Data, encoding?: BufferEncoding): Uint8Array =>
  typeof data === 'string' ? Buffer.from(data, encoding ?? 'utf8') : data;

class Digest {
  private readonly parts: Uint8Array[] = [];
  constructor(private readonly key?: Uint8Array) {}
  update(data: Data, encoding?: BufferEncoding): this {
    this.parts.push(bytesOf(data, encoding));
    return this;
  }
  digest(): Buffer;
  digest(encoding: BufferEncoding): string;
  digest(encoding?: BufferEncoding): Buffer | string {
    const all = Buffer.concat(this.parts);
    const out = Buffer.from(this.key ? hmac(sha256, this.key, all) : sha256(all));
    return encoding ? out.toString(encoding) : out;
  }
}

function checkAlgorithm(algorithm: string) {
  if (algorithm.toLowerCase() !== 'sha256') throw new Error(`demo crypto: only sha256 (got ${algorithm})`);
}

export function createHash(algorithm: string) {
  checkAlgorithm(algorithm);
  return new Digest();
}

export function createHmac(algorithm: string, key: Data) {
  checkAlgorithm(algorithm);
  return new Digest(bytesOf(key));
}

export function randomBytes(size: number): Buffer {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i += 65536) crypto.getRandomValues(out.subarray(i, Math.min(size, i + 65536)));
  return Buffer.from(out);
}

export const randomUUID = (): string => crypto.randomUUID();

export function randomInt(min: number, max?: number): number {
  if (max === undefined) [min, max] = [0, min];
  const range = max - min;
  const [r] = crypto.getRandomValues(new Uint32Array(1));
  return min + (r! % range);
}

export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) throw new RangeError('Input buffers must have the same byte length');
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

export function scrypt(
  password: Data,
  salt: Data,
  keylen: number,
  options: { N: number; r: number; p: number },
  callback: (err: Error | null, key: Buffer) => void,
): void {
  scryptAsync(bytesOf(password), bytesOf(salt), { N: options.N, r: options.r, p: options.p, dkLen: keylen }).then(
    (key) => callback(null, Buffer.from(key)),
    (err: Error) => callback(err, Buffer.alloc(0)),
  );
}

export const webcrypto = globalThis.crypto;

export default { createHash, createHmac, randomBytes, randomUUID, randomInt, timingSafeEqual, scrypt, webcrypto };
