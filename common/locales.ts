/** The console's languages (the developer portal's: English and Polish), kept per user with the preferences. */
export const LOCALES = ['en', 'pl'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, as the language switch lists them. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', pl: 'Polski' };

export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);
