/**
 * The presets and saved-queries pages: Save enabled only after a change, the built-in preset All
 * locked, export through the clipboard, and the spec's import error for 5 seconds.
 */
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import {
  BUILT_IN_PRESETS,
  DEFAULT_SAVED_QUERIES,
  IMPORT_BANNER_MS,
  LEGACY_STORAGE_KEYS,
  TAB_SYNC_CLEAR_MS,
  TAB_SYNC_KEY,
  type Preset,
} from '../../common/presets';
import { configureServices, json, jwt, stubMainApi, type ApiCall } from './support/services';
// The real provider over a stubbed fetch: these tests follow the calls down to the wire.
import { dataProvider } from '../../src/dataProviders';
import { writeSession } from '../../src/state/session';
import { PresetsPage } from '../../src/pages/preferences/PresetsPage';
import { SensorQueriesPage } from '../../src/pages/preferences/SavedQueriesPage';
import { i18nProvider } from '../../src/i18n';
import { PRESETS_KEY } from '../../src/pages/preferences/preferencesApi';
import { migrateLegacyStorage } from '../../src/pages/preferences/legacyStorage';
import { announceChange, syncTopicOf } from '../../src/pages/preferences/tabSync';
import { PreferencesSync } from '../../src/layout/PreferencesSync';

let presets: Preset[];
let calls: ApiCall[];
let clipboard: { writeText: ReturnType<typeof vi.fn>; readText: ReturnType<typeof vi.fn> };

beforeEach(() => {
  localStorage.clear();
  configureServices();
  writeSession({
    user: {
      id: 1,
      name: 'tech',
      displayName: 'Tech',
      avatar: null,
      role: 'technician',
      permissions: ['view_installations'],
    },
    tokens: { accessToken: jwt(Math.floor(Date.now() / 1000) + 3600), refreshToken: 'r' },
  });
  presets = BUILT_IN_PRESETS.map((p) => ({ ...p }));
  calls = stubMainApi(({ method, path, body }) => {
    if (path === '/preferences/presets' && method === 'GET') return json(200, { data: { presets } });
    if (path === '/preferences/presets' && method === 'POST') {
      const preset = { id: Math.max(...presets.map((p) => p.id)) + 1, ...(body as object) } as Preset;
      presets = [...presets, preset];
      return json(201, { data: { preset } });
    }
    const m = /^\/preferences\/presets\/(\d+)$/.exec(path);
    if (m && method === 'PUT') {
      const preset = { id: Number(m[1]), ...(body as object) } as Preset;
      presets = presets.map((p) => (p.id === preset.id ? preset : p));
      return json(200, { data: { preset } });
    }
    if (path === '/preferences/queries/sensors' && method === 'GET')
      return json(200, { data: { queries: DEFAULT_SAVED_QUERIES.sensors } });
    return json(404, { status: 404, message: `No route for ${method} ${path}` });
  });
  stubClipboard();
});

