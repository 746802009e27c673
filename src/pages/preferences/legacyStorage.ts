/**
 * Migration from the older console, which kept presets and saved queries in local storage
 * (`presets`, `savedQueries.installations`, `savedQueries.sensors`, JSON arrays in the spec's
 * shapes). On first load they are sent to the server, which adopts them only while the user has
 * nothing stored; once the server has answered, the local keys are removed. A list the server
 * refuses (an invalid query) stays in local storage untouched.
 */
import type { QueryClient } from '@tanstack/react-query';
import { LEGACY_STORAGE_KEYS, QUERY_KINDS, parsePresetsJson, parseSavedQueriesJson } from '../../../common/presets';
import type { AppDataProvider } from '../../dataProviders/types';
import { presetsListApi, queriesListApi, type ListApi } from './preferencesApi';
import { announceChange } from './tabSync';

async function migrateOne<T extends { id: number; name: string; visibility: boolean }, I>(
  key: string,
  parse: (text: string) => I[] | null,
  api: ListApi<T, I>,
  queryClient: QueryClient,
): Promise<boolean> {
  const text = localStorage.getItem(key);
  if (text === null) return false;
  const items = parse(text);
  if (!items) return false;
  try {
    const { items: list, migrated } = await api.migrate(items);
    localStorage.removeItem(key);
    if (migrated) {
      queryClient.setQueryData(api.key, list);
      announceChange(api.topic);
    }
    return migrated;
  } catch {
    return false;
  }
}

/**
 * Migrates whatever old lists local storage holds, the three at once (each is its own list on the
 * server); resolves to the keys that were adopted.
 */
export async function migrateLegacyStorage(queryClient: QueryClient, dataProvider: AppDataProvider): Promise<string[]> {
  const migrations: [string, Promise<boolean>][] = [
    [
      LEGACY_STORAGE_KEYS.presets,
      migrateOne(LEGACY_STORAGE_KEYS.presets, parsePresetsJson, presetsListApi(dataProvider), queryClient),
    ],
    ...QUERY_KINDS.map((kind): [string, Promise<boolean>] => [
      LEGACY_STORAGE_KEYS[kind],
      migrateOne(LEGACY_STORAGE_KEYS[kind], parseSavedQueriesJson, queriesListApi(dataProvider, kind), queryClient),
    ]),
  ];
  const adopted = await Promise.all(migrations.map(([, migrated]) => migrated));
  return migrations.filter((_, i) => adopted[i]).map(([key]) => key);
}
