/**
 * Planner statistics on PGlite. PGlite runs PostgreSQL without its background workers, so
 * autovacuum never analyses a table there: a data directory that was never given an `ANALYZE`
 * plans every list, search and export from default estimates (`reltuples = -1`), however large
 * its tables have grown. The server runs `ANALYZE` itself: once shortly after it starts (not
 * before it answers: on PGlite's one connection it would hold the first requests back), then at an
 * interval. PostgreSQL's own autovacuum does this there, so nothing is scheduled for it.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from './index';

/** The first run after the start, and the interval between runs. */
export const PGLITE_ANALYZE_FIRST_MS = 15_000;
export const PGLITE_ANALYZE_EVERY_MS = 60 * 60_000;

export interface PlannerStatistics {
  /** Runs `ANALYZE` now (the scheduled runs call it too); resolves with its duration in ms. */
  analyze(): Promise<number>;
  stop(): void;
}

export function keepPlannerStatistics(
  db: Executor,
  {
    firstAfterMs = PGLITE_ANALYZE_FIRST_MS,
    everyMs = PGLITE_ANALYZE_EVERY_MS,
    log = (message: string) => console.error(message),
  }: { firstAfterMs?: number; everyMs?: number; log?: (message: string) => void } = {},
): PlannerStatistics {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const analyze = async () => {
    const started = performance.now();
    await db.execute(sql`analyze`);
    return performance.now() - started;
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      analyze()
        .catch((err: unknown) => log(`planner statistics: ANALYZE failed: ${(err as Error).message}`))
        .finally(() => schedule(everyMs));
    }, ms);
    timer.unref();
  };
  schedule(firstAfterMs);
  return {
    analyze,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