/** user-event installs its own clipboard in setup(): stub ours after it. */
function stubClipboard() {
  clipboard = { writeText: vi.fn(async () => undefined), readText: vi.fn(async () => '') };
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: clipboard });
}
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderPage(page: ReactNode) {
  return render(
    <MemoryRouter>
      <AdminContext store={memoryStore()} i18nProvider={i18nProvider} dataProvider={dataProvider}>
        {page}
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

const row = (name: string) =>
  waitFor(() => {
    const found = screen
      .getAllByTestId('personal-item')
      .find((i) => within(i).getByTestId('item-name').textContent === name);
    if (!found) throw new Error(`no row ${name}`);
    return found;
  });

describe('presets page', () => {
  it('lists the presets with All locked', async () => {
    renderPage(<PresetsPage />);
    const all = await row('All');
    for (const action of ['Edit', 'Delete', 'Export', 'Hide'])
      expect(within(all).getByRole('button', { name: action }).hasAttribute('disabled')).toBe(true);
    expect(within(all).getByRole('button', { name: 'Move up' }).hasAttribute('disabled')).toBe(true);
    expect(within(all).getByRole('button', { name: 'Move down' }).hasAttribute('disabled')).toBe(false);
    expect((await row('Measurements')).textContent).toContain('18 columns: Installation ID, ID, Status');
  });

  it('enables Save only after a change, and saves', async () => {
    const user = userEvent.setup();
    renderPage(<PresetsPage />);
    await user.click(within(await row('Details')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Detail');
    expect(save.hasAttribute('disabled')).toBe(false);
    await user.type(name, 's'); // back to the original name: no change
    expect(save.hasAttribute('disabled')).toBe(true);
    await user.clear(name);
    expect(save.hasAttribute('disabled')).toBe(true); // a change, but no name
    await user.type(name, 'Everything');
    await user.click(save);
    await screen.findByText('Saved preset');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put).toMatchObject({ path: '/preferences/presets/4', body: { name: 'Everything', visibility: true } });
    expect(await row('Everything')).toBeTruthy();
  });

  it('Create opens a Custom preset that is saved on Save only: Cancel leaves nothing behind', async () => {
    const user = userEvent.setup();
    renderPage(<PresetsPage />);
    await row('Details');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    let dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Custom');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(within(dialog).getByRole('heading', { name: 'New preset' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(screen.getAllByTestId('item-name').map((n) => n.textContent)).toEqual([
      'All',
      'Measurements',
      'Calibrations',
      'Details',
    ]);

    // Created as it starts (Custom, the installation id), or as changed, once Save is pressed.
    await user.click(screen.getByRole('button', { name: 'Create' }));
    dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Field work');
    await user.click(save);
    expect(await screen.findByText('Saved preset')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      {
        method: 'POST',
        path: '/preferences/presets',
        body: { name: 'Field work', visibility: true, fieldsValues: ['installationId'] },
      },
    ]);
    expect((await row('Field work')).textContent).toContain('1 column: Installation ID');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('exports all presets but All to the clipboard', async () => {
    const user = userEvent.setup();
    stubClipboard();
    renderPage(<PresetsPage />);
    await row('All');
    await user.click(screen.getByRole('button', { name: 'Export all' }));
    await screen.findByText('Copied all presets to clipboard');
    const exported = JSON.parse(clipboard.writeText.mock.calls[0]![0] as string) as Preset[];
    expect(exported.map((p) => p.name)).toEqual(['Measurements', 'Calibrations', 'Details']);
    await user.click(within(await row('Calibrations')).getByRole('button', { name: 'Export' }));
    await screen.findByText('Copied preset to clipboard');
    expect(JSON.parse(clipboard.writeText.mock.calls[1]![0] as string)).toEqual([BUILT_IN_PRESETS[2]]);
  });

  it('shows the import error for 5 s when the clipboard holds no JSON array', async () => {
    clipboard.readText.mockResolvedValue('{"id": 2}');
    renderPage(<PresetsPage />);
    await row('All');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => screen.getByRole('button', { name: 'Import all' }).click());
    const alert = await screen.findByTestId('import-error');
    expect(alert.textContent).toContain(
      'Error importing presets. The contents of the clipboard are either invalid or the permission was not granted.',
    );
    expect(calls.some((c) => c.path.endsWith('/import'))).toBe(false);
    await act(async () => vi.advanceTimersByTime(IMPORT_BANNER_MS - 200));
    expect(screen.queryByTestId('import-error')).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(400));
    await waitFor(() => expect(screen.queryByTestId('import-error')).toBeNull());
  });

  it('shows the import error when the clipboard permission is refused', async () => {
    clipboard.readText.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    renderPage(<PresetsPage />);
    await row('All');
    await act(async () => screen.getByRole('button', { name: 'Import all' }).click());
    expect((await screen.findByTestId('import-error')).textContent).toContain(
      'Error importing presets. The contents of the clipboard are either invalid or the permission was not granted.',
    );
  });
});

describe('saved queries page', () => {
  it('uses the queries wording for the import error', async () => {
    clipboard.readText.mockResolvedValue('not json');
    renderPage(<SensorQueriesPage />);
    await row('using GSM or Wi-Fi communications');
    await act(async () => screen.getByRole('button', { name: 'Import all' }).click());
    expect((await screen.findByTestId('import-error')).textContent).toContain(
      'Error importing queries. The contents of the clipboard are either invalid or the permission was not granted.',
    );
  });

  it('enables Save only after the name or the query changes, and only for a query that parses', async () => {
    const user = userEvent.setup();
    renderPage(<SensorQueriesPage />);
    await user.click(within(await row('using GSM or Wi-Fi communications')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    const query = within(dialog).getByRole('combobox', { name: 'Query' });
    await user.type(query, ' or');
    expect(save.hasAttribute('disabled')).toBe(true); // does not parse
    await user.type(query, ' status = Lost');
    expect(save.hasAttribute('disabled')).toBe(false);
  });
});

describe('tab sync', () => {
  it('writes aq.sync and removes it after 10 ms', async () => {
    vi.useFakeTimers();
    const writes: (string | null)[] = [];
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (
      this: Storage,
      k: string,
      v: string,
    ) {
      if (k === TAB_SYNC_KEY) writes.push(v);
    });
    const removeItem = vi.spyOn(Storage.prototype, 'removeItem');
    announceChange('presets');
    expect(JSON.parse(writes[0]!)).toMatchObject({ topic: 'presets' });
    expect(removeItem).not.toHaveBeenCalledWith(TAB_SYNC_KEY);
    vi.advanceTimersByTime(TAB_SYNC_CLEAR_MS);
    expect(removeItem).toHaveBeenCalledWith(TAB_SYNC_KEY);
    setItem.mockRestore();
    removeItem.mockRestore();
    expect(syncTopicOf({ key: TAB_SYNC_KEY, newValue: null })).toBeUndefined();
    expect(syncTopicOf({ key: 'other', newValue: '{"topic":"presets"}' })).toBeUndefined();
    expect(syncTopicOf({ key: TAB_SYNC_KEY, newValue: '{"topic":"queries.sensors"}' })).toBe('queries.sensors');
  });

  it('reloads the presets when another tab announces a change', async () => {
    render(
      <MemoryRouter>
        <AdminContext store={memoryStore()} dataProvider={dataProvider}>
          <PreferencesSync />
          <PresetsPage />
        </AdminContext>
      </MemoryRouter>,
    );
    await row('Details');
    presets = [...presets, { id: 9, name: 'From the other tab', visibility: true, fieldsValues: ['city'] }];
    const before = calls.filter((c) => c.method === 'GET' && c.path === '/preferences/presets').length;
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: TAB_SYNC_KEY, newValue: JSON.stringify({ topic: 'presets', at: 1 }) }),
      );
    });
    expect(await row('From the other tab')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/preferences/presets').length).toBe(before + 1);
  });
});

