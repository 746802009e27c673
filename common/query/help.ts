/**
 * Reference material for the console's query-language help page (the toolbar's help link). The
 * examples are checked by tests/unit/query.test.ts: each parses and compiles against its list.
 */
import type { EntityName } from './catalogues';

export const QUERY_OPERATORS: readonly { op: string; meaning: string }[] = [
  { op: '=', meaning: 'equals (text is compared exactly; enum values ignore case)' },
  { op: '!=', meaning: 'differs from — also matches rows where the field is empty' },
  { op: '<  <=  >  >=', meaning: 'before / after for dates, smaller / larger for numbers, alphabetical for text' },
  { op: '~', meaning: 'contains (text fields, case-insensitive)' },
  { op: '!~', meaning: 'does not contain' },
  { op: 'in (a, b, …)', meaning: 'equals one of the values' },
  { op: 'not in (a, b, …)', meaning: 'equals none of the values' },
  { op: 'and, or, not, ( )', meaning: 'combine conditions; and binds tighter than or' },
  {
    op: 'SEARCH("text")',
    meaning: 'every word of the text appears in one of the text fields (or equals a numeric id)',
  },
];

export const QUERY_VALUES: readonly { form: string; meaning: string }[] = [
  { form: '12, -3.5, 1e3', meaning: 'numbers' },
  { form: '"Kraków", "say \\"hi\\""', meaning: 'text in double quotes; \\" and \\\\ escape a quote and a backslash' },
  { form: 'Installed, GSM', meaning: 'bare words: enum values (or single-word text)' },
  { form: 'true, false, null', meaning: 'booleans; null means empty (= null, != null)' },
  {
    form: '2026-01-31, 2026-01-31T10:00:00Z',
    meaning: 'dates and date-times (no zone means UTC); a date alone means that whole day',
  },
  { form: 'now(), now() - 3d, now() + 1h', meaning: 'the current time, shifted by m (minutes), h, d or w (weeks)' },
  { form: 'tag.Mounting, tag."Roof type"', meaning: 'tag values by tag name (quote names with spaces)' },
];

export const QUERY_EXAMPLES: Record<EntityName, readonly { query: string; meaning: string }[]> = {
  installations: [
    {
      query: 'isVisible = true and lastMeasurement < now() - 3d',
      meaning: 'visible on the map and not working for more than 3 days',
    },
    {
      query: 'cityLocal = "Kraków" and status in (Installed, ServiceRequired)',
      meaning: 'installed or in need of service in Kraków',
    },
    { query: 'contractorId = 12', meaning: 'installations of contractor 12' },
    { query: 'pm25Value > 50 and not pm25Suspended = true', meaning: 'high PM2.5 readings that are not suspended' },
    {
      query: 'tag."Mounting" in (Roof, Pole) and installationDate >= 2025-01-01',
      meaning: 'roof or pole mountings installed since 2025',
    },
    { query: 'removedAt > now() - 4w', meaning: 'installations replaced in the last four weeks' },
  ],
  sensors: [
    { query: 'communication in (GSM, WIFI)', meaning: 'using GSM or Wi-Fi communications' },
    {
      query: 'status = ServiceRequired and lastMeasurement < now() - 1d',
      meaning: 'needing service and silent for a day',
    },
    {
      query: 'measured = no2 and contractorName ~ "smog"',
      meaning: 'NO2 sensors of contractors with "smog" in the name',
    },
    {
      query: 'currentInstallationId = null and status not in (Retired, Lost)',
      meaning: 'sensors without an installation',
    },
  ],
  contractors: [
    {
      query: 'type = AMBASSADOR and currentInstallations >= 5',
      meaning: 'ambassadors with at least five current installations',
    },
    { query: 'endOfDeal < now() + 4w and customSla = true', meaning: 'custom-SLA deals ending within four weeks' },
    { query: 'SEARCH("fundacja")', meaning: 'plain search' },
  ],
  requests: [
    { query: 'state in (HOLD, WAITING)', meaning: 'the active list' },
    { query: 'state in (DONE, REJECTED)', meaning: 'the archived list' },
    { query: 'SEARCH("text")', meaning: 'plain search' },
  ],
};
