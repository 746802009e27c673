/**
 * The developer-portal users' `update` over a stubbed fetch: the access definitions are saved as
 * their differences against the record's, one call each — deleted, then changed (PUT without the
 * id), then added (POST) — and resolve to the definitions the server holds; the other parts of
 * the user are one PATCH of their own sub-path.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccessDefinition } from '../../common/adpUsers';
import { configureServices, json, jwt } from './support/services';
import { dataProvider } from '../../src/dataProviders';
import { writeSession } from '../../src/state/session';

let fetchMock: ReturnType<typeof vi.fn>;

const sent = () =>
  fetchMock.mock.calls.map((call) => {
    const [url, init = {}] = call as [string, RequestInit?];
    return {
      method: init.method ?? 'GET',
      path: new URL(url).pathname,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
  });

beforeEach(() => {
  localStorage.clear();
  configureServices();
  writeSession({
    user: { id: 1, name: 'admin', displayName: null, avatar: null, role: 'admin', permissions: [] },
    tokens: { accessToken: jwt(Math.floor(Date.now() / 1000) + 3600), refreshToken: 'r' },
  });
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const def = (id: number, installationId: number): AccessDefinition => ({
  id,
  sponsorId: null,
  osmId: null,
  installationId,
  visibility: 'ALL' as AccessDefinition['visibility'],
  canBeEdited: true,
});

describe('adp-users update', () => {
  it('saves the access definitions as their differences, deleted, changed, then added', async () => {
    const kept = def(1, 10);
    const before = [kept, def(2, 20), def(3, 30)];
    const after = [kept, { ...def(3, 30), installationId: 31 }, def(1500, 40)];
    fetchMock.mockImplementation(async (url: string, init: RequestInit = {}) =>
      init.method === 'DELETE'
        ? json(200, {})
        : json(200, {
            data: { accessDefinition: { ...JSON.parse(String(init.body)), id: init.method === 'PUT' ? 3 : 1500 } },
          }),
    );
    const result = await dataProvider.update('adp-users', {
      id: 12,
      data: { accessDefinitions: after },
      previousData: { id: 12, accessDefinitions: before },
      meta: { action: 'access' },
    });
    expect(sent().map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /adp-api/admin/users/12/access-definitions/2',
      'PUT /adp-api/admin/users/12/access-definitions/3',
      'POST /adp-api/admin/users/12/access-definitions',
    ]);
    const { id: _id, ...changed } = after[1]!;
    expect(sent()[1]!.body).toEqual(changed);
    expect(sent()[2]!.body).toEqual(after[2]);
    expect(result.data).toEqual({ id: 12, accessDefinitions: after, accessCount: 3 });
  });

  it('sends the type to its own sub-path and answers the user', async () => {
    fetchMock.mockResolvedValue(json(200, { data: { user: { id: 12, type: 'LEAD' } } }));
    const result = await dataProvider.update('adp-users', {
      id: 12,
      data: { type: 'LEAD' },
      previousData: { id: 12 },
      meta: { action: 'type' },
    });
    expect(sent()).toEqual([{ method: 'PATCH', path: '/adp-api/admin/users/12/type', body: { type: 'LEAD' } }]);
    expect(result.data).toEqual({ id: 12, type: 'LEAD' });
  });
});
