/**
 * Field gating of list and detail rows from the entity declaration: a field the caller may not see
 * is removed from the row at its source path — the same rule the query catalogue and the CSV export
 * apply to that field.
 */
import { type EntityDecl } from '../../common/entities';
import type { PermissionSet } from '../../common/permissions';

/**
 * The row without the fields at `paths`, as a new object built whole: deleting a property would
 * turn the row into a hash table in V8, which everything reading it afterwards pays for (see
 * rowTemplates.ts). A nested object all of whose fields are hidden (a sensor's contractor) is
 * left out too.
 */
function withoutPaths(row: Record<string, unknown>, paths: readonly (readonly string[])[]): Record<string, unknown> {
  const entries: [string, unknown][] = [];
  for (const [key, value] of Object.entries(row)) {
    const below = paths.filter((p) => p[0] === key);
    if (below.length === 0) entries.push([key, value]);
    else if (below.some((p) => p.length === 1)) continue;
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      const child = withoutPaths(
        value as Record<string, unknown>,
        below.map((p) => p.slice(1)),
      );
      if (Object.keys(child).length > 0) entries.push([key, child]);
    } else entries.push([key, value]);
  }
  return Object.fromEntries(entries);
}

/** Source paths of the fields hidden from this caller (computed once per request). */
export function hiddenPaths(entity: EntityDecl, permissions: PermissionSet): string[][] {
  return entity.fields.filter((f) => !permissions.can(f.permission)).map((f) => (f.source ?? f.name).split('.'));
}

/** The row without the hidden fields (the row itself when nothing is hidden from the caller). */
export function gateRow<R extends object>(row: R, hidden: readonly string[][]): R {
  return hidden.length === 0 ? row : (withoutPaths(row as Record<string, unknown>, hidden) as R);
}
