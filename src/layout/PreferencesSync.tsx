/**
 * Keeps the personal preferences in step with the server and the other tabs:
 * - the theme is loaded at sign-in and saved back when toggled;
 * - older local-storage presets and saved queries are migrated once;
 * - a change announced by another tab (localStorage `aq.sync`) reloads what it names.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTheme } from 'react-admin';
import type { AppDataProvider } from '../dataProviders/types';
import { useSession } from '../state/useSession';
import { migrateLegacyStorage } from '../pages/preferences/legacyStorage';
import { PREFERENCES_KEY, PRESETS_KEY, queriesKey, usePreferences } from '../pages/preferences/preferencesApi';
import { announceChange, syncTopicOf } from '../pages/preferences/tabSync';

/** react-admin's store key of the theme (localStorageStore('1', 'aq-console') in App.tsx). */
const THEME_STORE_KEY = 'RaStoreaq-console.theme';

export function PreferencesSync() {
  const session = useSession();
  const userId = session?.user.id;
  const [theme, setTheme] = useTheme();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: prefs } = usePreferences(userId !== undefined);
  /** The theme the server knows; a different current theme is a toggle to save. */
  const saved = useRef<string | null>(null);

  useEffect(() => {
    saved.current = null;
  }, [userId]);

  useEffect(() => {
    if (!prefs) return;
    saved.current = prefs.theme;
    setTheme(prefs.theme);
  }, [prefs, setTheme]);

  useEffect(() => {
    if (userId === undefined || saved.current === null || theme === saved.current) return;
    if (theme !== 'light' && theme !== 'dark') return;
    saved.current = theme;
    dataProvider
      .updatePreferences('preferences', { data: { theme } })
      .then((next) => {
        queryClient.setQueryData(PREFERENCES_KEY, next);
        announceChange('preferences');
      })
      .catch(() => undefined);
  }, [theme, userId, queryClient, dataProvider]);

  // Once per signed-in user (the provider's identity changes with navigation).
  const migratedFor = useRef<number | null>(null);
  useEffect(() => {
    if (userId === undefined || migratedFor.current === userId) return;
    migratedFor.current = userId;
    void migrateLegacyStorage(queryClient, dataProvider);
  }, [userId, queryClient, dataProvider]);

  useEffect(() => {
    if (userId === undefined) return;
    const onStorage = (event: StorageEvent) => {
      // react-admin's store already carries a theme toggled in another tab: that tab saved it.
      if (event.key === THEME_STORE_KEY && event.newValue) {
        try {
          saved.current = JSON.parse(event.newValue) as string;
        } catch {
          /* not ours */
        }
        return;
      }
      const topic = syncTopicOf(event);
      if (topic === 'preferences') void queryClient.invalidateQueries({ queryKey: PREFERENCES_KEY });
      else if (topic === 'presets') {
        void queryClient.invalidateQueries({ queryKey: PRESETS_KEY });
        void queryClient.invalidateQueries({ queryKey: PREFERENCES_KEY });
      } else if (topic === 'queries.installations')
        void queryClient.invalidateQueries({ queryKey: queriesKey('installations') });
      else if (topic === 'queries.sensors') void queryClient.invalidateQueries({ queryKey: queriesKey('sensors') });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [userId, queryClient]);

  return null;
}
