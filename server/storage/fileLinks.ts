/**
 * Links to stored files as the API hands them out. Logos are public (`/api/files/logo/<hash>`).
 * Request images — photos of customers' homes — are not: the requests that carry them (which need
 * view_installation_requests) hand out short-lived signed links, which an `<img src>` can load
 * without the bearer header it cannot send:
 *
 *   /api/files/image/<hash>?expires=<unix seconds>&signature=<base64url HMAC-SHA256(key, "image/<hash>:<expires>")>
 *
 * The key is derived from the server's access-token signing key (JWT_SECRET, or the one kept in
 * DATA_DIR), so every process sharing that secret accepts the others' links and no new setting is
 * needed. The expiry is rounded up to a whole LINK_STEP_S, so a link stays the same for that long
 * (the browser reuses its cached copy) and lives between LINK_LIFETIME_S - LINK_STEP_S and
 * LINK_LIFETIME_S.
 */
import crypto from 'node:crypto';
import { loadSigningKey } from '../auth/secret';
import type { Config } from '../config';
import { fileLink } from './files';

/** Longest life of an image link (seconds). */
export const LINK_LIFETIME_S = 60 * 60;
/** Links made within one step of this length are identical (seconds). */
export const LINK_STEP_S = 20 * 60;

export type LinkCheck = 'valid' | 'expired' | 'invalid';

export class FileLinks {
  private readonly key: Buffer;

  constructor(secret: Uint8Array) {
    // A key of its own: a link's signature can never stand for an access token or anything else.
    this.key = crypto.createHmac('sha256', secret).update('aq-console/file-links/v1').digest();
  }

  /** The signed link of a stored request image (`image/<hash>`), valid 40–60 minutes from `now`. */
  image(fileKey: string, now = Date.now()): string {
    const nowS = Math.floor(now / 1000);
    const expires = (Math.floor((nowS + LINK_LIFETIME_S) / LINK_STEP_S) * LINK_STEP_S).toString();
    return `${fileLink(fileKey)}?expires=${expires}&signature=${this.sign(fileKey, expires)}`;
  }

  /** Whether `signature` was made here for this file and expiry, and whether that expiry has passed. */
  check(fileKey: string, expires: string, signature: string, now = Date.now()): LinkCheck {
    const expected = Buffer.from(this.sign(fileKey, expires));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return 'invalid';
    return Number(expires) * 1000 > now ? 'valid' : 'expired';
  }

  private sign(fileKey: string, expires: string): string {
    return crypto.createHmac('sha256', this.key).update(`${fileKey}:${expires}`).digest('base64url');
  }
}

const byConfig = new WeakMap<Config, FileLinks>();

/** The file links of the server with this configuration (one per configuration, made on first use). */
export function fileLinksFor(config: Config): FileLinks {
  let links = byConfig.get(config);
  if (!links) byConfig.set(config, (links = new FileLinks(loadSigningKey(config))));
  return links;
}
