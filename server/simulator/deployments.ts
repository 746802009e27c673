/**
 * GSM and Wi-Fi deployments run for real on each simulator tick, and Gen3 deployments applied. The
 * updater's side: release waves (`at_once` sensors every `spacing` seconds, or all at once; a wave
 * waits for the previous one's `waveSuccessPercent`), expire grace periods (a released sensor not
 * Updated within `test_time` seconds has Failed), retry a failed sensor up to `maxRetries` times and
 * quarantine it after that, block failed sensors, finish a deployment when every sensor is done, and
 * halt one whose auto-halt rule trips (audit DeploymentAutoHalted). The device's side follows the
 * family's walk (common/firmware.ts ROLLOUT_WALKS), one status a tick; for GSM:
 *
 *   UpdatePlanned ─release─▶ UpdateQueued ─tick─▶ UpdatePending ─sensor calls in─▶ Updating ─▶ Updated | Failed
 *                                 ▲                                                               │
 *                                 └──────────────── retry (maxRetries) ◀──────────────────────────┘
 *
 * and for Wi-Fi Enrolled ─▶ Queued ─▶ Requested ─▶ Building ─▶ Uploading ─▶ Pending ─calls in─▶
 * Testing ─▶ Deployed | Failed. A sensor calls in on a tick with CONTACT_SHARE chance; an update
 * fails with the failure rate of its version (seeded per version in the demo) or the simulator's. A
 * Wi-Fi sensor's binary is built for it when it reaches Uploading (an id and a build log). Every change is written set-wise: one
 * statement per kind of change and deployment, not per sensor, plus one event row per sensor (the
 * timeline). The deployment's rows and the updater's view of the sensor (updater_sensors) move
 * together. Everything is a function of the seed, the data and the tick times.
 */
import { and, asc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  TERMINAL_DEPLOYMENT_STATUSES,
  autoHaltReason,
  formatSensorIds,
  waveGateOpen,
  type RolloutRules,
} from '../../common/firmware';
import { audit, type Actor } from '../audit';
import type { Db, Executor } from '../db';
import {
  deploymentSensors,
  deployments,
  firmwareVersions,
  quarantinedSensors,
  sensors,
  updaterSensors,
} from '../db/schema';
import { GSM_DEPLOYMENTS, WIFI_DEPLOYMENTS, type UpdaterDeployments } from '../services/deployments/families';
import { haltDeployment, recordEvents } from '../services/deployments/commands';
import { unit } from './random';

/** Chance that a waiting sensor calls in on a tick. */
export const CONTACT_SHARE = 0.7;
/** Default share of updates that fail (SIMULATOR_FAILURE_RATE). */
export const DEFAULT_FAILURE_RATE = 0.05;

export const updaterActor = (f: UpdaterDeployments): Actor => ({
  userId: null,
  userName: `${f.label} updater`,
  source: 'System',
});

export interface DeploymentStats {
  released: number;
  updated: number;
  failed: number;
  expired: number;
  retried: number;
  quarantined: number;
  finished: number;
  autoHalted: number;
  /** Gen3 deployments the sensor applied. */
  applied: number;
}

export interface DeploymentStepOptions {
  seed: number;
  /** Share of updates that fail when the version has no rate of its own: per version (a function) or for all. */
  failureRate?: number | ((version: string | null) => number);
}

const TERMINAL = new Set<string>(TERMINAL_DEPLOYMENT_STATUSES);

export const updateFails = (seed: number, deploymentId: number, sensorId: number, at: Date, rate: number) =>
  unit(seed, 'update', deploymentId, sensorId, at.getTime()) < rate;
export const sensorCallsIn = (seed: number, sensorId: number, at: Date) =>
  unit(seed, 'contact', sensorId, at.getTime()) < CONTACT_SHARE;

interface SensorRow {
  sensorId: number;
  status: string;
  releasedAt: Date | null;
  wave: number | null;
  failures: number;
}

/**
 * What a change does besides setting the status; every sensor of one change gets the same.
 * `step`: the updater moves on by itself; `contact`: the sensor called in; `build`: a Wi-Fi binary
 * was built for the sensor.
 */
type Effect = 'release' | 'step' | 'contact' | 'build' | 'updated' | 'failed' | 'expired' | 'retry' | 'quarantine';

/** Sensors that make the same change in one deployment on one tick: written with one statement. */
class Changes {
  private readonly groups = new Map<string, { from: string; to: string; effect: Effect; rows: SensorRow[] }>();
  private readonly events: { sensorId: number; from: string; to: string; message: string }[] = [];

