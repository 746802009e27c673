/**
 * The query language's error messages, keyed (issue 8). Every QueryError carries a `QueryMessage`:
 * its catalogue key (`query.errors.<name>`), the values to fill in, and its English filled in
 * (`en`, the error's `message`: what the server answers and what tests compare). The console shows
 * the key translated (src/i18n/en.ts takes QUERY_ERROR_TEXTS as it is, so English is complete by
 * construction), with the values translated too where they are messages themselves.
 *
 * Values are numbers, literal texts (a token as written, a field name), other messages (a phrase
 * such as "a value") or lists of those, written separated by commas in every language.
 */

/** The English of every message and phrase, by key; `%{name}` stands for a value. */
export const QUERY_ERROR_TEXTS = {
  // ---- the lexer: characters it cannot read
  unexpectedBang: 'Unexpected character "!" at position %{position}; expected "!=" or "!~"',
  invalidEscape: 'Invalid escape "\\%{escape}" at position %{position}; expected \\" or \\\\ after a backslash',
  unterminatedString: 'Unterminated string starting at position %{position}; expected a closing "',
  invalidDuration:
    'Invalid duration %{text} at position %{position}; expected a whole number followed by a unit m, h, d or w (such as 3d)',
  invalidNumber:
    'Invalid number or date %{text} at position %{position}; expected a number (12, 2.5) or an ISO date (2026-01-31)',
  unexpectedCharacter: 'Unexpected character %{char} at position %{position}',
  unexpectedQuote: 'Unexpected character %{char} at position %{position}; strings use double quotes ("text")',

  // ---- the parser: `what` is a phrase of `expecting`, `found` a token as written or `endOfQuery`
  expected: 'Expected %{what} at position %{position} but found %{found}',
  expectedAfter: 'Expected %{what} after %{after} at position %{position} but found %{found}',
  expectedNote: 'Expected %{what} at position %{position} but found %{found} (%{note})',
  expectedAfterNote: 'Expected %{what} after %{after} at position %{position} but found %{found} (%{note})',
  /** What the parser expected (the `what` of the messages above). */
  expecting: {
    andOrEnd: '"and", "or" or the end of the query',
    closeGroup: '")", "and" or "or"',
    field: 'a field',
    condition: 'a condition (a field, "not", "(" or SEARCH("…"))',
    quotedString: 'a quoted string',
    closeSearch: '")" to close SEARCH(',
    name: 'a name (a word or a quoted string)',
    in: '"in"',
    listStart: '"(" to start the list of values',
    listNext: '"," or ")" in the list of values',
    operator: 'an operator (%{operators})',
    value: 'a value',
    closeNow: '")" after "now("',
    duration: 'a duration such as 3d (units m, h, d, w)',
  },
  /** Why, after the found token (the `note` of the messages above). */
  notes: {
    unmatchedClose: 'this ")" has no matching "("',
    unclosedGroup: 'the "(" at position %{position} is not closed',
    nowIsValue: 'now() is a value, not a field',
    notIn: 'a field can be followed by "not in"',
    durationOnlyInNow: 'a duration is allowed only in now() - 3d or now() + 3d',
  },
  endOfQuery: 'end of query',
  tooDeep:
    'The query is nested too deeply at position %{position}; expected at most %{max} levels of parentheses or "not"',
  dateOutOfRange: 'Date %{date} at position %{position} is outside the years 1 to 9999 once its zone offset is applied',
  invalidDate:
    'Invalid date %{date} at position %{position}; expected a real calendar date such as 2026-01-31 or 2026-01-31T10:00:00Z',
  numberTooLarge: 'The number at position %{position} is too large; expected a number below 1e308',
  tooLong: 'The query is too long (%{length} characters); expected at most %{max}',

  // ---- the compiler (server/query/compile.ts): fields, tags and values of a list
  unknownTag: 'Unknown tag %{tag} at position %{position}; expected one of the %{context} tags: %{tags}',
  unknownTagSuggest:
    'Unknown tag %{tag} at position %{position} (did you mean %{suggestion}?); expected one of the %{context} tags: %{tags}',
  /** The tags of a list that has none (yet, or none the caller may see). */
  noTags: '(none)',
  hiddenField: 'You cannot query %{field} (position %{position}): it needs the %{permission} permission',
  /** Two alternatives (a field's permissions); a longer choice nests: `a or (b or c)`. */
  either: '%{first} or %{second}',
  unknownField: 'Unknown field %{field} at position %{position}; expected a field of %{list}: %{fields}',
  unknownFieldSuggest:
    'Unknown field %{field} at position %{position} (did you mean %{suggestion}?); expected a field of %{list}: %{fields}',
  /** The fields of a list with per-parameter families (pm1Value … pressureValue) folded. */
  fieldsWithParams: '%{fields} (<param> is one of %{params})',
  /** The lists' rows, by catalogue entity (`a field of sensors`, `the installations tags`). */
  lists: {
    sensors: 'sensors',
    installations: 'installations',
    contractors: 'contractors',
    requests: 'installation requests',
    'sensor-models': 'sensor models',
  },
  textOperator:
    'Operator "%{op}" needs a text field, but %{field} (position %{position}) is %{type} field; expected =, != or in',
  compareOperator:
    'Operator "%{op}" cannot compare %{field} (position %{position}), %{type} field; expected =, !=, in or not in',
  /** A field's type, as in "is an integer field". */
  fieldTypes: {
    integer: 'an integer',
    number: 'a number',
    string: 'a string',
    boolean: 'a boolean',
    date: 'a date',
    datetime: 'a datetime',
    enum: 'an enum',
    set: 'a set',
  },
  nullOperator: 'null cannot be used with "%{op}" at position %{position}; expected = null or != null',
  mismatch: 'Expected %{expected} for %{field} at position %{position} but found %{found}',
  /** The values a field of each type takes (the `expected` of `mismatch`). */
  valuesOfType: {
    integer: 'a whole number',
    number: 'a number',
    string: 'a "string" or a word',
    boolean: 'true or false',
    date: 'a date (2026-01-31) or now()',
    datetime: 'a date (2026-01-31), a date-time (2026-01-31T10:00:00Z) or now() - 3d',
    enum: 'one of the listed values',
    set: 'one of the listed values',
    integerRange: 'a whole number between %{min} and %{max}',
  },
  /** A value as found (the `found` of `mismatch`); booleans, null and now() are shown as written. */
  foundValue: {
    string: 'the string %{value}',
    word: 'the word %{value}',
    number: 'the number %{value}',
    date: 'the date %{value}',
  },
  durationTooLarge: 'The duration at position %{position} is too large; expected a time between the years 1 and 9999',
  unknownValue: 'Unknown value %{value} for %{field} at position %{position}; expected one of: %{values}',
} as const;

