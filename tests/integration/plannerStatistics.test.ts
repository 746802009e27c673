/**
 * PGlite has no autovacuum: the server analyses its tables itself (server/db/statistics.ts), once
 * after the start and then at an interval, so the planner stops planning from default estimates.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { keepPlannerStatistics } from '../../server/db/statistics';
import type { Executor } from '../../server/db';
import { createTestApp, type TestApp } from '../support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** What the planner believes of the installations table: -1 means never analysed. */
const believedRows = async () => {
  const result = (await t.ctx.db.execute(
    sql`select reltuples::float8 as n from pg_class where relname = 'installations'`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
};
const actualRows = async () => {
  const result = (await t.ctx.db.execute(sql`select count(*)::int as n from installations`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
};

describe('planner statistics', () => {
  it('are written by ANALYZE on the database the server uses', async () => {
    const statistics = keepPlannerStatistics(t.ctx.db, { firstAfterMs: 3_600_000 });
    try {
      expect(await actualRows()).toBeGreaterThan(0);
      // A PGlite database is never analysed by itself (PostgreSQL's autovacuum may have been at it).
      if (t.ctx.dbKind === 'pglite') expect(await believedRows()).toBe(-1);
      await statistics.analyze();
      expect(await believedRows()).toBe(await actualRows());
    } finally {
      statistics.stop();
    }
  });

  it('run after the first delay, then at each interval, until stopped', async () => {
    vi.useFakeTimers();
    try {
      const execute = vi.fn(async () => ({ rows: [] }));
      const statistics = keepPlannerStatistics({ execute } as unknown as Executor, {
        firstAfterMs: 1_000,
        everyMs: 5_000,
      });
      await vi.advanceTimersByTimeAsync(999);
      expect(execute).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(execute).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(execute).toHaveBeenCalledTimes(2);
      statistics.stop();
      await vi.advanceTimersByTimeAsync(20_000);
      expect(execute).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keep running after a failed ANALYZE, saying why', async () => {
    vi.useFakeTimers();
    try {
      const execute = vi.fn().mockRejectedValueOnce(new Error('disk full')).mockResolvedValue({ rows: [] });
      const log = vi.fn();
      const statistics = keepPlannerStatistics({ execute } as unknown as Executor, {
        firstAfterMs: 10,
        everyMs: 10,
        log,
      });
      await vi.advanceTimersByTimeAsync(10);
      expect(log).toHaveBeenCalledWith('planner statistics: ANALYZE failed: disk full');
      await vi.advanceTimersByTimeAsync(10);
      expect(execute).toHaveBeenCalledTimes(2);
      statistics.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