  add(s: SensorRow, to: string, effect: Effect, message: string) {
    const key = `${s.status}>${to}>${effect}`;
    const group = this.groups.get(key) ?? { from: s.status, to, effect, rows: [] };
    group.rows.push({ ...s });
    this.groups.set(key, group);
    this.events.push({ sensorId: s.sensorId, from: s.status, to, message });
    s.status = to;
  }

  async write(
    tx: Executor,
    f: UpdaterDeployments,
    d: { id: number; deployed: string | null; commit: string | null },
    now: Date,
    wave: number,
  ) {
    for (const { from, to, effect, rows } of this.groups.values()) {
      const ids = rows.map((r) => r.sensorId);
      const own = and(
        eq(deploymentSensors.deploymentId, d.id),
        inArray(deploymentSensors.sensorId, ids),
        eq(deploymentSensors.status, from),
      );
      const failing = effect === 'failed' || effect === 'expired' || effect === 'retry' || effect === 'quarantine';
      const set: Record<string, unknown> = { status: to };
      if (effect === 'contact' || effect === 'updated' || effect === 'failed' || effect === 'quarantine')
        set.lastContact = now;
      if (effect === 'release') Object.assign(set, { releasedAt: now, wave });
      if (effect === 'retry') set.releasedAt = now;
      if (failing) set.failures = sql`${deploymentSensors.failures} + 1`;
      const success = to === f.walk.success;
      if (success || to === 'Failed') set.lastUpdated = now;
      if (success) set.reportsVersion = d.deployed;
      if (success && f.family === 'gsm')
        // A GSM sensor writes the new image into its other bank.
        set.bank = sql`(select 1 - coalesce(u.bank, 1) from ${updaterSensors} u where u.family = 'gsm' and u.sensor_id = ${deploymentSensors.sensorId})`;
      if (effect === 'build' && f.family === 'wifi') Object.assign(set, wifiBuild(d.commit ?? d.deployed));
      if (to === 'Failed' && f.family === 'wifi')
        set.logs = sql`coalesce(${deploymentSensors.logs} || E'\n', '') || ${`[upload] ${effect === 'expired' ? 'no answer within the grace period' : 'the sensor rejected the image'}; update failed`}`;
      await tx.update(deploymentSensors).set(set).where(own);

      const updater: Record<string, unknown> = { status: to };
      if (set.lastContact) updater.lastContact = now;
      if (to === 'Failed') updater.lastUpdated = now;
      if (success) {
        updater.version = d.deployed;
        updater.lastUpdated = now;
        if (f.family === 'gsm') updater.bank = sql`1 - coalesce(${updaterSensors.bank}, 1)`;
      }
      await tx
        .update(updaterSensors)
        .set(updater)
        .where(and(eq(updaterSensors.family, f.family), inArray(updaterSensors.sensorId, ids)));
    }
    await recordEvents(
      tx,
      this.events.map((e) => ({
        deploymentId: d.id,
        sensorId: e.sensorId,
        at: now,
        fromStatus: e.from,
        status: e.to,
        message: e.message,
      })),
    );
  }
}

/** A Wi-Fi binary built for one sensor: its id (from the deployment, sensor and attempt) and build log. */
const wifiBuild = (commit: string | null): Record<string, SQL | boolean> => ({
  binary: sql`substr(md5(${deploymentSensors.deploymentId} || ':' || ${deploymentSensors.sensorId} || ':' || ${deploymentSensors.failures}), 1, 16)`,
  hasLogs: true,
  logs: sql`format(${[
    '[build] checking out %s',
    '[build] configuring for sensor %s',
    '[build] compiling 214 units',
    '[build] linking firmware.bin',
    '[build] image ready (attempt %s)',
    '[upload] sending the image to the sensor',
  ].join('\n')}, ${commit ?? 'unknown'}::text, ${deploymentSensors.sensorId}, ${deploymentSensors.failures} + 1)`,
});

/** The failure rate of each version seeded with one (demo), by version. */
async function versionRates(db: Db, family: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ version: firmwareVersions.version, rate: firmwareVersions.simulatedFailureRate })
    .from(firmwareVersions)
    .where(and(eq(firmwareVersions.family, family), sql`${firmwareVersions.simulatedFailureRate} is not null`));
  return new Map(rows.map((r) => [r.version, r.rate!]));
}

