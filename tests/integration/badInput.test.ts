/**
 * Bad input answers 4xx with `{status, message}`, never 500 (issue 9, hardening): the measured cases
 * one by one — NUL characters and lone surrogates anywhere in text, query-language dates a zone
 * offset pushes outside the years 1–9999, ids beyond int4, malformed URLs, malformed multipart bodies,
 * and a failing CSV export.
 * The property test (badInput.property.test.ts) covers every route with generated input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testApp';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenOf('admin');
});
afterAll(async () => {
  await t?.close();
});

const q = (text: string) => encodeURIComponent(text);

async function expectBadRequest(method: string, url: string, body: unknown, message: string | RegExp) {
  const res = await t.call(method, url, { token: admin, body });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
  const json = res.json();
  expect(json.status).toBe(400);
  if (typeof message === 'string') expect(json.message).toBe(message);
  else expect(json.message).toMatch(message);
}

describe('NUL characters and lone surrogates are refused at the edge, naming the field', () => {
  it('in a query-string search', async () => {
    await expectBadRequest(
      'GET',
      '/api/admin/users?search=a%00b',
      undefined,
      'Invalid querystring: search must not contain NUL characters (U+0000)',
    );
    await expectBadRequest(
      'GET',
      '/api/audit/logs/admin?search=%00',
      undefined,
      'Invalid querystring: search must not contain NUL characters (U+0000)',
    );
    await expectBadRequest(
      'GET',
      '/updater/gsm/versions?search=x%00',
      undefined,
      /^Invalid querystring: search must not contain NUL/,
    );
  });

  it('inside SEARCH("…") of the query language', async () => {
    await expectBadRequest(
      'GET',
      `/api/sensors?query=${q('SEARCH("a\u0000b")')}`,
      undefined,
      'Invalid querystring: query must not contain NUL characters (U+0000)',
    );
    await expectBadRequest(
      'GET',
      `/api/sensors/export?query=${q('SEARCH("a\u0000b")')}`,
      undefined,
      /^Invalid querystring: query must not contain NUL/,
    );
  });

  it('in names and values of JSON bodies, and in object keys', async () => {
    await expectBadRequest(
      'POST',
      '/api/admin/roles',
      { name: 'a\u0000b', permissions: {} },
      'Invalid body: name must not contain NUL characters (U+0000)',
    );
    await expectBadRequest(
      'POST',
      '/api/sensors/tags',
      { name: 'x\u0000', type: 'STRING', values: [] },
      /^Invalid body: name must not contain NUL/,
    );
    await expectBadRequest(
      'POST',
      '/api/contractors/tags',
      { name: 'ok', type: 'ENUM', values: ['a', '\ud800'] },
      'Invalid body: values.1 must not contain unpaired UTF-16 surrogates (invalid Unicode)',
    );
    await expectBadRequest(
      'POST',
      '/api/preferences/presets',
      { name: 'a\u0000b', fieldsValues: null },
      /^Invalid body: name must not contain NUL/,
    );
    await expectBadRequest(
      'POST',
      '/api/admin/roles',
      { name: 'keys', permissions: { 'view_sensors\u0000': true } },
      'Invalid body: permissions.view_sensors\\u0000 has a key that must not contain NUL characters (U+0000)',
    );
  });

  it('in path parameters', async () => {
    await expectBadRequest(
      'GET',
      '/updater/gen3/versions/a%00b',
      undefined,
      'Invalid params: version must not contain NUL characters (U+0000)',
    );
    await expectBadRequest(
      'GET',
      '/updater/gen3/binaries/versions/%00/active',
      undefined,
      /^Invalid params: version must not contain NUL/,
    );
  });

  it('a lone surrogate in a tag value is a 400; a real surrogate pair (emoji) is stored', async () => {
    const tags = (await t.call('GET', '/api/sensors/tags', { token: admin })).json().data.tags as {
      id: number;
      type: string;
    }[];
    const tag = tags.find((x) => x.type === 'STRING' || x.type === 'TEXT')!;
    const sensor = (await t.call('GET', '/api/sensors?limit=1', { token: admin })).json().data.sensors[0] as {
      id: number;
    };
    const url = `/api/sensors/${sensor.id}/tags/${tag.id}`;
    for (const value of ['\ud800', 'x\udc00y', '\udfff\ud800'])
      await expectBadRequest(
        'PATCH',
        url,
        { value },
        'Invalid body: value must not contain unpaired UTF-16 surrogates (invalid Unicode)',
      );
    const ok = await t.call('PATCH', url, { token: admin, body: { value: 'ok 😀' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.value).toBe('ok 😀');
  });

  it('JSON nested absurdly deep is refused before validation', async () => {
    const deep = JSON.parse(`${'['.repeat(200)}1${']'.repeat(200)}`);
    await expectBadRequest(
      'POST',
      '/api/admin/roles',
      { name: 'deep', permissions: deep },
      /must not nest deeper than 32 levels$/,
    );
  });
});

describe('query-language dates stay within the years 1–9999 after the zone offset', () => {
  it('is a 400 explaining the range, on every list and the export', async () => {
    for (const text of ['createdAt > 0001-01-01T00:00+14:00', 'createdAt < 9999-12-31T23:59-14:00']) {
      for (const path of ['/api/contractors', '/api/sensors', '/api/installations', '/api/sensors/export']) {
        await expectBadRequest(
          'GET',
          `${path}?query=${q(text)}`,
          undefined,
          /outside the years 1 to 9999 once its zone offset is applied/,
        );
      }
    }
  });

  it('still accepts the extreme dates themselves', async () => {
    for (const text of [
      'createdAt > 0001-01-01T00:00Z',
      'createdAt < 9999-12-31T23:59:59Z',
      'createdAt > 0001-01-01',
      'createdAt > 0001-01-01T00:00-14:00',
    ]) {
      const res = await t.call('GET', `/api/sensors?query=${q(text)}`, { token: admin });
      expect(res.statusCode, `${text}: ${res.body}`).toBe(200);
    }
  });
});

describe('ids are int4 everywhere', () => {
  it('an id above 2,147,483,647 in a path is a 400, the largest int4 a 404', async () => {
    for (const path of [
      '/api/admin/users/%s/logout',
      '/api/integrations/%s',
      '/adp-api/admin/users/%s',
      '/api/admin/roles/%s',
      '/api/preferences/presets/%s',
    ]) {
      const method = path.endsWith('logout') ? 'POST' : path.startsWith('/adp-api') ? 'GET' : 'DELETE';
      await expectBadRequest(
        method,
        path.replace('%s', '2147483648'),
        undefined,
        /^Invalid params: id: Too big: expected number to be <=2147483647/,
      );
      const edge = await t.call(method, path.replace('%s', '2147483647'), { token: admin });
      expect(edge.statusCode, `${method} ${path}: ${edge.body}`).toBe(404);
    }
  });

  it('preset and saved-query imports refuse an id beyond int4', async () => {
    await expectBadRequest(
      'POST',
      '/api/preferences/presets/import',
      { presets: [{ name: 'big', fieldsValues: null, id: 2147483648 }] },
      /^Invalid body: presets\.0\.id: Too big/,
    );
    await expectBadRequest(
      'POST',
      '/api/preferences/queries/sensors/import',
      { queries: [{ name: 'big', value: 'id = 1', id: 2147483648 }] },
      /^Invalid body: queries\.0\.id: Too big/,
    );
    await expectBadRequest(
      'PUT',
      '/api/preferences/presets/order',
      { ids: [1, 2147483648] },
      /^Invalid body: ids\.1: Too big/,
    );
  });
});

describe('errors raised by the router have the contract shape', () => {
  it('malformed percent-encoding and over-long parameters', async () => {
    const bad = await t.call('GET', '/api/sensors/%ED%A0%80', { token: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: 400, message: 'The URL is malformed (invalid percent-encoding)' });
    const long = await t.call('GET', `/api/sensors/${'9'.repeat(200)}`, { token: admin });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ status: 414, message: 'A path parameter of the URL is too long' });
  });
});

describe('malformed multipart bodies are a 400 saying what is wrong', () => {
  const part = [
    '--b0undary',
    'Content-Disposition: form-data; name="file"; filename="logo.png"',
    'Content-Type: image/png',
    '',
    'PNG-bytes',
  ].join('\r\n');
  const uploads: [string, string][] = [
    ['POST', '/api/contractors'],
    ['PATCH', '/api/contractors/1/logo'],
    ['POST', '/api/installations/requests/1/images'],
    ['POST', '/updater/gsm/versions?version=9.1.0.9'],
  ];
  const send = (method: string, url: string, contentType: string, payload: string) =>
    t.app.inject({
      method: method as never,
      url,
      payload,
      headers: { authorization: `Bearer ${admin}`, 'content-type': contentType },
    });

  it('a Content-Type without a boundary', async () => {
    for (const [method, url] of uploads) {
      const res = await send(method, url, 'multipart/form-data', `${part}\r\n--b0undary--\r\n`);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({
        status: 400,
        message: 'Malformed multipart body: the Content-Type header has no boundary',
      });
    }
  });

  it('a body cut short inside a part', async () => {
    for (const [method, url] of uploads) {
      const res = await send(method, url, 'multipart/form-data; boundary=b0undary', part);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({
        status: 400,
        message: 'Malformed multipart body: it ends before its closing boundary (an incomplete upload?)',
      });
    }
  });
});

describe('CSV export', () => {
  it('a failing export is a 400 with the usual body, not a 200 cut short', async () => {
    const res = await t.call('GET', `/api/sensors/export?query=${q('lastMeasurement > 0001-01-01T00:00+14:00')}`, {
      token: admin,
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ status: 400 });
  });

  it('a good export still streams the header and every row', async () => {
    const res = await t.call('GET', `/api/sensors/export?query=${q('id <= 3')}`, { token: admin });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]!.startsWith('id;currentInstallationId')).toBe(true);
    expect(lines).toHaveLength(4);
  });
});
