/** The console's access policy: `canAccess` for react-admin, from the registry and the shared matcher. */
import { PermissionSet } from '../../common/permissions';
import { findResource, type Action } from './definitions';

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
  const dot = resource.indexOf('.');
  const base = findResource(dot < 0 ? resource : resource.slice(0, dot));
  if (!base) return false;
  const resourceRule = base.access[action as Action] ?? (action === 'show' ? base.access.list : undefined);
  if (resourceRule === undefined || !perms.can(resourceRule)) return false;
  if (dot < 0) return true;
  const fieldRule = base.fields?.[resource.slice(dot + 1)];
  return perms.can(fieldRule);
}
