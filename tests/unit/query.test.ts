/**
 * The query language: parser (valid and invalid queries with messages and positions), printer
 * round trips, editor helpers (tokenize, completions) and the SQL compiler — plus property tests
 * that random input only ever yields a QueryError (or a 400) and that print → parse is identity.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  CONTRACTOR_CATALOGUE,
  INSTALLATION_CATALOGUE,
  QUERY_EXAMPLES,
  QueryError,
  REQUEST_CATALOGUE,
  SENSOR_CATALOGUE,
  answeredQueryMessage,
  completions,
  isKeyword,
  parseQuery,
  printQuery,
  tokenize,
  withTags,
  type Expr,
  type FieldRef,
  type Span,
  type Value,
} from '../../common/query';
import { searchExpression } from '../../common/search';
import { PermissionSet } from '../../common/permissions';
import { toErrorBody } from '../../server/http/errors';
import { compileAst, compileQuery, serverCatalogue, type ServerCatalogue } from '../../server/query/compile';
import { CONTRACTOR_COLUMNS } from '../../server/services/main/contractors/repository';
import { INSTALLATION_COLUMNS } from '../../server/services/main/installations/repository';
import { REQUEST_COLUMNS } from '../../server/services/main/requests/repository';
import { SENSOR_COLUMNS } from '../../server/services/main/sensors/repository';
import { installationTagValues, installations, sensorTagValues, sensors } from '../../server/db/schema';

// ------------------------------------------------------------------ helpers

/** The AST without positions. */
function strip(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strip);
  if (node && typeof node === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) if (k !== 'span') out[k] = strip(v);
    return out;
  }
  return node;
}

function errorOf(fn: () => unknown): QueryError {
  try {
    fn();
  } catch (e) {
    if (e instanceof QueryError) return e;
    throw e;
  }
  throw new Error('expected a QueryError');
}

const dialect = new PgDialect();
const render = (s: ReturnType<typeof compileAst>) => dialect.sqlToQuery(s);

const NOW = new Date('2026-11-01T12:00:00Z');
const INSTALLATION_TAGS = [
  { id: 10, name: 'Mounting', type: 'ENUM', values: ['Balcony', 'Roof', 'Wall'] },
  { id: 11, name: 'Height above ground (m)', type: 'FLOAT' },
  { id: 12, name: 'Near busy road', type: 'BOOLEAN' },
  { id: 13, name: 'Site owner', type: 'STRING' },
];
const cats = {
  sensors: serverCatalogue(SENSOR_CATALOGUE, SENSOR_COLUMNS, {
    now: NOW,
    tags: [{ id: 5, name: 'Heated inlet', type: 'BOOLEAN' }],
    tagValues: { table: sensorTagValues, rowId: sensors.id },
  }),
  installations: serverCatalogue(INSTALLATION_CATALOGUE, INSTALLATION_COLUMNS, {
    now: NOW,
    tags: INSTALLATION_TAGS,
    tagValues: { table: installationTagValues, rowId: installations.id },
  }),
  contractors: serverCatalogue(CONTRACTOR_CATALOGUE, CONTRACTOR_COLUMNS, { now: NOW }),
  requests: serverCatalogue(REQUEST_CATALOGUE, REQUEST_COLUMNS, { now: NOW }),
};
const compile = (cat: ServerCatalogue, text: string) => render(compileAst(parseQuery(text)!, cat));

// ------------------------------------------------------------------ parser: valid queries

