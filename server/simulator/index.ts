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
import type pg from 'pg';
import { loadPg } from '../db/pgDriver';
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

/** Any number: the PostgreSQL advisory lock held by the one process that runs the simulator. */
export const SIMULATOR_LOCK = 7_240_312;

export interface SimulatorLeadership {
  /** Whether this process runs the simulator now. */
  readonly leading: boolean;
  /** The simulator of this process while it leads. */
  readonly simulator: Simulator | undefined;
  /** Stops the simulator (when leading) and lets the lock go. */
  stop(): Promise<void>;
}

export interface LeadershipOptions {
  /** PostgreSQL: the lock is taken on a connection of its own. Undefined (PGlite, one process): the simulator just runs. */
  databaseUrl?: string;
  /** How often a follower tries to take the lock (default 2000 ms). */
  pollMs?: number;
  /** Told when this process starts or stops running the simulator. */
  onChange?: (leading: boolean) => void;
  log?: (message: string, error?: unknown) => void;
}

/**
 * Runs the simulator in exactly one of the processes on one PostgreSQL database: the one holding a
 * session-level advisory lock (SIMULATOR_LOCK) on a dedicated connection. The others try again
 * every `pollMs`; when the leader dies its connection closes, PostgreSQL releases the lock and the
 * next try of another process takes it over. A leader whose lock connection fails stops its
 * simulator at once and competes again.
 */
export function startSimulatorLeadership(
  ctx: Pick<AppContext, 'db'>,
  simulatorOptions: SimulatorOptions,
  opts: LeadershipOptions = {},
): SimulatorLeadership {
  const log = opts.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  let simulator: Simulator | undefined;
  let stopped = false;
  const lead = () => {
    simulator = startSimulator(ctx, simulatorOptions);
    opts.onChange?.(true);
  };
  const follow = async () => {
    const running = simulator;
    simulator = undefined;
    if (running) {
      opts.onChange?.(false);
      await running.stop();
    }
  };
  if (!opts.databaseUrl) {
    lead();
    return {
      get leading() {
        return simulator !== undefined;
      },
      get simulator() {
        return simulator;
      },
      stop: follow,
    };
  }

  const pollMs = Math.max(100, opts.pollMs ?? 2000);
  const databaseUrl = opts.databaseUrl;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let attempt: Promise<void> = Promise.resolve();

  const drop = (reason: string, error?: unknown) => {
    const lost = client;
    client = undefined;
    if (lost) void lost.end().catch(() => {});
    if (simulator) log(`simulator: ${reason}; stopped here, another process may take over`, error);
    void follow();
  };

  const tryLead = async () => {
    if (stopped || simulator) return;
    try {
      if (!client) {
        const driver = await loadPg();
        const fresh = new driver.Client({
          connectionString: databaseUrl,
          application_name: 'aq-console simulator lock',
        });
        fresh.on('error', (err) => {
          if (client === fresh) drop('the lock connection failed', err);
        });
        fresh.on('end', () => {
          if (client === fresh) drop('the lock connection closed');
        });
        client = fresh;
        await fresh.connect();
      }
      const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        SIMULATOR_LOCK,
      ]);
      if (result.rows[0]?.locked && !stopped) lead();
    } catch (err) {
      drop('could not try the lock', err);
    }
  };

  const loop = () => {
    if (stopped) return;
    attempt = tryLead().finally(() => {
      if (stopped) return;
      timer = setTimeout(loop, pollMs);
      timer.unref();
    });
  };
  loop();

  return {
    get leading() {
      return simulator !== undefined;
    },
    get simulator() {
      return simulator;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await attempt;
      await follow();
      const held = client;
      client = undefined;
      // Ending the session releases the lock.
      await held?.end().catch(() => {});
    },
  };
}
