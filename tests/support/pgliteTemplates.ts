/**
 * The PGlite databases integration tests start from: the dump the global setup (`dbTemplates.ts`)
 * made of a seed kind, or, outside it (or for a kind it did not build), one built here once per
 * test file.
 */
import fs from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../server/db';
import { dumpTemplate, seedInto, type SeedKind } from './seedKinds';

const templates = new Map<SeedKind, Promise<Blob>>();

export function template(seed: SeedKind): Promise<Blob> {
  let t = templates.get(seed);
  if (!t) {
    const file = inject('pgliteTemplates')?.[seed];
    t = (async () => {
      if (file) return new Blob([await fs.promises.readFile(file)]);
      const db = await openDatabase({});
      await seedInto(db, seed);
      const dump = await dumpTemplate(db);
      await db.close();
      return dump;
    })();
    templates.set(seed, t);
  }
  return t;
}

/**
 * A new PGlite database started from the template of a seed kind (`empty`: migrated, no rows), as
 * `openDatabase({})` plus seeding would leave it, without running the migrations again.
 */
export async function openPgliteFrom(seed: SeedKind): Promise<Database> {
  return openDatabase({ loadDataDir: await template(seed), migrate: false });
}
