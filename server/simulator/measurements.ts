/**
 * Simulated measurements. Every installed sensor (status Installed, with a current installation)
 * reports every 2–5 minutes (its own interval, from the seed), except:
 * - about 5 % of sensors that never report (dead: they go inactive 20 minutes after their last value);
 * - a sensor in an hourly outage (about 4 % of sensor-hours): silent for that hour;
 * - a GSM sensor idled by the updater (IdleRequired until idle_until): offline.
 *
 * A report writes the new values (a mean-reverting random walk per parameter), lastMeasurementAt and
 * the 72-hour activity (epoch hours, newest last) of measurement_summaries, sensors.last_measurement_at,
 * and the GSM updater's last_contact (a GSM / NB-IoT sensor the updater has never seen is enrolled
 * with status Ok). Writes go in short transactions of at most `batchSize` sensors.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ACTIVITY_HOURS, RESTARTABLE_COMMUNICATIONS, type Communication } from '../../common/domain';
import type { Db } from '../db';
import { roundTo } from '../db/prng';
import { installations, measurementSummaries, sensors, updaterSensors } from '../db/schema';
import { streamOf, unit } from './random';

const HOUR_MS = 3_600_000;
export const DEAD_SHARE = 0.05;
export const OUTAGE_SHARE = 0.04;
export const MIN_INTERVAL_MIN = 2;
export const MAX_INTERVAL_MIN = 5;

/** Typical level, natural spread and hard limits per parameter. */
const PARAM_MODEL: Record<string, { base: number; sd: number; min: number; max: number }> = {
  pm1: { base: 10, sd: 1.2, min: 0, max: 400 },
  pm25: { base: 16, sd: 2, min: 0, max: 500 },
  pm10: { base: 24, sd: 3, min: 0, max: 600 },
  no2: { base: 25, sd: 3, min: 0, max: 400 },
  no: { base: 10, sd: 2, min: 0, max: 300 },
  o3: { base: 50, sd: 4, min: 0, max: 300 },
  so2: { base: 6, sd: 1, min: 0, max: 200 },
  co: { base: 500, sd: 40, min: 0, max: 5000 },
  h2s: { base: 2, sd: 0.4, min: 0, max: 50 },
  temperature: { base: 8, sd: 0.4, min: -40, max: 50 },
  humidity: { base: 70, sd: 2, min: 0, max: 100 },
  pressure: { base: 1013, sd: 0.6, min: 900, max: 1080 },
};

/** A sensor's own reporting interval in ms. */
export function reportIntervalMs(seed: number, sensorId: number): number {
  const span = MAX_INTERVAL_MIN - MIN_INTERVAL_MIN + 1;
  return (MIN_INTERVAL_MIN + Math.floor(unit(seed, 'interval', sensorId) * span)) * 60_000;
}

export const isDead = (seed: number, sensorId: number) => unit(seed, 'dead', sensorId) < DEAD_SHARE;
export const inOutage = (seed: number, sensorId: number, at: Date) =>
  unit(seed, 'outage', sensorId, Math.floor(at.getTime() / HOUR_MS)) < OUTAGE_SHARE;

/** The next values of a sensor's parameters: a mean-reverting random walk from the previous ones. */
export function nextValues(
  seed: number,
  sensorId: number,
  at: Date,
  measured: readonly string[],
  previous: Record<string, number> | null | undefined,
): Record<string, number> {
  const r = streamOf(seed, 'values', sensorId, at.getTime());
  const out: Record<string, number> = {};
  for (const p of measured) {
    const m = PARAM_MODEL[p];
    if (!m) continue;
    const prev = previous?.[p];
    const from = typeof prev === 'number' && Number.isFinite(prev) ? prev : m.base + r.normal(0, m.sd * 3);
    const v = from + 0.1 * (m.base - from) + r.normal(0, m.sd);
    out[p] = roundTo(Math.min(m.max, Math.max(m.min, v)), 2);
  }
  return out;
}

