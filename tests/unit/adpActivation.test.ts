/**
 * Developer-portal activation links cannot be forged: with no JWT_SECRET set (the default), the
 * token is not the HMAC under the empty key that anyone could compute (it once was), and it depends
 * on the server's own key kept in DATA_DIR.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { activationLinks } from '../../server/services/adp/users/activation';

const dirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aq-activation-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const user = { id: 42, email: 'Dev@Example.org' };
const forged = (key: string) =>
  crypto.createHmac('sha256', key).update(`adp-activate:${user.id}:${user.email.toLowerCase()}`).digest('base64url');

describe('activation links', () => {
  it('without JWT_SECRET: keyed by the server key in DATA_DIR, not by the empty secret', () => {
    const dir = dataDir();
    const links = activationLinks({ jwtSecret: '', dataDir: dir, publicUrl: 'https://portal.example.org/' });
    const token = links.token(user);
    expect(token).not.toBe(forged(''));
    expect(links.link(user)).toBe(`https://portal.example.org/developer-portal/activate?user=42&token=${token}`);
    // Stable for the same server, different for another server's key.
    expect(activationLinks({ jwtSecret: '', dataDir: dir, publicUrl: undefined }).token(user)).toBe(token);
    expect(activationLinks({ jwtSecret: '', dataDir: dataDir(), publicUrl: undefined }).token(user)).not.toBe(token);
  });

  it('with JWT_SECRET: a key of its own, not the access-token secret itself', () => {
    const token = activationLinks({ jwtSecret: 'shared-secret', dataDir: dataDir(), publicUrl: undefined }).token(user);
    expect(token).not.toBe(forged('shared-secret'));
    expect(activationLinks({ jwtSecret: 'shared-secret', dataDir: dataDir(), publicUrl: undefined }).token(user)).toBe(
      token,
    );
  });
});
