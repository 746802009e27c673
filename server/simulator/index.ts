/**
 * The fleet simulator (docs/ARCHITECTURE.md, "What runs"): simulated sensors report measurements and play
 * the device side of the GSM updater (restart, idle, and deployments: ./deployments.ts), so activity, last values and restart / idle are observable in
 * the demo and in tests.
 *
 *   const sim = startSimulator(ctx, { tickMs: 60_000, seed: 1 });   // ticks on a timer
 *   const sim = startSimulator(ctx, { autoTick: false, seed: 7 });  // tests: await sim.tick(at)
 *   await sim.stop();
 *
 * A tick first steps the updater state machines (few rows), then — at most once per
 * `measureEveryMs` of tick time — lets due sensors report. Everything is a function of the seed, the
 * database state and the tick times, so the same ticks on the same data give the same result. Ticks
 * never overlap; each write is a short transaction of at most `batchSize` sensors, so PGlite's one
 * connection is never held for long.
 */
import type { AppContext } from '../context';
import { reportMeasurements, type MeasurementStats } from './measurements';
import { stepUpdater, type UpdaterStats } from './updater';
import { stepDeployments, type DeploymentStats, type DeploymentStepOptions } from './deployments';

export interface SimulatorOptions {
  /** Time between the end of one automatic tick and the start of the next (default 60 s). */
  tickMs?: number;
  /** Seed of every random choice (default 1). */
  seed?: number;
  /** Measurements run on a tick only when this much tick time passed since they last ran (default 60 s). */
  measureEveryMs?: number;
  /** Sensors per write transaction (default 100, at most 200). */
  batchSize?: number;
  /** Tick on a timer (default true); false for tests, which call tick(now) themselves. */
  autoTick?: boolean;
  /** Share of firmware updates that fail (SIMULATOR_FAILURE_RATE; default 0.05), or one per version. */
  failureRate?: DeploymentStepOptions['failureRate'];
  /** Told which installations changed after each tick that reported measurements (live updates). */
  onInstallationsChanged?: (ids: number[]) => Promise<void> | void;
  /** Where problems of automatic ticks are reported (default console.error). */
  log?: (message: string, error?: unknown) => void;
}

export interface TickStats {
  at: Date;
  durationMs: number;
  updater: UpdaterStats;
  /** GSM deployments: waves released, sensors updated / failed / expired, deployments finished / auto-halted. */
  deployments: DeploymentStats;
  /** Undefined when measurements did not run on this tick. */
  measurements?: MeasurementStats;
}

export interface Simulator {
  stop(): Promise<void>;
  tick(now?: Date): Promise<TickStats>;
  /** The statistics of the last finished tick. */
  readonly lastTick: TickStats | undefined;
}

export function startSimulator(ctx: Pick<AppContext, 'db'>, opts: SimulatorOptions = {}): Simulator {
  const tickMs = Math.max(100, opts.tickMs ?? 60_000);
  const seed = opts.seed ?? 1;
  const measureEveryMs = Math.max(0, opts.measureEveryMs ?? 60_000);
  const batchSize = Math.max(1, Math.min(200, opts.batchSize ?? 100));
  const log = opts.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));

  let lastMeasureAt: number | undefined;
  let lastTick: TickStats | undefined;
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let lastSlowWarning = 0;

  async function run(now: Date): Promise<TickStats> {
    const started = performance.now();
    const updater = await stepUpdater(ctx.db, now, { seed, batchSize });
    const deployments = await stepDeployments(ctx.db, now, { seed, failureRate: opts.failureRate });
    let measurements: MeasurementStats | undefined;
    if (
      lastMeasureAt === undefined ||
      now.getTime() - lastMeasureAt >= measureEveryMs ||
      now.getTime() < lastMeasureAt
    ) {
      lastMeasureAt = now.getTime();
      measurements = await reportMeasurements(ctx.db, now, { seed, batchSize });
      if (measurements.installationIds.length)
        await Promise.resolve(opts.onInstallationsChanged?.(measurements.installationIds)).catch((err: unknown) =>
          log('simulator: live update failed', err),
        );
    }
    lastTick = { at: now, durationMs: performance.now() - started, updater, deployments, measurements };
    return lastTick;
  }

  function tick(now: Date = new Date()): Promise<TickStats> {
    const next = chain.then(() => run(now));
    chain = next.catch(() => undefined);
    return next;
  }

  function schedule() {
    if (stopped || opts.autoTick === false) return;
    timer = setTimeout(() => {
      tick()
        .then((stats) => {
          if (stats.durationMs > tickMs / 2 && Date.now() - lastSlowWarning > 600_000) {
            lastSlowWarning = Date.now();
            log(`simulator: a tick took ${stats.durationMs.toFixed(0)} ms (tick every ${tickMs} ms)`);
          }
        })
        .catch((err: unknown) => log('simulator: tick failed', err))
        .finally(schedule);
    }, tickMs);
    timer.unref();
  }
  schedule();

  return {
    tick,
    get lastTick() {
      return lastTick;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await chain;
    },
  };
}
