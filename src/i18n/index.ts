import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en';
import { pl } from './pl';

export const i18nProvider = polyglotI18nProvider((locale) => (locale === 'pl' ? pl : en), 'en', [
  { locale: 'en', name: 'English' },
  { locale: 'pl', name: 'Polski' },
]);
