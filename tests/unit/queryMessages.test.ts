/**
 * The query language's keyed error messages (issue 8): every error the lexer, parser and compiler
 * raise carries a `query.errors.*` message whose key is in the English and Polish catalogues, and
 * the catalogue's English filled with the message's values is exactly the error's message (so the
 * two cannot drift); random input only ever yields such messages.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CONTRACTOR_CATALOGUE,
  INSTALLATION_CATALOGUE,
  QUERY_ERROR_NAMES,
  QUERY_ERROR_TEXTS,
  QueryError,
  REQUEST_CATALOGUE,
  SENSOR_CATALOGUE,
  isQueryMessage,
  parseQuery,
  type QueryErrorName,
  type QueryMessage,
} from '../../common/query';
import { ENTITIES } from '../../common/entities';
import { PermissionSet } from '../../common/permissions';
import { compileQuery, serverCatalogue } from '../../server/query/compile';
import { CONTRACTOR_COLUMNS } from '../../server/services/main/contractors/repository';
import { INSTALLATION_COLUMNS } from '../../server/services/main/installations/repository';
import { REQUEST_COLUMNS } from '../../server/services/main/requests/repository';
import { SENSOR_COLUMNS } from '../../server/services/main/sensors/repository';
import { installationTagValues, installations } from '../../server/db/schema';
import { en } from '../../src/i18n/en';
import { pl } from '../../src/i18n/pl';
import { i18nProvider } from '../../src/i18n';
import { translateQueryMessage } from '../../src/components/query/queryMessages';
import { lookup } from './i18nScan';

const NOW = new Date('2026-11-01T12:00:00Z');
const cats = {
  sensors: serverCatalogue(SENSOR_CATALOGUE, SENSOR_COLUMNS, { now: NOW }),
  installations: serverCatalogue(INSTALLATION_CATALOGUE, INSTALLATION_COLUMNS, {
    now: NOW,
    tags: [{ id: 10, name: 'Mounting', type: 'ENUM', values: ['Balcony', 'Roof', 'Wall'] }],
    tagValues: { table: installationTagValues, rowId: installations.id },
  }),
  /** Without the contact permissions: contactFullName and friends are hidden. */
  installationsRestricted: serverCatalogue(INSTALLATION_CATALOGUE, INSTALLATION_COLUMNS, {
    now: NOW,
    permissions: new PermissionSet(['view_installations']),
  }),
  contractors: serverCatalogue(CONTRACTOR_CATALOGUE, CONTRACTOR_COLUMNS, { now: NOW }),
  requests: serverCatalogue(REQUEST_CATALOGUE, REQUEST_COLUMNS, { now: NOW }),
};
type CatName = keyof typeof cats;

/** The error a query raises, parsed (no catalogue) or compiled against a list. */
function errorOf(text: string, cat?: CatName): QueryError {
  try {
    if (cat) compileQuery(text, cats[cat]);
    else parseQuery(text);
  } catch (e) {
    if (e instanceof QueryError) return e;
    throw e;
  }
  throw new Error(`no error for ${text}`);
}

/** The message names a message uses, its own and those of the messages inside it. */
function namesIn(m: QueryMessage): string[] {
  const inner = Object.values(m.values ?? {}).flatMap((v) =>
    typeof v === 'object' ? (Array.isArray(v) ? v : [v]).filter((x) => typeof x === 'object') : [],
  ) as QueryMessage[];
  return [m.key.replace(/^query\.errors\./, ''), ...inner.flatMap(namesIn)];
}

const englishFill = (m: QueryMessage) => translateQueryMessage(i18nProvider.translate, m);

