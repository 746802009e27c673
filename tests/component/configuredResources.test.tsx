/**
 * Resources added by configuration in the console: the declarations of /config.json join ENTITIES
 * and their permission names the catalogue, and the composite data provider reads and writes them
 * through ra-data-simple-rest on the `resources` service with our bearer token (refreshed after a 401).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, jwt } from './support/services';
import { setRuntimeConfig, type RuntimeConfig } from '../../src/config';
import { ENTITIES, findEntity, type EntityDecl } from '../../common/entities';
import { allPermissions } from '../../common/permissions';
import { registerConfiguredResources } from '../../src/configuredResources';
import { dataProvider } from '../../src/dataProviders';
import { readSession, writeSession } from '../../src/state/session';

const user = { id: 1, name: 'admin', displayName: 'Ada', avatar: null, role: 'admin', permissions: [] };

const VISITS = {
  name: 'test-visits',
  label: 'Test Visits',
  labelPl: 'Wizyty testowe',
  service: 'resources',
  endpoint: '/test-visits',
  envelope: { rows: '' },
  listQuery: 'main',
  access: { list: 'view_test_visits', edit: 'edit_test_visits' },
  search: 'advanced',
  route: { name: 'TestVisitsIndex', menu: { group: 'Manage', icon: 'assignment' } },
  fields: [
    { name: 'id', type: 'integer', label: 'ID', column: true },
    { name: 'site', type: 'string', label: 'Site', column: true, search: true, form: true },
  ],
} as unknown as EntityDecl;

let fetchMock: ReturnType<typeof vi.fn>;

const rangeAnswer = (rows: unknown[], range: string) =>
  new Response(JSON.stringify(rows), {
    status: 200,
    headers: { 'content-type': 'application/json', 'content-range': `test-visits ${range}` },
  });

beforeEach(() => {
  localStorage.clear();
  setRuntimeConfig({ services: { main: '/api', resources: '/resources-api' } } as RuntimeConfig);
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  registerConfiguredResources([VISITS]);
});
afterEach(() => vi.unstubAllGlobals());

const headerOf = (init: unknown, name: string) => new Headers((init as RequestInit).headers).get(name);

describe('configured resources in the console', () => {
  it('join the declarations and the permission catalogue (once)', () => {
    registerConfiguredResources([VISITS]);
    expect(ENTITIES.filter((e) => e.name === 'test-visits')).toHaveLength(1);
    expect(findEntity('test-visits')?.labelPl).toBe('Wizyty testowe');
    expect(allPermissions()).toEqual(expect.arrayContaining(['view_test_visits', 'edit_test_visits']));
  });

  it('lists through ra-data-simple-rest with the bearer token; plain search is q, advanced is query', async () => {
    const token = jwt(Math.floor(Date.now() / 1000) + 60);
    writeSession({ user, tokens: { accessToken: token, refreshToken: 'r1' } });
    fetchMock.mockImplementation(async () => rangeAnswer([{ id: 3, site: 'A' }], '0-0/7'));
    const page = await dataProvider.getList('test-visits', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'site', order: 'ASC' },
      filter: { search: 'Kraków' },
    });
    expect(page).toMatchObject({ data: [{ id: 3, site: 'A' }], total: 7 });
    const [url, init] = fetchMock.mock.calls[0]!;
    const u = new URL(String(url));
    expect(u.pathname).toBe('/resources-api/test-visits');
    expect(JSON.parse(u.searchParams.get('filter')!)).toEqual({ q: 'Kraków' });
    expect(JSON.parse(u.searchParams.get('range')!)).toEqual([0, 9]);
    expect(JSON.parse(u.searchParams.get('sort')!)).toEqual(['site', 'ASC']);
    expect(headerOf(init, 'Authorization')).toBe(`Bearer ${token}`);

    await dataProvider.getList('test-visits', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: { search: 'site = A', advanced: true },
    });
    const advanced = new URL(String(fetchMock.mock.calls[1]![0]));
    expect(JSON.parse(advanced.searchParams.get('filter')!)).toEqual({ query: 'site = A' });
    expect(JSON.parse(advanced.searchParams.get('range')!)).toEqual([10, 19]);
  });

  it('updates with PUT, and after a 401 refreshes the session once and retries', async () => {
    writeSession({ user, tokens: { accessToken: jwt(Math.floor(Date.now() / 1000) + 60), refreshToken: 'r1' } });
    const fresh = jwt(Math.floor(Date.now() / 1000) + 900);
    let first = true;
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (String(url).endsWith('/api/me'))
        return json(200, { user, tokens: { accessToken: fresh, refreshToken: 'r2' } });
      if (first) {
        first = false;
        return json(401, { status: 401, message: 'The token is expired' });
      }
      return json(200, { id: 3, ...JSON.parse(String(init.body)) });
    });
    const result = await dataProvider.update('test-visits', {
      id: 3,
      data: { id: 3, site: 'B' },
      previousData: { id: 3 },
    });
    expect(result.data).toEqual({ id: 3, site: 'B' });
    const calls = fetchMock.mock.calls.map(([u, i]) => [
      (i as RequestInit | undefined)?.method ?? 'GET',
      new URL(String(u)).pathname,
    ]);
    expect(calls).toEqual([
      ['PUT', '/resources-api/test-visits/3'],
      ['GET', '/api/me'],
      ['PUT', '/resources-api/test-visits/3'],
    ]);
    expect(headerOf(fetchMock.mock.calls[2]![1], 'Authorization')).toBe(`Bearer ${fresh}`);
    expect(readSession()?.refreshToken).toBe('r2');
  });
});
