/**
 * Liveness and readiness, for a load balancer or an orchestrator:
 *
 * - `GET /healthz`: the process answers (200 while it runs, whatever its database does).
 * - `GET /readyz`: the process should get traffic: the database answers, every migration of this
 *   build is applied, Redis answers (when REDIS_URL is set), the S3 bucket of uploaded files answers
 *   (when FILES_S3_BUCKET is set) and the process is not shutting down;
 *   503 with the failing checks otherwise. Each check gives up after READY_CHECK_MS.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from './context';
import { MIGRATIONS_DIR } from './db';

export const READY_CHECK_MS = 2000;

type Check = 'ok' | string;

export interface Readiness {
  ready: boolean;
  checks: { database: Check; migrations: Check; redis?: Check; files?: Check; shutdown: Check };
}

/** Processes that are shutting down: /readyz answers 503 at once, so the balancer stops sending them work. */
const draining = new WeakSet<FastifyInstance>();

export function markDraining(app: FastifyInstance): void {
  draining.add(app);
}

/** The `when` of the newest migration this build carries (drizzle records it as the migration's created_at). */
let newestMigration: number | undefined;
function newestMigrationOfBuild(): number {
  if (newestMigration === undefined) {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    newestMigration = Math.max(0, ...journal.entries.map((e) => e.when));
  }
  return newestMigration;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]);
}

const problem = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 200);

export async function readiness(app: FastifyInstance, ctx: AppContext): Promise<Readiness> {
  const database = withTimeout(ctx.db.execute(sql`select 1`), READY_CHECK_MS).then(
    () => 'ok' as const,
    (err) => `unreachable: ${problem(err)}`,
  );
  const migrations = withTimeout(
    ctx.db.execute(sql`select coalesce(max(created_at), 0)::text as newest from drizzle.__drizzle_migrations`),
    READY_CHECK_MS,
  ).then(
    (result) => {
      const rows = (result as unknown as { rows: { newest: string }[] }).rows;
      const applied = Number(rows[0]?.newest ?? 0);
      return applied >= newestMigrationOfBuild()
        ? ('ok' as const)
        : 'not applied: the database is older than this build';
    },
    (err) => `unknown: ${problem(err)}`,
  );
  const redis = ctx.config.redisUrl
    ? withTimeout(ctx.realtime.ping(), READY_CHECK_MS).then(
        () => 'ok' as const,
        (err) => `unreachable: ${problem(err)}`,
      )
    : undefined;
  const files =
    ctx.files.bytes.kind === 's3'
      ? withTimeout(ctx.files.bytes.check(), READY_CHECK_MS).then(
          () => 'ok' as const,
          (err) => `unreachable: ${problem(err)}`,
        )
      : undefined;
  const checks: Readiness['checks'] = {
    database: await database,
    migrations: await migrations,
    ...(redis ? { redis: await redis } : {}),
    ...(files ? { files: await files } : {}),
    shutdown: draining.has(app) ? 'shutting down' : 'ok',
  };
  return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
}

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/healthz', async () => ({ status: 'ok', database: ctx.dbKind }));
  app.get('/readyz', async (_request, reply) => {
    const { ready, checks } = await readiness(app, ctx);
    void reply.header('cache-control', 'no-store');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });
}
