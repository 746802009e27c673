/**
 * Resources added by configuration (RESOURCES_DIR), loaded once at start: the declarations that
 * passed their checks, the tables of the stored ones created or grown, and the problems of those
 * left out. The `resources` service (./routes.ts) serves what is here; `/config.json` tells the
 * console the declarations (./public.ts).
 */
import type { EntityDecl } from '../../common/entities';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db';
import { loadDeclarations, registerDeclaredPermissions } from './declarations';
import { applyStoredDeclaration, runtimeTable } from './stored';
import { writeDemoRows } from './demoRows';

export type ConfiguredResource =
  { kind: 'stored'; entity: EntityDecl; table: PgTable } | { kind: 'remote'; entity: EntityDecl };

export interface ConfiguredResources {
  served: ConfiguredResource[];
  /** Lines naming each file or resource left out and why (also logged at start). */
  problems: string[];
}

export const NO_RESOURCES: ConfiguredResources = { served: [], problems: [] };

/** Reads RESOURCES_DIR, applies the stored declarations' tables and registers their permissions. */
export async function loadConfiguredResources(
  db: Db,
  dir: string | undefined,
  log: (line: string) => void = (line) => console.error(line),
  opts: { demo?: boolean } = {},
): Promise<ConfiguredResources> {
  const { entities, problems } = loadDeclarations(dir);
  const served: ConfiguredResource[] = [];
  for (const entity of entities) {
    if (entity.storage) {
      const outcome = await applyStoredDeclaration(db, entity, entities);
      if (!outcome.ok) {
        problems.push(`${entity.name}: ${outcome.problem}`);
        continue;
      }
      if (outcome.added.length) log(`resources: ${entity.name}: added column(s) ${outcome.added.join(', ')}`);
      const table = runtimeTable(entity);
      // The example resource shows rows in a demo seeded now (./demoRows.ts).
      if (outcome.created && opts.demo) await writeDemoRows(db, entity.name, table);
      served.push({ kind: 'stored', entity, table });
    } else served.push({ kind: 'remote', entity });
  }
  registerDeclaredPermissions(served.map((r) => r.entity));
  for (const line of problems) log(`resources: skipped ${line}`);
  return { served, problems };
}
