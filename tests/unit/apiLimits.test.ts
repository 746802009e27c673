import { describe, expect, it } from 'vitest';
import { LIMIT_REQUIRED_MESSAGE, limitsRule } from '../../common/apiLimits';

describe('limitsRule', () => {
  it('needs at least one value', () => {
    expect(limitsRule({})).toBe(LIMIT_REQUIRED_MESSAGE);
  });
  it('takes whole numbers of at least 1, naming the period before the catalogue text', () => {
    expect(limitsRule({ minute: 0 })).toBe('minute: It must be greater than 0');
    expect(limitsRule({ minute: 1.5 })).toBe('minute: It must be an integer');
    expect(limitsRule({ minute: 'abc' as never })).toBe('minute: It must be numeric');
    expect(limitsRule({ minute: 2_147_483_648 })).toBe('minute: It must be less than 2147483648');
    expect(limitsRule({ minute: 60 })).toBeUndefined();
  });
  it('keeps a larger period at least the largest value of any smaller one', () => {
    expect(limitsRule({ second: 10, minute: 100, hour: 1000, day: 10_000, month: 100_000, year: 1e6 })).toBeUndefined();
    expect(limitsRule({ second: 10, hour: 5 })).toBe('hour must be at least 10 (the second limit)');
    expect(limitsRule({ second: 10, minute: 100, year: 50 })).toBe('year must be at least 100 (the minute limit)');
    expect(limitsRule({ second: 5, minute: 5 })).toBeUndefined();
  });
});
