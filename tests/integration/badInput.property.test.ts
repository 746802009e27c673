/**
 * Property test: every route of every service's OpenAPI document, called as the admin with
 * generated bad input (NUL characters, lone UTF-16 surrogates, huge numbers, out-of-range dates,
 * wrong types, long strings, broken percent-encodings, query-language traps) in path parameters,
 * query strings and JSON bodies, never answers 5xx, and every error is `{status, message}`. Every
 * route whose document says it takes multipart/form-data gets malformed multipart bodies too (no
 * boundary, cut short anywhere, broken part headers).
 *
 * One app for the whole file (mutations are fine: the database is this file's own). Runs are bounded
 * per route so the file stays well under a minute on PGlite. FC_SEED / FC_RUNS reproduce or widen a run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CATALOGUES } from '../../common/query/catalogues';
import { createTestApp, type TestApp } from '../support/testApp';

const SERVICE_PREFIXES = ['/api', '/adp-api', '/apiusers-api', '/updater/gsm', '/updater/wifi', '/updater/gen3'];
const RUNS = Number(process.env.FC_RUNS ?? 12);
const SEED = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);

// ------------------------------------------------------------------ the bad values

const LONG = 'x'.repeat(5000);
const NASTY_STRINGS = [
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udc00y',
  '\udfff\ud800',
  '\ud83d',
  LONG,
  '',
  ' ',
  '%',
  '\\',
  "'; select 1; --",
  '"',
  'ж名😀',
  'null',
  'true',
  '-1',
  '0',
  '1.5',
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '1e309',
  'NaN',
  '0001-01-01T00:00+14:00',
  '9999-12-31T23:59-14:00',
  '0000-00-00',
  '10000-01-01',
];
const HUGE_NUMBERS = [
  0,
  -1,
  1.5,
  2147483647,
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER + 2,
  1e15,
  1e308,
  -1e308,
  5e-324,
];
const VALID_IDS = [1, 2, 3, 4, 5];

/** Query-language texts that compile but used to break in the database. */
function queryTraps(): fc.Arbitrary<string> {
  const fields = Object.values(CATALOGUES).flatMap((c) => c.fields);
  const dates = [
    '0001-01-01T00:00+14:00',
    '0001-01-01T00:00:00+14:00',
    '9999-12-31T23:59-14:00',
    '0001-01-01',
    '9999-12-31',
    'now() - 5000000w',
    'now() + 1000000000d',
  ];
  const byType = (t: string) => fields.filter((f) => f.type === t).map((f) => f.name);
  const op = fc.constantFrom('=', '!=', '<', '<=', '>', '>=', '~', '!~');
  return fc.oneof(
    fc.constantFrom(
      'SEARCH("a\u0000b")',
      'SEARCH("\ud800")',
      'SEARCH("")',
      'SEARCH("2147483648")',
      'SEARCH("99999999999999999999")',
      'id = 2147483648',
      'id in (1, 2147483648)',
      'contractorName = "a\u0000"',
      'tag.x = "\u0000"',
      'createdAt > 0001-01-01T00:00+14:00',
      'createdAt < 9999-12-31T23:59-14:00',
      `${'('.repeat(300)}id = 1${')'.repeat(300)}`,
      'id = 1 and '.repeat(400) + 'id = 1',
    ),
    fc
      .tuple(fc.constantFrom(...byType('datetime'), ...byType('date')), op, fc.constantFrom(...dates))
      .map(([f, o, d]) => `${f} ${o} ${d}`),
    fc
      .tuple(
        fc.constantFrom(...byType('integer'), ...byType('number')),
        op,
        fc.constantFrom('2147483648', '-2147483649', '1e308', '1e400', '9223372036854775808', '-0', '0.5'),
      )
      .map(([f, o, n]) => `${f} ${o} ${n}`),
    fc
      .tuple(fc.constantFrom(...byType('string')), op, fc.constantFrom(...NASTY_STRINGS))
      .map(([f, o, s]) => `${f} ${o} ${JSON.stringify(s)}`),
  );
}

const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 5 }), fc.constantFrom('\u0000', '\ud800', '\udc00'))
      .map(([s, c]) => s + c + s),
  },
);

const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(...HUGE_NUMBERS),
  fc.constant([]),
  fc.constant({}),
  nastyString.map((s) => [s]),
  nastyString.map((s) => ({ [s]: s })),
);

