/**
 * The developer portal's activation links: `<portal>/developer-portal/activate?user=<id>&token=<t>`,
 * where the token is an HMAC-SHA256 over the user's id and e-mail. Its key is derived from the
 * server's signing key (JWT_SECRET, or the random key kept in DATA_DIR) with a label of its own, so
 * nobody can compute a token without that secret (it was once signed with JWT_SECRET alone, which is
 * empty by default: anyone could forge one), and a token can never stand for anything else.
 */
import crypto from 'node:crypto';
import { loadSigningKey } from '../../../auth/secret';
import type { Config } from '../../../config';

export const ACTIVATION_PATH = '/developer-portal/activate';

/** Makes the activation links of one server (its key is read once). */
export function activationLinks(config: Pick<Config, 'jwtSecret' | 'dataDir' | 'publicUrl'>) {
  const key = crypto
    .createHmac('sha256', loadSigningKey(config as Config))
    .update('aq-console/adp-activation/v1')
    .digest();
  const portal = (config.publicUrl ?? 'http://localhost:8080').replace(/\/$/, '');
  const token = (user: { id: number; email: string }) =>
    crypto.createHmac('sha256', key).update(`adp-activate:${user.id}:${user.email.toLowerCase()}`).digest('base64url');
  return {
    token,
    link: (user: { id: number; email: string }) => `${portal}${ACTIVATION_PATH}?user=${user.id}&token=${token(user)}`,
  };
}
