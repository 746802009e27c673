/** The cost setting of new password hashes (PASSWORD_SCRYPT_LOG2N) and hashes made at one cost checked at another. */
import { describe, expect, it } from 'vitest';
import { hashPassword, scryptLog2N, verifyPassword } from '../../server/auth/password';
import { loadConfig } from '../../server/config';

describe('PASSWORD_SCRYPT_LOG2N', () => {
  it('is 15 by default and accepts integers from 10 to 20', () => {
    expect(scryptLog2N({})).toBe(15);
    expect(scryptLog2N({ PASSWORD_SCRYPT_LOG2N: '' })).toBe(15);
    expect(scryptLog2N({ PASSWORD_SCRYPT_LOG2N: '10' })).toBe(10);
    expect(scryptLog2N({ PASSWORD_SCRYPT_LOG2N: '20' })).toBe(20);
  });

  it('refuses anything else at start, naming the setting', () => {
    for (const bad of ['9', '21', '12.5', 'fast', '1e1x']) {
      expect(() => scryptLog2N({ PASSWORD_SCRYPT_LOG2N: bad })).toThrow(
        /PASSWORD_SCRYPT_LOG2N must be an integer from 10 to 20/,
      );
      expect(() => loadConfig({ PASSWORD_SCRYPT_LOG2N: bad })).toThrow(/PASSWORD_SCRYPT_LOG2N/);
    }
  });

  it('sets the cost written into new hashes; a stored hash is checked at its own cost', async () => {
    const cheap = await hashPassword('s3cret-pass', 2 ** 10);
    const dear = await hashPassword('s3cret-pass', 2 ** 12);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(dear).toMatch(/^scrypt\$4096\$8\$1\$/);
    expect(await verifyPassword('s3cret-pass', cheap)).toBe(true);
    expect(await verifyPassword('s3cret-pass', dear)).toBe(true);
    expect(await verifyPassword('s3cret-pasS', dear)).toBe(false);
    // The tests run with 2^10 (vitest.config.ts): the default N follows the setting.
    expect(await hashPassword('x')).toMatch(/^scrypt\$1024\$/);
  });
});