const anyBad: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 2, arbitrary: wrongType },
);

// ------------------------------------------------------------------ schema-driven values

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  additionalProperties?: boolean | JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  pattern?: string;
  format?: string;
}

/** Plausible valid strings for the schema, so the bad value elsewhere gets past validation. */
function validStrings(schema: JsonSchema, name: string): string[] {
  if (schema.pattern === '^(asc|desc)$') return ['asc', 'desc'];
  if (schema.pattern?.includes('\\d{1,9}')) return ['1', '1,2', '3, 4'];
  if (schema.pattern?.includes('[0-9a-f]{64}')) return ['0'.repeat(64)];
  if (schema.format === 'uri') return ['http://localhost/callback'];
  if (schema.format === 'date-time') return ['2026-11-01T12:00:00.000Z'];
  if (name === 'query' || name === 'value')
    return ['id = 1', 'status in (InProduction, Installed)', 'SEARCH("a")', 'pm25'];
  const min = schema.minLength ?? 0;
  return ['abcdefghij', 'name-1', 'pm25', 'GSM', 'ok', '1.2.3.4'].map((s) => s.padEnd(min, 'x'));
}
const validString = (schema: JsonSchema, name: string) => fc.constantFrom(...validStrings(schema, name));

/** A bad value of the leaf's own type (so it often gets past validation), or of a wrong type. */
function badFor(schema: JsonSchema, name: string): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const own =
    type === 'integer' || type === 'number'
      ? fc.constantFrom(...HUGE_NUMBERS)
      : type === 'string' || schema.enum
        ? name === 'query' || name === 'value' || name === 'search'
          ? fc.oneof(nastyString, queryTraps())
          : nastyString
        : anyBad;
  return fc.oneof({ weight: 5, arbitrary: own }, { weight: 1, arbitrary: wrongType });
}

/** How many leaves (scalars) a value of the schema has, roughly: the odds of each one being the bad one. */
function leaves(schema: JsonSchema | undefined, depth = 0): number {
  if (!schema || depth > 5) return 1;
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants?.length) return Math.max(...variants.map((v) => leaves(v, depth + 1)));
  if (schema.properties) return Object.values(schema.properties).reduce((n, p) => n + leaves(p, depth + 1), 0) || 1;
  if (schema.items) return 2 * leaves(schema.items, depth + 1);
  return 1;
}

/**
 * A value shaped by the schema in which each leaf is valid with odds `odds`:1 and bad otherwise, so
 * a request usually carries one bad value in an otherwise acceptable request: it gets past
 * validation and reaches the handler and the database.
 */
function valueFor(schema: JsonSchema | undefined, odds: number, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return anyBad;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => valueFor(v, odds, name, depth + 1)));
  if (schema.allOf?.length) return valueFor(schema.allOf[0], odds, name, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object') {
    const props = schema.properties ?? {};
    const required = new Set(schema.required ?? []);
    const entries = Object.entries(props).map(([k, s]) => [k, valueFor(s, odds, k, depth + 1)] as const);
    const record = fc.record(Object.fromEntries(entries), {
      requiredKeys: Object.keys(props).filter((k) => required.has(k)),
    });
    const extra =
      schema.additionalProperties && typeof schema.additionalProperties === 'object'
        ? schema.additionalProperties
        : undefined;
    if (!extra) return record;
    const key = fc.oneof(fc.constantFrom('view_sensors', 'admin_view_users', 'a'), nastyString);
    return fc
      .tuple(record, fc.dictionary(key, valueFor(extra, odds, '', depth + 1), { maxKeys: 3 }))
      .map(([r, d]) => ({ ...d, ...(r as object) }));
  }
  if (type === 'array') return fc.array(valueFor(schema.items, odds, name, depth + 1), { minLength: 1, maxLength: 3 });
  let valid: fc.Arbitrary<unknown>;
  if (schema.enum?.length) valid = fc.constantFrom(...schema.enum);
  else if (schema.const !== undefined) valid = fc.constant(schema.const);
  else if (type === 'string') valid = validString(schema, name);
  else if (type === 'integer') valid = fc.constantFrom(...VALID_IDS);
  else if (type === 'number') valid = fc.constantFrom(0.5, 1, 12.25);
  else if (type === 'boolean') valid = fc.boolean();
  else if (type === 'null') valid = fc.constant(null);
  else return anyBad;
  return fc.oneof({ weight: odds, arbitrary: valid }, { weight: 1, arbitrary: badFor(schema, name) });
}

