/**
 * API keys of API-key users: a new key is 32 random bytes (base64url) behind the `aqk_` marker,
 * shown once; only its SHA-256 is stored (a key has far more entropy than a password, so a fast hash
 * is enough, and it can be looked up by its hash), with its first characters to tell keys apart.
 */
import crypto from 'node:crypto';

export const API_KEY_HEADER = 'x-api-key';
const MARKER = 'aqk_';
/** Characters of the key kept in clear: the marker and eight more. */
export const KEY_PREFIX_LENGTH = MARKER.length + 8;

export const hashApiKey = (key: string) => crypto.createHash('sha256').update(key, 'utf8').digest('hex');

export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = MARKER + crypto.randomBytes(32).toString('base64url');
  return { key, hash: hashApiKey(key), prefix: key.slice(0, KEY_PREFIX_LENGTH) };
}

/** A header value that could be a key (cheap check before hashing and a query). */
export const looksLikeKey = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(MARKER) && value.length <= 200;
