/** Adaptive password hashing with scrypt (Node's crypto, no native addon). */
import crypto from 'node:crypto';

/** scrypt as a promise; `crypto.scrypt` is looked up per call (tests count the key derivations). */
function scrypt(
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    crypto.scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * The cost of new hashes (and of the dummy one) as log2 of scrypt's N: PASSWORD_SCRYPT_LOG2N, 15 by
 * default (about 90 ms of CPU here). Stored hashes carry their own parameters, so changing it never
 * locks anyone out. The tests lower it: they sign in hundreds of times, and the hash's strength is
 * not what they check.
 */
export function scryptLog2N(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PASSWORD_SCRYPT_LOG2N;
  if (raw === undefined || raw === '') return 15;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 10 || n > 20) {
    throw new Error(`PASSWORD_SCRYPT_LOG2N must be an integer from 10 to 20, got "${raw}"`);
  }
  return n;
}

/** Cost parameters besides N; stored hashes carry their own. */
const DEFAULTS = { r: 8, p: 1, keylen: 32 };

export async function hashPassword(password: string, N = 2 ** scryptLog2N()): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, DEFAULTS.keylen, {
    N,
    r: DEFAULTS.r,
    p: DEFAULTS.p,
    maxmem: 256 * N * DEFAULTS.r,
  });
  return `scrypt$${N}$${DEFAULTS.r}$${DEFAULTS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string | null | undefined): ParsedHash | undefined {
  if (!stored) return undefined;
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltB64 || !keyB64) return undefined;
  return {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    salt: Buffer.from(saltB64, 'base64'),
    key: Buffer.from(keyB64, 'base64'),
  };
}

async function matches(password: string, h: ParsedHash): Promise<boolean> {
  const key = await scrypt(password, h.salt, h.key.length, { N: h.N, r: h.r, p: h.p, maxmem: 256 * h.N * h.r });
  return crypto.timingSafeEqual(key, h.key);
}

let dummy: Promise<ParsedHash> | undefined;

/** A hash of a random password at the default cost, made once per process. */
function dummyHash(): Promise<ParsedHash> {
  dummy ??= hashPassword(crypto.randomBytes(16).toString('base64')).then((h) => parseHash(h)!);
  return dummy;
}

/** Makes the dummy hash ahead of the first sign-in, so even that one costs the same either way. */
export function warmUpPasswordCheck(): void {
  void dummyHash();
}

/**
 * Verifies a password against a stored hash. Without a usable hash (an unknown user, an account that
 * signs in only through the third-party provider) it still derives a key — against a dummy hash of
 * the default cost — and answers false, so the time taken does not tell whether the username exists.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) {
    await matches(password, await dummyHash());
    return false;
  }
  return matches(password, parsed);
}

/** SHA-256 of a high-entropy secret (refresh and API tokens): fast lookups, nothing reversible stored. */
export function sha256(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}

export function randomSecret(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}
