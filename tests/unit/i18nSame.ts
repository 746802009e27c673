/**
 * Messages that are the same in Polish and English: proper names, codes, units and words Polish
 * borrows as they are. The Polish catalogue may leave only these equal to English
 * (tests/unit/i18nPolish.test.ts), and the Polish end-to-end pass does not count them as English
 * (e2e/polish.spec.ts). Keep it short: anything else is a message to translate.
 */
export const SAME_IN_BOTH = new Set<string>([
  'OK',
  'ID',
  'Status',
  'Logo',
  'Plan',
  'E-mail',
  'Commit',
  'Model',
  'CSV',
  'JSON',
  'GSM',
  'Wi-Fi',
  'Gen3',
  'Redis',
  'Hash',
  'Tag',
  'Polski',
  'English',
  'AQ Console',
  // Words Polish uses as they are.
  'Bank',
  'Token',
  'Preset',
  'Limit',
  'Partner',
  'Lead',
  'E-commerce',
  'Id',
  'tag',
  'Tag %{id}',
  'Tag: %{name}',
  'Status: %{status}',
  // Names of indexes and guidelines, the query language's own words, units.
  'AQ CAQI',
  'AQ US AQI',
  'AQ DAQI',
  'AQ PIJP',
  'WHO',
  'DEFRA',
  'SEARCH',
  'true, false',
  '"in"',
  '%{name} (%{kib} KiB)',
  '%{value}/s',
  '%{value}/min',
  '%{value}/h',
]);
