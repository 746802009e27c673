/** The console's access policy: `canAccess` for react-admin, from the entity declarations and the shared matcher. */
import { canAccessEntity, findEntity } from '../../common/entities';
import { PermissionSet } from '../../common/permissions';

export interface AccessQuery {
  resource: string;
  action: string;
  record?: unknown;
}

const cache = new WeakMap<readonly string[], PermissionSet>();

export function permissionSet(held: readonly string[]): PermissionSet {
  let set = cache.get(held);
  if (!set) cache.set(held, (set = new PermissionSet(held)));
  return set;
}

/**
 * `resource` is a resource name (`sensors`) or a field of one (`sensors.sensorToken`).
 * A resource without a rule for the action is not accessible for that action.
 */
export function canAccess(held: readonly string[], { resource, action }: AccessQuery): boolean {
  const perms = permissionSet(held);
  const entity = findEntity(resource);
  if (entity) return canAccessEntity(entity, perms, action);
  // A field: entity names use '/' and '-', never '.', so the first dot starts the field name.
  const dot = resource.indexOf('.');
  const base = dot < 0 ? undefined : findEntity(resource.slice(0, dot));
  return base ? canAccessEntity(base, perms, action, resource.slice(dot + 1)) : false;
}
