/**
 * The shared CSV cell encoder (common/csv.ts): RFC 4180 quoting and the spreadsheet-formula guard
 * (OWASP CSV injection), and the console's list exporter that writes through it.
 */
import { describe, expect, it } from 'vitest';
import { CSV_SEPARATOR, csvCell, csvLine, neutraliseFormula } from '../../common/csv';
import { recordsToCsv } from '../../src/components/csvExporter';

describe('csvCell', () => {
  it('prefixes a single quote to every cell a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠']) {
      const value = `${start}HYPERLINK("http://evil.example";"x")`;
      expect(neutraliseFormula(value), JSON.stringify(value)).toBe(`'${value}`);
    }
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('-2+3+cmd')).toBe("'-2+3+cmd");
    expect(csvCell('+48 600 100 200')).toBe("'+48 600 100 200");
    expect(csvCell('-')).toBe("'-");
    expect(csvCell(['=a', 'b'])).toBe("'=a,b");
    // quoted after the prefix when it holds the separator, a quote or a line break
    expect(csvCell('=HYPERLINK("x";"y")')).toBe(`"'=HYPERLINK(""x"";""y"")"`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });

  it('keeps plain numbers (numbers and numeric text) and ordinary text unchanged', () => {
    for (const n of [-3.5, -2, 0, 1e-7, 42]) expect(csvCell(n)).toBe(String(n));
    for (const text of ['-3.5', '+2', '-1e-3', '.5', '-0.25', 'a=1', 'plain', '2026-11-01T12:00:00.000Z'])
      expect(csvCell(text)).toBe(text);
  });

  it('quotes per RFC 4180 with the separator in use', () => {
    expect(CSV_SEPARATOR).toBe(';');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a,b')).toBe('a,b');
    expect(csvCell('a,b', ',')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(new Date('2026-11-01T12:00:00Z'))).toBe('2026-11-01T12:00:00.000Z');
    expect(() => csvCell({ a: 1 })).toThrow(/Unhandled CSV value/);
    expect(csvLine(['id', '=x', -1])).toBe("id;'=x;-1\r\n");
  });
});

describe('console list export (recordsToCsv)', () => {
  it('flattens records into dotted columns and guards every cell, header included', () => {
    const csv = recordsToCsv([
      {
        id: 1,
        name: '=HYPERLINK("http://evil.example")',
        contractor: { id: 5, name: '@boss' },
        measured: ['pm1', 'pm25'],
      },
      { id: 2, name: 'Plain, Ltd', mamsl: -3.5, '-x': null },
    ]);
    expect(csv.split('\r\n')).toEqual([
      "id,name,contractor.id,contractor.name,measured,mamsl,'-x",
      `1,"'=HYPERLINK(""http://evil.example"")",5,'@boss,"pm1,pm25",,`,
      '2,"Plain, Ltd",,,,-3.5,',
      '',
    ]);
  });
});
