/**
 * The caller's preferences, presets and saved queries on the main API (server/services/main/
 * presetRoutes.ts and preferenceRoutes.ts), as react-query hooks. Every change updates the cache
 * and announces itself to the other open tabs.
 */
import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  effectivePresetId,
  type Preset,
  type PresetInput,
  type QueryKind,
  type SavedQuery,
  type SavedQueryInput,
} from '../../../common/presets';
import { client } from '../../dataProviders/http';
import { announceChange, type SyncTopic } from './tabSync';

export interface Preferences {
  theme: 'light' | 'dark';
  selectedPresetId: number;
}

export const PREFERENCES_KEY = ['preferences', 'settings'] as const;
export const PRESETS_KEY = ['preferences', 'presets'] as const;
export const queriesKey = (kind: QueryKind) => ['preferences', 'queries', kind] as const;

type Item = { id: number; name: string; visibility: boolean };

/** One personal list on the server: presets, or the saved queries of one kind. */
export interface ListApi<T extends Item, I> {
  topic: SyncTopic;
  key: readonly unknown[];
  list(signal?: AbortSignal): Promise<T[]>;
  create(body: Omit<T, 'id'>): Promise<T>;
  update(item: T): Promise<T>;
  remove(id: number): Promise<T[]>;
  order(ids: number[]): Promise<T[]>;
  /** Appends; clashing ids are renumbered by the server. 400s are left to the caller. */
  importAll(items: I[]): Promise<T[]>;
  /** Adopts an old local-storage list while nothing is stored. */
  migrate(items: I[]): Promise<{ items: T[]; migrated: boolean }>;
}

const main = () => client('main');

export const presetsApi: ListApi<Preset, PresetInput> = {
  topic: 'presets',
  key: PRESETS_KEY,
  list: async (signal) =>
    (await main().request<{ data: { presets: Preset[] } }>('/preferences/presets', { signal })).data.presets,
  create: async (body) =>
    (
      await main().request<{ data: { preset: Preset } }>('/preferences/presets', {
        method: 'POST',
        body,
        ignoreStatuses: [400],
      })
    ).data.preset,
  update: async ({ id, ...body }) =>
    (
      await main().request<{ data: { preset: Preset } }>(`/preferences/presets/${id}`, {
        method: 'PUT',
        body,
        ignoreStatuses: [400],
      })
    ).data.preset,
  remove: async (id) =>
    (await main().request<{ data: { presets: Preset[] } }>(`/preferences/presets/${id}`, { method: 'DELETE' })).data
      .presets,
  order: async (ids) =>
    (
      await main().request<{ data: { presets: Preset[] } }>('/preferences/presets/order', {
        method: 'PUT',
        body: { ids },
      })
    ).data.presets,
  importAll: async (presets) =>
    (
      await main().request<{ data: { presets: Preset[] } }>('/preferences/presets/import', {
        method: 'POST',
        body: { presets },
        ignoreStatuses: [400],
      })
    ).data.presets,
  migrate: async (presets) => {
    const { data } = await main().request<{ data: { presets: Preset[]; migrated: boolean } }>(
      '/preferences/presets/migrate',
      {
        method: 'POST',
        body: { presets },
        skipLoading: true,
        ignoreStatuses: [400, 404],
      },
    );
    return { items: data.presets, migrated: data.migrated };
  },
};

const queriesApis = new Map<QueryKind, ListApi<SavedQuery, SavedQueryInput>>();

export function queriesApi(kind: QueryKind): ListApi<SavedQuery, SavedQueryInput> {
  let api = queriesApis.get(kind);
  if (api) return api;
  const base = `/preferences/queries/${kind}`;
  type List = { data: { queries: SavedQuery[] } };
  api = {
    topic: `queries.${kind}`,
    key: queriesKey(kind),
    list: async (signal) => (await main().request<List>(base, { signal })).data.queries,
    create: async (body) =>
      (await main().request<{ data: { query: SavedQuery } }>(base, { method: 'POST', body, ignoreStatuses: [400] }))
        .data.query,
    update: async ({ id, ...body }) =>
      (
        await main().request<{ data: { query: SavedQuery } }>(`${base}/${id}`, {
          method: 'PUT',
          body,
          ignoreStatuses: [400],
        })
      ).data.query,
    remove: async (id) => (await main().request<List>(`${base}/${id}`, { method: 'DELETE' })).data.queries,
    order: async (ids) => (await main().request<List>(`${base}/order`, { method: 'PUT', body: { ids } })).data.queries,
    importAll: async (queries) =>
      (await main().request<List>(`${base}/import`, { method: 'POST', body: { queries }, ignoreStatuses: [400] })).data
        .queries,
    migrate: async (queries) => {
      const { data } = await main().request<{ data: { queries: SavedQuery[]; migrated: boolean } }>(`${base}/migrate`, {
        method: 'POST',
        body: { queries },
        skipLoading: true,
        ignoreStatuses: [400, 404],
      });
      return { items: data.queries, migrated: data.migrated };
    },
  };
  queriesApis.set(kind, api);
  return api;
}

/** The items of a personal list. */
export function usePersonalList<T extends Item, I>(api: ListApi<T, I>, enabled = true) {
  return useQuery({
    queryKey: api.key,
    queryFn: ({ signal }) => api.list(signal),
    enabled,
    staleTime: 60_000,
  });
}

export const usePresets = () => usePersonalList(presetsApi);
export const useSavedQueries = (kind: QueryKind | undefined) =>
  usePersonalList(queriesApi(kind ?? 'installations'), kind !== undefined);

/** Runs a change of a personal list; on success stores the new list and tells the other tabs. */
export function usePersonalListChange<T extends Item, I, A>(api: ListApi<T, I>, run: (arg: A) => Promise<T | T[]>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => {
      if (Array.isArray(result)) queryClient.setQueryData(api.key, result);
      else void queryClient.invalidateQueries({ queryKey: api.key });
      // The effective selected preset depends on the presets.
      if (api.topic === 'presets') void queryClient.invalidateQueries({ queryKey: PREFERENCES_KEY });
      announceChange(api.topic);
    },
  });
}

export async function fetchPreferences(signal?: AbortSignal): Promise<Preferences> {
  return (
    await main().request<{ data: Preferences }>('/preferences', {
      signal,
      skipLoading: true,
      ignoreStatuses: [404, 500, 502, 503],
    })
  ).data;
}

export async function savePreferences(patch: Partial<Preferences>): Promise<Preferences> {
  return (
    await main().request<{ data: Preferences }>('/preferences', { method: 'PATCH', body: patch, skipLoading: true })
  ).data;
}

export function usePreferences(enabled = true) {
  return useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: ({ signal }) => fetchPreferences(signal),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * The preset the installations table shows (the selected one while visible, otherwise All) and
 * a setter that remembers the choice on the server.
 */
export function useSelectedPreset(): {
  preset: Preset | undefined;
  presets: Preset[];
  select(id: number): Promise<void>;
} {
  const queryClient = useQueryClient();
  const { data: prefs } = usePreferences();
  const { data: presets = [] } = usePresets();
  const id = effectivePresetId(prefs?.selectedPresetId, presets);
  const select = useCallback(
    async (next: number) => {
      const saved = await savePreferences({ selectedPresetId: next });
      queryClient.setQueryData(PREFERENCES_KEY, saved);
      announceChange('preferences');
    },
    [queryClient],
  );
  return { preset: presets.find((p) => p.id === id), presets, select };
}
