/**
 * Resources added by configuration: every `*.json` file of RESOURCES_DIR is one entity declaration
 * (common/entities/declSchema.ts), read and checked at start. A file that is not valid JSON, does
 * not match the schema or breaks a rule below is skipped with one log line per problem naming the
 * file and the field path; the other files and the server go on.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { findEntity, type EntityDecl, type FieldType } from '../../common/entities';
import { completeDeclaration, entityDeclSchema, issuePath } from '../../common/entities/declSchema';
import { isKnownPermission, registerPermissions } from '../../common/permissions';
import * as schema from '../db/schema';
import { RESERVED_PARAMS } from './dialect';

/** Field types a stored resource can keep in a column (the others are shapes of richer lists). */
export const STORED_TYPES: ReadonlySet<FieldType> = new Set([
  'integer',
  'number',
  'string',
  'boolean',
  'date',
  'datetime',
  'enum',
]);

/** A configured resource's table name: lower-case letters, digits and underscores, not a pg_ name. */
const TABLE_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** Tables of the product's own schema (server/db/schema.ts): never a configured resource's. */
const SCHEMA_TABLES: ReadonlySet<string> = new Set(
  Object.values(schema)
    .filter((t) => is(t, PgTable))
    .map((t) => getTableName(t as PgTable)),
);

export interface LoadedDeclarations {
  entities: EntityDecl[];
  /** One line per problem: `<file>: <field path>: <message>`; those files were skipped. */
  problems: string[];
}

/** Every permission name a declaration uses (action rules and field rules). */
export function permissionNamesOf(entity: EntityDecl): string[] {
  const names: string[] = [];
  const add = (rule: unknown) => {
    if (typeof rule === 'string') names.push(rule);
    else if (Array.isArray(rule)) for (const r of rule) add(r);
  };
  for (const rule of Object.values(entity.access)) add(rule);
  for (const f of entity.fields) {
    add(f.permission);
    add(f.edit);
  }
  return names;
}

/** Problems of a schema-valid declaration as a configured resource (names, kind, table, references). */
function ruleProblems(entity: EntityDecl, taken: ReadonlySet<string>, tables: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  if (entity.name.includes('/'))
    problems.push(`name: a configured resource's name is lower-case words joined by hyphens, without "/"`);
  if (findEntity(entity.name) || taken.has(entity.name))
    problems.push(`name: the resource "${entity.name}" is already declared`);
  if (entity.service !== 'resources')
    problems.push(`service: a configured resource is served by the "resources" service, not "${entity.service}"`);
  if (entity.endpoint !== `/${entity.name}`)
    problems.push(`endpoint: a configured resource is answered at /${entity.name} (leave endpoint out)`);
  if (!entity.storage && !entity.remote)
    problems.push('storage: a configured resource is stored ({ "table": … }) or proxied ("remote": { "url": … })');
  const id = entity.fields.find((f) => f.name === 'id');
  if (!id) problems.push('fields: a configured resource has an "id" field');
  if (!entity.access.list) problems.push('access.list: who may list the resource is declared');
  if (entity.remote && entity.search === 'advanced')
    problems.push('search: the query language ("advanced") is for stored resources; a proxied one searches "plain"');
  if (entity.storage) {
    const table = entity.storage.table;
    if (!TABLE_NAME.test(table) || table.startsWith('pg_'))
      problems.push(`storage.table: "${table}" is not a table name (lower-case letters, digits, underscores)`);
    else if (SCHEMA_TABLES.has(table)) problems.push(`storage.table: "${table}" is a table of the product itself`);
    else if (tables.has(table)) problems.push(`storage.table: another resource stores its rows in "${table}"`);
    if (id && id.type !== 'integer') problems.push('fields[id].type: a stored resource has an integer id');
    entity.fields.forEach((f, i) => {
      if (!STORED_TYPES.has(f.type))
        problems.push(
          `fields[${i}] (${f.name}).type: a stored resource keeps ${[...STORED_TYPES].join(', ')} fields, not ${f.type}`,
        );
      if (f.source) problems.push(`fields[${i}] (${f.name}).source: a stored field sits at its own name`);
    });
  }
  entity.fields.forEach((f, i) => {
    if ((RESERVED_PARAMS as readonly string[]).includes(f.name))
      problems.push(
        `fields[${i}] (${f.name}).name: "${f.name}" is a parameter of the list call; name the field otherwise`,
      );
    // A reference names a built-in resource or one of an earlier file (files are read in name order).
    if (f.reference && !findEntity(f.reference) && !taken.has(f.reference))
      problems.push(`fields[${i}] (${f.name}).reference: no resource is named "${f.reference}"`);
    if (f.reference && f.type !== 'integer')
      problems.push(`fields[${i}] (${f.name}).type: a reference holds an integer id`);
  });
  return problems;
}

/** Reads and checks the declarations of a folder (files in name order). */
export function loadDeclarations(dir: string | undefined): LoadedDeclarations {
  const result: LoadedDeclarations = { entities: [], problems: [] };
  if (!dir) return result;
  let files: string[];
  try {
    files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch (err) {
    // A missing folder is no resources; another failure is said once.
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      result.problems.push(`${dir}: cannot read the folder (${(err as Error).message})`);
    return result;
  }
  const names = new Set<string>();
  const tables = new Set<string>();
  for (const file of files) {
    let input: unknown;
    try {
      input = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    } catch (err) {
      result.problems.push(`${file}: not valid JSON (${(err as Error).message})`);
      continue;
    }
    const parsed = entityDeclSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        result.problems.push(`${file}: ${issuePath(issue.path, input)}: ${issue.message}`);
      continue;
    }
    const entity = completeDeclaration(parsed.data);
    const problems = ruleProblems(entity, names, tables);
    if (problems.length) {
      result.problems.push(...problems.map((p) => `${file}: ${p}`));
      continue;
    }
    names.add(entity.name);
    if (entity.storage) tables.add(entity.storage.table);
    result.entities.push(entity);
  }
  return result;
}

/** Registers the permissions the declarations name beyond the catalogue (roles may grant them). */
export function registerDeclaredPermissions(entities: readonly EntityDecl[]): string[] {
  const fresh = entities.flatMap(permissionNamesOf).filter((n) => !isKnownPermission(n));
  registerPermissions(fresh);
  return [...new Set(fresh)];
}
