/**
 * The reference backend, in the browser: the same context (server/start.ts), the same Fastify app
 * (server/app.ts, every service and rule) and the same simulator (server/simulator/) as `npm start`,
 * on PGlite loaded from the database the demo seed made at build time (demo/buildData.ts). Requests
 * are answered with Fastify's `inject` — no socket, no network. Node's built-ins are replaced by
 * browser versions in the demo build (vite.demo.config.ts, demo/shims/).
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import type { FastifyInstance } from 'fastify';
import * as schema from '../server/db/schema';
import type { Database, Db } from '../server/db';
import { loadConfig } from '../server/config';
import { createContext } from '../server/start';
import { buildApp } from '../server/app';
import { startSimulator, type Simulator } from '../server/simulator';
import type { AppContext } from '../server/context';
import { DEMO_FILES_ROOT } from './paths';
import { DEMO_ENV } from './env';
import { writeMemoryFile, clearMemoryFiles } from './shims/fs';

export interface DemoBackend {
  app: FastifyInstance;
  ctx: AppContext;
  simulator: Simulator;
  close(): Promise<void>;
}

export interface DemoData {
  database: Blob;
  /** Seeded files: key → base64. */
  files: Record<string, string>;
}

function base64Bytes(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export async function startDemoBackend(data: DemoData): Promise<DemoBackend> {
  clearMemoryFiles();
  for (const [key, b64] of Object.entries(data.files)) writeMemoryFile(`${DEMO_FILES_ROOT}/${key}`, base64Bytes(b64));
  const client = await PGlite.create({ loadDataDir: data.database, extensions: { pg_trgm } });
  const database: Database = {
    db: drizzle(client, { schema }) as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
    pglite: client,
  };
  const config = { ...loadConfig(DEMO_ENV), jwtSecret: randomSecret() };
  const { ctx } = await createContext(config, database);
  const app = await buildApp(ctx);
  await app.ready();
  const simulator = startSimulator(ctx, {
    tickMs: config.simulatorTickMs,
    seed: config.simulatorSeed,
    measureEveryMs: config.simulatorMeasureMs,
    failureRate: config.simulatorFailureRate,
    onInstallationsChanged: (ids) => ctx.realtime.installationsChanged(ids),
  });
  return {
    app,
    ctx,
    simulator,
    async close() {
      await simulator.stop();
      await app.close();
      await database.close();
    },
  };
}

function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(48));
  return btoa(String.fromCharCode(...bytes));
}