describe('migration from older local storage', () => {
  it('sends the three old lists at once, not one after the other', async () => {
    localStorage.setItem(
      LEGACY_STORAGE_KEYS.presets,
      JSON.stringify([{ id: 1, name: 'All', visibility: true, fieldsValues: null }]),
    );
    for (const key of [LEGACY_STORAGE_KEYS.installations, LEGACY_STORAGE_KEYS.sensors])
      localStorage.setItem(key, JSON.stringify([{ id: 2, name: 'Q', value: 'id = 1', visibility: true }]));
    // No answer comes until all three requests are out.
    const waiting: (() => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const path = new URL(url).pathname.replace(/^\/api/, '');
        const body = JSON.parse(String(init.body)) as Record<string, unknown[]>;
        calls.push({ method: init.method ?? 'GET', path, body });
        await new Promise<void>((answer) => waiting.push(answer));
        return json(200, { data: { ...body, migrated: true } });
      }),
    );
    const migration = migrateLegacyStorage(new QueryClient(), dataProvider);
    await vi.waitFor(() => expect(waiting).toHaveLength(3));
    waiting.forEach((answer) => answer());
    expect(await migration).toEqual([
      LEGACY_STORAGE_KEYS.presets,
      LEGACY_STORAGE_KEYS.installations,
      LEGACY_STORAGE_KEYS.sensors,
    ]);
    expect(calls.map((c) => c.path).sort()).toEqual([
      '/preferences/presets/migrate',
      '/preferences/queries/installations/migrate',
      '/preferences/queries/sensors/migrate',
    ]);
  });

  it('sends the old lists, drops the keys the server answered for, keeps a refused one', async () => {
    const oldPresets = [
      { id: 1, name: 'All', visibility: true, fieldsValues: null },
      { id: 5, name: 'Old', visibility: true, fieldsValues: ['city'] },
    ];
    localStorage.setItem(LEGACY_STORAGE_KEYS.presets, JSON.stringify(oldPresets));
    localStorage.setItem(
      LEGACY_STORAGE_KEYS.sensors,
      JSON.stringify([{ id: 2, name: 'GSM', value: 'communication = GSM', visibility: true }]),
    );
    localStorage.setItem(
      LEGACY_STORAGE_KEYS.installations,
      JSON.stringify([{ id: 2, name: 'Broken', value: 'isVisible =', visibility: true }]),
    );
    const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url).pathname.replace(/^\/api/, '');
      const body = JSON.parse(String(init.body)) as Record<string, unknown[]>;
      calls.push({ method: init.method ?? 'GET', path, body });
      if (path === '/preferences/presets/migrate')
        return json(200, { data: { presets: body.presets, migrated: true } });
      if (path === '/preferences/queries/sensors/migrate')
        return json(200, { data: { queries: body.queries, migrated: false } });
      return json(400, {
        status: 400,
        message: 'Query 1: Expected a value after "=" at position 11 but found end of query',
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = new QueryClient();
    const adopted = await migrateLegacyStorage(queryClient, dataProvider);
    expect(adopted).toEqual([LEGACY_STORAGE_KEYS.presets]);
    expect(calls.map((c) => c.path).sort()).toEqual([
      '/preferences/presets/migrate',
      '/preferences/queries/installations/migrate',
      '/preferences/queries/sensors/migrate',
    ]);
    expect(calls.find((c) => c.path === '/preferences/presets/migrate')!.body).toEqual({ presets: oldPresets });
    expect(localStorage.getItem(LEGACY_STORAGE_KEYS.presets)).toBeNull();
    expect(localStorage.getItem(LEGACY_STORAGE_KEYS.sensors)).toBeNull(); // the server already had a list
    expect(localStorage.getItem(LEGACY_STORAGE_KEYS.installations)).not.toBeNull(); // refused: kept
    expect(queryClient.getQueryData(PRESETS_KEY)).toEqual(oldPresets);
  });
});
