/**
 * Reference material for the console's query-language help page (the toolbar's help link). The
 * examples are checked by tests/unit/query.test.ts: each parses and compiles against its list.
 *
 * Each entry has a stable `id`; its meaning is the console message
 * `help.queryLanguage.meanings.<table>.<id>` (`queryHelpKey`), whose English is the `meaning`
 * written here (src/i18n/en.ts takes it from `englishQueryHelpMessages`). Query syntax stays literal.
 */
import type { EntityName } from './catalogues';

export interface QueryHelpEntry {
  /** Stable id: the last segment of the meaning's translation key. */
  readonly id: string;
  /** English meaning (the catalogue's English). */
  readonly meaning: string;
}

export const QUERY_OPERATORS: readonly (QueryHelpEntry & { op: string })[] = [
  { id: 'eq', op: '=', meaning: 'equals (text is compared exactly; enum values ignore case)' },
  { id: 'ne', op: '!=', meaning: 'differs from — also matches rows where the field is empty' },
  {
    id: 'compare',
    op: '<  <=  >  >=',
    meaning: 'before / after for dates, smaller / larger for numbers, alphabetical for text',
  },
  { id: 'contains', op: '~', meaning: 'contains (text fields, case-insensitive)' },
  { id: 'notContains', op: '!~', meaning: 'does not contain' },
  { id: 'in', op: 'in (a, b, …)', meaning: 'equals one of the values' },
  { id: 'notIn', op: 'not in (a, b, …)', meaning: 'equals none of the values' },
  { id: 'combine', op: 'and, or, not, ( )', meaning: 'combine conditions; and binds tighter than or' },
  {
    id: 'search',
    op: 'SEARCH("text")',
    meaning: 'every word of the text appears in one of the text fields (or equals a numeric id)',
  },
];

export const QUERY_VALUES: readonly (QueryHelpEntry & { form: string })[] = [
  { id: 'numbers', form: '12, -3.5, 1e3', meaning: 'numbers' },
  {
    id: 'text',
    form: '"Kraków", "say \\"hi\\""',
    meaning: 'text in double quotes; \\" and \\\\ escape a quote and a backslash',
  },
  { id: 'words', form: 'Installed, GSM', meaning: 'bare words: enum values (or single-word text)' },
  { id: 'booleans', form: 'true, false, null', meaning: 'booleans; null means empty (= null, != null)' },
  {
    id: 'dates',
    form: '2026-01-31, 2026-01-31T10:00:00Z',
    meaning: 'dates and date-times (no zone means UTC); a date alone means that whole day',
  },
  {
    id: 'now',
    form: 'now(), now() - 3d, now() + 1h',
    meaning: 'the current time, shifted by m (minutes), h, d or w (weeks)',
  },
  { id: 'tags', form: 'tag.Mounting, tag."Roof type"', meaning: 'tag values by tag name (quote names with spaces)' },
];

export const QUERY_EXAMPLES: Record<EntityName, readonly (QueryHelpEntry & { query: string })[]> = {
  installations: [
    {
      id: 'silentVisible',
      query: 'isVisible = true and lastMeasurement < now() - 3d',
      meaning: 'visible on the map and not working for more than 3 days',
    },
    {
      id: 'krakow',
      query: 'cityLocal = "Kraków" and status in (Installed, ServiceRequired)',
      meaning: 'installed or in need of service in Kraków',
    },
    { id: 'contractor', query: 'contractorId = 12', meaning: 'installations of contractor 12' },
    {
      id: 'highPm25',
      query: 'pm25Value > 50 and not pm25Suspended = true',
      meaning: 'high PM2.5 readings that are not suspended',
    },
    {
      id: 'mounting',
      query: 'tag."Mounting" in (Roof, Pole) and installationDate >= 2025-01-01',
      meaning: 'roof or pole mountings installed since 2025',
    },
    { id: 'replaced', query: 'removedAt > now() - 4w', meaning: 'installations replaced in the last four weeks' },
  ],
  sensors: [
    { id: 'gsmWifi', query: 'communication in (GSM, WIFI)', meaning: 'using GSM or Wi-Fi communications' },
    {
      id: 'silentService',
      query: 'status = ServiceRequired and lastMeasurement < now() - 1d',
      meaning: 'needing service and silent for a day',
    },
    {
      id: 'no2Smog',
      query: 'measured = no2 and contractorName ~ "smog"',
      meaning: 'NO2 sensors of contractors with "smog" in the name',
    },
    {
      id: 'uninstalled',
      query: 'currentInstallationId = null and status not in (Retired, Lost)',
      meaning: 'sensors without an installation',
    },
  ],
  contractors: [
    {
      id: 'ambassadors',
      query: 'type = AMBASSADOR and currentInstallations >= 5',
      meaning: 'ambassadors with at least five current installations',
    },
    {
      id: 'endingDeals',
      query: 'endOfDeal < now() + 4w and customSla = true',
      meaning: 'custom-SLA deals ending within four weeks',
    },
    { id: 'plain', query: 'SEARCH("fundacja")', meaning: 'plain search' },
  ],
  requests: [
    { id: 'active', query: 'state in (HOLD, WAITING)', meaning: 'the active list' },
    { id: 'archived', query: 'state in (DONE, REJECTED)', meaning: 'the archived list' },
    { id: 'plain', query: 'SEARCH("text")', meaning: 'plain search' },
  ],
};

/** Where a table's meanings sit under `help.queryLanguage.meanings`. */
export type QueryHelpTable = 'operators' | 'values' | `examples.${EntityName}`;

/** Translation key of an entry's meaning: `help.queryLanguage.meanings.operators.eq`. */
export const queryHelpKey = (table: QueryHelpTable, entry: Pick<QueryHelpEntry, 'id'>): string =>
  `help.queryLanguage.meanings.${table}.${entry.id}`;

const byId = (entries: readonly QueryHelpEntry[]): Record<string, string> =>
  Object.fromEntries(entries.map((e) => [e.id, e.meaning]));

/** The English `help.queryLanguage.meanings` messages, from the tables above. */
export function englishQueryHelpMessages() {
  return {
    operators: byId(QUERY_OPERATORS),
    values: byId(QUERY_VALUES),
    examples: Object.fromEntries(Object.entries(QUERY_EXAMPLES).map(([list, e]) => [list, byId(e)])) as Record<
      EntityName,
      Record<string, string>
    >,
  };
}