/** Epoch hours with `at`'s hour added, older than the 72-hour window dropped, sorted, newest last. */
export function withActiveHour(hours: readonly number[] | null | undefined, at: Date): number[] {
  const hour = Math.floor(at.getTime() / HOUR_MS);
  const kept = [...new Set((hours ?? []).filter((h) => Number.isInteger(h) && h > hour - ACTIVITY_HOURS && h <= hour))];
  if (!kept.includes(hour)) kept.push(hour);
  return kept.sort((a, b) => a - b).slice(-ACTIVITY_HOURS);
}

export interface MeasurementStats {
  installed: number;
  reported: number;
  silent: number;
  /** Installations whose sensor reported (their values and activity changed). */
  installationIds: number[];
}

export async function reportMeasurements(
  db: Db,
  now: Date,
  opts: { seed: number; batchSize: number },
): Promise<MeasurementStats> {
  const { seed, batchSize } = opts;
  const candidates = await db
    .select({
      id: sensors.id,
      installationId: sensors.currentInstallationId,
      measured: sensors.measured,
      communication: sensors.communication,
      firmwareVersion: sensors.firmwareVersion,
      last: sensors.lastMeasurementAt,
      values: measurementSummaries.values,
      activeHours: measurementSummaries.activeHours,
      updaterStatus: updaterSensors.status,
      idleUntil: updaterSensors.idleUntil,
    })
    .from(sensors)
    .innerJoin(installations, and(eq(installations.id, sensors.currentInstallationId), isNull(installations.removedAt)))
    .leftJoin(measurementSummaries, eq(measurementSummaries.sensorId, sensors.id))
    .leftJoin(updaterSensors, and(eq(updaterSensors.family, 'gsm'), eq(updaterSensors.sensorId, sensors.id)))
    .where(eq(sensors.status, 'Installed'))
    .orderBy(asc(sensors.id));

  const nowMs = now.getTime();
  const due = candidates.filter((s) => {
    if (isDead(seed, s.id) || inOutage(seed, s.id, now)) return false;
    if (s.updaterStatus === 'IdleRequired' && s.idleUntil && s.idleUntil.getTime() > nowMs) return false;
    if (!s.last) return true;
    const since = nowMs - s.last.getTime();
    return since >= reportIntervalMs(seed, s.id);
  });

  for (let i = 0; i < due.length; i += batchSize) {
    const batch = due.slice(i, i + batchSize);
    const ids = batch.map((s) => s.id);
    const gsm = batch.filter((s) => RESTARTABLE_COMMUNICATIONS.includes(s.communication as Communication));
    await db.transaction(async (tx) => {
      await tx
        .insert(measurementSummaries)
        .values(
          batch.map((s) => ({
            sensorId: s.id,
            lastMeasurementAt: now,
            values: nextValues(seed, s.id, now, s.measured, s.values),
            activeHours: withActiveHour(s.activeHours, now),
          })),
        )
        .onConflictDoUpdate({
          target: measurementSummaries.sensorId,
          set: {
            lastMeasurementAt: sql`excluded.last_measurement_at`,
            values: sql`excluded.values`,
            activeHours: sql`excluded.active_hours`,
          },
        });
      await tx.update(sensors).set({ lastMeasurementAt: now }).where(inArray(sensors.id, ids));
      if (gsm.length) {
        const unknown = gsm.filter((s) => s.updaterStatus === null);
        if (unknown.length)
          await tx
            .insert(updaterSensors)
            .values(
              unknown.map((s) => ({
                family: 'gsm',
                sensorId: s.id,
                version: s.firmwareVersion,
                bank: 0,
                status: 'Ok',
                lastContact: now,
              })),
            )
            .onConflictDoNothing();
        await tx
          .update(updaterSensors)
          .set({ lastContact: now })
          .where(
            and(
              eq(updaterSensors.family, 'gsm'),
              inArray(
                updaterSensors.sensorId,
                gsm.map((s) => s.id),
              ),
            ),
          );
      }
    });
  }
  return {
    installed: candidates.length,
    reported: due.length,
    silent: candidates.length - due.length,
    installationIds: due.flatMap((s) => (s.installationId === null ? [] : [s.installationId])),
  };
}
