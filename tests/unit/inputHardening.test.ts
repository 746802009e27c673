/**
 * Input hardening helpers (issue 9) without a server: the input-sanitising rule applied to every
 * route, and the date range of the query language.
 */
import { describe, expect, it } from 'vitest';
import { MAX_DATE_MS, MIN_DATE_MS, isDateOutOfRange, parseIsoDate, parseQuery, isQueryError } from '../../common/query';
import { findInputProblem, textProblem } from '../../server/http/sanitize';

describe('input sanitising rule', () => {
  it('accepts ordinary text, emoji (surrogate pairs) and other control characters', () => {
    for (const ok of ['', 'plain', 'zażółć 名前', '😀 ok', 'tab\tnew\nline', '\u0001'])
      expect(textProblem(ok), JSON.stringify(ok)).toBeUndefined();
  });

  it('refuses NUL and unpaired surrogates', () => {
    expect(textProblem('a\u0000b')).toMatch(/NUL/);
    for (const bad of ['\ud800', 'x\udc00', '\udfff\ud800', '😀'.slice(0, 1), 'a\ud83d\ud83db'])
      expect(textProblem(bad), JSON.stringify(bad)).toMatch(/unpaired UTF-16 surrogates/);
  });

  it('walks arrays, objects and keys, naming the path', () => {
    expect(findInputProblem({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toEqual({
      path: 'a.1.c',
      message: 'must not contain NUL characters (U+0000)',
    });
    expect(findInputProblem({ ok: { ['k\ud800']: 1 } })?.path).toBe('ok.k\\ud800');
    expect(findInputProblem(['fine', 1, null, true, { n: 2 }])).toBeUndefined();
    expect(findInputProblem('\u0000')).toEqual({ path: '', message: 'must not contain NUL characters (U+0000)' });
  });

  it('refuses nesting deeper than the limit without recursing', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findInputProblem(deep)?.message).toMatch(/must not nest deeper than 32 levels/);
  });
});

describe('query-language dates', () => {
  it('the range is the years 1 to 9999, in UTC', () => {
    expect(new Date(MIN_DATE_MS).toISOString()).toBe('0001-01-01T00:00:00.000Z');
    expect(new Date(MAX_DATE_MS).toISOString()).toBe('9999-12-31T23:59:59.999Z');
  });

  it('a zone offset may not push a date outside the range', () => {
    for (const text of [
      '0001-01-01T00:00+14:00',
      '0001-01-01T13:59+14:00',
      '9999-12-31T23:59-14:00',
      '9999-12-31T10:00-14:00',
    ]) {
      expect(parseIsoDate(text), text).toBeUndefined();
      expect(isDateOutOfRange(text), text).toBe(true);
    }
    for (const text of ['0001-01-01', '0001-01-01T14:00+14:00', '9999-12-31T23:59:59Z', '9999-12-31T09:59-14:00']) {
      expect(parseIsoDate(text), text).toBeDefined();
      expect(isDateOutOfRange(text), text).toBe(false);
    }
    expect(isDateOutOfRange('2026-02-30')).toBe(false);
  });

  it('the parser says so with the position', () => {
    try {
      parseQuery('createdAt > 0001-01-01T00:00+14:00');
      expect.unreachable();
    } catch (e) {
      expect(isQueryError(e)).toBe(true);
      expect((e as Error).message).toBe(
        'Date "0001-01-01T00:00+14:00" at position 12 is outside the years 1 to 9999 once its zone offset is applied',
      );
    }
  });
});
