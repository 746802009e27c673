import { describe, expect, it } from 'vitest';
import { isAccessTokenExpired, TOKEN_EXPIRY_MARGIN_MS } from '../../common/domain';

describe('access token expiry rule', () => {
  const now = 1_700_000_000_000;
  it('counts a token as valid only while more than 2 seconds remain', () => {
    expect(TOKEN_EXPIRY_MARGIN_MS).toBe(2000);
    expect(isAccessTokenExpired(now + 2001, now)).toBe(false);
    expect(isAccessTokenExpired(now + 2000, now)).toBe(true);
    expect(isAccessTokenExpired(now + 1999, now)).toBe(true);
    expect(isAccessTokenExpired(now - 1, now)).toBe(true);
  });
  it('treats a token without a readable expiry as expired', () => {
    expect(isAccessTokenExpired(undefined, now)).toBe(true);
    expect(isAccessTokenExpired(Number.NaN, now)).toBe(true);
  });
});