// ------------------------------------------------------------------ URL parts

/**
 * Percent-encodes like a sloppy client: lone surrogates become their (invalid) 3-byte UTF-8 form,
 * which `encodeURIComponent` refuses to produce.
 */
function encodeLoose(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(text[i]!);
  }
  return out;
}

/** Already-encoded bad URL text, including encodings no decoder accepts. */
const badUrlText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: nastyString.map(encodeLoose) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('2147483648', '-1', '0', '1.5', '1e3', 'abc', '9999999999999999999999', '0x10', ' 1'),
  },
  { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%FF', '%C0%80', '%00', '%ED%A0%80', 'a%00b') },
);

/** A URL value (path or query): valid for the schema with odds `odds`:1, bad otherwise. */
function urlValue(schema: JsonSchema | undefined, name: string, odds: number): fc.Arbitrary<string> {
  const s = schema ?? {};
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  const valid = s.enum?.length
    ? fc.constantFrom(...s.enum.map(String))
    : type === 'integer' || type === 'number'
      ? fc.constantFrom(...VALID_IDS.map(String))
      : type === 'boolean'
        ? fc.constantFrom('true', 'false')
        : validString(s, name);
  const bad = name === 'query' || name === 'search' ? fc.oneof(badUrlText, queryTraps().map(encodeLoose)) : badUrlText;
  return fc.oneof({ weight: odds, arbitrary: valid.map(encodeURIComponent) }, { weight: 1, arbitrary: bad });
}

// ------------------------------------------------------------------ the operations

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  params: Parameter[];
  body?: JsonSchema;
  /** The document says the route takes multipart/form-data. */
  multipart: boolean;
}
interface Request {
  url: string;
  body?: unknown;
}

function requestFor(op: Operation): fc.Arbitrary<Request> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const odds = Math.max(2, pathParams.length + queryParams.length + (op.body ? leaves(op.body) : 0) - 1);
  const pathArb = fc.tuple(...pathParams.map((p) => urlValue(p.schema, p.name, odds)));
  const queryArb = fc.tuple(
    ...queryParams.map((p) => fc.option(urlValue(p.schema, p.name, Math.ceil(odds / 2)), { nil: undefined, freq: 2 })),
  );
  const bodyArb: fc.Arbitrary<unknown> = op.body
    ? fc.oneof({ weight: 8, arbitrary: valueFor(op.body, odds) }, { weight: 1, arbitrary: anyBad })
    : fc.constant(undefined);
  return fc.tuple(pathArb, queryArb, bodyArb).map(([pv, qv, body]) => {
    let url = op.path;
    pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, pv[i]!)));
    const query = queryParams.flatMap((p, i) =>
      qv[i] === undefined ? [] : [`${encodeURIComponent(p.name)}=${qv[i]}`],
    );
    return { url: query.length ? `${url}?${query.join('&')}` : url, body };
  });
}

// ------------------------------------------------------------------ the systematic sweep

/** The first valid value of a schema: the base request each sweep case puts one bad value into. */
function baseValue(schema: JsonSchema | undefined, name = '', depth = 0): unknown {
  if (!schema || depth > 5) return null;
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants?.length) return baseValue(variants[0], name, depth + 1);
  if (schema.enum?.length) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, v]) => [k, baseValue(v, k, depth + 1)]),
      );
    case 'array':
      return [baseValue(schema.items, name, depth + 1)];
    case 'string':
      return validStrings(schema, name)[0];
    case 'integer':
      return VALID_IDS[1];
    case 'number':
      return 1;
    case 'boolean':
      return true;
    default:
      return null;
  }
}

interface Leaf {
  path: (string | number)[];
  schema: JsonSchema;
  name: string;
}

function leafPaths(schema: JsonSchema | undefined, path: (string | number)[] = [], name = '', depth = 0): Leaf[] {
  if (!schema || depth > 5) return [];
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants?.length) return leafPaths(variants[0], path, name, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object')
    return Object.entries(schema.properties ?? {}).flatMap(([k, v]) => leafPaths(v, [...path, k], k, depth + 1));
  if (type === 'array') return leafPaths(schema.items, [...path, 0], name, depth + 1);
  return [{ path, schema, name }];
}

