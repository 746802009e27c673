/**
 * Rolling and immediate GSM deployments, run for real on each simulator tick. The updater's side:
 * release waves (`at_once` sensors every `spacing` seconds, or all at once; a wave waits for the
 * previous one's `waveSuccessPercent`), expire grace periods (a released sensor not Updated within
 * `test_time` seconds has Failed), block failed sensors, finish a deployment when every sensor is
 * done, and halt one whose auto-halt rule trips (audit DeploymentAutoHalted). The device's side:
 *
 *   UpdatePlanned ─release─▶ UpdateQueued ─tick─▶ UpdatePending ─sensor calls in─▶ Updating ─▶ Updated | Failed
 *
 * A sensor calls in on a tick with CONTACT_SHARE chance; an update fails with the failure rate.
 * The deployment's rows and the updater's view of the sensor (updater_sensors) move together. A
 * halted deployment releases nothing more; sensors already on their way finish. Everything is a
 * function of the seed, the data and the tick times.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  IN_FLIGHT_STATUSES,
  TERMINAL_DEPLOYMENT_STATUSES,
  autoHaltReason,
  waveGateOpen,
  type RolloutRules,
} from '../../common/firmware';
import { audit, type Actor } from '../audit';
import type { Db, Executor } from '../db';
import { deploymentSensors, deployments, updaterSensors } from '../db/schema';
import { GSM_DEPLOYMENTS } from '../services/deployments/families';
import { haltDeployment } from '../services/deployments/commands';
import { unit } from './random';

/** Chance that a waiting sensor calls in on a tick. */
export const CONTACT_SHARE = 0.7;
/** Default share of updates that fail (SIMULATOR_FAILURE_RATE). */
export const DEFAULT_FAILURE_RATE = 0.05;

export const UPDATER_ACTOR: Actor = { userId: null, userName: 'GSM updater', source: 'System' };

export interface DeploymentStats {
  released: number;
  updated: number;
  failed: number;
  expired: number;
  finished: number;
  autoHalted: number;
}

export interface DeploymentStepOptions {
  seed: number;
  /** Share of updates that fail, per version (a function) or for all. */
  failureRate?: number | ((version: string | null) => number);
}

const TERMINAL = new Set<string>(TERMINAL_DEPLOYMENT_STATUSES);
const IN_FLIGHT = new Set<string>(IN_FLIGHT_STATUSES);

export const updateFails = (seed: number, deploymentId: number, sensorId: number, at: Date, rate: number) =>
  unit(seed, 'update', deploymentId, sensorId, at.getTime()) < rate;
export const sensorCallsIn = (seed: number, sensorId: number, at: Date) =>
  unit(seed, 'contact', sensorId, at.getTime()) < CONTACT_SHARE;

interface SensorRow {
  sensorId: number;
  status: string;
  releasedAt: Date | null;
  bank: number | null;
}

/** Moves a sensor in the deployment and in the updater's view, guarded by the status it leaves. */
async function move(
  tx: Executor,
  deploymentId: number,
  s: SensorRow,
  to: string,
  now: Date,
  extra: { version?: string | null; releasedAt?: Date } = {},
) {
  const done = to === 'Updated' || to === 'Failed';
  await tx
    .update(deploymentSensors)
    .set({
      status: to,
      ...(to === 'UpdateQueued' ? {} : { lastContact: now }),
      ...(done ? { lastUpdated: now } : {}),
      ...(to === 'Updated' ? { reportsVersion: extra.version ?? null } : {}),
      ...(extra.releasedAt ? { releasedAt: extra.releasedAt } : {}),
    })
    .where(
      and(
        eq(deploymentSensors.deploymentId, deploymentId),
        eq(deploymentSensors.sensorId, s.sensorId),
        eq(deploymentSensors.status, s.status),
      ),
    );
  await tx
    .update(updaterSensors)
    .set({
      status: to,
      ...(to === 'UpdateQueued' ? {} : { lastContact: now }),
      ...(to === 'Updated' ? { version: extra.version ?? null, bank: s.bank, lastUpdated: now } : {}),
      ...(to === 'Failed' ? { lastUpdated: now } : {}),
    })
    .where(and(eq(updaterSensors.family, 'gsm'), eq(updaterSensors.sensorId, s.sensorId)));
  s.status = to;
}

