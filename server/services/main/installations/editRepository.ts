/**
 * One installation, data access: the current row by business number (locked for a change), the
 * read form as the caller may see it, the writes of the inline editors (each also stamps the
 * installation's `date`) and of reinstall (the request's: ../requests/repository.ts). The list's SQL is in ./repository.ts.
 */
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { installation } from '../../../../common/entities';
import { fieldRule } from '../../../../common/entities';
import type { PermissionSet } from '../../../../common/permissions';
import type { Executor } from '../../../db';
import { installationTagValues, installations, sensors, type TagValue } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { loadTagValues, loadTags, visibleTagIds } from '../../../lists/tags';
import type { readForm } from './schemas';

export type InstallationRow = typeof installations.$inferSelect;

/** The installation with this business number (locked when `lock`); 404 when there is none. */
export async function currentInstallation(
  db: Executor,
  installationId: number,
  lock = false,
): Promise<InstallationRow> {
  const query = db.select().from(installations).where(eq(installations.installationId, installationId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(`Installation ${installationId} does not exist`);
  return row;
}

/** One installation in the read form used by reinstall; fields the caller may not see are left out. */
export async function installationForm(
  db: Executor,
  installationId: number,
  permissions: PermissionSet,
): Promise<z.infer<typeof readForm>> {
  const row = await currentInstallation(db, installationId);
  const sees = (field: string) => {
    const rule = fieldRule(installation, field);
    return rule === undefined || permissions.can(rule);
  };
  const tagDefs = await loadTags(db, 'installations');
  const tagValues = await loadTagValues(
    db,
    installationTagValues,
    [row.id],
    visibleTagIds(tagDefs, 'installations', permissions),
  );
  const factors = Object.fromEntries(
    Object.entries(row.factors ?? {}).filter(([p, f]) => f && sees(`${p}Factors`)),
  ) as Record<string, { A: number; B: number; C: number }>;
  return {
    installation: {
      info: {
        installationId: row.installationId,
        sensorId: row.sensorId,
        status: row.status,
        isVisible: row.isVisible,
        visibleBy: row.visibleBy,
        removedAt: row.removedAt?.toISOString() ?? null,
        ...(sees('contractorId') ? { contractor: { id: row.contractorId } } : {}),
      },
      location: {
        coordinates: { latitude: row.latitude, longitude: row.longitude },
        address: {
          country: row.country,
          state: row.state,
          city: row.city,
          street: row.street,
          number: row.number,
          altAddress1: row.alternativeAddress1,
          altAddress2: row.alternativeAddress2,
        },
      },
      params: { measured: row.measured, factors },
      tags: tagValues.get(row.id) ?? {},
      contact: {
        ...(sees('contactFullName') ? { fullName: row.contactFullName } : {}),
        ...(sees('contactEmail') ? { email: row.contactEmail } : {}),
        ...(sees('contactPhoneNumber') ? { phoneNumber: row.contactPhoneNumber } : {}),
      },
    },
  };
}

/** Changes fields of an installation (by row id) and stamps its `date`. */
export async function updateInstallation(
  tx: Executor,
  rowId: number,
  set: Partial<Omit<typeof installations.$inferInsert, 'factors'>>,
): Promise<void> {
  await tx
    .update(installations)
    .set({ ...set, date: new Date() })
    .where(eq(installations.id, rowId));
}

/** Sets (or with null removes) the calibration factors of one parameter. */
export async function setInstallationFactors(
  tx: Executor,
  rowId: number,
  param: string,
  factors: { A: number; B: number; C: number } | null,
): Promise<void> {
  await tx
    .update(installations)
    .set({
      factors: factors
        ? sql`${installations.factors} || ${JSON.stringify({ [param]: factors })}::jsonb`
        : sql`${installations.factors} - ${param}::text`,
      date: new Date(),
    })
    .where(eq(installations.id, rowId));
}

/** The status of a sensor, locked for a change; undefined when the sensor does not exist. */
export async function lockSensorStatus(tx: Executor, sensorId: number): Promise<string | undefined> {
  const [sensor] = await tx
    .select({ status: sensors.status })
    .from(sensors)
    .where(eq(sensors.id, sensorId))
    .for('update');
  return sensor?.status;
}

/** A new status of a sensor and of its installation (by row id). */
export async function setSensorStatus(tx: Executor, sensorId: number, rowId: number, status: string): Promise<void> {
  await tx.update(sensors).set({ status }).where(eq(sensors.id, sensorId));
  await updateInstallation(tx, rowId, { status });
}

// ---- Reinstall ----

/** A sensor's row, locked for a change; undefined when it does not exist. */
export async function lockSensorRow(tx: Executor, id: number) {
  const [row] = await tx.select().from(sensors).where(eq(sensors.id, id)).for('update');
  return row;
}

/** Whether an installation (current or not) has this business number. */
export async function installationNumberExists(db: Executor, installationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: installations.id })
    .from(installations)
    .where(eq(installations.installationId, installationId));
  return row !== undefined;
}

/** The next business number (max + 1); take lockInstallationNumbers (./repository.ts) first. */
export async function nextInstallationNumber(tx: Executor): Promise<number> {
  const [{ next }] = (await tx
    .select({ next: sql<number>`coalesce(max(${installations.installationId}), 0)::int + 1` })
    .from(installations)) as [{ next: number }];
  return next;
}

/**
 * The successor of a reinstalled installation: the new row (with its tag values) is written, the
 * old one closed (removedAt, successorId) and the sensor pointed at the new one, with its new
 * status when it changes. Answers the new row.
 */
export async function insertSuccessor(
  tx: Executor,
  values: typeof installations.$inferInsert,
  tagValues: readonly { tagId: number; value: Exclude<TagValue, null> }[],
  sensorStatus: string | null,
): Promise<InstallationRow> {
  const now = values.date!;
  const [created] = await tx.insert(installations).values(values).returning();
  await tx
    .update(installations)
    .set({ removedAt: now, successorId: created!.id, date: now })
    .where(eq(installations.id, values.predecessorId!));
  await tx
    .update(sensors)
    .set({ currentInstallationId: created!.id, ...(sensorStatus ? { status: sensorStatus } : {}) })
    .where(eq(sensors.id, values.sensorId));
  if (tagValues.length)
    await tx.insert(installationTagValues).values(tagValues.map((t) => ({ entityId: created!.id, ...t })));
  return created!;
}
