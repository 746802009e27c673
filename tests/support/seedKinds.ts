/** The seeds integration tests start from, shared by the global setup (templates) and `testApp.ts`. */
import type { Database } from '../../server/db';
import { ensureBuiltInRoles, seedDemo } from '../../server/db/seed';

export const DEMO_PASSWORD = 'admin-demo-pass';
export const FIXED_NOW = new Date('2026-11-01T12:00:00Z');

/** `empty`: migrated only (no row at all); `none`: plus the built-in roles; `demo`: the demo network. */
export type SeedKind = 'demo' | 'none' | 'empty';

/** The kinds built once per run by the global setup; any other kind is built by the first test that asks. */
export const TEMPLATE_SEED_KINDS: readonly SeedKind[] = ['empty', 'demo'];

declare module 'vitest' {
  export interface ProvidedContext {
    /** Seed kind → PGlite dump file (absolute path), built by `dbTemplates.ts`. */
    pgliteTemplates: Partial<Record<SeedKind, string>>;
    /** Seed kind → name of a PostgreSQL template database, built by `dbTemplates.ts`. */
    postgresTemplates: Partial<Record<SeedKind, string>>;
  }
}

/** Whether tests with this environment run on PostgreSQL (the `postgres` project of vitest.config.ts). */
export function testsPostgres(env: Record<string, string | undefined> = process.env): boolean {
  return env.TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
}

export const usePostgres = testsPostgres();

export async function seedInto(db: Database, seed: SeedKind) {
  if (seed === 'empty') return;
  await ensureBuiltInRoles(db.db);
  if (seed === 'demo') await seedDemo(db.db, { adminPassword: DEMO_PASSWORD, now: FIXED_NOW });
}

/**
 * The dump of a seeded database to start test databases from. A checkpoint first, so a database
 * opened from it has no WAL to replay: about a quarter less CPU per open (the demo seed: 0.99 →
 * 0.75 s), and integration tests open about forty.
 */
export async function dumpTemplate(db: Database): Promise<Blob> {
  await db.pglite!.exec('CHECKPOINT');
  return db.pglite!.dumpDataDir('none');
}
