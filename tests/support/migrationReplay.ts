/**
 * A database as it was before one migration, for tests of what that migration does to existing
 * data: the migrations before it are applied to an empty database (PGlite, or a fresh PostgreSQL
 * database with TEST_DB=postgres), the test writes the old rows, then `migrateRest()` applies the
 * migration under test and every later one, as `npm start` would on that data.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR, openDatabase, type Database } from '../../server/db';
import { freshPostgres, usePostgres } from './testApp';

export interface ReplayedDatabase {
  db: Database['db'];
  /** Tags of the migrations applied so far (those before the one under test). */
  applied: string[];
  /** Applies the migration under test and every later one. */
  migrateRest(): Promise<void>;
  close(): Promise<void>;
}

/** A database migrated up to, not including, the migration with this index. */
export async function databaseBefore(index: number): Promise<ReplayedDatabase> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'aq-migrations-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const earlier = journal.entries.filter((e) => e.idx < index);
  for (const e of earlier)
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: earlier }));

  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  let migrateTo: (migrationsFolder: string) => Promise<void>;
  if (usePostgres) {
    const fresh = await freshPostgres();
    drop = fresh.drop;
    database = await openDatabase({ databaseUrl: fresh.url, migrate: false });
    migrateTo = (migrationsFolder) => migratePg(database.db as never, { migrationsFolder });
  } else {
    database = await openDatabase({ migrate: false });
    migrateTo = (migrationsFolder) => migratePglite(database.db as never, { migrationsFolder });
  }
  try {
    await migrateTo(folder);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
  return {
    db: database.db,
    applied: earlier.map((e) => e.tag),
    migrateRest: () => migrateTo(MIGRATIONS_DIR),
    close: async () => {
      await database.close();
      await drop?.();
    },
  };
}
