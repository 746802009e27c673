/**
 * History of installations, data access: the snapshots written with every change
 * (installation_history), the records of installation rows and of one installation's snapshots,
 * and the lookups of the history routes. Records are shaped in ./records.ts.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import { tagViewPermission } from '../../../../common/query';
import type { PermissionSet } from '../../../../common/permissions';
import type { Executor } from '../../../db';
import {
  contractors,
  installationHistory,
  installationTagValues,
  installations,
  tags,
  type TagValue,
} from '../../../db/schema';
import { snapshotOf, type InstallationRow, type Snapshot } from '../../../db/snapshots';
import { num, toRecord, type RecordContext } from './records';
import type { HistoryRecord } from './schemas';

/** Tag values of installations: installation row id → tag id → value. */
async function installationTags(db: Executor, ids: number[]): Promise<Map<number, Record<string, TagValue>>> {
  const out = new Map<number, Record<string, TagValue>>();
  for (let i = 0; i < ids.length; i += 5000) {
    const chunk = ids.slice(i, i + 5000);
    const rows = await db
      .select({
        entityId: installationTagValues.entityId,
        tagId: installationTagValues.tagId,
        value: installationTagValues.value,
      })
      .from(installationTagValues)
      .where(inArray(installationTagValues.entityId, chunk));
    for (const r of rows) {
      let m = out.get(r.entityId);
      if (!m) out.set(r.entityId, (m = {}));
      m[String(r.tagId)] = r.value ?? null;
    }
  }
  return out;
}

/**
 * Appends the current state of installations (by row id) to installation_history, as of `changedAt`.
 * Call inside the transaction of the change.
 */
export async function writeInstallationSnapshots(db: Executor, ids: number[], changedAt: Date): Promise<void> {
  if (ids.length === 0) return;
  const rows: InstallationRow[] = [];
  for (let i = 0; i < ids.length; i += 5000)
    rows.push(
      ...(await db
        .select()
        .from(installations)
        .where(inArray(installations.id, ids.slice(i, i + 5000)))),
    );
  const tagsOf = await installationTags(
    db,
    rows.map((r) => r.id),
  );
  rows.sort((a, b) => a.id - b.id);
  const values = rows.map((r) => ({
    installationId: r.id,
    sensorId: r.sensorId,
    contractorId: r.contractorId,
    changedAt,
    snapshot: snapshotOf(r, tagsOf.get(r.id) ?? {}),
  }));
  for (let i = 0; i < values.length; i += 500) await db.insert(installationHistory).values(values.slice(i, i + 500));
}

/** Contractor names, business numbers and visible tags needed to turn snapshots into records. */
async function recordContext(db: Executor, snaps: Snapshot[], perms: PermissionSet): Promise<RecordContext> {
  const contractorIds = [...new Set(snaps.map((s) => num(s.contractorId)).filter((x): x is number => x !== null))];
  const rowIds = [
    ...new Set(
      snaps
        .flatMap((s) => [num(s.id), num(s.predecessorId), num(s.successorId)])
        .filter((x): x is number => x !== null),
    ),
  ];
  const [names, numbers, tagRows] = await Promise.all([
    contractorIds.length
      ? db
          .select({ id: contractors.id, name: contractors.name })
          .from(contractors)
          .where(inArray(contractors.id, contractorIds))
      : Promise.resolve([]),
    rowIds.length
      ? db
          .select({ id: installations.id, installationId: installations.installationId })
          .from(installations)
          .where(inArray(installations.id, rowIds))
      : Promise.resolve([]),
    db.select({ id: tags.id }).from(tags).where(eq(tags.context, 'installations')),
  ]);
  return {
    perms,
    contractorNames: new Map(names.map((r) => [r.id, r.name])),
    business: new Map(numbers.map((r) => [r.id, r.installationId])),
    visibleTagIds: new Set(
      tagRows.filter((t) => perms.can(tagViewPermission('installations', t.id))).map((t) => String(t.id)),
    ),
  };
}

/** Records of installation rows (their current state), in the order given. */
export async function recordsOfRows(
  db: Executor,
  rows: InstallationRow[],
  perms: PermissionSet,
): Promise<HistoryRecord[]> {
  const tagsOf = await installationTags(
    db,
    rows.map((r) => r.id),
  );
  const snaps = rows.map((r) => snapshotOf(r, tagsOf.get(r.id) ?? {}));
  const c = await recordContext(db, snaps, perms);
  return snaps.map((s) => toRecord(s, c));
}

/** Every recorded state of one installation (by row id), newest first; its current state when it has no snapshot. */
export async function installationRecords(
  db: Executor,
  row: InstallationRow,
  perms: PermissionSet,
  limit?: number,
): Promise<HistoryRecord[]> {
  const q = db
    .select({ snapshot: installationHistory.snapshot })
    .from(installationHistory)
    .where(eq(installationHistory.installationId, row.id))
    .orderBy(desc(installationHistory.changedAt), desc(installationHistory.id));
  const snaps = (await (limit ? q.limit(limit) : q)).map((r) => r.snapshot);
  if (snaps.length === 0) return recordsOfRows(db, [row], perms);
  // Snapshots written by older code may lack the row ids: the history row says which installation it is.
  for (const s of snaps) {
    s.id ??= row.id;
    s.installationId ??= row.installationId;
    s.sensorId ??= row.sensorId;
  }
  const c = await recordContext(db, snaps, perms);
  return snaps.map((s) => toRecord(s, c));
}

/** The installation with this business number; undefined when there is none. */
export async function installationByNumber(db: Executor, installationId: number): Promise<InstallationRow | undefined> {
  const [row] = await db.select().from(installations).where(eq(installations.installationId, installationId));
  return row;
}

/** The installations of a sensor or of a contractor, newest first. */
export const installationsOf = (db: Executor, by: 'sensor' | 'contractor', id: number): Promise<InstallationRow[]> =>
  db
    .select()
    .from(installations)
    .where(eq(by === 'sensor' ? installations.sensorId : installations.contractorId, id))
    .orderBy(desc(installations.installationDate), desc(installations.id));
