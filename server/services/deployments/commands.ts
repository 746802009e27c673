/**
 * Deployments of a GSM or Wi-Fi updater, the changes: create (sensor checks, rows, one transaction),
 * halt and delete. The family decides what is deployed (a GSM version, a Wi-Fi commit) through
 * a `DeploymentTarget` (with its body field and schema); everything else is the same for both.
 */
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { TERMINAL_DEPLOYMENT_STATUSES, formatSensorIds, type RolloutRules } from '../../../common/firmware';
import { versionNumber } from '../../../common/validation';
import type { Executor } from '../../db';
import {
  deploymentSensorEvents,
  deploymentSensors,
  deployments,
  firmwareVersions,
  quarantinedSensors,
  updaterSensors,
} from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../http/errors';
import type { UpdaterDeployments } from './families';
import { findDeployment } from './repository';
import { gsmDeploymentCreateBody, type DeploymentCreateBody, type deploymentRow } from './schemas';

/** What a family deploys: resolves the request's target inside the transaction (404/422 when unusable). */
export interface DeploymentTarget {
  /** The body field naming the target, and the family's body of POST /deployments. */
  field: 'version' | 'commit';
  body: z.ZodType<DeploymentCreateBody>;
  /** The 400 message for a malformed target (before any lookup), or null. */
  check(target: string): string | null;
  /** Names the target in messages and audit records ("version 4.2.0.12"); `deployed` is the new row's `version`. */
  describe(target: string, deployed?: string | null): string;
  /** Checks the target exists for the family; returns the columns to store. */
  resolve(db: Executor, target: string): Promise<{ version: string | null; commit: string | null }>;
  /** Lets the updater learn sensors it may take before the checks (optional, same transaction). */
  enroll?(db: Executor, sensors: number[]): Promise<void>;
}

export const gsmVersionTarget: DeploymentTarget = {
  field: 'version',
  body: gsmDeploymentCreateBody,
  check(v) {
    if (v.trim() === '') return 'version: It is required';
    const invalid = versionNumber(v);
    return invalid ? `version: ${invalid.en}` : null;
  },
  describe: (v) => `version ${v}`,
  async resolve(db, version) {
    const [row] = await db
      .select({ version: firmwareVersions.version })
      .from(firmwareVersions)
      .where(and(eq(firmwareVersions.family, 'gsm'), eq(firmwareVersions.version, version)));
    if (!row) throw unprocessable(`GSM version ${version} does not exist`);
    return { version: row.version, commit: null };
  },
};

export interface NewDeployment {
  sensors: number[];
  target: string;
  strategy: 'ROLLING' | 'IMMEDIATE';
  amount: number | null;
  spacing: number | null;
  period: number;
  allowFailed: boolean;
  rollout: RolloutRules | null;
  createdBy: number | null;
}

const list = (ids: number[]) => formatSensorIds(ids);

/** Rows written to a sensor's timeline per statement. */
const EVENTS_PER_INSERT = 1000;

/** Appends events to the sensors' timelines (deployment_sensor_events). */
export async function recordEvents(tx: Executor, events: (typeof deploymentSensorEvents.$inferInsert)[]) {
  for (let i = 0; i < events.length; i += EVENTS_PER_INSERT)
    await tx.insert(deploymentSensorEvents).values(events.slice(i, i + EVENTS_PER_INSERT));
}

/**
 * Creates the deployment with every sensor UpdatePlanned. Refuses (nothing written): sensors the
 * updater does not know (422), sensors in Failed state without allowFailed (422), sensors still in
 * a Rolling deployment of the family (409), sensors blocked by a finished or halted deployment
 * until it is deleted (409), and sensors in the family's quarantine until they are released (409). The updater sensor rows are locked for the duration.
 */
