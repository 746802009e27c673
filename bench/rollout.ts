/**
 * A 10,000-sensor rolling GSM deployment simulated to completion (issue 13): the deployment is
 * created through the real app over HTTP, then the fleet simulator ticks once per simulated minute
 * until the deployment is Finished. Prints the create time, the wall time of the whole rollout, the
 * ticks, the time of the slowest tick, and the database writes (transactions and rows written, from
 * pg_stat_database). The baseline in the same run: the same walk of every sensor through its
 * states written as plain set-wise SQL (one UPDATE per wave and state, one INSERT of the events) —
 * what the database alone costs for the same row changes.
 *
 *   npx tsx bench/rollout.ts                              # fresh in-memory PGlite
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/rollout.ts
 *                                                         # also PostgreSQL (a throwaway database)
 *   BENCH_SENSORS=2000 BENCH_WAVE=200 …
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../server/db';
import { deployments } from '../server/db/schema';
import { startSimulator } from '../server/simulator';
import { benchMain, listeningApp, onEachDatabase } from './support';

const N = Number(process.env.BENCH_SENSORS ?? 10_000);
const WAVE = Number(process.env.BENCH_WAVE ?? 1000);
const SPACING_S = 600;
const MINUTE = 60_000;

const exec = (db: Db, statement: string) => db.execute(sql.raw(statement));

async function fill(db: Db) {
  await exec(
    db,
    `INSERT INTO sensors (id, sensor_token, communication, status, measured, created_at)
     SELECT g, md5('t' || g), 'GSM', 'Installed', '["pm25"]'::jsonb, now() - interval '400 days'
     FROM generate_series(1, ${N}) g`,
  );
  await exec(
    db,
    `INSERT INTO updater_sensors (family, sensor_id, version, bank, status, last_contact)
     SELECT 'gsm', g, '4.2.0.17', g % 2, 'Ok', now() - interval '1 hour' FROM generate_series(1, ${N}) g`,
  );
  await exec(db, `INSERT INTO firmware_versions (family, version, status) VALUES ('gsm', '4.2.1.0', 'Production')`);
}

/** Transactions committed and rows written so far in this database (flushed first). */
async function writes(db: Db): Promise<{ xacts: number; rows: number } | null> {
  try {
    await exec(db, 'SELECT pg_stat_force_next_flush()');
    await exec(db, 'SELECT pg_stat_clear_snapshot()');
    const res = await db.execute<{ xacts: string; rows: string }>(
      sql.raw(`SELECT xact_commit::text AS xacts, (tup_inserted + tup_updated + tup_deleted)::text AS rows
               FROM pg_stat_database WHERE datname = current_database()`),
    );
    const row = (Array.isArray(res) ? res[0] : (res as { rows: { xacts: string; rows: string }[] }).rows[0])!;
    return { xacts: Number(row.xacts), rows: Number(row.rows) };
  } catch {
    return null;
  }
}

const diff = (a: { xacts: number; rows: number } | null, b: { xacts: number; rows: number } | null) =>
  a && b && b.rows > a.rows
    ? `${(b.xacts - a.xacts).toLocaleString('en')} transactions, ${(b.rows - a.rows).toLocaleString('en')} rows written`
    : 'n/a (no statistics)';

/** The same walk as plain set-wise SQL: per wave, four status moves and the events of each. */
async function rawWalk(db: Db, deploymentId: number) {
  const steps = [
    ['UpdatePlanned', 'UpdateQueued'],
    ['UpdateQueued', 'UpdatePending'],
    ['UpdatePending', 'Updating'],
    ['Updating', 'Updated'],
  ];
  for (let from = 1; from <= N; from += WAVE) {
    const to = Math.min(N, from + WAVE - 1);
    for (const [a, b] of steps) {
      await db.transaction(async (tx) => {
        await tx.execute(
          sql.raw(`UPDATE deployment_sensors SET status = '${b}', last_contact = now()
                   WHERE deployment_id = ${deploymentId} AND sensor_id BETWEEN ${from} AND ${to} AND status = '${a}'`),
        );
        await tx.execute(
          sql.raw(`UPDATE updater_sensors SET status = '${b}', last_contact = now()
                   WHERE family = 'gsm' AND sensor_id BETWEEN ${from} AND ${to}`),
        );
        await tx.execute(
          sql.raw(`INSERT INTO deployment_sensor_events (deployment_id, sensor_id, at, from_status, status, message)
                   SELECT ${deploymentId}, g, now(), '${a}', '${b}', 'bench' FROM generate_series(${from}, ${to}) g`),
        );
      });
    }
  }
}

