/** Adaptive password hashing with scrypt (Node's crypto, no native addon). */
import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** Cost parameters; N can be raised later — stored hashes carry their own parameters. */
const DEFAULTS = { N: 2 ** 15, r: 8, p: 1, keylen: 32 };

export async function hashPassword(password: string, N = DEFAULTS.N): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, DEFAULTS.keylen, {
    N,
    r: DEFAULTS.r,
    p: DEFAULTS.p,
    maxmem: 256 * N * DEFAULTS.r,
  });
  return `scrypt$${N}$${DEFAULTS.r}$${DEFAULTS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const N = Number(n);
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 256 * N * Number(r),
  });
  return crypto.timingSafeEqual(key, expected);
}

/** SHA-256 of a high-entropy secret (refresh and API tokens): fast lookups, nothing reversible stored. */
export function sha256(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}

export function randomSecret(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}
