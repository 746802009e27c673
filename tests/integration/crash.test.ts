/**
 * The crash suite's short form (`npm run crash` is the long one; bench/load/crashSuite.ts): writers
 * send tag values, sensor status changes, request notes and states, sensor orders and Gen3
 * deployments while a backend process is killed with SIGKILL and started again. On PGlite (the
 * `unit` project) one process is killed and restarted on its data directory; on PostgreSQL (the
 * `postgres` project) one of two processes is killed while the other keeps serving. Afterwards every
 * acknowledged write is in the database with its audit record and nothing is half-applied; then one
 * audit record is deleted and the check must notice.
 */
import { describe, expect, it } from 'vitest';
import { runCrashSuite } from '../../bench/load/crashSuite';
import { usePostgres } from '../support/testApp';

describe('kill -9 during concurrent writes', () => {
  it(
    usePostgres
      ? 'loses no acknowledged write on PostgreSQL, one of two processes killed'
      : 'loses no acknowledged write on PGlite, the process killed and restarted',
    { timeout: 240_000 },
    async () => {
      const report = await runCrashSuite({
        kind: usePostgres ? 'postgres' : 'pglite',
        adminUrl: process.env.TEST_DATABASE_URL,
        redisUrl: process.env.REDIS_URL,
        cycles: 1,
        writers: 4,
        writeMsBeforeKill: 1_500,
        basePort: 0,
        selfCheck: true,
      });
      const acknowledged = Object.values(report.acknowledged).reduce((a, b) => a + b, 0);
      console.info(
        `crash (${usePostgres ? 'PostgreSQL' : 'PGlite'}): ${acknowledged} acknowledged writes ${JSON.stringify(report.acknowledged)}, ` +
          `${report.unanswered} unanswered; restart to ready ${report.restartMs.join(', ')} ms`,
      );
      expect(report.problems).toEqual([]);
      expect(report.restartMs).toHaveLength(1);
      // Writes of every kind were acknowledged, before and after the kill.
      for (const kind of ['tag value', 'sensor status', 'request notes', 'sensor order'])
        expect(report.acknowledged[kind] ?? 0, kind).toBeGreaterThan(0);
      expect(report.acknowledgedAfterRestart).toBeGreaterThan(0);
      expect(report.selfCheckCaught).toBe(true);
    },
  );
});
