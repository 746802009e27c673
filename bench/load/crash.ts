/**
 * `npm run crash`: the crash suite (bench/load/crashSuite.ts) on PGlite (one process, killed and
 * started again on its data directory) and on PostgreSQL (two processes, one killed while the other
 * serves). Prints the acknowledged writes, the restart-to-ready times and any problem; exit code 1
 * on a problem.
 *
 *   npm run crash                                  # both, 5 cycles, 8 writers, 3 s of writes per cycle
 *   npm run crash -- --only=postgres --cycles=10 --writers=16 --write-ms=5000
 *
 * PostgreSQL: CRASH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a
 * scratch database is created beside it and dropped); Redis: REDIS_URL (default redis://127.0.0.1:6379).
 * Backends listen on CRASH_PORT.. (default 8276); their output goes to .tmp/crash-backends.log.
 */
import fs from 'node:fs';
import path from 'node:path';
import { runCrashSuite, type CrashReport } from './crashSuite';
import { setting } from './settings';

const kinds = setting('only', 'CRASH_ONLY', 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const cycles = Number(setting('cycles', 'CRASH_CYCLES', '5'));
const writers = Number(setting('writers', 'CRASH_WRITERS', '8'));
const writeMs = Number(setting('write-ms', 'CRASH_WRITE_MS', '3000'));
const basePort = Number(setting('port', 'CRASH_PORT', '8276'));
const adminUrl = setting(
  'database',
  'CRASH_DATABASE_URL',
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
);
const redisUrl = setting('redis', 'REDIS_URL', 'redis://127.0.0.1:6379');

function print(kind: string, r: CrashReport) {
  const acked = Object.entries(r.acknowledged)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
  const total = Object.values(r.acknowledged).reduce((a, b) => a + b, 0);
  const sorted = [...r.restartMs].sort((a, b) => a - b);
  console.log(`${kind}: ${total} acknowledged writes (${acked}); ${r.unanswered} sent without an answer`);
  console.log(
    `  restart to ready: ${r.restartMs.join(', ')} ms (median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted[sorted.length - 1]} ms)`,
  );
  console.log(
    r.problems.length
      ? `  ${r.problems.length} PROBLEMS:\n    ${r.problems.join('\n    ')}`
      : '  every acknowledged write present with its audit record, nothing half-applied',
  );
}

async function main() {
  const logFile = path.resolve('.tmp/crash-backends.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  fs.writeFileSync(logFile, '');
  console.log(
    `crash suite: ${cycles} kill -9 cycles, ${writers} writers, ${writeMs} ms of writes per cycle; backends' output in ${path.relative('.', logFile)}`,
  );
  let failed = false;
  for (const kind of kinds) {
    const report = await runCrashSuite({
      kind,
      adminUrl,
      redisUrl,
      cycles,
      writers,
      writeMsBeforeKill: writeMs,
      basePort,
      logFile,
      log: (line) => console.log(line),
    });
    print(kind === 'postgres' ? 'PostgreSQL, 2 processes' : 'PGlite, 1 process', report);
    failed ||= report.problems.length > 0;
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