describe('parser: valid queries', () => {
  it('accepts the examples of the specification verbatim', () => {
    for (const q of [
      'state in (HOLD, WAITING)',
      'state in (DONE, REJECTED)',
      'SEARCH("text")',
      'isVisible = true and lastMeasurement < now() - 3d',
      'communication in (GSM, WIFI)',
    ]) {
      expect(printQuery(parseQuery(q))).toBe(q);
    }
  });

  it.each([
    // [input, canonical form]
    ['status = Installed', 'status = Installed'],
    ['status  !=  "Ready"', 'status != "Ready"'],
    ['id < 10 AND id >= 2', 'id < 10 and id >= 2'],
    ['id <= 10 Or id > 2', 'id <= 10 or id > 2'],
    ['NOT status IN (Installed,Ready)', 'not status in (Installed, Ready)'],
    ['status NOT IN (Lost)', 'status not in (Lost)'],
    ['name ~ "smog" and name !~ "test"', 'name ~ "smog" and name !~ "test"'],
    ['(a = 1 or b = 2) and c = 3', '(a = 1 or b = 2) and c = 3'],
    ['a = 1 or (b = 2 and c = 3)', 'a = 1 or b = 2 and c = 3'],
    ['((a = 1))', 'a = 1'],
    ['a = 1 and (b = 2 and c = 3)', 'a = 1 and (b = 2 and c = 3)'],
    ['not (a = 1 or b = 2)', 'not (a = 1 or b = 2)'],
    ['not not a = 1', 'not not a = 1'],
    ['x = -5', 'x = -5'],
    ['x = - 2.5e3', 'x = -2500'],
    ['x = null and y != NULL', 'x = null and y != null'],
    ['x = TRUE or y = False', 'x = true or y = false'],
    ['d >= 2026-01-31', 'd >= 2026-01-31'],
    ['d < 2026-01-31T10:00:00Z', 'd < 2026-01-31T10:00:00Z'],
    ['d < "2026-01-31"', 'd < "2026-01-31"'],
    ['d > NOW()', 'd > now()'],
    ['d > now()+1h', 'd > now() + 1h'],
    ['d > now() - 15m or d < now() - 2w', 'd > now() - 15m or d < now() - 2w'],
    ['tag.Mounting = Balcony', 'tag.Mounting = Balcony'],
    ['tag."Roof type" = "flat"', 'tag."Roof type" = "flat"'],
    ['tag."and" = 1', 'tag."and" = 1'],
    ['tag.and = 1', 'tag."and" = 1'],
    ['pm25Value > 50.5', 'pm25Value > 50.5'],
    ['search("a \\"quoted\\" \\\\ word")', 'SEARCH("a \\"quoted\\" \\\\ word")'],
    ['SEARCH("") and id = 1', 'SEARCH("") and id = 1'],
    ['city = Kraków', 'city = Kraków'],
    [
      'city in (Bielsko-Biała, "Zielona Góra") and tag."SIM operator" = T-Mobile',
      'city in (Bielsko-Biała, "Zielona Góra") and tag."SIM operator" = T-Mobile',
    ],
    ['d > now()-3d', 'd > now() - 3d'],
    ['search = 1', 'search = 1'],
    ['x = now', 'x = now'],
    ['  \n status\t=\nReady  ', 'status = Ready'],
  ])('%s', (input, canonical) => {
    const ast = parseQuery(input);
    expect(printQuery(ast)).toBe(canonical);
    expect(strip(parseQuery(canonical))).toEqual(strip(ast));
  });

  it('returns null for a blank query', () => {
    expect(parseQuery('')).toBeNull();
    expect(parseQuery('  \n ')).toBeNull();
  });

  it('binds and tighter than or, left to right', () => {
    const ast = parseQuery('a = 1 or b = 2 and c = 3 or d = 4') as Expr;
    expect(ast.kind).toBe('or');
    const or = ast as Extract<Expr, { kind: 'or' }>;
    expect(or.left.kind).toBe('or');
    expect((or.left as Extract<Expr, { kind: 'or' }>).right.kind).toBe('and');
    expect(or.right.kind).toBe('compare');
  });

  it('records positions of nodes, fields and values', () => {
    const ast = parseQuery('isVisible = true and lastMeasurement < now() - 3d') as Extract<Expr, { kind: 'and' }>;
    expect(ast.span).toEqual({ start: 0, end: 49 });
    const right = ast.right as Extract<Expr, { kind: 'compare' }>;
    expect(right.field).toEqual({ path: ['lastMeasurement'], span: { start: 21, end: 36 } });
    expect(right.value).toEqual({
      kind: 'now',
      offset: { sign: -1, amount: 3, unit: 'd' },
      span: { start: 39, end: 49 },
    });
  });

  it('reads every kind of value', () => {
    const ast = parseQuery('x in (1, -2.5, "s", true, null, Word, 2026-01-31, now(), now() + 2w)') as Extract<
      Expr,
      { kind: 'in' }
    >;
    expect(strip(ast.values)).toEqual([
      { kind: 'number', value: 1 },
      { kind: 'number', value: -2.5 },
      { kind: 'string', value: 's' },
      { kind: 'boolean', value: true },
      { kind: 'null' },
      { kind: 'word', value: 'Word' },
      { kind: 'date', value: '2026-01-31' },
      { kind: 'now', offset: null },
      { kind: 'now', offset: { sign: 1, amount: 2, unit: 'w' } },
    ]);
  });

  it('wraps plain search text with common/search so that it parses back to the same text', () => {
    for (const text of ['Kraków', 'a "quote"', 'back\\slash', "'; drop table sensors; --"]) {
      const ast = parseQuery(searchExpression(text)) as Extract<Expr, { kind: 'search' }>;
      expect(ast).toMatchObject({ kind: 'search', text });
    }
  });
});