/** The canonical bad values for one leaf of a JSON body. */
function sweepValues(leaf: Leaf): unknown[] {
  const type = Array.isArray(leaf.schema.type) ? leaf.schema.type[0] : leaf.schema.type;
  if (type === 'integer' || type === 'number') return [2147483648, 1e308];
  if (type !== 'string' && !leaf.schema.enum) return [];
  const traps = ['query', 'value', 'search'].includes(leaf.name)
    ? ['SEARCH("a\u0000b")', 'createdAt > 0001-01-01T00:00+14:00', 'createdAt < 9999-12-31T23:59-14:00']
    : [];
  return ['a\u0000b', 'x\ud800', ...traps];
}

/** The canonical bad values for a URL part (already encoded). */
function sweepUrlValues(param: Parameter): string[] {
  const type = Array.isArray(param.schema?.type) ? param.schema?.type[0] : param.schema?.type;
  const traps = ['query', 'search'].includes(param.name)
    ? ['SEARCH("a\u0000b")', 'createdAt > 0001-01-01T00:00+14:00', 'lastMeasurement < 9999-12-31T23:59-14:00'].map(
        encodeLoose,
      )
    : [];
  return ['a%00b', ...(type === 'integer' || type === 'number' ? ['2147483648', '1e308'] : []), ...traps];
}

function setAt(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1]!] = leaf;
  return copy;
}

/** The first valid value of a path or query parameter, encoded. */
function baseParam(p: Parameter): string {
  const s = p.schema ?? {};
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (s.enum?.length) return encodeURIComponent(String(s.enum[0]));
  if (type === 'integer' || type === 'number') return String(VALID_IDS[1]);
  if (type === 'boolean') return 'true';
  return encodeURIComponent(validStrings(s, p.name)[0]!);
}

/** One request per (bad value, place): every path parameter, query parameter and body leaf in turn. */
function sweepRequests(op: Operation): Request[] {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const base = baseParam;
  const build = (pathValues: string[], queryValues: (string | undefined)[], body: unknown): Request => {
    let url = op.path;
    pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, pathValues[i]!)));
    const query = queryParams.flatMap((p, i) =>
      queryValues[i] === undefined ? [] : [`${encodeURIComponent(p.name)}=${queryValues[i]}`],
    );
    return { url: query.length ? `${url}?${query.join('&')}` : url, body };
  };
  const pathBase = pathParams.map(base);
  const queryBase = queryParams.map((p) => (p.required ? base(p) : undefined));
  const bodyBase = op.body ? baseValue(op.body) : undefined;
  const out: Request[] = [];
  pathParams.forEach((p, i) => {
    for (const v of sweepUrlValues(p))
      out.push(
        build(
          pathBase.map((b, j) => (j === i ? v : b)),
          queryBase,
          bodyBase,
        ),
      );
  });
  queryParams.forEach((p, i) => {
    for (const v of sweepUrlValues(p))
      out.push(
        build(
          pathBase,
          queryBase.map((b, j) => (j === i ? v : b)),
          bodyBase,
        ),
      );
  });
  for (const leaf of op.body ? leafPaths(op.body) : []) {
    for (const v of sweepValues(leaf)) out.push(build(pathBase, queryBase, setAt(bodyBase, leaf.path, v)));
  }
  return out;
}

// ------------------------------------------------------------------ malformed multipart bodies

/** A query value its schema's pattern accepts (a version number, a module number), so the body gets read. */
function acceptedParam(p: Parameter): string {
  const s = p.schema ?? {};
  const pattern = s.pattern ? new RegExp(s.pattern) : undefined;
  if (p.name === 'version' && (!pattern || pattern.test('9.1.0.9'))) return '9.1.0.9';
  return pattern?.test('1') ? '1' : baseParam(p);
}

/** The route's URL with valid path parameters and its required query parameters. */
function baseUrl(op: Operation): string {
  let url = op.path;
  for (const p of op.params.filter((x) => x.in === 'path')) url = url.replace(`{${p.name}}`, baseParam(p));
  const query = op.params.filter((p) => p.in === 'query' && p.required).map((p) => `${p.name}=${acceptedParam(p)}`);
  return query.length ? `${url}?${query.join('&')}` : url;
}

interface RawBody {
  contentType: string;
  payload: Buffer;
}

