/**
 * Keeps the personal preferences in step with the server and the other tabs:
 * - the theme and the language are loaded at sign-in and saved back when changed;
 * - older local-storage presets and saved queries are migrated once;
 * - a change announced by another tab (localStorage `aq.sync`) reloads what it names.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useTheme } from 'react-admin';
import { isLocale, type Locale } from '../../common/locales';
import type { AppDataProvider } from '../dataProviders/types';
import { useSession } from '../state/useSession';
import { migrateLegacyStorage } from '../pages/preferences/legacyStorage';
import { PREFERENCES_KEY, PRESETS_KEY, queriesKey, usePreferences } from '../pages/preferences/preferencesApi';
import { announceChange, syncTopicOf } from '../pages/preferences/tabSync';

/** react-admin's store key of the theme (localStorageStore('1', 'aq-console') in App.tsx). */
const THEME_STORE_KEY = 'RaStoreaq-console.theme';
/** react-admin's store key of the language. */
const LOCALE_STORE_KEY = 'RaStoreaq-console.locale';

/**
 * Whose language the server gave in this page load and the language it holds now; and the user
 * signed in last with the language on screen then (a choice made before the server's answer).
 */
const languageOf: { user?: number; saved?: string; signedIn?: number; atSignIn?: string } = {};

export function PreferencesSync() {
  const session = useSession();
  const userId = session?.user.id;
  const [theme, setTheme] = useTheme();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: prefs } = usePreferences(userId !== undefined);
  const save = useCallback(
    (data: { theme?: 'light' | 'dark'; locale?: Locale }) => {
      dataProvider
        .updatePreferences('preferences', { data })
        .then((next) => {
          queryClient.setQueryData(PREFERENCES_KEY, next);
          announceChange('preferences');
        })
        .catch(() => undefined);
    },
    [dataProvider, queryClient],
  );
  /** The theme the server knows; a different current theme is a toggle to save. */
  const saved = useRef<string | null>(null);
  const [locale, setLocale] = useLocaleState();

  useEffect(() => {
    saved.current = null;
  }, [userId]);

  useEffect(() => {
    if (!prefs) return;
    saved.current = prefs.theme;
    setTheme(prefs.theme);
  }, [prefs, setTheme]);

  // The language: the server's at sign-in (once per user and page load: a change of language
  // re-renders the console, and the choice made since must not be undone by an older answer),
  // then every choice is saved. A language chosen before the server answered is kept and saved:
  // the language on screen at sign-in is noted first (effects run in order).
  useEffect(() => {
    if (userId === undefined || languageOf.signedIn === userId) return;
    languageOf.signedIn = userId;
    languageOf.atSignIn = locale;
  }, [userId, locale]);
  useEffect(() => {
    if (!prefs || userId === undefined || languageOf.user === userId) return;
    languageOf.user = userId;
    languageOf.saved = prefs.locale;
    if (locale !== languageOf.atSignIn) {
      // Chosen since the sign-in: it stays, and the server learns it.
      if (isLocale(locale) && locale !== prefs.locale) {
        languageOf.saved = locale;
        save({ locale });
      }
      return;
    }
    // Only a different language is set: setting the same one still re-renders the whole console.
    if (isLocale(prefs.locale) && prefs.locale !== locale) setLocale(prefs.locale);
  }, [prefs, userId, locale, setLocale, save]);

  // The page's language follows the console's (screen readers, hyphenation, spelling).
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  useEffect(() => {
    if (userId === undefined || languageOf.user !== userId || locale === languageOf.saved || !isLocale(locale)) return;
    languageOf.saved = locale;
    save({ locale });
  }, [locale, userId, save]);

  useEffect(() => {
    if (userId === undefined || saved.current === null || theme === saved.current) return;
    if (theme !== 'light' && theme !== 'dark') return;
    saved.current = theme;
    save({ theme });
  }, [theme, userId, save]);

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
      if ((event.key === THEME_STORE_KEY || event.key === LOCALE_STORE_KEY) && event.newValue) {
        try {
          const value = JSON.parse(event.newValue) as string;
          if (event.key === THEME_STORE_KEY) saved.current = value;
          else languageOf.saved = value;
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
