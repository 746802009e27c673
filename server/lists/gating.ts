/**
 * Field gating of list and detail rows from the entity declaration: a field the caller may not see
 * is removed from the row at its source path — the same rule the query catalogue and the CSV export
 * apply to that field.
 */
import { type EntityDecl } from '../../common/entities';
import type { PermissionSet } from '../../common/permissions';
import { perCaller } from './perCaller';

/**
 * Hidden paths as a tree, a member's name to what is hidden below it (`true`: the member itself):
 * each member of a row then costs one lookup, not a pass over every hidden path.
 */
type HiddenTree = Map<string, HiddenTree | true>;

function treeOf(paths: readonly (readonly string[])[]): HiddenTree {
  const root: HiddenTree = new Map();
  for (const path of paths) {
    let node = root;
    for (let i = 0; i < path.length; i++) {
      const below = node.get(path[i]!);
      if (below === true) break; // an object already hidden whole
      if (i === path.length - 1) {
        node.set(path[i]!, true);
        break;
      }
      const next: HiddenTree = below ?? new Map();
      node.set(path[i]!, next);
      node = next;
    }
  }
  return root;
}

/** The tree of each `hiddenPaths` answer, built on its first row (kept with the answer). */
const trees = new WeakMap<readonly (readonly string[])[], HiddenTree>();

/**
 * The row without the hidden fields, as a new object built whole: deleting a property would
 * turn the row into a hash table in V8, which everything reading it afterwards pays for (see
 * rowLiterals.ts). A nested object all of whose fields are hidden (a sensor's contractor) is
 * left out too.
 */
function without(row: Record<string, unknown>, hidden: HiddenTree): Record<string, unknown> {
  const entries: [string, unknown][] = [];
  for (const key of Object.keys(row)) {
    const below = hidden.get(key);
    const value = row[key];
    if (below === undefined) entries.push([key, value]);
    else if (below === true) continue;
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      const child = without(value as Record<string, unknown>, below);
      if (Object.keys(child).length > 0) entries.push([key, child]);
    } else entries.push([key, value]);
  }
  return Object.fromEntries(entries);
}

/** Source paths of the fields hidden from this caller (worked out once per permission set, see perCaller.ts). */
export const hiddenPaths: (entity: EntityDecl, permissions: PermissionSet) => readonly (readonly string[])[] =
  perCaller((entity, permissions) =>
    entity.fields
      .filter((f) => !permissions.can(f.permission))
      .map((f) => Object.freeze((f.source ?? f.name).split('.'))),
  );

/** The row without the hidden fields (the row itself when nothing is hidden from the caller). */
export function gateRow<R extends object>(row: R, hidden: readonly (readonly string[])[]): R {
  if (hidden.length === 0) return row;
  let tree = trees.get(hidden);
  if (!tree) trees.set(hidden, (tree = treeOf(hidden)));
  return without(row as Record<string, unknown>, tree) as R;
}
