/**
 * Rows read on PGlite through `COPY (SELECT …) TO '/dev/blob'` in COPY's text format instead of the
 * row protocol. PGlite's row protocol decodes every value of a row on its own (a text decoding and
 * a parser a cell, ~1–2 µs each); COPY writes the whole answer as one text, split here into rows
 * whose values are the ones the row protocol would have handed over: each field's text goes to the
 * same parser for its type. A list of 100,000 map points is read in a third of the time, an export
 * page of 50 columns in about two thirds (docs/PERFORMANCE.md).
 *
 * COPY takes no parameters: they are written into the statement as literals (`inlined`), and a
 * statement with one that cannot be (a Date, a list, an object) is not read this way.
 */
import { types as pgliteTypes, type PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

/** Each type's parser (by OID), as PGlite's `parsers` holds them. */
type Parsers = Record<number | string, (x: string, typeId?: number) => unknown>;

/** A SQL string literal (standard_conforming_strings is on: only quotes are doubled). */
export const sqlLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The SQL text of `query` with its parameters written in as literals: COPY takes no parameters.
 * Undefined when a parameter is not a string, number or boolean (the statement then runs as usual).
 */
export function inlined(query: SQL): string | undefined {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return inlinedText(text, params);
}

/**
 * The parts of a statement's text a parameter marker cannot be inside — a string literal ('…', E'…'
 * with backslash escapes), a quoted identifier, a dollar-quoted string, a comment — or a marker
 * `$n` (not the tail of an identifier such as `a$1`): only the markers are replaced.
 */
const MARKER_OR_QUOTED =
  /('(?:[^']|'')*')|((?<![\w$])[Ee]'(?:[^'\\]|\\[\s\S]|'')*')|("(?:[^"]|"")*")|(--[^\n]*|\/\*[\s\S]*?\*\/)|(\$(?:[A-Za-z_\u0080-\uffff][\w\u0080-\uffff]*)?\$)[\s\S]*?\5|(?<![\w$])\$(\d+)(?!\d)/g;

/** Statement texts already split at their markers (`markersOf`); a list reads the same few again and again. */
const splitTexts = new Map<string, readonly (string | number)[]>();
const SPLIT_TEXTS_KEPT = 256;

/** `text` as its parts between markers (strings) and the markers' parameter positions (numbers, from 0). */
function markersOf(text: string): readonly (string | number)[] {
  let parts = splitTexts.get(text);
  if (parts) return parts;
  const split: (string | number)[] = [];
  let from = 0;
  for (const m of text.matchAll(MARKER_OR_QUOTED)) {
    const n = m[6];
    if (n === undefined) continue;
    split.push(text.slice(from, m.index), Number(n) - 1);
    from = m.index + m[0].length;
  }
  split.push(text.slice(from));
  if (splitTexts.size >= SPLIT_TEXTS_KEPT) splitTexts.clear();
  splitTexts.set(text, (parts = split));
  return parts;
}

/** `text` with its parameters `$1`… written in as literals (see `inlined`). */
export function inlinedText(text: string, params: readonly unknown[]): string | undefined {
  let out = '';
  for (const part of markersOf(text)) {
    if (typeof part === 'string') {
      out += part;
      continue;
    }
    const value = params[part];
    if (value === null || value === undefined) out += 'null';
    else if (typeof value === 'string') out += sqlLiteral(value);
    else if (
      (typeof value === 'number' && Number.isFinite(value)) ||
      typeof value === 'boolean' ||
      typeof value === 'bigint'
    )
      out += sqlLiteral(String(value));
    else return undefined;
  }
  return out;
}

/** COPY's text-format escapes (`\b` … `\v`); any other escaped character stands for itself. */
const COPY_ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
const unescapeCopy = (field: string) => field.replace(/\\(.)/gs, (_, c: string) => COPY_ESCAPES[c] ?? c);

/**
 * The rows of COPY's text format (a line a row, tab between fields, `\N` for NULL, backslash
 * escapes) as the row protocol hands them over: each field's text through the parser of its type
 * (`types`, one OID a column) — the same text, so the same values.
 */
export function copyTextRows(text: string, types: readonly number[], parsers: Parsers): unknown[][] {
  if (!types.length) throw new Error('copyTextRows: no columns');
  const rows: unknown[][] = [];
  const last = types.length - 1;
  let at = 0;
  while (at < text.length) {
    const row = new Array<unknown>(types.length);
    for (let i = 0; i <= last; i++) {
      const end = text.indexOf(i === last ? '\n' : '\t', at);
      if (end < 0) throw new Error('copyTextRows: a row has fewer fields than its types');
      const field = text.slice(at, end);
      at = end + 1;
      row[i] =
        field === '\\N'
          ? null
          : pgliteTypes.parseType(field.includes('\\') ? unescapeCopy(field) : field, types[i]!, parsers);
    }
    rows.push(row);
  }
  return rows;
}

/**
 * The rows of `query` on PGlite through `COPY … TO '/dev/blob'` in text format instead of the row
 * protocol, each value as the row protocol would have handed it over (`types`: the columns' OIDs;
 * `parsers`: the parser of each type, PGlite's own unless given).
 * Undefined when the statement has a parameter COPY cannot take in as a literal (`inlined`).
 */
export async function copyRows(
  pglite: PGlite,
  query: SQL,
  types: readonly number[],
  parsers: Parsers = pglite.parsers,
): Promise<unknown[][] | undefined> {
  const text = inlined(query);
  return text === undefined ? undefined : copySelect(pglite, text, types, parsers);
}

/** The rows of the SELECT `text` (no parameters) through COPY's text format (see `copyRows`). */
export async function copySelect(
  pglite: PGlite,
  text: string,
  types: readonly number[],
  parsers: Parsers = pglite.parsers,
): Promise<unknown[][]> {
  return copyTextRows(await copiedText(pglite, text), types, parsers);
}

/**
 * What `COPY (text) TO '/dev/blob'` writes, as one text: the text format, or as `options` say
 * (`with (format csv, …)`).
 */
export async function copiedText(pglite: PGlite, text: string, options = ''): Promise<string> {
  const { blob } = await pglite.query(`copy (${text}) to '/dev/blob'${options && ` ${options}`}`);
  return blob ? blob.text() : '';
}
