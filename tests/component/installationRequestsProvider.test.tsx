/**
 * The installation requests' calls over a stubbed fetch (document 2, section 7): the list asks for
 * one side of the active/archived switch (or the search, across every state) sorted by createdAt
 * in the switch's direction; the state change, plain-text notes, the multipart image, and a
 * missing request answered without the banner.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureServices, json, jwt } from './support/services';
import { dataProvider } from '../../src/dataProviders';
import { appEvents, type BannerError } from '../../src/state/events';
import { writeSession } from '../../src/state/session';

let fetchMock: ReturnType<typeof vi.fn>;
let banners: BannerError[];
const offs: (() => void)[] = [];

function sent(index = 0) {
  const [url, init = {}] = fetchMock.mock.calls[index] as [string, RequestInit?];
  const u = new URL(url);
  return {
    method: init.method ?? 'GET',
    path: u.pathname,
    query: Object.fromEntries(u.searchParams),
    headers: init.headers as Record<string, string>,
    body: init.body,
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
  offs.push(appEvents.on('error', (e) => banners.push(e)));
});
afterEach(() => {
  vi.unstubAllGlobals();
  offs.splice(0).forEach((off) => off());
});

const page = { data: { requests: [{ id: 1 }] }, meta: { totalCount: 1 } };
const list = (filter: Record<string, unknown>, order: 'ASC' | 'DESC') =>
  dataProvider.getList('installation-requests', {
    pagination: { page: 2, perPage: 100 },
    sort: { field: 'createdAt', order },
    filter,
  });

describe('installation requests', () => {
  it('lists the active side oldest first, the archive newest first, a search in every state', async () => {
    fetchMock.mockImplementation(async () => json(200, page));
    expect(await list({ archived: false }, 'ASC')).toEqual({ data: [{ id: 1 }], total: 1 });
    expect(sent(0)).toMatchObject({
      path: '/api/installations/requests/',
      query: { page: '2', limit: '100', sortBy: 'createdAt', order: 'asc', query: 'state in (HOLD, WAITING)' },
    });
    await list({ archived: true }, 'DESC');
    expect(sent(1).query).toMatchObject({ order: 'desc', query: 'state in (DONE, REJECTED)' });
    await list({ search: 'Kraków "x"', advanced: false }, 'ASC');
    expect(sent(2).query.query).toBe('SEARCH("Kraków \\"x\\"")');
  });

  it('changes the state, saves notes as plain text, sends the image as multipart "file"', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: { id: 7, state: 'HOLD' } }));
    const hold = { id: 7, data: { state: 'HOLD' }, previousData: { id: 7 }, meta: { action: 'state' } };
    expect(await dataProvider.update('installation-requests', hold)).toEqual({ data: { id: 7, state: 'HOLD' } });
    expect(sent(0)).toMatchObject({ method: 'PATCH', path: '/api/installations/requests/7/state' });
    expect(JSON.parse(String(sent(0).body))).toEqual({ state: 'HOLD' });

    fetchMock.mockResolvedValueOnce(json(200, { data: { id: 7, staffNotes: 'a\nb' } }));
    const notes = { id: 7, data: { staffNotes: 'a\nb' }, previousData: { id: 7 }, meta: { action: 'notes' } };
    await dataProvider.update('installation-requests', notes);
    expect(sent(1)).toMatchObject({ method: 'PATCH', path: '/api/installations/requests/7/notes', body: 'a\nb' });
    expect(sent(1).headers['Content-Type']).toMatch(/^text\/plain/);

    fetchMock.mockResolvedValueOnce(json(201, { imageUrl: '/api/files/image/abc' }));
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'roof.png', { type: 'image/png' });
    expect(await dataProvider.addRequestImage('installation-requests', { id: 7, file, location: 'Roof' })).toEqual({
      imageUrl: '/api/files/image/abc',
    });
    const form = sent(2).body as FormData;
    expect(sent(2)).toMatchObject({ method: 'POST', path: '/api/installations/requests/7/images' });
    expect((form.get('file') as File).name).toBe('roof.png');
    expect(form.get('location')).toBe('Roof');
  });

  it('reads one request from data.request; a missing one is the screen’s answer, no banner', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: { request: { id: 7, state: 'WAITING' } } }));
    expect((await dataProvider.getOne('installation-requests', { id: 7 })).data).toEqual({ id: 7, state: 'WAITING' });
    fetchMock.mockResolvedValueOnce(json(404, { status: 404, message: 'Installation request 9 does not exist' }));
    await expect(dataProvider.getOne('installation-requests', { id: 9 })).rejects.toMatchObject({ status: 404 });
    expect(banners).toEqual([]);
  });
});