// ------------------------------------------------------------------ parser: invalid queries

describe('parser: invalid queries', () => {
  it.each([
    ['status =', 8, 'Expected a value after "=" at position 8 but found end of query'],
    ['status in (Installed,', 21, 'Expected a value after "," at position 21 but found end of query'],
    [
      'status in Installed',
      10,
      'Expected "(" to start the list of values after "in" at position 10 but found "Installed"',
    ],
    [
      '(id = 1',
      7,
      'Expected ")", "and" or "or" at position 7 but found end of query (the "(" at position 0 is not closed)',
    ],
    [
      'id = 1)',
      6,
      'Expected "and", "or" or the end of the query at position 6 but found ")" (this ")" has no matching "(")',
    ],
    ["name = 'x'", 7, 'Unexpected character "\'" at position 7; strings use double quotes ("text")'],
    [
      'lastMeasurement < now() - 3y',
      26,
      'Invalid duration "3y" at position 26; expected a whole number followed by a unit m, h, d or w (such as 3d)',
    ],
    ['name = "abc', 7, 'Unterminated string starting at position 7; expected a closing "'],
    [
      'lastMeasurement < now() - 3',
      26,
      'Expected a duration such as 3d (units m, h, d, w) after "-" at position 26 but found "3"',
    ],
    ['id == 1', 4, 'Expected a value after "=" at position 4 but found "="'],
    [
      'installationDate = 2026-02-30',
      19,
      'Invalid date "2026-02-30" at position 19; expected a real calendar date such as 2026-01-31 or 2026-01-31T10:00:00Z',
    ],
    ['= 1', 0, 'Expected a condition (a field, "not", "(" or SEARCH("…")) at position 0 but found "="'],
    ['id = 1 status = Ready', 7, 'Expected "and", "or" or the end of the query at position 7 but found "status"'],
    [
      'not',
      3,
      'Expected a condition (a field, "not", "(" or SEARCH("…")) after "not" at position 3 but found end of query',
    ],
    [
      'id = 1 and',
      10,
      'Expected a condition (a field, "not", "(" or SEARCH("…")) after "and" at position 10 but found end of query',
    ],
    [
      'status not = Ready',
      11,
      'Expected "in" after "not" at position 11 but found "=" (a field can be followed by "not in")',
    ],
    ['name = "a\\q"', 9, 'Invalid escape "\\q" at position 9; expected \\" or \\\\ after a backslash'],
    ['tag. = 1', 5, 'Expected a name (a word or a quoted string) after "." at position 5 but found "="'],
    [
      'id = 3d',
      5,
      'Expected a value after "=" at position 5 but found "3d" (a duration is allowed only in now() - 3d or now() + 3d)',
    ],
    ['SEARCH(text)', 7, 'Expected a quoted string after "(" at position 7 but found "text"'],
    ['SEARCH("x"', 10, 'Expected ")" to close SEARCH( at position 10 but found end of query'],
    ['now() = 1', 0, 'Expected a field at position 0 but found "now" (now() is a value, not a field)'],
    ['id = now(', 9, 'Expected ")" after "now(" at position 9 but found end of query'],
    ['status in ()', 11, 'Expected a value after "(" at position 11 but found ")"'],
    ['#', 0, 'Unexpected character "#" at position 0'],
    ['id ! 1', 3, 'Unexpected character "!" at position 3; expected "!=" or "!~"'],
    [
      'id = 12abc',
      5,
      'Invalid number or date "12abc" at position 5; expected a number (12, 2.5) or an ISO date (2026-01-31)',
    ],
    ['id = 1e999', 5, 'The number at position 5 is too large; expected a number below 1e308'],
    [
      `${'('.repeat(70)}id = 1${')'.repeat(70)}`,
      64,
      'The query is nested too deeply at position 64; expected at most 64 levels of parentheses or "not"',
    ],
  ])('%s', (input, position, message) => {
    const e = errorOf(() => parseQuery(input));
    expect(e.message).toBe(message);
    expect(e.position).toBe(position);
    expect(e.message).toContain(`position ${position}`);
  });

  it('says what was expected in a machine-readable list', () => {
    expect(errorOf(() => parseQuery('status')).expected).toEqual([
      '=',
      '!=',
      '<',
      '<=',
      '>',
      '>=',
      '~',
      '!~',
      'in',
      'not in',
    ]);
    expect(errorOf(() => parseQuery('a = 1 b')).expected).toEqual(['and', 'or']);
  });

  it('refuses a very long query', () => {
    expect(errorOf(() => parseQuery(`SEARCH("${'x'.repeat(5000)}")`)).message).toMatch(/too long/);
  });
});