/** One updater step over every Rolling GSM deployment. Each deployment is one short transaction. */
export async function stepDeployments(db: Db, now: Date, opts: DeploymentStepOptions): Promise<DeploymentStats> {
  const stats: DeploymentStats = { released: 0, updated: 0, failed: 0, expired: 0, finished: 0, autoHalted: 0 };
  const rateOf = (version: string | null) =>
    typeof opts.failureRate === 'function' ? opts.failureRate(version) : (opts.failureRate ?? DEFAULT_FAILURE_RATE);
  const rolling = await db
    .select({ id: deployments.id })
    .from(deployments)
    .where(and(eq(deployments.family, 'gsm'), inArray(deployments.status, ['Rolling', 'Halted'])))
    .orderBy(asc(deployments.id));
  for (const { id } of rolling) {
    await db.transaction(async (tx) => {
      const [d] = await tx.select().from(deployments).where(eq(deployments.id, id)).for('update');
      if (!d || (d.status !== 'Rolling' && d.status !== 'Halted')) return;
      const rows: SensorRow[] = await tx
        .select({
          sensorId: deploymentSensors.sensorId,
          status: deploymentSensors.status,
          releasedAt: deploymentSensors.releasedAt,
          bank: deploymentSensors.bank,
        })
        .from(deploymentSensors)
        .where(eq(deploymentSensors.deploymentId, id))
        .orderBy(asc(deploymentSensors.sensorId));
      if (d.status === 'Halted' && !rows.some((r) => IN_FLIGHT.has(r.status))) return;
      const graceMs = (d.testTime ?? 3600) * 1000;
      const rate = rateOf(d.version);
      const newlyFailed: number[] = [];

      // The device side, then grace periods, for sensors already released.
      for (const s of rows) {
        if (!IN_FLIGHT.has(s.status)) continue;
        if (!s.releasedAt) {
          // Released before the simulator knew (seeded data): the grace period starts now.
          s.releasedAt = now;
          await tx
            .update(deploymentSensors)
            .set({ releasedAt: now })
            .where(and(eq(deploymentSensors.deploymentId, id), eq(deploymentSensors.sensorId, s.sensorId)));
          continue;
        }
        if (now.getTime() - s.releasedAt.getTime() >= graceMs) {
          await move(tx, id, s, 'Failed', now);
          stats.expired++;
          newlyFailed.push(s.sensorId);
          continue;
        }
        if (s.status === 'UpdateQueued') await move(tx, id, s, 'UpdatePending', now);
        else if (s.status === 'UpdatePending') {
          if (sensorCallsIn(opts.seed, s.sensorId, now)) await move(tx, id, s, 'Updating', now);
        } else if (s.status === 'Updating') {
          if (updateFails(opts.seed, id, s.sensorId, now, rate)) {
            await move(tx, id, s, 'Failed', now);
            stats.failed++;
            newlyFailed.push(s.sensorId);
          } else {
            await move(tx, id, s, 'Updated', now, { version: d.version });
            stats.updated++;
          }
        }
      }
      const blocked = newlyFailed.length ? [...new Set([...d.blockedSensors, ...newlyFailed])] : d.blockedSensors;
      if (newlyFailed.length)
        await tx.update(deployments).set({ blockedSensors: blocked }).where(eq(deployments.id, id));
      if (d.status !== 'Rolling') return;

      const rules = (d.rollout ?? {}) as RolloutRules;
      const reason = autoHaltReason(rules.autoHalt, {
        updated: rows.filter((r) => r.status === 'Updated').length,
        failed: rows.filter((r) => r.status === 'Failed').length,
      });
      if (reason) {
        const { skipped } = await haltDeployment(tx, GSM_DEPLOYMENTS, id, now, reason);
        await audit(tx, UPDATER_ACTOR, 'DeploymentAutoHalted', `GSM deployment ${id}: ${reason}; ${skipped} skipped`);
        stats.autoHalted++;
        return;
      }

      // Release the next wave when it is due.
      const planned = rows.filter((r) => r.status === 'UpdatePlanned');
      if (planned.length && (!d.nextReleaseAt || d.nextReleaseAt.getTime() <= now.getTime())) {
        const lastRelease = Math.max(0, ...rows.map((r) => r.releasedAt?.getTime() ?? 0));
        const previous = rows.filter((r) => lastRelease > 0 && r.releasedAt?.getTime() === lastRelease);
        const gate = waveGateOpen(rules.waveSuccessPercent, {
          size: previous.length,
          updated: previous.filter((r) => r.status === 'Updated').length,
        });
        if (gate) {
          const wave = d.strategy === 'ROLLING' ? planned.slice(0, Math.max(1, d.atOnce ?? 1)) : planned;
          for (const s of wave) {
            s.releasedAt = now;
            await move(tx, id, s, 'UpdateQueued', now, { releasedAt: now });
          }
          stats.released += wave.length;
          const next = d.strategy === 'ROLLING' && d.spacing ? new Date(now.getTime() + d.spacing * 1000) : null;
          await tx.update(deployments).set({ nextReleaseAt: next }).where(eq(deployments.id, id));
        }
      }
      if (rows.every((r) => TERMINAL.has(r.status))) {
        await tx
          .update(deployments)
          .set({ status: 'Finished', tillDate: now, nextReleaseAt: null })
          .where(eq(deployments.id, id));
        stats.finished++;
      }
    });
  }
  return stats;
}
