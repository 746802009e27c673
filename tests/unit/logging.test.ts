/** Logging helpers (issue 9) without a server: redaction of log text and of errors. */
import { describe, expect, it } from 'vitest';
import { redactText, serializeError } from '../../server/http/logging';

describe('log redaction', () => {
  it('removes tokens, credentials in URLs and authorization values', () => {
    expect(redactText('/login?token=aqt_abcDEF123-_x&x=1')).toBe('/login?token=[REDACTED]&x=1');
    expect(redactText('key aqt_abcDEF123 used')).toBe('key aqt_[REDACTED] used');
    expect(redactText('/cb?code=abc&state=xyz')).toBe('/cb?code=[REDACTED]&state=[REDACTED]');
    expect(redactText('Authorization: Bearer abc.def.ghi')).toBe('Authorization: Bearer [REDACTED]');
    expect(redactText('Basic YWRtaW46c2VjcmV0')).toBe('Basic [REDACTED]');
    expect(redactText('jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig-part')).toBe('jwt [REDACTED]');
    expect(redactText('/api/sensors?page=2&limit=10')).toBe('/api/sensors?page=2&limit=10');
  });

  it('an error loses the bound SQL parameters, the echoed value and the detail', () => {
    const cause = Object.assign(new Error('invalid input syntax for type integer: "SECRET-VALUE"'), {
      code: '22P02',
      detail: 'Key (name)=(SECRET-VALUE) exists',
    });
    const err = Object.assign(new Error('Failed query: select * from t where a = $1\nparams: SECRET-VALUE,other'), {
      params: ['SECRET-VALUE'],
      cause,
    });
    const out = serializeError(err)!;
    const text = JSON.stringify(out);
    expect(text).not.toContain('SECRET-VALUE');
    expect(out.message).toBe('Failed query: select * from t where a = $1\nparams: [REDACTED]');
    expect(out.cause).toMatchObject({ code: '22P02', message: 'invalid input syntax for type integer: "[REDACTED]"' });
    expect(String(out.stack)).toMatch(/^Error: Failed query: [\s\S]*\n\s+at /);
  });
});