const BOUNDARY = 'aqBoundary7MA4YWxk';
const disposition = (name: string, filename?: string) =>
  `Content-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}`;
/** A well-formed body: text fields and a file under each field name the upload routes read. */
const WELL_FORMED = Buffer.from(
  [
    ...['name', 'type', 'version', 'description'].flatMap((n) => [`--${BOUNDARY}`, disposition(n), '', 'x']),
    ...['file', 'data', 'buildBankFirst', 'buildBankSecond'].flatMap((n) => [
      `--${BOUNDARY}`,
      disposition(n, `${n}.png`),
      'Content-Type: image/png',
      '',
      '\x89PNG\r\n\x1a\n' + 'p'.repeat(64),
    ]),
    `--${BOUNDARY}--`,
    '',
  ].join('\r\n'),
  'latin1',
);
const withBoundary = `multipart/form-data; boundary=${BOUNDARY}`;

/** The measured cases, each on its own. */
const MALFORMED_BODIES: RawBody[] = [
  { contentType: 'multipart/form-data', payload: WELL_FORMED },
  { contentType: 'multipart/form-data; boundary=', payload: WELL_FORMED },
  { contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`, payload: WELL_FORMED },
  { contentType: 'multipart/form-data; boundary=other', payload: WELL_FORMED },
  { contentType: withBoundary, payload: Buffer.alloc(0) },
  // Cut inside a file's data, inside a part's headers, and before the closing boundary.
  { contentType: withBoundary, payload: WELL_FORMED.subarray(0, WELL_FORMED.indexOf('pppp') + 2) },
  { contentType: withBoundary, payload: WELL_FORMED.subarray(0, WELL_FORMED.indexOf('Content-Type: image') + 5) },
  { contentType: withBoundary, payload: WELL_FORMED.subarray(0, WELL_FORMED.lastIndexOf(`--${BOUNDARY}--`)) },
  {
    contentType: withBoundary,
    payload: Buffer.from(`--${BOUNDARY}\r\nno header here\r\n\r\nx\r\n--${BOUNDARY}--\r\n`),
  },
  { contentType: withBoundary, payload: Buffer.from(`--${BOUNDARY}\r\n${'h'.repeat(100_000)}`) },
];

/** Generated: the well-formed body cut anywhere, or with a stretch of it replaced by noise. */
const malformedBody: fc.Arbitrary<RawBody> = fc.oneof(
  fc.nat(WELL_FORMED.length - 1).map((end) => ({ contentType: withBoundary, payload: WELL_FORMED.subarray(0, end) })),
  fc.tuple(fc.nat(WELL_FORMED.length - 1), fc.uint8Array({ minLength: 1, maxLength: 40 })).map(([at, noise]) => ({
    contentType: withBoundary,
    payload: Buffer.concat([WELL_FORMED.subarray(0, at), Buffer.from(noise), WELL_FORMED.subarray(at + noise.length)]),
  })),
);

// ------------------------------------------------------------------ the test

let t: TestApp;
let token: string;
const operations: Operation[] = [];

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login('admin')).tokens.accessToken;
  for (const prefix of SERVICE_PREFIXES) {
    const doc = (await t.call('GET', `${prefix}/openapi.json`)).json() as {
      paths: Record<
        string,
        Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
      >;
    };
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, spec] of Object.entries(ops)) {
        operations.push({
          method: method.toUpperCase(),
          path: prefix + path,
          params: spec.parameters ?? [],
          body: spec.requestBody?.content['application/json']?.schema,
          multipart: spec.requestBody?.content['multipart/form-data'] !== undefined,
        });
      }
    }
  }
});
afterAll(async () => {
  await t?.close();
});

/** One call as the admin; signs in again when a generated call ended the admin's sessions. */
async function send(op: Operation, req: Request): Promise<{ statusCode: number; body: string }> {
  const call = () =>
    t.app
      .inject({
        method: op.method as never,
        url: req.url,
        payload: req.body === undefined ? undefined : JSON.stringify(req.body),
        headers: {
          authorization: `Bearer ${token}`,
          ...(req.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      })
      // A response cut short (headers sent, then the stream failed) counts as a server error.
      .catch((err: Error) => ({ statusCode: 599, body: `connection cut: ${err.message}` }));
  requests++;
  let res = await call();
  const sessionRoute = op.path.startsWith('/api/login') || op.path === '/api/me' || op.path === '/api/logout';
  if (res.statusCode === 401 && !sessionRoute) {
    token = (await t.login('admin')).tokens.accessToken;
    res = await call();
  }
  return res;
}

/** One call as the admin with a raw body. */
async function sendRaw(op: Operation, url: string, body: RawBody): Promise<{ statusCode: number; body: string }> {
  requests++;
  return t.app
    .inject({
      method: op.method as never,
      url,
      payload: body.payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
    })
    .catch((err: Error) => ({ statusCode: 599, body: `connection cut: ${err.message}` }));
}

/** Why a response breaks the contract, or undefined when it keeps it. */
function violation(op: Operation, res: { statusCode: number; body: string }): string | undefined {
  // The third-party sign-in answers 503 while no provider is configured: a deployment state, not bad input.
  if (res.statusCode === 503 && op.path.startsWith('/api/login/google')) return undefined;
  if (res.statusCode >= 500) return `server error ${res.statusCode}`;
  if (res.statusCode < 400) return undefined;
  let body: { status?: unknown; message?: unknown };
  try {
    body = JSON.parse(res.body) as typeof body;
  } catch {
    return 'error body is not JSON';
  }
  if (body.status !== res.statusCode || typeof body.message !== 'string' || !body.message)
    return 'error body is not {status, message}';
  return undefined;
}

let requests = 0;

describe('bad input never answers 5xx', () => {
  it('covers every service document', () => {
    expect(operations.length).toBeGreaterThan(60);
    for (const prefix of SERVICE_PREFIXES) expect(operations.some((o) => o.path.startsWith(`${prefix}/`))).toBe(true);
  });

  it('drives every route with a sweep of bad values and generated bad input', { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    let swept = 0;
    for (const op of operations) {
      const sweep = sweepRequests(op);
      swept += sweep.length;
      const result = await fc.check(
        fc.asyncProperty(requestFor(op), async (req) => violation(op, await send(op, req)) === undefined),
        // The sweep runs first, as examples (they count in numRuns); then RUNS generated requests.
        // Shrinking is off: one failing request per route is a clear enough report.
        { numRuns: RUNS + sweep.length, seed: SEED, endOnFailure: true, examples: sweep.map((r) => [r] as [Request]) },
      );
      if (result.failed) {
        const [req] = result.counterexample as [Request];
        const res = await send(op, req);
        failures.push(
          `${op.method} ${op.path}: ${violation(op, res)}: ${res.statusCode} ${res.body.slice(0, 160)} for ${JSON.stringify(req).slice(0, 300)} (seed ${result.seed})`,
        );
      }
    }
    console.info(
      `bad-input property: ${requests} requests (${swept} in the sweep) over ${operations.length} routes, ${failures.length} failing`,
    );
    expect(failures, `${failures.length} of ${operations.length} routes failed:\n${failures.join('\n')}`).toEqual([]);
  });

  it('drives every multipart route with malformed multipart bodies', { timeout: 120_000 }, async () => {
    const multipartOps = operations.filter((o) => o.multipart);
    // POST /contractors, PATCH /contractors/{id}/logo, POST /installations/requests/{id}/images and the firmware uploads.
    expect(multipartOps.length).toBeGreaterThanOrEqual(5);
    const failures: string[] = [];
    for (const op of multipartOps) {
      const url = baseUrl(op);
      const result = await fc.check(
        fc.asyncProperty(malformedBody, async (body) => violation(op, await sendRaw(op, url, body)) === undefined),
        {
          numRuns: RUNS * 2 + MALFORMED_BODIES.length,
          seed: SEED,
          endOnFailure: true,
          examples: MALFORMED_BODIES.map((b) => [b] as [RawBody]),
        },
      );
      if (result.failed) {
        const [body] = result.counterexample as [RawBody];
        const res = await sendRaw(op, url, body);
        failures.push(
          `${op.method} ${url}: ${violation(op, res)}: ${res.statusCode} ${res.body.slice(0, 160)} for ${body.contentType.slice(0, 80)} and ${body.payload.length} bytes (seed ${result.seed})`,
        );
      }
    }
    expect(
      failures,
      `${failures.length} of ${multipartOps.length} multipart routes failed:\n${failures.join('\n')}`,
    ).toEqual([]);
  });
});
