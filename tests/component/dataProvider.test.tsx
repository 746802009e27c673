/**
 * The composite data provider over a stubbed fetch: page resources reach the right endpoints, and
 * the answers a screen shows itself (a dialog's refusal, the history's 404, the query editor's 400,
 * the menu badge's poll) raise no banner and no loading bar — what the screens' tests rely on.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureServices, json, jwt } from './support/services';
import { dataProvider } from '../../src/dataProviders';
import { ApiError } from '../../src/dataProviders/errors';
import { appEvents, type BannerError } from '../../src/state/events';
import { writeSession } from '../../src/state/session';

let fetchMock: ReturnType<typeof vi.fn>;
let banners: BannerError[];
let loading: number[];
const offs: (() => void)[] = [];

/** The one request sent: method, path below the service, query, headers and JSON body. */
function sent(index = 0) {
  const [url, init = {}] = fetchMock.mock.calls[index] as [string, RequestInit?];
  const u = new URL(url);
  return {
    method: init.method ?? 'GET',
    path: u.pathname,
    query: Object.fromEntries(u.searchParams),
    headers: init.headers as Record<string, string>,
    body: init.body ? JSON.parse(String(init.body)) : undefined,
  };
}

beforeEach(() => {
  localStorage.clear();
  configureServices();
  writeSession({
    user: { id: 1, name: 'admin', displayName: null, avatar: null, role: 'admin', permissions: [] },
    tokens: { accessToken: jwt(Math.floor(Date.now() / 1000) + 3600), refreshToken: 'r' },
  });
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  banners = [];
  loading = [];
  offs.push(
    appEvents.on('error', (e) => banners.push(e)),
    appEvents.on('loading', (n) => loading.push(n)),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  offs.splice(0).forEach((off) => off());
});

const refusal = (status: number, message: string) => json(status, { status, message });

describe('page resources', () => {
  it('history: one GET; a 404 is the page’s own answer, no banner', async () => {
    fetchMock.mockResolvedValue(refusal(404, 'Sensor 9 does not exist'));
    const error = await dataProvider.getHistory('history', { scope: 'sensors', id: '9' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect(sent()).toMatchObject({ method: 'GET', path: '/api/history/sensors/9' });
    expect(banners).toEqual([]);
  });

  it('roles: list, create (refusals stay in the dialog), update (409 on the field), delete', async () => {
    const role = { id: 3, name: 'viewer', permissions: {}, builtIn: false, userCount: 0 };
    fetchMock.mockResolvedValueOnce(json(200, { data: [role] }));
    const list = await dataProvider.getList('roles', {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(list).toEqual({ data: [role], total: 1 });
    expect(sent(0)).toMatchObject({ method: 'GET', path: '/api/admin/roles' });

    fetchMock.mockResolvedValueOnce(refusal(400, 'Invalid body: name: Must be shorter than 65 characters'));
    await expect(dataProvider.create('roles', { data: { name: 'x' } })).rejects.toBeInstanceOf(ApiError);
    expect(sent(1)).toMatchObject({ method: 'POST', path: '/api/admin/roles', body: { name: 'x', permissions: {} } });

    fetchMock.mockResolvedValueOnce(refusal(409, 'The name is in use'));
    await expect(
      dataProvider.update('roles', { id: 3, data: { name: 'admin', permissions: {} }, previousData: role }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(sent(2)).toMatchObject({ method: 'PATCH', path: '/api/admin/roles/3', body: { name: 'admin' } });
    expect(banners).toEqual([]);

    fetchMock.mockResolvedValueOnce(json(200, { movedUsers: 0 }));
    expect(await dataProvider.delete('roles', { id: 3, previousData: role })).toEqual({ data: role });
    expect(sent(3)).toMatchObject({ method: 'DELETE', path: '/api/admin/roles/3' });
  });

  it('tokens: every token with filter.all; create sends the Idempotency-Key and keeps a 403 in the dialog', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: { integrations: [] } }));
    await dataProvider.getList('tokens', {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'id', order: 'ASC' },
      filter: { all: true },
    });
    expect(sent(0)).toMatchObject({ path: '/api/integrations', query: { all: 'true' } });

    fetchMock.mockResolvedValueOnce(refusal(403, 'You cannot grant permissions you do not hold: view_x'));
    const payload = { name: 'ci', permissions: ['view_x'], time: 1 };
    await expect(
      dataProvider.create('tokens', { data: payload, meta: { idempotencyKey: 'k-1' } }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(sent(1)).toMatchObject({ method: 'POST', path: '/api/integrations', body: payload });
    expect(sent(1).headers['Idempotency-Key']).toBe('k-1');
    expect(banners).toEqual([]);
  });

  it('audit logs: the view’s query on the scope’s endpoint; a 500 still raises the banner', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: { logs: [] }, meta: { totalCount: 0 } }));
    const page = await dataProvider.getAuditLogs('logs', { scope: 'admin', query: { page: 2, search: 'x' } });
    expect(page).toEqual({ logs: [], totalCount: 0, capped: false });
    expect(sent(0)).toMatchObject({ path: '/api/audit/logs/admin', query: { page: '2', search: 'x' } });

    fetchMock.mockResolvedValueOnce(refusal(500, 'boom'));
    await expect(dataProvider.getAuditLogs('logs', { scope: 'admin', query: {} })).rejects.toBeInstanceOf(ApiError);
    expect(banners).toHaveLength(1);
  });

  it('query editor: a 400 resolves to the server’s message, silently; tags of a list, none when forbidden', async () => {
    fetchMock.mockResolvedValueOnce(refusal(400, 'Unknown field "colour"'));
    expect(
      await dataProvider.checkQuery('queries', { service: 'main', endpoint: '/sensors', query: 'colour = 1' }),
    ).toBe('Unknown field "colour"');
    expect(sent(0)).toMatchObject({ path: '/api/sensors', query: { page: '1', limit: '1', query: 'colour = 1' } });

    // a query-language refusal carries its keyed message: the editor shows it translated
    const keyed = {
      status: 400,
      message: 'Unknown value "x" for status at position 9; expected one of: Ready, Lost',
      messageKey: 'query.errors.unknownValue',
      messageValues: { value: '"x"', field: 'status', position: 9, values: ['Ready', 'Lost'] },
    };
    fetchMock.mockResolvedValueOnce(json(400, keyed));
    expect(
      await dataProvider.checkQuery('queries', { service: 'main', endpoint: '/sensors', query: 'status = x' }),
    ).toEqual({
      key: keyed.messageKey,
      values: keyed.messageValues,
      en: keyed.message,
    });
    // an unknown key is not trusted: the English text is all there is
    fetchMock.mockResolvedValueOnce(json(400, { ...keyed, messageKey: 'query.errors.noSuchMessage' }));
    expect(
      await dataProvider.checkQuery('queries', { service: 'main', endpoint: '/sensors', query: 'status = x' }),
    ).toBe(keyed.message);

    // a resource added by configuration is checked on its own service, in its paging dialect
    fetchMock.mockResolvedValueOnce(json(200, []));
    expect(
      await dataProvider.checkQuery('queries', {
        service: 'resources',
        endpoint: '/calibration-sites',
        query: 'id > 1',
      }),
    ).toBeNull();
    expect(sent(3)).toMatchObject({
      path: '/resources-api/calibration-sites',
      query: { _start: '0', _end: '1', query: 'id > 1' },
    });

    fetchMock.mockResolvedValueOnce(json(200, { data: { tags: [{ id: 1, name: 'Roof', type: 'STRING' }] } }));
    expect(await dataProvider.getQueryTags('queries', { list: 'sensors' })).toHaveLength(1);
    expect(sent(4)).toMatchObject({ path: '/api/sensors/tags', query: { includeMeta: 'true' } });

    fetchMock.mockResolvedValueOnce(refusal(403, 'Forbidden'));
    expect(await dataProvider.getQueryTags('queries', { list: 'contractors' })).toEqual([]);
    expect(banners).toEqual([]);
    expect(loading).toEqual([]);
  });

  it('menu badge: the open-requests count, polled without the loading bar', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { count: 4 }));
    expect(await dataProvider.countOpenRequests('installation-requests', {})).toBe(4);
    expect(sent()).toMatchObject({ path: '/api/installations/requests/open/count' });
    expect(loading).toEqual([]);
  });

  it('saved queries: one list per kind, the new list after a removal', async () => {
    const query = { id: 5, name: 'Ready', value: 'status = "Ready"', visibility: true };
    fetchMock.mockResolvedValueOnce(json(200, { data: { queries: [query] } }));
    expect(await dataProvider.getPersonalItems('preferences', { list: 'queries/sensors' })).toEqual([query]);
    expect(sent(0)).toMatchObject({ path: '/api/preferences/queries/sensors' });

    fetchMock.mockResolvedValueOnce(json(200, { data: { queries: [] } }));
    expect(await dataProvider.deletePersonalItem('preferences', { list: 'queries/sensors', id: 5 })).toEqual([]);
    expect(sent(1)).toMatchObject({ method: 'DELETE', path: '/api/preferences/queries/sensors/5' });
  });

  it('sensors: custom methods reach the main API and the GSM updater', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: { id: 7, status: 'Restarting' } }));
    expect(await dataProvider.restartSensor('sensors', { id: 7 })).toEqual({ id: 7, status: 'Restarting' });
    expect(sent(0)).toMatchObject({ method: 'POST', path: '/updater/gsm/sensors/7/restart' });

    fetchMock.mockResolvedValueOnce(new Response('id\n1\n', { status: 201, headers: { 'content-type': 'text/csv' } }));
    const order = { amount: 1, communication: 'GSM', measured: [], latitude: 0, longitude: 0, contractorId: null };
    await dataProvider.orderSensors('sensors', { order: order as never, idempotencyKey: 'k-2' });
    expect(sent(1)).toMatchObject({ method: 'POST', path: '/api/sensors', body: order });
    expect(sent(1).headers['Idempotency-Key']).toBe('k-2');
  });
});

