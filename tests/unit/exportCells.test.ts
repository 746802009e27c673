/**
 * The export's JSON cells read as text: `decodeJson` gives what `JSON.parse` gives (the driver's
 * parse before), and `activityText` the cell `activityFlags` wrote, for every shape of input.
 */
import { describe, expect, it } from 'vitest';
import { csvLines, decodeJson, type ExportCell } from '../../server/lists/csvStream';
import { activityFlags, activityText } from '../../server/services/main/installations/repository';
import { sql } from 'drizzle-orm';
import { csvCell } from '../../common/csv';

const JSON_TEXTS = [
  'null',
  'true',
  'false',
  '[]',
  '{}',
  '0',
  '-0',
  '12.5',
  '-3.25',
  '1e3',
  '1E-7',
  '2.50',
  '123456789012345678901234567890',
  '"Roof"',
  '"12.5"',
  '"=HYPERLINK(1)"',
  '"a;b\\"c"',
  '{"A": 0, "B": 1.1, "C": 0}',
  '[1, 2, 3]',
  '[{"a": [null, true]}]',
];

describe('decodeJson', () => {
  it.each(JSON_TEXTS)('reads %s as JSON.parse does', (text) => {
    expect(decodeJson(text)).toStrictEqual(JSON.parse(text));
  });

  it('passes SQL NULL and values the driver already decoded', () => {
    expect(decodeJson(null)).toBeNull();
    expect(decodeJson(undefined)).toBeNull();
    expect(decodeJson(4)).toBe(4);
  });

  it('writes the same CSV line from the JSON text as from the parsed value', () => {
    const parsed: ExportCell[] = JSON_TEXTS.map(() => ({ sql: sql`x` }));
    const text: ExportCell[] = JSON_TEXTS.map(() => ({ sql: sql`x`, json: true }));
    expect(csvLines([JSON_TEXTS], text).toString('utf8')).toBe(
      csvLines([JSON_TEXTS.map((t) => JSON.parse(t) as unknown)], parsed).toString('utf8'),
    );
  });
});

describe('csvLines', () => {
  it('writes the UTF-8 bytes of the lines csvCell makes, however long and wide the values', () => {
    const long = 'Ł'.repeat(400);
    const values = [null, 'Kraków', 12.5, long, 'a;b"c', '=1+1', '😀 x', true, '', { A: 1 }, 'line\nbreak'];
    // 300 rows of up to 400 two-byte characters: the batch outgrows its first buffer several times.
    const rows = Array.from({ length: 300 }, (_, r) => values.map((v, i) => (i === 3 ? long.slice(0, r + 1) : v)));
    const cells: ExportCell[] = values.map(() => ({ sql: sql`x` }));
    const expected = rows
      .map((row) =>
        row.map((v) => (v === null ? '' : csvCell(typeof v === 'object' ? JSON.stringify(v) : v))).join(';'),
      )
      .map((line) => `${line}\r\n`)
      .join('');
    expect(csvLines(rows, cells).toString('utf8')).toBe(expected);
    expect(csvLines([], cells).length).toBe(0);
  });
});

describe('activityText', () => {
  const now = Date.UTC(2026, 10, 26, 20, 30);
  const nowHour = Math.floor(now / 3_600_000);
  const cases: [string, string | null][] = [
    ['null', null],
    ['empty', '[]'],
    ['old hours', '[0, 1, 2, 3]'],
    ['current hour', `[${nowHour}]`],
    ['first and last hours of the window', `[${nowHour - 71}, ${nowHour}]`],
    ['just outside the window', `[${nowHour - 72}, ${nowHour + 1}]`],
    ['unordered, repeated, compact', `[${nowHour - 3},${nowHour - 10},${nowHour - 3}]`],
    ['not whole hours (JSON.parse path)', `[${nowHour - 2}.0, ${nowHour - 1}]`],
    ['negative hours (JSON.parse path)', `[-1, ${nowHour}]`],
    ['every hour of the window', `[${Array.from({ length: 72 }, (_, i) => nowHour - 71 + i).join(', ')}]`],
    ['each block’s first and last hours', `[${[0, 23, 24, 47, 48, 71].map((i) => nowHour - 71 + i).join(', ')}]`],
    ['only hours outside the window', `[${nowHour - 500}, ${nowHour + 3}]`],
  ];
  it.each(cases)('%s: the cell activityFlags writes', (_, text) => {
    const hours = text === null ? null : (JSON.parse(text) as number[]);
    expect(activityText(text, now)).toBe(activityFlags(hours, now).join(','));
  });
  it('writes the same cell again from its cached blocks, and a new pattern after a cached one', () => {
    const some = `[${nowHour - 5}, ${nowHour}]`;
    const other = `[${nowHour - 6}, ${nowHour - 30}, ${nowHour - 70}]`;
    for (const text of [some, other, some, other])
      expect(activityText(text, now)).toBe(activityFlags(JSON.parse(text) as number[], now).join(','));
  });
});