/** One updater step over every Rolling (or halted, still finishing) deployment of the family. */
async function stepFamily(
  db: Db,
  f: UpdaterDeployments,
  now: Date,
  opts: DeploymentStepOptions,
  stats: DeploymentStats,
): Promise<void> {
  const active = await db
    .select({ id: deployments.id })
    .from(deployments)
    .where(and(eq(deployments.family, f.family), inArray(deployments.status, ['Rolling', 'Halted'])))
    .orderBy(asc(deployments.id));
  if (active.length === 0) return;
  const rates = await versionRates(db, f.family);
  const rateOf = (version: string | null) =>
    (version !== null ? rates.get(version) : undefined) ??
    (typeof opts.failureRate === 'function' ? opts.failureRate(version) : (opts.failureRate ?? DEFAULT_FAILURE_RATE));

  for (const { id } of active) {
    await db.transaction(async (tx) => {
      const [d] = await tx.select().from(deployments).where(eq(deployments.id, id)).for('update');
      if (!d || (d.status !== 'Rolling' && d.status !== 'Halted')) return;
      const rows: SensorRow[] = await tx
        .select({
          sensorId: deploymentSensors.sensorId,
          status: deploymentSensors.status,
          releasedAt: deploymentSensors.releasedAt,
          wave: deploymentSensors.wave,
          failures: deploymentSensors.failures,
        })
        .from(deploymentSensors)
        .where(eq(deploymentSensors.deploymentId, id))
        .orderBy(asc(deploymentSensors.sensorId));
      if (d.status === 'Halted' && !rows.some((r) => f.walk.inFlight.includes(r.status))) return;
      const deployed = d.version ?? d.commit;
      const graceSec = d.testTime ?? 3600;
      const rate = rateOf(deployed);
      const rules = (d.rollout ?? {}) as RolloutRules;
      const changes = new Changes();
      const quarantined: SensorRow[] = [];

      /** A failed attempt: retried while retries are left, else Failed (and quarantined under maxRetries). */
      const fail = (s: SensorRow, why: 'failed' | 'expired') => {
        const cause =
          why === 'expired' ? `not ${f.walk.success} within the grace period of ${graceSec} s` : 'the update failed';
        const failures = s.failures + 1;
        if (why === 'expired') stats.expired++;
        else stats.failed++;
        if (rules.maxRetries !== undefined && failures <= rules.maxRetries) {
          changes.add(
            s,
            f.walk.inFlight[0]!,
            'retry',
            `Attempt ${failures} failed (${cause}); retry ${failures} of ${rules.maxRetries}`,
          );
          stats.retried++;
        } else if (rules.maxRetries !== undefined) {
          changes.add(
            s,
            'Failed',
            'quarantine',
            `Attempt ${failures} failed (${cause}); quarantined after ${failures} failures`,
          );
          quarantined.push({ ...s, failures });
        } else changes.add(s, 'Failed', why, `Failed: ${cause}`);
      };

      // Sensors released before the simulator knew (seeded data): the grace period starts now.
      const unstamped = rows.filter((r) => f.walk.inFlight.includes(r.status) && !r.releasedAt).map((r) => r.sensorId);
      if (unstamped.length)
        await tx
          .update(deploymentSensors)
          .set({ releasedAt: now })
          .where(and(eq(deploymentSensors.deploymentId, id), inArray(deploymentSensors.sensorId, unstamped)));

      // The device side, then grace periods, for sensors already released.
      const { walk } = f;
      for (const s of rows) {
        const step = walk.inFlight.indexOf(s.status);
        if (step < 0 || !s.releasedAt) continue;
        if (now.getTime() - s.releasedAt.getTime() >= graceSec * 1000) fail(s, 'expired');
        else if (step < walk.inFlight.length - 1) {
          const next = walk.inFlight[step + 1]!;
          const calledIn = s.status === walk.waitsForSensor;
          if (calledIn && !sensorCallsIn(opts.seed, s.sensorId, now)) continue;
          const effect: Effect = next === 'Uploading' ? 'build' : calledIn ? 'contact' : 'step';
          changes.add(s, next, effect, walk.messages[next] ?? next);
        } else if (updateFails(opts.seed, id, s.sensorId, now, rate)) fail(s, 'failed');
        else {
          changes.add(s, walk.success, 'updated', `Sensor reports ${deployed}`);
          stats.updated++;
        }
      }

      const counts = () => ({
        updated: rows.filter((r) => r.status === walk.success).length,
        failed: rows.filter((r) => r.status === 'Failed').length,
      });
      const reason = d.status === 'Rolling' ? autoHaltReason(rules.autoHalt, counts()) : null;

      // Release the next wave when it is due, the gate is open and no rule halts the rollout.
      const lastWave = Math.max(0, ...rows.map((r) => r.wave ?? 0));
      const planned = rows.filter((r) => r.status === walk.planned);
      if (d.status === 'Rolling' && !reason && planned.length && (!d.nextReleaseAt || d.nextReleaseAt <= now)) {
        const previous = rows.filter((r) => lastWave > 0 && r.wave === lastWave);
        const gate = waveGateOpen(rules.waveSuccessPercent, {
          size: previous.length,
          updated: previous.filter((r) => r.status === walk.success).length,
        });
        if (gate) {
          const wave = d.strategy === 'ROLLING' ? planned.slice(0, Math.max(1, d.atOnce ?? 1)) : planned;
          for (const s of wave) changes.add(s, walk.inFlight[0]!, 'release', `Released in wave ${lastWave + 1}`);
          stats.released += wave.length;
          const next = d.strategy === 'ROLLING' && d.spacing ? new Date(now.getTime() + d.spacing * 1000) : null;
          await tx.update(deployments).set({ nextReleaseAt: next }).where(eq(deployments.id, id));
        }
      }
      await changes.write(tx, f, { id, deployed, commit: d.commit }, now, lastWave + 1);

      const newlyFailed = rows.filter((r) => r.status === 'Failed' && !d.blockedSensors.includes(r.sensorId));
      if (newlyFailed.length)
        await tx
          .update(deployments)
          .set({ blockedSensors: [...d.blockedSensors, ...newlyFailed.map((r) => r.sensorId)] })
          .where(eq(deployments.id, id));
      if (quarantined.length) {
        await tx
          .insert(quarantinedSensors)
          .values(
            quarantined.map((s) => ({
              family: f.family,
              sensorId: s.sensorId,
              deploymentId: id,
              failures: s.failures,
              reason: `Failed ${s.failures} times in ${f.label} deployment ${id} (maxRetries ${rules.maxRetries})`,
              since: now,
            })),
          )
          .onConflictDoNothing();
        await audit(
          tx,
          updaterActor(f),
          'SensorsQuarantined',
          `${f.label} deployment ${id}: ${formatSensorIds(quarantined.map((s) => s.sensorId))} quarantined after more than ${rules.maxRetries} retries`,
        );
        stats.quarantined += quarantined.length;
      }

      if (reason) {
        const { skipped } = await haltDeployment(tx, f, id, now, reason);
        await audit(
          tx,
          updaterActor(f),
          'DeploymentAutoHalted',
          `${f.label} deployment ${id}: ${reason}; ${skipped} skipped`,
        );
        stats.autoHalted++;
        return;
      }
      if (d.status === 'Rolling' && rows.every((r) => TERMINAL.has(r.status))) {
        await tx
          .update(deployments)
          .set({ status: 'Finished', tillDate: now, nextReleaseAt: null })
          .where(eq(deployments.id, id));
        stats.finished++;
      }
    });
  }
}

