/** The HTTP layer: one shared refresh for concurrent callers, the 2-second rule, cancellation, ignored statuses. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureServices, json, jwt } from './support/services';
import { client, SESSION_MESSAGES } from '../../src/dataProviders/http';
import { ApiError } from '../../src/dataProviders/errors';
import { appEvents, type BannerError } from '../../src/state/events';
import { readSession, writeSession } from '../../src/state/session';
import { authProvider } from '../../src/authProvider';

const user = { id: 1, name: 'admin', displayName: 'Ada', avatar: null, role: 'admin', permissions: ['view_sensors'] };

let fetchMock: ReturnType<typeof vi.fn>;
let banners: BannerError[];
let logouts: (string | undefined)[];
const offs: (() => void)[] = [];

beforeEach(() => {
  localStorage.clear();
  configureServices();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  banners = [];
  logouts = [];
  offs.push(
    appEvents.on('error', (e) => banners.push(e)),
    appEvents.on('logout', (m) => logouts.push(m)),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  offs.splice(0).forEach((off) => off());
});

describe('service client', () => {
  it('sends the access token while more than 2 seconds remain', async () => {
    const token = jwt(Math.floor(Date.now() / 1000) + 60);
    writeSession({ user, tokens: { accessToken: token, refreshToken: 'r1' } });
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await client('main').request('/sensors');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`${window.location.origin}/api/sensors`);
    expect((init as RequestInit).headers).toMatchObject({ Authorization: `Bearer ${token}` });
  });

  it('refreshes a token with 2 seconds or fewer left ONCE for many concurrent requests', async () => {
    writeSession({ user, tokens: { accessToken: jwt(Math.floor(Date.now() / 1000) + 1), refreshToken: 'r1' } });
    const fresh = jwt(Math.floor(Date.now() / 1000) + 900);
    fetchMock.mockImplementation(async (url: string) => {
      if (url.endsWith('/api/me')) {
        await new Promise((r) => setTimeout(r, 20));
        return json(200, { user, tokens: { accessToken: fresh, refreshToken: 'r2' } });
      }
      return json(200, { url });
    });
    await Promise.all([client('main').request('/a'), client('gsm').request('/b'), client('adp').request('/c')]);
    const meCalls = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/me'));
    expect(meCalls).toHaveLength(1);
    expect((meCalls[0]![1] as RequestInit).headers).toMatchObject({ Authorization: 'Bearer r1' });
    for (const [url, init] of fetchMock.mock.calls.filter(([u]) => !String(u).endsWith('/api/me')))
      expect((init as RequestInit).headers, String(url)).toMatchObject({ Authorization: `Bearer ${fresh}` });
    expect(readSession()?.refreshToken).toBe('r2');
  });

  it('logs out with the spec message when the refresh fails', async () => {
    writeSession({ user, tokens: { accessToken: jwt(0), refreshToken: 'r1' } });
    fetchMock.mockResolvedValue(json(401, { status: 401, message: 'The session has ended' }));
    await expect(client('main').request('/a')).rejects.toBeInstanceOf(ApiError);
    expect(logouts).toEqual([SESSION_MESSAGES.refreshFailed]);
    expect(readSession()).toBeNull();
  });

  it('logs out with the spec message when there is no refresh token', async () => {
    await expect(client('main').request('/a')).rejects.toBeInstanceOf(ApiError);
    expect(logouts).toEqual([SESSION_MESSAGES.noRefreshToken]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a banner for errors, none for declared statuses or cancelled requests', async () => {
    writeSession({ user, tokens: { accessToken: jwt(Math.floor(Date.now() / 1000) + 60), refreshToken: 'r1' } });
    fetchMock.mockResolvedValueOnce(json(422, { status: 422, message: 'Forbidden transition' }));
    await expect(client('main').request('/x')).rejects.toMatchObject({ status: 422 });
    expect(banners).toEqual([{ status: 422, message: 'Forbidden transition', severity: 'warning' }]);

    fetchMock.mockResolvedValueOnce(json(404, { status: 404, message: 'gone' }));
    await expect(client('main').request('/x', { ignoreStatuses: [404] })).rejects.toMatchObject({ status: 404 });

    const controller = new AbortController();
    fetchMock.mockImplementationOnce(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          const abort = () => reject(new DOMException('aborted', 'AbortError'));
          if (init.signal!.aborted) abort();
          else init.signal!.addEventListener('abort', abort);
        }),
    );
    const pending = client('main').request('/slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
    expect(banners).toHaveLength(1);
  });

  it('sends an Idempotency-Key and retries a keyed request that got no answer with the same key', async () => {
    writeSession({ user, tokens: { accessToken: jwt(Math.floor(Date.now() / 1000) + 600), refreshToken: 'r1' } });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(json(201, { id: 1 }));
    await expect(
      client('main').request('/integrations', { method: 'POST', body: {}, idempotencyKey: 'k-1' }),
    ).resolves.toEqual({ id: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    for (const [, init] of fetchMock.mock.calls)
      expect((init as RequestInit).headers).toMatchObject({ 'Idempotency-Key': 'k-1' });
    expect(banners).toHaveLength(0);

    // Without a key, a POST is never repeated.
    fetchMock.mockReset();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(client('main').request('/integrations', { method: 'POST', body: {} })).rejects.toMatchObject({
      kind: 'network',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('logs out on 403 "The token is expired"', async () => {
    writeSession({ user, tokens: { accessToken: jwt(Math.floor(Date.now() / 1000) + 60), refreshToken: 'r1' } });
    fetchMock.mockResolvedValue(json(403, { status: 403, message: 'The token is expired' }));
    await expect(client('main').request('/x')).rejects.toMatchObject({ status: 403 });
    expect(logouts).toHaveLength(1);
    expect(banners).toHaveLength(0);
    expect(readSession()).toBeNull();
  });
});

describe('a 401 ends the session at once', () => {
  const ENDED = 'The session has ended. Please sign in again.';
  const fresh = () =>
    writeSession({ user, tokens: { accessToken: jwt(Math.floor(Date.now() / 1000) + 600), refreshToken: 'r1' } });

  it('on any request with the session: logged out with the server message, no banner', async () => {
    fresh();
    fetchMock.mockResolvedValue(json(401, { status: 401, message: ENDED }));
    await expect(client('main').request('/installation-requests/count', { skipLoading: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(logouts).toEqual([ENDED]);
    expect(banners).toHaveLength(0);
    expect(readSession()).toBeNull();
  });

  it('once for many concurrent 401s, and the data provider check adds no second, message-less logout', async () => {
    fresh();
    fetchMock.mockImplementation(async () => json(401, { status: 401, message: ENDED }));
    const failures = await Promise.allSettled([
      client('main').request('/a'),
      client('gsm').request('/b'),
      client('adp').request('/c'),
    ]);
    expect(failures.every((f) => f.status === 'rejected')).toBe(true);
    const error = (failures[0] as PromiseRejectedResult).reason;
    await expect(authProvider.checkError(error)).rejects.toMatchObject({ redirectTo: '/' });
    expect(logouts).toEqual([ENDED]);
  });

  it('not for a wrong password at sign-in, nor where the caller handles 401 itself', async () => {
    fetchMock.mockResolvedValue(json(401, { status: 401, message: 'Invalid username or password' }));
    await expect(client('main').request('/login/basic', { auth: { basic: 'eDp5' } })).rejects.toMatchObject({
      status: 401,
    });
    expect(logouts).toHaveLength(0);
    expect(banners).toEqual([{ status: 401, message: 'Invalid username or password', severity: 'warning' }]);

    fresh();
    await expect(
      client('main').request('/logout', { method: 'POST', auth: 'refresh', ignoreStatuses: [401] }),
    ).rejects.toMatchObject({ status: 401 });
    expect(logouts).toHaveLength(0);
    expect(readSession()).not.toBeNull();
  });
});
