/**
 * The caller's preferences, presets and saved queries on the main API (server/services/main/
 * presetRoutes.ts and preferenceRoutes.ts), as react-query hooks. Every change updates the cache
 * and announces itself to the other open tabs.
 */
import { useCallback, useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import {
  effectivePresetId,
  type Preset,
  type PresetInput,
  type QueryKind,
  type SavedQuery,
  type SavedQueryInput,
} from '../../../common/presets';
import type { AppDataProvider, PersonalInput, PersonalItem, PersonalList } from '../../dataProviders/types';
import { announceChange, type SyncTopic } from './tabSync';

export type { Preferences } from '../../dataProviders/types';

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

/** A personal list's calls, through the data provider's `preferences` methods. */
export function personalListApi<L extends PersonalList>(
  dataProvider: AppDataProvider,
  list: L,
): ListApi<PersonalItem<L>, PersonalInput<L>> {
  const kind = list === 'presets' ? undefined : (list.slice('queries/'.length) as QueryKind);
  const R = 'preferences';
  return {
    topic: kind ? `queries.${kind}` : 'presets',
    key: kind ? queriesKey(kind) : PRESETS_KEY,
    list: (signal) => dataProvider.getPersonalItems(R, { list, signal }),
    create: (data) => dataProvider.createPersonalItem(R, { list, data }),
    update: (data) => dataProvider.updatePersonalItem(R, { list, data }),
    remove: (id) => dataProvider.deletePersonalItem(R, { list, id }),
    order: (ids) => dataProvider.orderPersonalItems(R, { list, ids }),
    importAll: (items) => dataProvider.importPersonalItems(R, { list, items }),
    migrate: (items) => dataProvider.migratePersonalItems(R, { list, items }),
  };
}

export const presetsListApi = (dataProvider: AppDataProvider): ListApi<Preset, PresetInput> =>
  personalListApi(dataProvider, 'presets');
export const queriesListApi = (dataProvider: AppDataProvider, kind: QueryKind): ListApi<SavedQuery, SavedQueryInput> =>
  personalListApi(dataProvider, `queries/${kind}`);

export function usePresetsApi(): ListApi<Preset, PresetInput> {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useMemo(() => presetsListApi(dataProvider), [dataProvider]);
}

export function useQueriesApi(kind: QueryKind): ListApi<SavedQuery, SavedQueryInput> {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useMemo(() => queriesListApi(dataProvider, kind), [dataProvider, kind]);
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

export const usePresets = () => usePersonalList(usePresetsApi());
export const useSavedQueries = (kind: QueryKind | undefined) =>
  usePersonalList(useQueriesApi(kind ?? 'installations'), kind !== undefined);

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

export function usePreferences(enabled = true) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: ({ signal }) => dataProvider.getPreferences('preferences', { signal }),
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
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: prefs } = usePreferences();
  const { data: presets = [] } = usePresets();
  const id = effectivePresetId(prefs?.selectedPresetId, presets);
  const select = useCallback(
    async (next: number) => {
      const saved = await dataProvider.updatePreferences('preferences', { data: { selectedPresetId: next } });
      queryClient.setQueryData(PREFERENCES_KEY, saved);
      announceChange('preferences');
    },
    [queryClient, dataProvider],
  );
  return { preset: presets.find((p) => p.id === id), presets, select };
}
