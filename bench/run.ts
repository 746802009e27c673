/**
 * `npm run bench [name…]`: runs the benchmarks one after another (they print their own figures
 * and ratios against an in-run baseline). Names: query, sensors, exports, installations (every list page against its SQL), throughput, installations-map, audit-search, login-timing, realtime, rollout. Default: all.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ALL = [
  'query',
  'sensors',
  'exports',
  'installations',
  'throughput',
  'installations-map',
  'audit-search',
  'login-timing',
  'realtime',
  'rollout',
];
const dir = path.dirname(fileURLToPath(import.meta.url));
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : ALL;

let failed = 0;
for (const name of chosen) {
  if (!ALL.includes(name)) {
    console.error(`Unknown benchmark "${name}". Known: ${ALL.join(', ')}`);
    process.exit(2);
  }
  console.log(`\n=== bench/${name}.ts ===`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, `${name}.ts`)], {
    stdio: 'inherit',
    env: process.env,
  });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
