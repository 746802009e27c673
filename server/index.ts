/** `npm start`: one process serving the console and every service. */
import { loadConfig } from './config';
import { buildApp } from './app';
import { createContext } from './start';
import { startSimulator } from './simulator';

async function main() {
  const started = Date.now();
  const config = loadConfig();
  const { ctx, database, seeded } = await createContext(config);
  const app = await buildApp(ctx, { logger: process.env.LOG_REQUESTS === '1' });
  await app.listen({ host: config.host, port: config.port });
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  console.log(`AQ Console ${config.version} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`  console:  ${url}/`);
  console.log(`  database: ${where}${seeded ? ' (demo data seeded)' : ''}`);
  if (config.seed === 'demo')
    console.log(`  login:    admin / ${config.adminPassword}  (also viewer, technician, sales)`);
  else console.log('  no demo data: create the first admin with `npm run create-admin -- <username> <password>`');
  const simulator = config.simulator
    ? startSimulator(ctx, {
        tickMs: config.simulatorTickMs,
        seed: config.simulatorSeed,
        measureEveryMs: config.simulatorMeasureMs,
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
