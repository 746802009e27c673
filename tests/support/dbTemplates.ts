/**
 * Vitest global setup of the `unit` and `postgres` projects: builds the migrated (and seeded)
 * databases the integration tests start from ONCE per run, before any worker starts, instead of
 * once per test file.
 *
 * - PGlite: a data-directory dump per seed kind in `.tmp/test-templates/` (a tar file); every test
 *   app loads it (`loadDataDir`). Migrations run once, for the `empty` kind; the others start from it.
 * - PostgreSQL (the `postgres` project: TEST_DB=postgres, and TEST_DATABASE_URL): a template
 *   database per seed kind; every test app gets `CREATE DATABASE … TEMPLATE …` (a file copy on the
 *   server). Dropped at teardown.
 *
 * The paths and names reach the workers through `provide`/`inject` (typed in `seedKinds.ts`).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db';
import { TEMPLATE_SEED_KINDS, dumpTemplate, seedInto, testsPostgres, type SeedKind } from './seedKinds';

async function adminQuery(query: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  // Runs in the main process, once per project that names it: the project's own TEST_DB decides.
  if (testsPostgres(project.config.env)) {
    const prefix = `aq_tpl_${crypto.randomBytes(4).toString('hex')}`;
    const names: Partial<Record<SeedKind, string>> = {};
    const drop = async () => {
      for (const name of Object.values(names)) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
    try {
      for (const seed of TEMPLATE_SEED_KINDS) {
        const name = `${prefix}_${seed}`;
        // Migrated once: every other kind starts as a copy of the `empty` template.
        await adminQuery(`CREATE DATABASE ${name}${names.empty ? ` TEMPLATE ${names.empty}` : ''}`);
        names[seed] = name;
        const url = new URL(process.env.TEST_DATABASE_URL!);
        url.pathname = `/${name}`;
        const db = await openDatabase({ databaseUrl: url.toString(), migrate: seed === 'empty' || !names.empty });
        try {
          await seedInto(db, seed);
        } finally {
          // A template database must have no open connection when it is copied.
          await db.close();
        }
      }
    } catch (err) {
      await drop();
      throw err;
    }
    project.provide('postgresTemplates', names);
    project.provide('pgliteTemplates', {});
    return drop;
  }

  const dir = path.resolve('.tmp/test-templates', `${process.pid}`);
  fs.mkdirSync(dir, { recursive: true });
  const files: Partial<Record<SeedKind, string>> = {};
  for (const seed of TEMPLATE_SEED_KINDS) {
    // Migrated once: every other kind starts from the `empty` dump.
    const db = files.empty
      ? await openDatabase({ loadDataDir: new Blob([fs.readFileSync(files.empty)]), migrate: false })
      : await openDatabase({});
    try {
      await seedInto(db, seed);
      const dump = await dumpTemplate(db);
      const file = path.join(dir, `${seed}.tar`);
      fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
      files[seed] = file;
    } finally {
      await db.close();
    }
  }
  project.provide('pgliteTemplates', files);
  project.provide('postgresTemplates', {});
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
