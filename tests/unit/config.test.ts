/** Configuration read from the environment: TRUST_PROXY and ADMIN_USERNAME, and the mistakes refused at start. */
import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../../server/config';

describe('TRUST_PROXY', () => {
  it('is off unless set', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const off of ['', ' ', 'false', 'off', 'no', '0']) expect(parseTrustProxy(off)).toBe(false);
  });

  it('`true` trusts every peer', () => {
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('ON')).toBe(true);
  });

  it('takes addresses, CIDR ranges and proxy-addr range names', () => {
    expect(parseTrustProxy('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.5,fd00::/8, ::1, loopback, uniquelocal')).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      'fd00::/8',
      '::1',
      'loopback',
      'uniquelocal',
    ]);
  });

  it('refuses what Fastify would misread, naming the entry', () => {
    expect(() => parseTrustProxy('proxy.local')).toThrow(
      'TRUST_PROXY: "proxy.local" is not an IP address, a CIDR range (10.0.0.0/8) or one of loopback, linklocal, uniquelocal',
    );
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/"10.0.0.0\/33" is not an IP address/);
    expect(() => parseTrustProxy('10.0.0.1,')).toThrow(/"" is not an IP address/);
    // Fastify 5 trusts no peer with a hop count: refused rather than silently ignored.
    expect(() => parseTrustProxy('1')).toThrow(/a hop count is not supported/);
  });
});

describe('ADMIN_USERNAME', () => {
  it('is the first admin to create, with its own ADMIN_PASSWORD', () => {
    expect(loadConfig({}).adminUsername).toBeUndefined();
    expect(loadConfig({ ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'ops-first-pass-1' }).adminUsername).toBe('ops');
  });

  it('is refused at start without ADMIN_PASSWORD (no default password for a real admin) or with bad credentials', () => {
    expect(() => loadConfig({ ADMIN_USERNAME: 'ops' })).toThrow(
      'ADMIN_USERNAME needs ADMIN_PASSWORD: the first admin gets no default password',
    );
    expect(() => loadConfig({ ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'x' })).toThrow(
      /^ADMIN_USERNAME \/ ADMIN_PASSWORD: Password: /,
    );
    expect(() => loadConfig({ ADMIN_USERNAME: 'o p s', ADMIN_PASSWORD: 'ops-first-pass-1' })).toThrow(
      /^ADMIN_USERNAME \/ ADMIN_PASSWORD: Username: /,
    );
  });
});
