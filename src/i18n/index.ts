import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en';
import { pl } from './pl';
import { DEFAULT_LOCALE, LOCALES, LOCALE_NAMES } from '../../common/locales';

export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === 'pl' ? pl : en),
  DEFAULT_LOCALE,
  LOCALES.map((locale) => ({ locale, name: LOCALE_NAMES[locale] })),
);
