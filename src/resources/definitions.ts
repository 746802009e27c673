/**
 * The console's view of the entity declarations (common/entities): the resources it serves. Nothing here is declared per resource — add an entity there instead.
 */
import { ENTITIES, findEntity, type EntityDecl } from '../../common/entities';

export type { Action } from '../../common/entities';
export type ResourceDefinition = EntityDecl;

export const RESOURCES: readonly ResourceDefinition[] = ENTITIES;

export function resourceDefinition(name: string): ResourceDefinition {
  const def = findEntity(name);
  if (!def) throw new Error(`Unknown resource "${name}"`);
  return def;
}

export function findResource(name: string): ResourceDefinition | undefined {
  return findEntity(name);
}