describe('generic resources (built from the declaration)', () => {
  it('getMany of a resource whose query language names ids: one list call for every id', async () => {
    fetchMock.mockResolvedValue(json(200, { data: { contractors: [{ id: 3 }, { id: 5 }] }, meta: { totalCount: 2 } }));
    const { data } = await dataProvider.getMany('contractors', { ids: [3, 5] });
    expect(data.map((r) => r.id)).toEqual([3, 5]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sent()).toMatchObject({
      method: 'GET',
      path: '/api/contractors',
      query: { page: '1', limit: '2', query: 'id = 3 or id = 5' },
    });
  });

  it("a form's create or update: its refusals raise no banner (the form shows them); other calls do", async () => {
    fetchMock.mockResolvedValue(refusal(409, 'Model: another record already has this value'));
    const meta = { refusalsInForm: true };
    await dataProvider.create('sensor-models', { data: { name: 'x' }, meta }).catch(() => undefined);
    await dataProvider
      .update('sensor-models', { id: 1, data: { name: 'x' }, previousData: { id: 1 }, meta })
      .catch(() => undefined);
    expect(banners).toEqual([]);
    expect(sent(0)).toMatchObject({ method: 'POST', path: '/api/sensor-models', body: { name: 'x' } });
    expect(sent(1)).toMatchObject({ method: 'PATCH', path: '/api/sensor-models/1', body: { name: 'x' } });
    await dataProvider.create('sensor-models', { data: { name: 'x' } }).catch(() => undefined);
    expect(banners).toHaveLength(1);
  });
});
