/**
 * Integration-test harness: a real app over HTTP (Fastify inject) on a real database.
 *
 * - PGlite (default): migrated and seeded ONCE per run by the global setup (`dbTemplates.ts`) into
 *   a dump file, then every test app starts from `loadDataDir` of that dump (instead of a fresh
 *   initdb + migrations + seed in every test file).
 * - PostgreSQL when TEST_DB=postgres and TEST_DATABASE_URL are set: each app gets its own database,
 *   a copy of the template database the global setup migrated and seeded, dropped on close.
 * Outside the global setup (or for a seed kind it did not build) the template is built here, once
 * per test file.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database } from '../../server/db';
import { createContext } from '../../server/start';
import type { AppContext } from '../../server/context';
import { DEMO_PASSWORD, seedInto, usePostgres, type SeedKind } from './seedKinds';
import { template } from './pgliteTemplates';

export { DEMO_PASSWORD, FIXED_NOW, usePostgres, type SeedKind } from './seedKinds';

/** A new PostgreSQL database: empty, or a copy of a template database. */
export async function freshPostgres(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const name = `aq_t_${crypto.randomBytes(6).toString('hex')}`;
  const adminClient = new pg.Client({ connectionString: admin.toString() });
  await adminClient.connect();
  await adminClient.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await adminClient.end();
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  /** Signs in with a password and returns the login response body. */
  login(
    username: string,
    password?: string,
  ): Promise<{
    user: { id: number; permissions: string[]; role: string };
    tokens: { accessToken: string; refreshToken: string };
  }>;
  /** Access token of a user (cached per username). */
  tokenOf(username: string): Promise<string>;
  /** A request with the given bearer token (or none). */
  call(
    method: string,
    url: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createTestApp(
  opts: { seed?: SeedKind; env?: Record<string, string>; build?: BuildOptions } = {},
): Promise<TestApp> {
  const seed = opts.seed ?? 'demo';
  const config: Config = {
    ...loadConfig({ ...process.env, ...opts.env, SEED: 'none' }),
    jwtSecret: 'test-secret-0123456789abcdef',
    // No console unless a test names one (CONSOLE_DIR in `env`).
    consoleDir: opts.env?.CONSOLE_DIR ?? '/nonexistent',
    simulator: false,
  };
  let database: Database;
  let dropDb: (() => Promise<void>) | undefined;
  if (usePostgres) {
    const copyOf = inject('postgresTemplates')?.[seed];
    const fresh = await freshPostgres(copyOf);
    dropDb = fresh.drop;
    database = await openDatabase({ databaseUrl: fresh.url, migrate: !copyOf });
    if (!copyOf) await seedInto(database, seed);
  } else {
    database = await openDatabase({ loadDataDir: await template(seed), migrate: false });
  }
  const { ctx } = await createContext(config, database);
  const app = await buildApp(ctx, opts.build);
  await app.ready();

  const tokens = new Map<string, string>();
  const call: TestApp['call'] = (method, url, o = {}) =>
    app.inject({
      method: method as never,
      url,
      payload: o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body),
      headers: {
        ...(o.body !== undefined && typeof o.body !== 'string' ? { 'content-type': 'application/json' } : {}),
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...o.headers,
      },
    });
  const login: TestApp['login'] = async (username, password = DEMO_PASSWORD) => {
    const res = await call('GET', '/api/login/basic', {
      headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
    });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  return {
    app,
    ctx,
    config,
    login,
    async tokenOf(username) {
      let t = tokens.get(username);
      if (!t) tokens.set(username, (t = (await login(username)).tokens.accessToken));
      return t;
    },
    call,
    async close() {
      await app.close();
      await database.close();
      await dropDb?.();
    },
  };
}
