/**
 * `npm start`: the server. One process serving the console and every service, or, with WORKERS=n
 * (PostgreSQL and Redis required), n such processes behind the one port.
 *
 * Several processes use Node's cluster module: the primary prepares the database once (migrations,
 * the demo seed, the first admin), then forks the workers, which share the listening socket (the
 * primary hands connections out round-robin) and are started again when one dies. No proxy process
 * in between, no extra hop, nothing to install, and a WebSocket stays with the worker that accepted
 * it; everything the workers must agree on is in PostgreSQL (sessions, throttling) or goes through
 * Redis (realtime events, API-key limits, cache invalidation). The fleet simulator runs in one
 * process only, the holder of a PostgreSQL advisory lock (server/simulator).
 *
 * SIGTERM / SIGINT: /readyz answers 503, realtime sockets are closed with the protocol's "reconnect
 * immediately" code, no new connection is accepted, requests in flight (CSV exports too) get
 * SHUTDOWN_GRACE_MS to finish, then the process exits.
 */
import cluster from 'node:cluster';
import v8 from 'node:v8';
import { loadConfig, workersProblem, type Config } from './config';
import { buildApp } from './app';
import { createContext } from './start';
import { keepPlannerStatistics } from './db/statistics';
import { startSimulatorLeadership } from './simulator';
import { startBanner } from './banner';
import { gracefulShutdown } from './shutdown';

/**
 * V8 lets the old generation grow to about four times what survived its last full collection
 * before it collects again. A CSV export promotes most of what node-postgres reads (its row strings
 * survive two scavenges), so a 100,000-row installations export grew the server by ~100 MiB before
 * that garbage was collected. With a factor of 2 it is collected sooner: +19–26 MiB, at the same
 * export speed (bench/exports.ts, PostgreSQL, paired runs: 0.76× and 0.73× the SELECT either way).
 */
v8.setFlagsFromString('--heap-growing-percent=100');

const urlOf = (config: Config) =>
  `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;

function simulatorLine(config: Config): string {
  if (!config.simulator) return '  simulator: off';
  const where = config.databaseUrl ? ', in the one process holding its PostgreSQL advisory lock' : '';
  return `  simulator: on (tick ${config.simulatorTickMs} ms, seed ${config.simulatorSeed}${where}; SIMULATOR=off disables it)`;
}

/** One serving process: the whole server (WORKERS=1), or a cluster worker. */
async function serve(config: Config, started: number, banner: boolean) {
  const { ctx, database, seeded, firstAdmin, noUsers } = await createContext(config);
  const app = await buildApp(ctx, { logger: process.env.LOG_REQUESTS === '1' });
  await app.listen({ host: config.host, port: config.port });
  // PGlite has no autovacuum: the server keeps its planner statistics itself.
  const statistics = database.kind === 'pglite' ? keepPlannerStatistics(ctx.db) : undefined;
  if (banner) {
    const startedMs = Date.now() - started;
    const url = urlOf(config);
    for (const line of startBanner({
      config,
      url,
      databaseKind: database.kind,
      seeded,
      startedMs,
      firstAdmin,
      noUsers,
    }))
      console.log(line);
    console.log(simulatorLine(config));
  }
  const leadership = config.simulator
    ? startSimulatorLeadership(
        ctx,
        {
          tickMs: config.simulatorTickMs,
          seed: config.simulatorSeed,
          measureEveryMs: config.simulatorMeasureMs,
          failureRate: config.simulatorFailureRate,
          onInstallationsChanged: (ids) => ctx.realtime.installationsChanged(ids),
        },
        {
          databaseUrl: config.databaseUrl,
          pollMs: config.simulatorLeaderPollMs,
          onChange: (leading) => {
            if (config.databaseUrl)
              console.log(`simulator: ${leading ? 'runs in' : 'stopped in'} process ${process.pid}`);
          },
        },
      )
    : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    statistics?.stop();
    console.log(`${signal}: process ${process.pid} shutting down (grace ${config.shutdownGraceMs} ms)`);
    // If even the forced close hangs, the process goes anyway.
    setTimeout(() => process.exit(1), config.shutdownGraceMs + 5000).unref();
    await gracefulShutdown(app, ctx, {
      graceMs: config.shutdownGraceMs,
      alongside: () =>
        leadership?.stop().catch((err: unknown) => console.error('simulator stop failed', err)) ?? Promise.resolve(),
      log: (message) => console.log(`  ${message}`),
    });
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

/** How many quick deaths in a row make the primary give up (a worker that cannot start). */
const MAX_QUICK_DEATHS = 5;
const QUICK_DEATH_MS = 10_000;

async function primary(config: Config, started: number) {
  // The database once, before any worker: migrations, the demo seed, the first admin.
  const prepared = await createContext(config);
  await prepared.ctx.realtime.close();
  await prepared.database.close();

  let shuttingDown = false;
  let quickDeaths = 0;
  const bornAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    bornAt.set(worker.id, Date.now());
  };
  for (let i = 0; i < config.workers; i++) fork();

  let listening = 0;
  cluster.on('listening', () => {
    if (++listening !== config.workers) return;
    const startedMs = Date.now() - started;
    const { seeded, firstAdmin, noUsers } = prepared;
    for (const line of startBanner({
      config,
      url: urlOf(config),
      databaseKind: prepared.database.kind,
      seeded,
      startedMs,
      firstAdmin,
      noUsers,
    }))
      console.log(line);
    console.log(`  processes: ${config.workers} (WORKERS), primary ${process.pid}`);
    console.log(simulatorLine(config));
  });
  cluster.on('exit', (worker, code, signal) => {
    const age = Date.now() - (bornAt.get(worker.id) ?? 0);
    bornAt.delete(worker.id);
    if (shuttingDown) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    quickDeaths = age < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    console.error(`worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
    if (quickDeaths >= MAX_QUICK_DEATHS) {
      console.error(`${MAX_QUICK_DEATHS} workers died within ${QUICK_DEATH_MS} ms of their start: giving up`);
      shuttingDown = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
      process.exitCode = 1;
      return;
    }
    fork();
  });
  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`${signal}: stopping ${config.workers} processes`);
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const w of workers) w?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), config.shutdownGraceMs + 10_000).unref();
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

async function main() {
  const started = Date.now();
  const config = loadConfig();
  const problem = workersProblem(config);
  if (problem) {
    console.error(problem);
    process.exit(2);
  }
  if (config.workers <= 1) return serve(config, started, true);
  if (cluster.isPrimary) return primary(config, started);
  return serve(config, started, false);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