/** `a.b.c` for every message of a nested table. */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A message's name inside `query.errors` (`expected`, `expecting.value`). */
export type QueryErrorName = Leaves<typeof QUERY_ERROR_TEXTS>;
/** The catalogue key of a query message (`query.errors.expected`). */
export type QueryErrorKey = `query.errors.${QueryErrorName}`;
export const QUERY_ERRORS_PREFIX = 'query.errors.';

/** A value in a query message: a number, a literal text, a message, or a list of texts and messages. */
export type QueryMessageValue = string | number | QueryMessage | readonly (string | QueryMessage)[];

export interface QueryMessage {
  readonly key: QueryErrorKey;
  readonly values?: Readonly<Record<string, QueryMessageValue>>;
  /** The English text, filled in: the error's `message`. */
  readonly en: string;
}

/** How the items of a list value are written, in English and Polish alike. */
export const LIST_SEPARATOR = ', ';

/** The English text of a message name, or undefined for an unknown name. */
export function queryErrorText(name: string): string | undefined {
  let at: unknown = QUERY_ERROR_TEXTS;
  for (const part of name.split('.'))
    at = at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined;
  return typeof at === 'string' ? at : undefined;
}

/** Every message name of the table. */
export const QUERY_ERROR_NAMES: readonly QueryErrorName[] = (function names(table: object, prefix: string): string[] {
  return Object.entries(table).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : names(v, `${prefix}${k}.`)));
})(QUERY_ERROR_TEXTS, '') as QueryErrorName[];

/** A value as written in a message, each message in it written by `message`. */
export function writeValue(v: QueryMessageValue, message: (m: QueryMessage) => string): string | number {
  if (typeof v === 'string' || typeof v === 'number') return v;
  if (isList(v)) return v.map((item) => (typeof item === 'string' ? item : message(item))).join(LIST_SEPARATOR);
  return message(v);
}

const isList = (v: QueryMessageValue): v is readonly (string | QueryMessage)[] => Array.isArray(v);

/** Fills `%{name}` in a message text with the values' English. */
export function fillQueryText(text: string, values: Readonly<Record<string, QueryMessageValue>> = {}): string {
  return text.replace(/%\{(\w+)\}/g, (all, name: string) => {
    const v = values[name];
    return v === undefined ? all : String(writeValue(v, (m) => m.en));
  });
}

/** A query message by name, with its English filled in. */
export function queryMessage(name: QueryErrorName, values?: Readonly<Record<string, QueryMessageValue>>): QueryMessage {
  const text = queryErrorText(name)!;
  const key: QueryErrorKey = `query.errors.${name}`;
  return values ? { key, values, en: fillQueryText(text, values) } : { key, en: text };
}

/**
 * True for a well-formed query message with a known key (the console checks what a server answer
 * carries before it translates it).
 */
export function isQueryMessage(v: unknown): v is QueryMessage {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const m = v as { key?: unknown; values?: unknown; en?: unknown };
  if (typeof m.en !== 'string' || typeof m.key !== 'string' || !m.key.startsWith(QUERY_ERRORS_PREFIX)) return false;
  if (queryErrorText(m.key.slice(QUERY_ERRORS_PREFIX.length)) === undefined) return false;
  if (m.values === undefined) return true;
  if (!m.values || typeof m.values !== 'object' || Array.isArray(m.values)) return false;
  return Object.values(m.values).every(
    (x) =>
      typeof x === 'string' ||
      typeof x === 'number' ||
      isQueryMessage(x) ||
      (Array.isArray(x) && x.every((i) => typeof i === 'string' || isQueryMessage(i))),
  );
}

/**
 * The keyed message of an error answer, `{status, message, messageKey, messageValues}` (the server
 * adds the two optional fields to a query-language 400), when it carries a well-formed one whose
 * key this build knows; otherwise undefined and the answer's `message` is all there is.
 */
export function answeredQueryMessage(body: unknown): QueryMessage | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as { message?: unknown; messageKey?: unknown; messageValues?: unknown };
  const m = { key: b.messageKey, en: b.message, ...(b.messageValues !== undefined ? { values: b.messageValues } : {}) };
  return isQueryMessage(m) ? m : undefined;
}
