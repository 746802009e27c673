/**
 * Every entity of the product, declared once each (see ./types.ts). Adding a resource is adding its
 * declaration here — the console's resource, route, menu entry, columns, access rules and English
 * messages, the query catalogue and the server's gating derive from it (./derive.ts).
 */
import { adpUser } from './adpUser';
import { apiUser } from './apiUser';
import { contractor } from './contractor';
import { gen3Deployment, gen3Version, gsmDeployment, gsmVersion, wifiDeployment } from './firmware';
import { installation } from './installation';
import { installationRequest } from './installationRequest';
import { sensor } from './sensor';
import { sensorModel } from './sensorModel';
import { staffUser } from './staffUser';
import { contractorTag, installationTag, sensorTag } from './tag';
import type { EntityDecl } from './types';

export * from './types';
export * from './derive';
export * from './writeRules';
export { PAGE_RESOURCES, rolesPage, tokensPage, type PageResourceDecl } from './pages';
export { PARAM_LABEL, PARAM_GENITIVE_PL, CONTRACTOR_RULE } from './shared';
export { DASH_UNMEASURED_RULE } from './installation';
export {
  installation,
  installationRequest,
  sensor,
  contractor,
  adpUser,
  apiUser,
  staffUser,
  installationTag,
  sensorTag,
  contractorTag,
  gsmVersion,
  gsmDeployment,
  wifiDeployment,
  gen3Deployment,
  gen3Version,
  sensorModel,
};

/**
 * In menu order within each group; the resources added by configuration (RESOURCES_DIR) follow
 * once the console has registered them (`registerEntities`).
 */
const entities: EntityDecl[] = [
  installation,
  installationRequest,
  sensor,
  contractor,
  adpUser,
  apiUser,
  installationTag,
  sensorTag,
  contractorTag,
  sensorModel,
  staffUser,
  gsmVersion,
  gsmDeployment,
  gen3Version,
  gen3Deployment,
  wifiDeployment,
];

export const ENTITIES: readonly EntityDecl[] = entities;

const byName = new Map(ENTITIES.map((e) => [e.name, e]));

/**
 * Adds declarations learnt at run time (the console's /config.json `resources`) to ENTITIES, so
 * everything derived from the list — resources, routes, menu, messages, access rules, query
 * catalogues — includes them. Call before those are derived (src/main.tsx does, before the app
 * loads). A name already declared is left as it is. Returns the declarations added.
 */
export function registerEntities(list: readonly EntityDecl[]): EntityDecl[] {
  const added = list.filter((e) => !byName.has(e.name));
  for (const e of added) {
    entities.push(e);
    byName.set(e.name, e);
  }
  return added;
}

/** The declaration of a resource name, if it is an entity. */
export function findEntity(name: string): EntityDecl | undefined {
  return byName.get(name);
}

export function entity(name: string): EntityDecl {
  const e = byName.get(name);
  if (!e) throw new Error(`Unknown entity "${name}"`);
  return e;
}
