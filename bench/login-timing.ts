/**
 * Password sign-in timing (username enumeration): `GET /api/login/basic` for
 *   - an unknown username,
 *   - a known username with a wrong password,
 *   - a known username with the right password (the baseline),
 * interleaved, through the real app (inject) on a fresh in-memory PGlite and, with
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL), on a scratch PostgreSQL database. It prints the median and
 * p90 of each and the ratio unknown / known-wrong: near 1 means the answer time does not tell
 * whether a username exists. Throttling is turned off for the run. Not a timed test: figures only.
 *
 *   npx tsx bench/login-timing.ts            # BENCH_RUNS=20 by default
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/login-timing.ts
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { hashPassword } from '../server/auth/password';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db';
import { onEachDatabase } from './support';
import { roles, staffUsers } from '../server/db/schema';
import { ensureBuiltInRoles } from '../server/db/seed';
import { createContext } from '../server/start';
import { ADMIN_ROLE } from '../common/permissions';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PASSWORD = 'bench-password-123';

const basic = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`;

async function run(kind: 'PGlite' | 'PostgreSQL', database: Database) {
  await ensureBuiltInRoles(database.db);
  const [admin] = await database.db
    .select({ id: roles.id })
    .from(roles)
    .where(sql`${roles.name} = ${ADMIN_ROLE}`);
  await database.db
    .insert(staffUsers)
    .values({ name: 'bench', displayName: 'Bench', passwordHash: await hashPassword(PASSWORD), roleId: admin!.id });
  const config = {
    ...loadConfig({
      ...process.env,
      SEED: 'none',
      LOGIN_MAX_FAILURES_PER_USER: '0',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '0',
    }),
    jwtSecret: 'bench-secret-0123456789abcdef',
    consoleDir: '/nonexistent',
    simulator: false,
  };
  const { ctx } = await createContext(config, database);
  const app = await buildApp(ctx);
  await app.ready();

  const cases = [
    { name: 'known user, right password (baseline)', auth: basic('bench', PASSWORD), expect: 200 },
    { name: 'known user, wrong password', auth: basic('bench', 'wrong-password-1'), expect: 401 },
    { name: 'unknown user', auth: basic('nobody-at-all', 'wrong-password-1'), expect: 401 },
  ];
  const times = cases.map(() => [] as number[]);
  for (let i = 0; i < RUNS + 1; i++) {
    for (const [k, c] of cases.entries()) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/login/basic', headers: { authorization: c.auth } });
      const ms = performance.now() - started;
      if (res.statusCode !== c.expect) throw new Error(`${c.name}: ${res.statusCode} ${res.body}`);
      if (i > 0) times[k]!.push(ms); // the first round warms up
    }
  }
  await app.close();

  const q = (xs: number[], p: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
  console.log(`\nPassword sign-in on ${kind}, ${RUNS} interleaved rounds after a warm-up`);
  console.log(`${'case'.padEnd(40)} ${'median'.padStart(10)} ${'p90'.padStart(10)}`);
  for (const [k, c] of cases.entries())
    console.log(
      `${c.name.padEnd(40)} ${`${q(times[k]!, 0.5).toFixed(1)} ms`.padStart(10)} ${`${q(times[k]!, 0.9).toFixed(1)} ms`.padStart(10)}`,
    );
  const ratio = q(times[2]!, 0.5) / q(times[1]!, 0.5);
  console.log(
    `unknown / known-wrong (medians): ${ratio.toFixed(2)}  (near 1: the time does not reveal whether the username exists)`,
  );
}

/** On PGlite in memory, then on a scratch PostgreSQL database when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set. */
async function main() {
  await onEachDatabase(run);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
