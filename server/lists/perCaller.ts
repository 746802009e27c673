/**
 * What a list works out from an entity declaration and the caller's permission set — the sort keys
 * they may use, the fields hidden from them — kept per permission set. A session's permission set
 * is one object for as long as the session cache holds it (server/db/changes.ts), so a console's
 * requests reuse the answer instead of filtering the declaration again on each request (~10 KB of
 * garbage a request for the installations list). Both are held weakly: a declaration replaced (a
 * configured resource edited) or a permission set dropped takes its answers with it.
 *
 * Answers are shared between requests and frozen: callers read them, never change them.
 */
import type { EntityDecl } from '../../common/entities';
import type { PermissionSet } from '../../common/permissions';

export function perCaller<T extends object>(
  derive: (entity: EntityDecl, permissions: PermissionSet) => T,
): (entity: EntityDecl, permissions: PermissionSet) => Readonly<T> {
  const byPermissions = new WeakMap<PermissionSet, WeakMap<EntityDecl, Readonly<T>>>();
  return (entity, permissions) => {
    let byEntity = byPermissions.get(permissions);
    if (!byEntity) byPermissions.set(permissions, (byEntity = new WeakMap()));
    let answer = byEntity.get(entity);
    if (answer === undefined) byEntity.set(entity, (answer = Object.freeze(derive(entity, permissions))));
    return answer;
  };
}