export async function createDeployment(
  tx: Executor,
  f: UpdaterDeployments,
  target: DeploymentTarget,
  d: NewDeployment,
): Promise<z.infer<typeof deploymentRow>> {
  const resolved = await target.resolve(tx, d.target);
  const known = await tx
    .select({ id: updaterSensors.sensorId, status: updaterSensors.status, version: updaterSensors.version })
    .from(updaterSensors)
    .where(and(eq(updaterSensors.family, f.family), inArray(updaterSensors.sensorId, d.sensors)))
    .for('update');
  const byId = new Map(known.map((s) => [s.id, s]));
  const unknown = d.sensors.filter((id) => !byId.has(id));
  if (unknown.length) throw unprocessable(`Sensors not known to the ${f.label} updater: ${list(unknown)}`);
  const quarantined = await tx
    .select({ id: quarantinedSensors.sensorId })
    .from(quarantinedSensors)
    .where(and(eq(quarantinedSensors.family, f.family), inArray(quarantinedSensors.sensorId, d.sensors)));
  if (quarantined.length)
    throw conflict(
      `Sensors quarantined after repeated failures (release them first): ${list(quarantined.map((q) => q.id))}`,
    );

  const failed = known.filter((s) => s.status === 'Failed').map((s) => s.id);
  if (failed.length && !d.allowFailed)
    throw unprocessable(`Sensors in Failed state: ${list(failed)}. Allow failed sensors to include them`);

  const busy = await tx
    .select({ deploymentId: deploymentSensors.deploymentId, sensorId: deploymentSensors.sensorId })
    .from(deploymentSensors)
    .innerJoin(deployments, eq(deployments.id, deploymentSensors.deploymentId))
    .where(
      and(
        eq(deployments.family, f.family),
        eq(deployments.status, 'Rolling'),
        inArray(deploymentSensors.sensorId, d.sensors),
        notInArray(deploymentSensors.status, [...TERMINAL_DEPLOYMENT_STATUSES]),
      ),
    );
  if (busy.length)
    throw conflict(
      `Sensors already in a rolling deployment: ${busy
        .slice(0, 20)
        .map((b) => `${b.sensorId} (deployment ${b.deploymentId})`)
        .join(', ')}`,
    );

  const blocking = await tx
    .select({ id: deployments.id, blocked: deployments.blockedSensors })
    .from(deployments)
    .where(and(eq(deployments.family, f.family), sql`jsonb_array_length(${deployments.blockedSensors}) > 0`));
  const wanted = new Set(d.sensors);
  const blocked = blocking.flatMap((b) => b.blocked.filter((id) => wanted.has(id)).map((id) => ({ id, by: b.id })));
  if (blocked.length)
    throw conflict(
      `Sensors blocked by earlier deployments (delete those to free them): ${blocked
        .slice(0, 20)
        .map((b) => `${b.id} (deployment ${b.by})`)
        .join(', ')}`,
    );

  const [row] = await tx
    .insert(deployments)
    .values({
      family: f.family,
      sensors: d.sensors,
      version: resolved.version,
      commit: resolved.commit,
      status: 'Rolling',
      strategy: d.strategy,
      atOnce: d.strategy === 'ROLLING' ? d.amount : d.sensors.length,
      spacing: d.strategy === 'ROLLING' ? d.spacing : null,
      testTime: d.period,
      allowFailed: d.allowFailed,
      rollout: d.rollout,
      createdBy: d.createdBy,
    })
    .returning({ id: deployments.id });
  const id = row!.id;
  const deployed = resolved.version ?? resolved.commit;
  for (let i = 0; i < d.sensors.length; i += 500) {
    await tx.insert(deploymentSensors).values(
      d.sensors.slice(i, i + 500).map((sensorId) => {
        const s = byId.get(sensorId)!;
        return { deploymentId: id, sensorId, status: f.walk.planned, version: deployed, reportsVersion: s.version };
      }),
    );
  }
  const now = new Date();
  await recordEvents(
    tx,
    d.sensors.map((sensorId) => ({
      deploymentId: id,
      sensorId,
      at: now,
      fromStatus: null,
      status: f.walk.planned,
      message: `Planned: ${target.describe(d.target)} (${d.strategy})`,
    })),
  );
  return (await findDeployment(tx, f, id))!;
}

async function lockDeployment(tx: Executor, f: UpdaterDeployments, id: number) {
  const [row] = await tx
    .select({ id: deployments.id, status: deployments.status, blocked: deployments.blockedSensors })
    .from(deployments)
    .where(and(eq(deployments.id, id), eq(deployments.family, f.family)))
    .for('update');
  if (!row) throw notFound(`${f.label} deployment ${id} does not exist`);
  return row;
}

/**
 * Halts a Rolling deployment (409 otherwise): no more waves; sensors not yet released become
 * Skipped, sensors already on their way finish. `reason` is set when a rule halts it.
 */
export async function haltDeployment(
  tx: Executor,
  f: UpdaterDeployments,
  id: number,
  now: Date,
  reason: string | null = null,
): Promise<{ skipped: number }> {
  const row = await lockDeployment(tx, f, id);
  if (row.status !== 'Rolling')
    throw conflict(`${f.label} deployment ${id} is ${row.status}; only a Rolling deployment can be halted`);
  const skipped = await tx
    .update(deploymentSensors)
    .set({ status: 'Skipped' })
    .where(and(eq(deploymentSensors.deploymentId, id), eq(deploymentSensors.status, f.walk.planned)))
    .returning({ id: deploymentSensors.sensorId });
  await recordEvents(
    tx,
    skipped.map((s) => ({
      deploymentId: id,
      sensorId: s.id,
      at: now,
      fromStatus: f.walk.planned,
      status: 'Skipped',
      message: reason ? `Skipped: ${reason}` : 'Skipped: the deployment was halted',
    })),
  );
  await tx
    .update(deployments)
    .set({ status: 'Halted', tillDate: now, statusReason: reason, nextReleaseAt: null })
    .where(eq(deployments.id, id));
  return { skipped: skipped.length };
}

/**
 * Deletes a deployment that holds blocked sensors, freeing them (422 when it holds none, 409 while
 * it is still Rolling: halt it first).
 */
export async function deleteDeployment(tx: Executor, f: UpdaterDeployments, id: number): Promise<number[]> {
  const row = await lockDeployment(tx, f, id);
  if (row.blocked.length === 0)
    throw unprocessable(
      `${f.label} deployment ${id} has no blocked sensors; only a deployment with blocked sensors can be deleted`,
    );
  if (row.status === 'Rolling') throw conflict(`${f.label} deployment ${id} is still Rolling; halt it first`);
  await tx.delete(deployments).where(eq(deployments.id, id));
  return row.blocked;
}