/** One query per message: [query, list (none: the parser alone), the error's key]. */
const SAMPLES: [string, CatName | undefined, QueryErrorName][] = [
  // lexer
  ['id ! 1', undefined, 'unexpectedBang'],
  ['name = "a\\qb"', undefined, 'invalidEscape'],
  ['name = "abc', undefined, 'unterminatedString'],
  ['lastMeasurement < now() - 3y', undefined, 'invalidDuration'],
  ['id = 12abc', undefined, 'invalidNumber'],
  ['id = #', undefined, 'unexpectedCharacter'],
  ["name = 'x'", undefined, 'unexpectedQuote'],
  // parser
  ['id = 1 x', undefined, 'expected'],
  ['id = 1 )', undefined, 'expectedNote'],
  ['(id = 1', undefined, 'expectedNote'],
  ['now() = 1', undefined, 'expectedNote'],
  ['id =', undefined, 'expectedAfter'],
  ['id not = 1', undefined, 'expectedAfterNote'],
  ['id = 1 and', undefined, 'expectedAfter'],
  ['SEARCH(x)', undefined, 'expectedAfter'],
  ['SEARCH("x"', undefined, 'expected'],
  ['tag. = 1', undefined, 'expectedAfter'],
  ['id in 1', undefined, 'expectedAfter'],
  ['id in (1 2)', undefined, 'expected'],
  ['id 1', undefined, 'expectedAfter'],
  ['id = )', undefined, 'expectedAfter'],
  ['id = 3d', undefined, 'expectedAfterNote'],
  ['lastMeasurement < now(1)', undefined, 'expected'],
  ['lastMeasurement < now() - 1', undefined, 'expectedAfter'],
  [`${'('.repeat(70)}id = 1`, undefined, 'tooDeep'],
  ['installationDate > 0001-01-01T00:00:00+01:00', undefined, 'dateOutOfRange'],
  ['installationDate > 2026-02-30', undefined, 'invalidDate'],
  ['id = 1e400', undefined, 'numberTooLarge'],
  ['x'.repeat(4001), undefined, 'tooLong'],
  // compiler
  ['tag.Roof = 1', 'contractors', 'unknownTag'],
  ['tag.Mountin = Roof', 'installations', 'unknownTagSuggest'],
  ['contactFullName = "x"', 'installationsRestricted', 'hiddenField'],
  ['colour = 1', 'sensors', 'unknownField'],
  ['statu = Ready', 'sensors', 'unknownFieldSuggest'],
  ['colour = 1', 'installations', 'unknownField'],
  ['colour = 1', 'requests', 'unknownField'],
  ['id ~ "1"', 'sensors', 'textOperator'],
  ['latitude ~ "1"', 'installations', 'textOperator'],
  ['isVisible ~ "1"', 'installations', 'textOperator'],
  ['endOfDeal ~ "1"', 'contractors', 'textOperator'],
  ['lastMeasurement ~ "1"', 'installations', 'textOperator'],
  ['status ~ "1"', 'sensors', 'textOperator'],
  ['measured ~ "1"', 'installations', 'textOperator'],
  ['status > Ready', 'sensors', 'compareOperator'],
  ['id > null', 'sensors', 'nullOperator'],
  ['id = "x"', 'sensors', 'mismatch'],
  ['id = abc', 'sensors', 'mismatch'],
  ['id = 2026-01-31', 'sensors', 'mismatch'],
  ['id = 3000000000', 'sensors', 'mismatch'],
  ['latitude = "x"', 'installations', 'mismatch'],
  ['city = true', 'installations', 'mismatch'],
  ['isVisible = 5', 'installations', 'mismatch'],
  ['endOfDeal = 5', 'contractors', 'mismatch'],
  ['lastMeasurement = 5', 'installations', 'mismatch'],
  ['status = true', 'sensors', 'mismatch'],
  ['measured = true', 'installations', 'mismatch'],
  ['lastMeasurement > now() - 99999999w', 'installations', 'durationTooLarge'],
  ['status = Banana', 'sensors', 'unknownValue'],
];

/**
 * Names no error uses today, each with its reason: `~` refuses every type but text, and ordering
 * refuses only booleans, enums and sets, so no message names a string field's type; the
 * sensor-model list has no tags and no query editor (its name is checked against its declaration).
 */
const UNUSED: Partial<Record<QueryErrorName, string>> = {
  'fieldTypes.string': 'no operator refuses a text field',
  'lists.sensor-models': 'not one of the lists compiled here',
};

