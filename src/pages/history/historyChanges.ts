/**
 * What changed between consecutive records of one installation, in the history table's own
 * columns: each record is compared with the next older record of the same installation (the
 * server lists them newest first), column by column as the table shows them. A record with an
 * older one and no visible change is one the table may leave out (its change is in fields the
 * table has no column for, such as the status or the calibration factors).
 */
import { addressText } from './HistoryFields';
import type { HistoryRecord } from './types';

/** A record as the table shows it: `changes` lists the changed columns; absent for the oldest record of an installation. */
export type ShownRecord = HistoryRecord & { changes?: readonly string[] };

/** The value each compared column shows, keyed by the column's source. */
export const COMPARED_COLUMNS: Record<string, (r: HistoryRecord) => unknown> = {
  successorId: (r) => r.successorId,
  predecessorId: (r) => r.predecessorId,
  installationDate: (r) => r.installationDate,
  removedAt: (r) => r.removedAt,
  'contractor.name': (r) => (r.contractor ? [r.contractor.id, r.contractor.name] : null),
  isVisible: (r) => r.isVisible,
  mamsl: (r) => r.mamsl,
  location: (r) => [r.location?.latitude?.toFixed(6) ?? null, r.location?.longitude?.toFixed(6) ?? null],
  address: (r) => [addressText(r.address), addressText(r.address, true)],
  alternativeAddress1: (r) => [r.alternativeAddress1 || null, r.alternativeAddress2 || null],
  contactFullName: (r) => r.contactFullName || null,
  contactEmail: (r) => r.contactEmail || null,
  contactPhoneNumber: (r) => r.contactPhoneNumber || null,
  tags: (r) =>
    Object.entries(r.tags ?? {})
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .sort(([a], [b]) => a.localeCompare(b)),
  installationRequestId: (r) => r.installationRequestId,
};

const shown = (r: HistoryRecord, column: string) => JSON.stringify(COMPARED_COLUMNS[column]!(r) ?? null);

/** The records (newest first) with the columns each changed since the next older record of its installation. */
export function withChanges(records: readonly HistoryRecord[]): ShownRecord[] {
  return records.map((record, index) => {
    const older = records.slice(index + 1).find((r) => r.installationId === record.installationId);
    if (!older) return record;
    return { ...record, changes: Object.keys(COMPARED_COLUMNS).filter((c) => shown(record, c) !== shown(older, c)) };
  });
}

/** True for a record that has an older one of its installation and looks the same in every column. */
export const looksUnchanged = (r: ShownRecord): boolean => r.changes !== undefined && r.changes.length === 0;
