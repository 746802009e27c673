/**
 * The device side of the GSM updater's restart and idle actions:
 *
 *   RestartRequired ──tick──▶ Pending ──tick──▶ Ok   (or Failed, RESTART_FAIL_SHARE of restarts)
 *   IdleRequired ──(offline until idle_until)──▶ Ok
 *
 * Each transition sets last_contact (the sensor talked to the updater); finishing a restart also sets
 * last_updated. Updates are guarded by the status they leave, so a console action in between wins.
 * `Pending` is used only by this flow (deployments use Updating / UpdatePending), so driving every
 * Pending row does not interfere with deployment state.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { updaterSensors } from '../db/schema';
import { unit } from './random';

export const RESTART_FAIL_SHARE = 0.08;
export const ACTIVE_UPDATER_STATUSES = ['RestartRequired', 'Pending', 'IdleRequired'] as const;

/** Whether a restart finishing at `at` fails (deterministic for the seed). */
export const restartFails = (seed: number, sensorId: number, at: Date) =>
  unit(seed, 'restart', sensorId, at.getTime()) < RESTART_FAIL_SHARE;

export interface UpdaterStats {
  restarting: number;
  restarted: number;
  failed: number;
  woke: number;
}

interface Move {
  from: string;
  to: string;
  ids: number[];
  lastUpdated: boolean;
  clearIdle: boolean;
}

export async function stepUpdater(db: Db, now: Date, opts: { seed: number; batchSize: number }): Promise<UpdaterStats> {
  const rows = await db
    .select({ sensorId: updaterSensors.sensorId, status: updaterSensors.status, idleUntil: updaterSensors.idleUntil })
    .from(updaterSensors)
    .where(and(eq(updaterSensors.family, 'gsm'), inArray(updaterSensors.status, [...ACTIVE_UPDATER_STATUSES])))
    .orderBy(asc(updaterSensors.sensorId));
  const moves: Record<'pending' | 'ok' | 'failed' | 'woke', Move> = {
    pending: { from: 'RestartRequired', to: 'Pending', ids: [], lastUpdated: false, clearIdle: false },
    ok: { from: 'Pending', to: 'Ok', ids: [], lastUpdated: true, clearIdle: false },
    failed: { from: 'Pending', to: 'Failed', ids: [], lastUpdated: true, clearIdle: false },
    woke: { from: 'IdleRequired', to: 'Ok', ids: [], lastUpdated: false, clearIdle: true },
  };
  for (const r of rows) {
    if (r.status === 'RestartRequired') moves.pending.ids.push(r.sensorId);
    else if (r.status === 'Pending')
      (restartFails(opts.seed, r.sensorId, now) ? moves.failed : moves.ok).ids.push(r.sensorId);
    else if (r.status === 'IdleRequired' && (!r.idleUntil || r.idleUntil.getTime() <= now.getTime()))
      moves.woke.ids.push(r.sensorId);
  }
  for (const move of Object.values(moves)) {
    for (let i = 0; i < move.ids.length; i += opts.batchSize) {
      const ids = move.ids.slice(i, i + opts.batchSize);
      await db
        .update(updaterSensors)
        .set({
          status: move.to,
          lastContact: now,
          ...(move.lastUpdated ? { lastUpdated: now } : {}),
          ...(move.clearIdle ? { idleUntil: null } : {}),
        })
        .where(
          and(
            eq(updaterSensors.family, 'gsm'),
            eq(updaterSensors.status, move.from),
            inArray(updaterSensors.sensorId, ids),
          ),
        );
    }
  }
  return {
    restarting: moves.pending.ids.length,
    restarted: moves.ok.ids.length,
    failed: moves.failed.ids.length,
    woke: moves.woke.ids.length,
  };
}
