/**
 * Opens the database: embedded PGlite in a data directory (default) or a PostgreSQL server
 * (DATABASE_URL). Both get the same migrations and the same typed queries. A data directory is
 * locked for the process that opens it (server/dataDirLock.ts): a second opener is refused.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type pg from 'pg';
import { loadPg } from './pgDriver';
import * as schema from './schema';
import { lockDataDir } from '../dataDirLock';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a query can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The embedded client, for dumping a test template. */
  pglite?: PGlite;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; omitted means in-memory. */
  dataDir?: string;
  /** Start a PGlite database from a dumped data directory (test template). */
  loadDataDir?: Blob | File;
  migrate?: boolean;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const [driver, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      loadPg(),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new driver.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.error('PostgreSQL idle connection error:', err.message));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (opts.migrate !== false) await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  // Refused at once, before PGlite touches the files, while another process holds the directory.
  const release = opts.dataDir ? lockDataDir(opts.dataDir) : () => {};
  let client: PGlite | undefined;
  try {
    client = await PGlite.create({
      dataDir: opts.dataDir ? path.join(opts.dataDir, 'pglite') : undefined,
      loadDataDir: opts.loadDataDir,
      extensions: { pg_trgm },
    });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    if (opts.migrate !== false) await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    const opened = client;
    return {
      db,
      kind: 'pglite',
      close: async () => {
        try {
          await opened.close();
        } finally {
          release();
        }
      },
      pglite: opened,
    };
  } catch (err) {
    await client?.close().catch(() => {});
    release();
    throw err;
  }
}

/**
 * The node-postgres pool `db` runs on, told by its shape (a PGlite process never loads
 * node-postgres); undefined on PGlite and in a transaction (which has no client of its own).
 */
export function poolOf(db: Executor): pg.Pool | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client && typeof client === 'object' && 'totalCount' in client && 'connect' in client
    ? (client as pg.Pool)
    : undefined;
}

/** The PGlite database `db` runs on; undefined on PostgreSQL and in a transaction. */
export function pgliteOf(db: Executor): PGlite | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : undefined;
}

/**
 * Whether statements sent at once on `db` run side by side: the database on a PostgreSQL pool. Not
 * on PGlite (one statement at a time) nor in a transaction (one connection).
 */
export const runsSideBySide = (db: Executor): boolean => poolOf(db) !== undefined;

export { schema };
