/**
 * The console's view of the entity declarations (common/entities): the resources it serves, and how
 * a list response is read. Nothing here is declared per resource — add an entity there instead.
 */
import { ENTITIES, findEntity, readPath, type EntityDecl } from '../../common/entities';

export type { Action } from '../../common/entities';
export type ResourceDefinition = EntityDecl;

export interface ListEnvelope {
  data: Record<string, unknown>[];
  total: number;
}

export const RESOURCES: readonly ResourceDefinition[] = ENTITIES;

/** Reads rows and total out of a list response, by the paths the entity declares. */
export function readEnvelope(def: ResourceDefinition, body: unknown): ListEnvelope {
  const rows = readPath(body, def.envelope.rows);
  const data = (Array.isArray(rows) ? rows : Array.isArray(body) ? body : []) as Record<string, unknown>[];
  const total = def.envelope.total === undefined ? undefined : readPath(body, def.envelope.total);
  return { data, total: total === undefined || total === null ? data.length : Number(total) };
}

export function resourceDefinition(name: string): ResourceDefinition {
  const def = findEntity(name);
  if (!def) throw new Error(`Unknown resource "${name}"`);
  return def;
}

export function findResource(name: string): ResourceDefinition | undefined {
  return findEntity(name);
}
