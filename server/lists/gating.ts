/**
 * Field gating of list and detail rows from the entity declaration: a field the caller may not see
 * is removed from the row at its source path — the same rule the query catalogue and the CSV export
 * apply to that field.
 */
import { type EntityDecl } from '../../common/entities';
import type { PermissionSet } from '../../common/permissions';

function removePath(row: Record<string, unknown>, path: readonly string[]): void {
  const [head, ...rest] = path;
  if (head === undefined || !(head in row)) return;
  if (rest.length === 0) {
    delete row[head];
    return;
  }
  const child = row[head];
  if (child && typeof child === 'object' && !Array.isArray(child)) {
    removePath(child as Record<string, unknown>, rest);
    // An object all of whose fields are hidden (a sensor's contractor) is hidden too.
    if (Object.keys(child).length === 0) delete row[head];
  }
}

/** Source paths of the fields hidden from this caller (computed once per request). */
export function hiddenPaths(entity: EntityDecl, permissions: PermissionSet): string[][] {
  return entity.fields.filter((f) => !permissions.can(f.permission)).map((f) => (f.source ?? f.name).split('.'));
}

/** Removes the hidden fields from a row in place and returns it. */
export function gateRow<R extends object>(row: R, hidden: readonly string[][]): R {
  for (const path of hidden) removePath(row as Record<string, unknown>, path);
  return row;
}
