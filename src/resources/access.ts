/** The console's access policy: `canAccess` for react-admin, from the entity declarations and the shared matcher. */
import { PAGE_RESOURCES, actionRule, canAccessEntity, findEntity } from '../../common/entities';
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
 * `resource` is a resource name (`sensors`), a field of one (`sensors.sensorToken`) or a managed
 * screen of common/entities/pages.ts (`roles`, `tokens`).
 * A resource without a rule for the action is not accessible for that action.
 */
export function canAccess(held: readonly string[], { resource, action }: AccessQuery): boolean {
  const perms = permissionSet(held);
  const entity = findEntity(resource);
  if (entity) return canAccessEntity(entity, perms, action);
  const page = PAGE_RESOURCES.find((p) => p.name === resource);
  if (page) {
    const rule = actionRule(page, action);
    return rule !== undefined && perms.can(rule);
  }
  // A field: entity names use '/' and '-', never '.', so the first dot starts the field name.
  const dot = resource.indexOf('.');
  const base = dot < 0 ? undefined : findEntity(resource.slice(0, dot));
  return base ? canAccessEntity(base, perms, action, resource.slice(dot + 1)) : false;
}
