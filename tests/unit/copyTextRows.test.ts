/**
 * PGlite's row path reads its export pages as COPY's text format (`copyRows`): `copyTextRows` must
 * give the values the row protocol gives — NULL apart from the text `\N`, every escape undone, each
 * field through its type's parser.
 */
import { types } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { copyTextRows, inlinedText } from '../../server/db/copyText';

const parsers = types.parsers as Record<number, (x: string, typeId?: number) => unknown>;

describe('copyTextRows', () => {
  it('splits lines and fields and parses each by its type', () => {
    const text = '1\tplain\tt\t2.5\t{"a":1}\n-7\t\tf\tNaN\tnull\n';
    expect(copyTextRows(text, [types.INT4, types.TEXT, types.BOOL, types.FLOAT8, types.JSONB], parsers)).toEqual([
      [1, 'plain', true, 2.5, { a: 1 }],
      [-7, '', false, NaN, null],
    ]);
  });

  it('reads \\N as NULL and the escaped text \\\\N as the two characters', () => {
    expect(copyTextRows('\\N\t\\\\N\n', [types.TEXT, types.TEXT], parsers)).toEqual([[null, '\\N']]);
  });

  it('undoes every escape COPY writes, and only those', () => {
    const escaped = 'tab\\there\\nline\\rcr\\\\back\\b\\f\\v\\;end';
    expect(copyTextRows(`${escaped}\n`, [types.TEXT], parsers)).toEqual([['tab\there\nline\rcr\\back\b\f\v;end']]);
    // A control character COPY does not escape, and text outside ASCII, arrive as they are.
    expect(copyTextRows('a\u0001b Zażółć\n', [types.TEXT], parsers)).toEqual([['a\u0001b Zażółć']]);
  });

  it('reads no rows from no text, and refuses a row shorter than its types', () => {
    expect(copyTextRows('', [types.TEXT], parsers)).toEqual([]);
    expect(() => copyTextRows('1\n', [types.INT4, types.INT4], parsers)).toThrow(/fewer fields/);
    expect(() => copyTextRows('1\n', [], parsers)).toThrow(/no columns/);
  });
});

describe('inlinedText', () => {
  it('writes each marker in as a literal, $10 apart from $1', () => {
    const params = Array.from({ length: 10 }, (_, i) => i + 1);
    params[0] = "O'Brien" as unknown as number;
    expect(inlinedText('select $1, $10, $2::int8[] where x = $3', params)).toBe(
      "select 'O''Brien', '10', '2'::int8[] where x = '3'",
    );
    expect(inlinedText('select $1, $2', [null, true])).toBe("select null, 'true'");
    // The text is split once and kept: the next run of the same text writes in its own values.
    expect(inlinedText('select $1, $10, $2::int8[] where x = $3', ['a', 'b', 'c', ...params.slice(3)])).toBe(
      "select 'a', '10', 'b'::int8[] where x = 'c'",
    );
  });

  it('leaves a marker inside a literal, a quoted identifier, a dollar quote or a comment alone', () => {
    const text = [
      `select 'costs $1 (it''s $2)' as "col $1"`,
      `E'it\\'s $1'`,
      `$$ body $1 $$`,
      `$fn$ $2 'x' $fn$`,
      `a$1`,
      `/* $1 */ $1`,
      `-- $2\n$2`,
    ].join(', ');
    expect(inlinedText(text, ['x', 'y'])).toBe(
      [
        `select 'costs $1 (it''s $2)' as "col $1"`,
        `E'it\\'s $1'`,
        `$$ body $1 $$`,
        `$fn$ $2 'x' $fn$`,
        `a$1`,
        `/* $1 */ 'x'`,
        `-- $2\n'y'`,
      ].join(', '),
    );
  });

  it('gives up on a parameter that is not a plain value', () => {
    expect(inlinedText('select $1', [new Date(0)])).toBeUndefined();
    expect(inlinedText('select $1', [[1, 2]])).toBeUndefined();
    expect(inlinedText('select $1', [Number.POSITIVE_INFINITY])).toBeUndefined();
  });
});
