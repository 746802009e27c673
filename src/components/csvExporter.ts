/**
 * The console's CSV export of a list page (installations, contractors, developer-portal and
 * API users): replaces react-admin's default exporter (jsonexport), which writes cells as they are,
 * so that every cell goes through the shared encoder of common/csv.ts and a value starting with
 * `=`, `+`, `-`, `@`, tab or CR cannot run as a spreadsheet formula. The file keeps the format of
 * the default exporter: comma separated, one column per (dotted) field path, named `<resource>.csv`.
 */
import { downloadCSV, type Exporter } from 'react-admin';
import { csvLine } from '../../common/csv';

export const LIST_EXPORT_SEPARATOR = ',';

type Flat = Record<string, unknown>;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** Nested objects become dotted columns (`contractor.name`); lists of objects are written as JSON. */
function flatten(value: Record<string, unknown>, prefix = '', out: Flat = {}): Flat {
  for (const [key, v] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(v)) flatten(v, path, out);
    else if (Array.isArray(v)) out[path] = v.map((x) => (isPlainObject(x) || Array.isArray(x) ? JSON.stringify(x) : x));
    else out[path] = v;
  }
  return out;
}

/** The CSV text of records: a header of every field path (first-seen order), one line per record. */
export function recordsToCsv(records: readonly object[], separator = LIST_EXPORT_SEPARATOR): string {
  const rows = records.map((r) => flatten(r as Record<string, unknown>));
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const row of rows)
    for (const key of Object.keys(row))
      if (!seen.has(key)) {
        seen.add(key);
        columns.push(key);
      }
  return (
    csvLine(columns, separator) +
    rows
      .map((row) =>
        csvLine(
          columns.map((c) => row[c]),
          separator,
        ),
      )
      .join('')
  );
}

export const csvExporter: Exporter = (data, _fetchRelated, _dataProvider, resource) =>
  downloadCSV(recordsToCsv(data), resource);