describe('keyed query errors', () => {
  it.each(SAMPLES)('%j (%s) raises %s, whose English fill is its message', (text, cat, key) => {
    const e = errorOf(text, cat);
    expect(e.msg.key).toBe(`query.errors.${key}`);
    expect(e.message).toBe(e.msg.en);
    expect(isQueryMessage(e.msg)).toBe(true);
    expect(englishFill(e.msg)).toBe(e.message);
    // what the server answered before messages were keyed: the English is unchanged
    expect(e.message).toMatch(/position \d+|too long/);
  });

  it('the samples reach every message and phrase of the table', () => {
    const reached = new Set(SAMPLES.flatMap(([text, cat]) => namesIn(errorOf(text, cat).msg)));
    const missing = QUERY_ERROR_NAMES.filter((n) => !reached.has(n) && !UNUSED[n]);
    expect(missing).toEqual([]);
    for (const n of Object.keys(UNUSED)) expect(reached.has(n), n).toBe(false);
  });

  it('every message of the table is in the English catalogue, as it is', () => {
    expect(QUERY_ERROR_NAMES.length).toBeGreaterThan(60);
    for (const n of QUERY_ERROR_NAMES) expect(lookup(en, `query.errors.${n}`)).toBe(lookup(QUERY_ERROR_TEXTS, n));
  });

  it('every message of the table is translated in the Polish catalogue', () => {
    const untranslated = QUERY_ERROR_NAMES.filter((n) => typeof lookup(pl, `query.errors.${n}`) !== 'string');
    expect(untranslated).toEqual([]);
  });

  it('Polish fills every value of each sample, its phrases translated too', async () => {
    await i18nProvider.changeLocale('pl');
    try {
      for (const [text, cat] of SAMPLES) {
        const e = errorOf(text, cat);
        const polish = translateQueryMessage(i18nProvider.translate, e.msg);
        expect(polish, text).not.toMatch(/%\{/);
        expect(polish, text).not.toBe(e.message);
      }
      expect(translateQueryMessage(i18nProvider.translate, errorOf('id =').msg)).toBe(
        'Oczekiwano wartości po "=" na pozycji 4, a znaleziono koniec zapytania',
      );
      expect(
        translateQueryMessage(i18nProvider.translate, errorOf('contactFullName = 1', 'installationsRestricted').msg),
      ).toBe(
        'Nie możesz używać pola contactFullName w zapytaniu (pozycja 0): wymaga ono uprawnienia view_contact lub view_contact_name',
      );
      expect(translateQueryMessage(i18nProvider.translate, errorOf('status = Banana', 'sensors').msg)).toMatch(
        /^Nieznana wartość "Banana" pola status na pozycji 9; oczekiwano jednej z: InProduction, Ready, /,
      );
      expect(translateQueryMessage(i18nProvider.translate, errorOf('id = "x"', 'sensors').msg)).toBe(
        'Oczekiwano liczby całkowitej dla pola id na pozycji 5, a znaleziono tekst "x"',
      );
      expect(translateQueryMessage(i18nProvider.translate, errorOf('colour = 1', 'installations').msg)).toMatch(
        /^Nieznane pole "colour" na pozycji 0; oczekiwano pola instalacji: id, .*, tag\.<name> \(<param> to jedno z: pm1, /,
      );
    } finally {
      await i18nProvider.changeLocale('en');
    }
  });

  it('names every list that has a query language, in the English of its declaration', () => {
    const lists: Record<string, string> = QUERY_ERROR_TEXTS.lists;
    for (const e of ENTITIES) if (e.query) expect(lists[e.query.entity], e.name).toBe(e.query.label);
  });

  it('keeps the English of the messages that name lists, permissions and values', () => {
    expect(errorOf('contactFullName = "x"', 'installationsRestricted').message).toBe(
      'You cannot query contactFullName (position 0): it needs the view_contact or view_contact_name permission',
    );
    expect(errorOf('tag.Roof = 1', 'contractors').message).toBe(
      'Unknown tag "Roof" at position 0; expected one of the contractors tags: (none)',
    );
    expect(errorOf('id = 3000000000', 'sensors').message).toBe(
      'Expected a whole number between -2147483648 and 2147483647 for id at position 5 but found the number 3000000000',
    );
    expect(errorOf('name = "a\\qb"').message).toBe(
      'Invalid escape "\\q" at position 9; expected \\" or \\\\ after a backslash',
    );
  });

  const FRAGMENTS = [
    'status',
    'id',
    'latitude',
    'lastMeasurement',
    'measured',
    'contactFullName',
    'tag.Mounting',
    'tag.Mountin',
    'colour',
    '=',
    '~',
    '<',
    'in',
    'not',
    'and',
    '(',
    ')',
    ',',
    '"x"',
    '"',
    '\\',
    "'",
    'now()',
    '-',
    '3d',
    '3y',
    '1',
    '3000000000',
    '2026-02-30',
    'true',
    'null',
    'Ready',
    'Roof',
    'SEARCH(',
    '#',
  ];
  const queryish = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 8 }).map((p) => p.join(' '));
  const names = Object.keys(cats) as CatName[];

  it('random input: every error is keyed, its English fill is its message', () => {
    fc.assert(
      fc.property(fc.oneof(queryish, fc.string({ maxLength: 30 })), fc.constantFrom(...names), (text, cat) => {
        let error: unknown;
        try {
          compileQuery(text, cats[cat]);
        } catch (e) {
          error = e;
        }
        if (error === undefined) return;
        expect(error).toBeInstanceOf(QueryError);
        const { msg, message } = error as QueryError;
        expect(isQueryMessage(msg)).toBe(true);
        expect(englishFill(msg)).toBe(message);
      }),
      { numRuns: 1500 },
    );
  });
});