benchMain(async () => {
  console.log(
    `Rolling GSM deployment of ${N.toLocaleString('en')} sensors, ${WAVE} per wave every ${SPACING_S} s, one tick per simulated minute`,
  );
  await onEachDatabase(async (kind, database) => {
    const { ctx, app, port, token } = await listeningApp(database);
    try {
      await fill(ctx.db);
      const created0 = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/updater/gsm/deployments`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          sensors: `1-${N}`,
          version: '4.2.1.0',
          strategy: 'ROLLING',
          amount: WAVE,
          spacing: SPACING_S,
          period: 3600,
          maxRetries: 2,
          autoHalt: { failedPercent: 50, minFinished: 100 },
        }),
      });
      if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
      const createMs = performance.now() - created0;
      const id = ((await res.json()) as { data: { deployment: { id: number } } }).data.deployment.id;

      const sim = startSimulator(ctx, { autoTick: false, seed: 11, measureEveryMs: 1e12, failureRate: 0.02 });
      const before = await writes(ctx.db);
      const t0 = Date.now() + MINUTE;
      let ticks = 0;
      let slowest = 0;
      const started = performance.now();
      for (;;) {
        const stats = await sim.tick(new Date(t0 + ticks * MINUTE));
        ticks++;
        slowest = Math.max(slowest, stats.durationMs);
        const [d] = await ctx.db.select({ status: deployments.status }).from(deployments).where(eq(deployments.id, id));
        if (d!.status !== 'Rolling' || ticks > 10_000) break;
      }
      const wallMs = performance.now() - started;
      const after = await writes(ctx.db);
      await sim.stop();
      const [done] = await ctx.db
        .select({
          status: deployments.status,
          updated: sql<number>`(select count(*)::int from deployment_sensors where deployment_id = ${id} and status = 'Updated')`,
          failed: sql<number>`(select count(*)::int from deployment_sensors where deployment_id = ${id} and status = 'Failed')`,
          events: sql<number>`(select count(*)::int from deployment_sensor_events where deployment_id = ${id})`,
        })
        .from(deployments)
        .where(eq(deployments.id, id));

      // Baseline: a second deployment of the same sensors walked by plain SQL.
      await exec(ctx.db, `DELETE FROM deployments WHERE id = ${id}`);
      await exec(ctx.db, `UPDATE updater_sensors SET status = 'Ok' WHERE family = 'gsm'`);
      await exec(ctx.db, `DELETE FROM quarantined_sensors`);
      const again = await fetch(`http://127.0.0.1:${port}/updater/gsm/deployments`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ sensors: `1-${N}`, version: '4.2.1.0', amount: WAVE, spacing: SPACING_S, period: 3600 }),
      });
      const rawId = ((await again.json()) as { data: { deployment: { id: number } } }).data.deployment.id;
      const rawBefore = await writes(ctx.db);
      const raw0 = performance.now();
      await rawWalk(ctx.db, rawId);
      const rawMs = performance.now() - raw0;
      const rawAfter = await writes(ctx.db);

      console.log(`\n${kind}`);
      console.log(`  create (HTTP, ${N.toLocaleString('en')} rows + timeline): ${createMs.toFixed(0)} ms`);
      console.log(
        `  rollout to ${done!.status}: ${(wallMs / 1000).toFixed(1)} s wall, ${ticks} ticks (${(wallMs / ticks).toFixed(0)} ms a tick, slowest ${slowest.toFixed(0)} ms)`,
      );
      console.log(`  sensors: ${done!.updated} Updated, ${done!.failed} Failed; ${done!.events} timeline events`);
      console.log(`  database writes: ${diff(before, after)}`);
      console.log(
        `  baseline, the same walk as plain set-wise SQL: ${(rawMs / 1000).toFixed(1)} s; ${diff(rawBefore, rawAfter)}`,
      );
      console.log(`  ratio simulator / plain SQL: ${(wallMs / rawMs).toFixed(1)}×`);
    } finally {
      await app.close();
    }
  });
});