// ------------------------------------------------------------------ editor helpers

describe('tokenize', () => {
  it('classifies every token for highlighting', () => {
    const tokens = tokenize(
      'status in (Installed, Ready) and tag."Roof type" != "x" or lastMeasurement < now() - 3d and not SEARCH("a") \'',
    );
    expect(tokens.map((t) => `${t.kind}:${t.text}`)).toEqual([
      'field:status',
      'keyword:in',
      'punctuation:(',
      'word:Installed',
      'punctuation:,',
      'word:Ready',
      'punctuation:)',
      'keyword:and',
      'field:tag',
      'field:.',
      'field:"Roof type"',
      'operator:!=',
      'string:"x"',
      'keyword:or',
      'field:lastMeasurement',
      'operator:<',
      'function:now',
      'punctuation:(',
      'punctuation:)',
      'operator:-',
      'number:3d',
      'keyword:and',
      'keyword:not',
      'function:SEARCH',
      'punctuation:(',
      'string:"a"',
      'punctuation:)',
      "error:'",
    ]);
    expect(tokens.at(-1)!.message).toMatch(/position 108/);
  });

  it('marks a half-typed string as an error token with the lexer message', () => {
    const [, , last] = tokenize('name = "unfinished');
    expect(last).toMatchObject({ kind: 'error', start: 7, end: 18 });
    expect(last!.message).toMatch(/Unterminated string/);
  });

  it('never throws and covers the text in order', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (text) => {
        const tokens = tokenize(text);
        let at = 0;
        for (const t of tokens) {
          expect(t.start).toBeGreaterThanOrEqual(at);
          expect(t.end).toBeGreaterThan(t.start);
          expect(text.slice(t.start, t.end)).toBe(t.text);
          at = t.end;
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('completions', () => {
  const cat = withTags(INSTALLATION_CATALOGUE, INSTALLATION_TAGS);
  const labels = (text: string, cursor = text.length, c = cat) =>
    completions(text, cursor, c).items.map((i) => i.label);

  it('offers field names at the start of a condition, filtered by the typed prefix', () => {
    expect(labels('isVis')).toEqual(['isVisible']);
    expect(completions('id = 1 and isVis', 16, cat)).toMatchObject({ from: 11, to: 16 });
    expect(labels('')).toContain('installationId');
    expect(labels('')).toContain('SEARCH("…")');
  });

  it('does not offer a keyword that is already typed in full ("and" right after "and")', () => {
    expect(labels('id = 1 and')).not.toContain('and');
    expect(labels('id = 1 or')).not.toContain('or');
    expect(labels('id = 1 an')).toEqual(['and']);
    expect(labels('status in')).toEqual(['not in']);
    // After the space the next condition is offered.
    expect(labels('id = 1 and ')).toContain('installationId');
  });

  it('offers tag fields, quoted when needed', () => {
    const res = completions('tag.He', 6, cat);
    expect(res.from).toBe(0);
    expect(res.items[0]).toMatchObject({
      label: 'tag.Height above ground (m)',
      insert: 'tag."Height above ground (m)"',
    });
  });

  it('offers operators after a field and enum values after an operator or in a list', () => {
    expect(labels('isVisible ')).toEqual(['=', '!=']);
    expect(labels('status = ')).toContain('Installed');
    expect(labels('communication in (GSM, W', undefined, SENSOR_CATALOGUE)).toEqual(['WIFI']);
    expect(labels('tag.Mounting = ')).toEqual(['Balcony', 'Roof', 'Wall', 'null']);
    expect(labels('isVisible = ')).toEqual(['true', 'false', 'null']);
    expect(labels('lastMeasurement < ')).toContain('now() - 1d');
  });

  it('offers and / or after a complete condition, and closers inside lists and groups', () => {
    expect(labels('isVisible = true ')).toEqual(['and', 'or']);
    expect(labels('status in (Installed ')).toEqual([',', ')', 'and', 'or']);
    expect(labels('(status = Installed ')).toEqual(['and', 'or', ')']);
  });

  it('completes at the cursor, not at the end of the text', () => {
    expect(labels('stat and id = 1', 4)).toEqual(['status', 'state', 'stateLocal', 'stateId']);
  });
});

// ------------------------------------------------------------------ compiler

describe('compiler', () => {
  it('compiles the default saved queries to parameterised SQL', () => {
    const q = compile(cats.sensors, 'communication in (GSM, WIFI)');
    expect(q.sql).toBe('"sensors"."communication" in ($1::text, $2::text)');
    expect(q.params).toEqual(['GSM', 'WIFI']);
    const inst = compile(cats.installations, 'isVisible = true and lastMeasurement < now() - 3d');
    expect(inst.sql).toBe(
      '("installations"."is_visible" = $1::boolean and "measurement_summaries"."last_measurement_at" < $2::timestamptz)',
    );
    expect(inst.params).toEqual([true, '2026-10-29T12:00:00.000Z']);
  });

  it('compiles the request queries', () => {
    expect(compile(cats.requests, 'state in (HOLD, WAITING)').params).toEqual(['HOLD', 'WAITING']);
    const s = compile(cats.requests, 'SEARCH("50%_off 12")');
    expect(s.params).toContain('%50\\%\\_off%');
    expect(s.params).toContain('%12%');
    expect(s.params).toContain(12);
    expect(s.sql).toContain('ilike');
  });

  it('keeps every user value out of the SQL text', () => {
    for (const q of [`name = "x' or 1=1"`, `SEARCH("'; drop table sensors; --")`, 'name ~ "a%b_c"']) {
      const r = compile(cats.contractors, q);
      expect(r.sql).not.toMatch(/1=1|drop|a%b/i);
      expect(r.params.length).toBeGreaterThan(0);
    }
  });

  it('maps enum values case-insensitively to their canonical spelling', () => {
    expect(compile(cats.sensors, 'status in (installed, "READY")').params).toEqual(['Installed', 'Ready']);
  });

  it('compiles negations as exact complements that include empty fields', () => {
    expect(compile(cats.contractors, 'name != "a"').sql).toBe('(("contractors"."name" = $1::text) is not true)');
    expect(compile(cats.contractors, 'not type in (ACTION)').sql).toBe(
      '(("contractors"."type" = $1::text) is not true)',
    );
    expect(compile(cats.contractors, 'hsId = null').sql).toBe('"contractors"."hs_id" is null');
    expect(compile(cats.contractors, 'hsId in (null, "1")').sql).toBe(
      '("contractors"."hs_id" = $1::text or "contractors"."hs_id" is null)',
    );
  });

  it('treats a date without a time as the whole day on datetime fields', () => {
    const r = compile(cats.installations, 'installationDate = 2026-01-31');
    expect(r.sql).toBe(
      '("installations"."installation_date" >= $1::timestamptz and "installations"."installation_date" < $2::timestamptz)',
    );
    expect(r.params).toEqual(['2026-01-31T00:00:00.000Z', '2026-02-01T00:00:00.000Z']);
    expect(compile(cats.installations, 'installationDate <= "2026-01-31"').params).toEqual([
      '2026-02-01T00:00:00.000Z',
    ]);
    expect(compile(cats.installations, 'installationDate > 2026-01-31T10:00:00+02:00').params).toEqual([
      '2026-01-31T08:00:00.000Z',
    ]);
    expect(compile(cats.contractors, 'endOfDeal < now() + 1w').params).toEqual(['2026-11-08']);
  });

  it('compiles set membership, contains and tags', () => {
    expect(compile(cats.sensors, 'measured = no2').sql).toBe('"sensors"."measured" @> $1::jsonb');
    expect(compile(cats.sensors, 'measured in (no2, o3)').params).toEqual(['["no2"]', '["o3"]']);
    expect(compile(cats.contractors, 'name ~ "smog"').params).toEqual(['%smog%']);
    const tag = compile(cats.installations, 'tag.mounting = balcony');
    expect(tag.sql).toMatch(
      /^exists \(select 1 from "installation_tag_values" where "installation_tag_values"."installation_id" = "installations"."id" and "installation_tag_values"."tag_id" = \$1::int and/,
    );
    expect(tag.params).toEqual([10, 'Balcony']);
    expect(compile(cats.installations, 'tag."Height above ground (m)" > 10').sql).toContain('::float8');
    expect(compile(cats.installations, 'tag."Near busy road" = null').sql).toMatch(/^\(not exists/);
  });

  it.each([
    ['sensors', 'id = "abc"', 5, 'Expected a whole number for id at position 5 but found the string "abc"'],
    ['sensors', 'id = 1.5', 5, 'Expected a whole number for id at position 5 but found the number 1.5'],
    [
      'sensors',
      'id = 3000000000',
      5,
      'Expected a whole number between -2147483648 and 2147483647 for id at position 5 but found the number 3000000000',
    ],
    [
      'sensors',
      'status = Banana',
      9,
      'Unknown value "Banana" for status at position 9; expected one of: InProduction, Ready, ForInstallation, InShipping, Installed, ContractTerminated, ContractEnded, Suspended, ReviewRequired, ServiceRequired, InRepair, ReadyRepaired, Refurbishment, Lost, Retired',
    ],
    [
      'sensors',
      'status < Ready',
      0,
      'Operator "<" cannot compare status (position 0), an enum field; expected =, !=, in or not in',
    ],
    [
      'sensors',
      'id ~ 1',
      0,
      'Operator "~" needs a text field, but id (position 0) is an integer field; expected =, != or in',
    ],
    [
      'sensors',
      'lastMeasurement = "yesterday"',
      18,
      'Expected a date (2026-01-31), a date-time (2026-01-31T10:00:00Z) or now() - 3d for lastMeasurement at position 18 but found the string "yesterday"',
    ],
    [
      'sensors',
      'lastMeasurement < now() - 99999999w',
      18,
      'The duration at position 18 is too large; expected a time between the years 1 and 9999',
    ],
    ['sensors', 'id < null', 5, 'null cannot be used with "<" at position 5; expected = null or != null'],
    [
      'sensors',
      'measured = pm26',
      11,
      'Unknown value "pm26" for measured at position 11; expected one of: pm1, pm25, pm10, no2, no, o3, so2, co, h2s, temperature, humidity, pressure',
    ],
    [
      'installations',
      'tag.Mountin = Roof',
      0,
      'Unknown tag "Mountin" at position 0 (did you mean "Mounting"?); expected one of the installations tags: "Mounting", "Height above ground (m)", "Near busy road", "Site owner"',
    ],
    [
      'installations',
      'tag.Mounting = Ground',
      15,
      'Unknown value "Ground" for tag.Mounting at position 15; expected one of: Balcony, Roof, Wall',
    ],
    [
      'installations',
      'tag."Height above ground (m)" = high',
      32,
      'Expected a number for tag."Height above ground (m)" at position 32 but found the word high',
    ],
    [
      'installations',
      'isVisible = yes',
      12,
      'Expected true or false for isVisible at position 12 but found the word yes',
    ],
    ['installations', 'pm25value > "a"', 12, 'Expected a number for pm25Value at position 12 but found the string "a"'],
    [
      'contractors',
      'type in (INDIVIDUAL, Company)',
      21,
      'Unknown value "Company" for type at position 21; expected one of: INDIVIDUAL, ACTION, AMBASSADOR, SMOGFIGHTER',
    ],
    [
      'contractors',
      'endOfDeal < 5',
      12,
      'Expected a date (2026-01-31) or now() for endOfDeal at position 12 but found the number 5',
    ],
  ] as const)('%s: %s', (entity, input, position, message) => {
    const e = errorOf(() => compileAst(parseQuery(input)!, cats[entity]));
    expect(e.message).toBe(message);
    expect(e.position).toBe(position);
  });

  it('compiles every example of the help page', () => {
    const withMounting = serverCatalogue(INSTALLATION_CATALOGUE, INSTALLATION_COLUMNS, {
      tags: INSTALLATION_TAGS.map((t) => (t.name === 'Mounting' ? { ...t, values: ['Pole', 'Roof'] } : t)),
      tagValues: { table: installationTagValues, rowId: installations.id },
    });
    for (const [entity, examples] of Object.entries(QUERY_EXAMPLES)) {
      const cat = entity === 'installations' ? withMounting : cats[entity as keyof typeof cats];
      for (const { query } of examples) expect(() => compile(cat, query), query).not.toThrow();
    }
  });

  it('names the fields of the list for an unknown field, with a suggestion', () => {
    const e = errorOf(() => compileAst(parseQuery('staus = Ready')!, cats.sensors));
    expect(e.message).toMatch(
      /^Unknown field "staus" at position 0 \(did you mean "status"\?\); expected a field of sensors: id, currentInstallationId, /,
    );
    const inst = errorOf(() => compileAst(parseQuery('id = 1 and foo = 1')!, cats.installations));
    expect(inst.position).toBe(11);
    expect(inst.message).toContain(
      '<param>Value, <param>Suspended, <param>SuspendedFrom, tag.<name> (<param> is one of pm1, pm25',
    );
  });

  it('hides fields the caller may not see', () => {
    const cat = serverCatalogue(SENSOR_CATALOGUE, SENSOR_COLUMNS, { permissions: new PermissionSet(['view_sensors']) });
    expect(errorOf(() => compileAst(parseQuery('sensorToken = "x"')!, cat)).message).toBe(
      'You cannot query sensorToken (position 0): it needs the view_sensortoken permission',
    );
    // and SEARCH does not look into them
    expect(render(compileAst(parseQuery('SEARCH("abc")')!, cat)).sql).not.toContain('sensor_token');
    expect(compile(cats.sensors, 'SEARCH("abc")').sql).toContain('sensor_token');
  });

  it('raises the language’s own error (answered 400 at the edge) and turns blank queries into no filter', () => {
    expect(compileQuery(undefined, cats.sensors)).toBeUndefined();
    expect(compileQuery('   ', cats.sensors)).toBeUndefined();
    try {
      compileQuery('status =', cats.sensors);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(QueryError);
      const body = toErrorBody(e);
      expect(body).toMatchObject({
        status: 400,
        message: 'Expected a value after "=" at position 8 but found end of query',
        messageKey: 'query.errors.expectedAfter',
      });
      // the optional keyed message survives JSON as the error's own
      expect(answeredQueryMessage(JSON.parse(JSON.stringify(body)))).toEqual((e as QueryError).msg);
    }
  });
});

// ------------------------------------------------------------------ property tests

/** Fragments from which query-like garbage is assembled (more interesting than random characters). */
const FRAGMENTS = [
  'status',
  'id',
  'installationId',
  'isVisible',
  'lastMeasurement',
  'measured',
  'name',
  'tag',
  'tag.Mounting',
  'tag."Height above ground (m)"',
  'pm25Value',
  'communication',
  'installationDate',
  'endOfDeal',
  '=',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  '~',
  '!~',
  '!',
  'in',
  'not',
  'and',
  'or',
  'AND',
  '(',
  ')',
  ',',
  '.',
  '"x"',
  '"',
  '\\',
  '"a\\"b"',
  "'",
  'now()',
  'now(',
  'NOW',
  '-',
  '+',
  '3d',
  '15m',
  '3y',
  '1',
  '-5',
  '2.5',
  '1e400',
  '3000000000',
  '2026-01-31',
  '2026-02-30',
  '2026-01-31T10:00:00Z',
  'true',
  'false',
  'null',
  'Installed',
  'GSM',
  'Balcony',
  'SEARCH(',
  'SEARCH("x")',
  'search',
  '#',
  ' ',
  '\n',
];
const queryish = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 14 }).map((parts) => parts.join(' '));
const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), queryish);

describe('properties', () => {
  it('random input yields an AST, null or a QueryError — nothing else', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        try {
          parseQuery(text);
        } catch (e) {
          expect(e).toBeInstanceOf(QueryError);
          const qe = e as QueryError;
          expect(qe.position).toBeGreaterThanOrEqual(0);
          expect(qe.position).toBeLessThanOrEqual(text.length);
          expect(qe.message).toContain('position');
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('random input compiles to renderable SQL or a 400 — never anything else', () => {
    const entities = Object.values(cats);
    fc.assert(
      fc.property(anyText, fc.nat(entities.length - 1), (text, k) => {
        try {
          const where = compileQuery(text, entities[k]!);
          if (where) render(where);
        } catch (e) {
          expect(e).toBeInstanceOf(QueryError);
          expect(toErrorBody(e).status).toBe(400);
        }
      }),
      { numRuns: 2000 },
    );
  });

  // -------- random ASTs

  const S: Span = { start: 0, end: 0 };
  const ident = fc
    .oneof(
      fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,7}(-[A-Za-z0-9]{1,3})?$/),
      fc.constantFrom(
        'Kraków',
        'Łódź',
        'now',
        'search',
        'SEARCH',
        'NOW',
        'tag',
        'innocent',
        'order',
        'T-Mobile',
        'now-3d',
      ),
    )
    .filter((s) => !isKeyword(s));
  const field: fc.Arbitrary<FieldRef> = fc
    .tuple(
      ident,
      fc.array(fc.oneof(ident, fc.string({ maxLength: 8 }), fc.constantFrom('and', 'Roof type', 'a.b', '"q"')), {
        maxLength: 2,
      }),
    )
    .map(([head, rest]) => ({ path: [head, ...rest], span: S }));
  // From 02:00 on the first day: the `+02:00` variant must stay within the years 1–9999 too.
  const date = fc
    .date({ min: new Date('0001-01-01T02:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
    .chain((d) =>
      fc.constantFrom(
        d.toISOString(),
        d.toISOString().slice(0, 10),
        d.toISOString().slice(0, 16),
        `${d.toISOString().slice(0, 19)}+02:00`,
      ),
    );
  const value: fc.Arbitrary<Value> = fc.oneof(
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((v) => ({ kind: 'number' as const, value: v, span: S })),
    fc.integer().map((v) => ({ kind: 'number' as const, value: v, span: S })),
    fc.string({ unit: 'binary', maxLength: 12 }).map((v) => ({ kind: 'string' as const, value: v, span: S })),
    fc.boolean().map((v) => ({ kind: 'boolean' as const, value: v, span: S })),
    fc.constant({ kind: 'null' as const, span: S }),
    ident.map((v) => ({ kind: 'word' as const, value: v, span: S })),
    date.map((v) => ({ kind: 'date' as const, value: v, span: S })),
    fc
      .option(
        fc.record({
          sign: fc.constantFrom(1 as const, -1 as const),
          amount: fc.nat(),
          unit: fc.constantFrom('m' as const, 'h' as const, 'd' as const, 'w' as const),
        }),
      )
      .map((offset) => ({ kind: 'now' as const, offset, span: S })),
  );
  const compareOp = fc.constantFrom(
    '=' as const,
    '!=' as const,
    '<' as const,
    '<=' as const,
    '>' as const,
    '>=' as const,
    '~' as const,
    '!~' as const,
  );
  const { expr } = fc.letrec<{ expr: Expr; leaf: Expr }>((tie) => ({
    leaf: fc.oneof(
      fc.record({ kind: fc.constant('compare' as const), field, op: compareOp, value, span: fc.constant(S) }),
      fc.record({
        kind: fc.constant('in' as const),
        field,
        negated: fc.boolean(),
        values: fc.array(value, { minLength: 1, maxLength: 4 }),
        span: fc.constant(S),
      }),
      fc.record({
        kind: fc.constant('search' as const),
        text: fc.string({ unit: 'binary', maxLength: 12 }),
        span: fc.constant(S),
      }),
    ),
    expr: fc.oneof(
      { maxDepth: 6, depthIdentifier: 'expr' },
      tie('leaf'),
      fc.record({ kind: fc.constant('and' as const), left: tie('expr'), right: tie('expr'), span: fc.constant(S) }),
      fc.record({ kind: fc.constant('or' as const), left: tie('expr'), right: tie('expr'), span: fc.constant(S) }),
      fc.record({ kind: fc.constant('not' as const), expr: tie('expr'), span: fc.constant(S) }),
    ),
  }));

  it('print → parse gives back the same AST (positions aside)', () => {
    fc.assert(
      fc.property(expr, (ast) => {
        const printed = printQuery(ast);
        expect(strip(parseQuery(printed))).toEqual(strip(ast));
        // and printing is canonical
        expect(printQuery(parseQuery(printed))).toBe(printed);
      }),
      { numRuns: 1500 },
    );
  });

  it('parse → print → parse is stable for random query-like text', () => {
    fc.assert(
      fc.property(queryish, (text) => {
        let ast: Expr | null;
        try {
          ast = parseQuery(text);
        } catch {
          return;
        }
        expect(strip(parseQuery(printQuery(ast)))).toEqual(strip(ast));
      }),
      { numRuns: 1500 },
    );
  });
});
