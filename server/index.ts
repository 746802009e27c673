/** `npm start`: one process serving the console and every service. */
import { loadConfig } from './config';
import { buildApp } from './app';
import { createContext } from './start';
import { startSimulator } from './simulator';
import { startBanner } from './banner';

async function main() {
  const started = Date.now();
  const config = loadConfig();
  const { ctx, database, seeded, firstAdmin, noUsers } = await createContext(config);
  const app = await buildApp(ctx, { logger: process.env.LOG_REQUESTS === '1' });
  await app.listen({ host: config.host, port: config.port });
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  const startedMs = Date.now() - started;
  for (const line of startBanner({ config, url, databaseKind: database.kind, seeded, startedMs, firstAdmin, noUsers }))
    console.log(line);
  const simulator = config.simulator
    ? startSimulator(ctx, {
        tickMs: config.simulatorTickMs,
        seed: config.simulatorSeed,
        measureEveryMs: config.simulatorMeasureMs,
        failureRate: config.simulatorFailureRate,
        onInstallationsChanged: (ids) => ctx.realtime.installationsChanged(ids),
      })
    : undefined;
  console.log(
    simulator
      ? `  simulator: on (tick ${config.simulatorTickMs} ms, seed ${config.simulatorSeed}; SIMULATOR=off disables it)`
      : '  simulator: off',
  );

  const shutdown = async (signal: string) => {
    console.log(`${signal}: shutting down`);
    await simulator?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
