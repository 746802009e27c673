/**
 * PGlite's way to write an export page: `COPY (SELECT …) TO '/dev/blob' WITH (FORMAT csv)`, which
 * writes the page's CSV inside the database — no row protocol, no value decoded in JavaScript. (On
 * PGlite the SELECT of an export page, read as rows, runs at ~25–40k rows/s; the COPY of the same
 * rows at ~120–300k.)
 *
 * Every cell is computed in SQL as the text the row path writes for it (`csvLines`: the cell's JSON
 * decoding and `map`, then `csvCell`): the formula guard, numbers as JavaScript prints them, booleans
 * and JSON scalars. COPY's CSV quoting with `;` is `csvCell`'s (quoted when the text holds `;`, `"`,
 * CR or LF; quotes doubled); an empty text is written as NULL, which COPY leaves unquoted. What SQL
 * cannot spell exactly — a nested JSON object or list, a number JavaScript writes in exponent form — is
 * written as COPY_UNSURE, and a page that holds that character is written by the row path instead:
 * the bytes never depend on the path (tests/integration/exportCopy.test.ts compares them).
 *
 * The row path on PGlite reads its pages through COPY as well, in text format (`copyRows`,
 * server/db/copyText.ts).
 */
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { FORMULA_START_CHARS, PLAIN_NUMBER } from '../../common/csv';
import { copiedText, sqlLiteral } from '../db/copyText';
import type { ExportCell } from './csvStream';

/** A cell COPY cannot write as the row path does: its page goes through the row path. */
export const COPY_UNSURE = '\u0001';
const UNSURE = sql.raw('chr(1)');

/** The code points of the formula starts, for `ascii()` (the code point of a text's first character). */
const FORMULA_CODES = sql.raw([...FORMULA_START_CHARS].map((c) => c.codePointAt(0)).join(', '));
/** PLAIN_NUMBER for PostgreSQL's regular expressions, whose `\d` may take other scripts' digits. */
const PLAIN_NUMBER_SQL = sql.raw(sqlLiteral(PLAIN_NUMBER.source.replaceAll('\\d', '[0-9]')));

/** A text cell as `csvCell` writes it, before quoting: a formula start guarded by a quote, empty as NULL. */
export const guardedText = (t: SQL): SQL =>
  sql`(case when ascii(${t}) in (${FORMULA_CODES}) and ${t} !~ ${PLAIN_NUMBER_SQL} then '''' || ${t} else nullif(${t}, '') end)`;

/**
 * The text of a number as JavaScript prints it (`String(Number(text))`), from PostgreSQL's text of a
 * float or a numeric: the same when it has the shortest digits of its double and no exponent (both
 * then write plain decimals); otherwise COPY_UNSURE.
 */
export const numberText = (t: SQL): SQL =>
  sql`(case when ${t} is null then null when length(${t}) > 24 or strpos(${t}, 'e') > 0 or ${t} = '-0' then ${UNSURE}
            when ((${t})::float8)::text = ${t} then ${t} else ${UNSURE} end)`;

/**
 * A JSON scalar as `JSON.stringify` writes it inside an object (`x` a jsonb scalar): strings quoted
 * and escaped alike by both (quote, backslash, \b \f \n \r \t, other controls as \u00xx).
 */
const jsonMember = (x: SQL): SQL => sql`(case jsonb_typeof(${x})
    when 'string' then to_json(${x} #>> '{}')::text
    when 'number' then ${numberText(sql`(${x} #>> '{}')`)}
    when 'boolean' then ${x} #>> '{}'
    when 'null' then 'null' else ${UNSURE} end)`;

/**
 * A JSON object of scalars as `JSON.stringify(JSON.parse(text))` writes it: compact, in jsonb's key
 * order (JSON.parse keeps it, but puts integer-like keys first: those are COPY_UNSURE).
 */
const jsonObject = (v: SQL): SQL => sql`(select '{' || string_agg(
    case when k ~ '^(0|[1-9][0-9]*)$' then ${UNSURE} else to_json(k)::text end || ':' || ${jsonMember(sql`x`)},
    ',' order by o) || '}' from jsonb_each(${v}) with ordinality as m(k, x, o))`;

/** A JSON list of scalars as `csvCell` writes it: the items comma-joined (null as nothing), then guarded. */
const jsonList = (v: SQL): SQL => sql`(select ${guardedText(sql`t`)} from (select string_agg(case jsonb_typeof(x)
    when 'string' then x #>> '{}'
    when 'number' then ${numberText(sql`(x #>> '{}')`)}
    when 'boolean' then x #>> '{}'
    when 'null' then '' else ${UNSURE} end, ',' order by o) as t
    from jsonb_array_elements(${v}) with ordinality as l(x, o)) s)`;

/** A JSON value's cell (jsonb): what `decodeJson` and `csvCell` make of it — scalars, and lists and objects of scalars. */
export const jsonText = (v: SQL): SQL => {
  const scalar = sql`(${v} #>> '{}')`;
  return sql`(case jsonb_typeof(${v})
    when 'string' then ${guardedText(scalar)}
    when 'number' then ${numberText(scalar)}
    when 'boolean' then ${scalar}
    when 'array' then case when ${v} = '[]'::jsonb then null else ${jsonList(v)} end
    when 'object' then case when ${v} = '{}'::jsonb then '{}' else ${jsonObject(v)} end end)`;
};

/** A JSON value's cell when it is a number (`typeof v === 'number' ? v : null`). */
export const jsonNumberText = (v: SQL): SQL =>
  sql`(case when jsonb_typeof(${v}) = 'number' then ${numberText(sql`(${v} #>> '{}')`)} end)`;

/** The types (OIDs) whose values the drivers hand over as JavaScript numbers, and as strings. */
const INTEGERS = new Set([20, 21, 23, 26]);
const FLOATS = new Set([700, 701]);
const TEXTS = new Set([19, 25, 1042, 1043, 1700, 2950]);
const BOOL = 16;

/**
 * The SQL of a cell's CSV text from its value `v` (a column of the page's rows), given the type of
 * `sql`; undefined when the row path alone can write it (a `map` without `copyText`, a date, an array).
 */
export function cellText(cell: ExportCell, v: SQL, type: number): SQL | undefined {
  if (cell.copyText) return cell.copyText(v);
  if (cell.map) return undefined;
  if (cell.json) return jsonText(v);
  if (INTEGERS.has(type)) return sql`(${v})::text`;
  if (FLOATS.has(type)) return numberText(sql`(${v})::text`);
  if (TEXTS.has(type)) return guardedText(sql`(${v})::text`);
  if (type === BOOL) return sql`(case when ${v} then 'true' when not ${v} then 'false' end)`;
  return undefined;
}

/**
 * COPY's CSV with the project's line end: COPY ends a line with LF, CSV_EOL is CRLF. A LF inside a
 * quoted value stays as it is; outside quotes (every other part between quote characters) every LF
 * ends a line.
 */
export function withCrlf(text: string): string {
  if (!text.includes('"')) return text.replaceAll('\n', '\r\n');
  const parts = text.split('"');
  for (let i = 0; i < parts.length; i += 2) parts[i] = parts[i]!.replaceAll('\n', '\r\n');
  return parts.join('"');
}

/** The page's CSV lines, or undefined when a cell needs the row path (COPY_UNSURE). */
export async function copyCsv(pglite: PGlite, text: string): Promise<string | undefined> {
  const csv = await copiedText(pglite, text, "with (format csv, delimiter ';')");
  return csv.includes(COPY_UNSURE) ? undefined : withCrlf(csv);
}