/**
 * Gen3 deployments: a sensor applies its version the first time it calls in after the deployment
 * was created (applied date set, the sensor's firmware version changes).
 */
async function applyGen3(db: Db, now: Date, opts: DeploymentStepOptions, stats: DeploymentStats) {
  const pending = await db
    .select({ id: deployments.id, sensors: deployments.sensors, version: deployments.version })
    .from(deployments)
    .where(and(eq(deployments.family, 'gen3'), isNull(deployments.appliedDate), lte(deployments.createdAt, now)))
    .orderBy(asc(deployments.id));
  const due = pending.filter((d) => d.sensors[0] !== undefined && sensorCallsIn(opts.seed, d.sensors[0], now));
  if (due.length === 0) return;
  await db.transaction(async (tx) => {
    await tx
      .update(deployments)
      .set({ appliedDate: now, status: 'Deployed' })
      .where(
        inArray(
          deployments.id,
          due.map((d) => d.id),
        ),
      );
    // The newest deployment of a sensor wins when several apply at once.
    const latest = new Map(due.map((d) => [d.sensors[0]!, d.version]));
    for (const [sensorId, version] of latest)
      await tx.update(sensors).set({ firmwareVersion: version }).where(eq(sensors.id, sensorId));
  });
  stats.applied += due.length;
}

/** One updater step over every family's deployments. Each deployment is one short transaction. */
export async function stepDeployments(db: Db, now: Date, opts: DeploymentStepOptions): Promise<DeploymentStats> {
  const stats: DeploymentStats = {
    released: 0,
    updated: 0,
    failed: 0,
    expired: 0,
    retried: 0,
    quarantined: 0,
    finished: 0,
    autoHalted: 0,
    applied: 0,
  };
  for (const f of [GSM_DEPLOYMENTS, WIFI_DEPLOYMENTS]) await stepFamily(db, f, now, opts, stats);
  await applyGen3(db, now, opts, stats);
  return stats;
}
