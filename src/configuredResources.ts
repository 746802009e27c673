/**
 * The resources added by configuration (RESOURCES_DIR): registered with the built-in declarations
 * (common/entities `registerEntities`) and their permission names with the catalogue (the roles
 * editor offers them) before the app's modules derive their resources, routes, menu and messages
 * from ENTITIES. The server writes the declarations into the app shell it serves, as a JSON data
 * block (`<script type="application/json" id="aq-resources">`, server/app.ts), so this module
 * registers them as it is evaluated — src/main.tsx imports it before anything else, and the app
 * stays a static import (one download before the sign-in screen, no round trip for the config).
 * The Vite dev server's shell has no such block: there, only the built-in resources show.
 */
import { registerEntities, type EntityDecl } from '../common/entities';
import { registerPermissions } from '../common/permissions';

function permissionNames(entity: EntityDecl): string[] {
  const rules = [...Object.values(entity.access), ...entity.fields.flatMap((f) => [f.permission, f.edit])];
  return rules.flat().filter((r): r is NonNullable<typeof r> => typeof r === 'string');
}

export function registerConfiguredResources(declarations: readonly EntityDecl[] | undefined): EntityDecl[] {
  const added = registerEntities(declarations ?? []);
  registerPermissions(added.flatMap(permissionNames));
  return added;
}

/** The id of the data block holding the configured declarations in the app shell. */
export const SHELL_RESOURCES_ID = 'aq-resources';

/** The declarations written into this document's shell (none when it has no such block or it is unreadable). */
export function shellDeclarations(doc: Document): EntityDecl[] {
  const text = doc.getElementById(SHELL_RESOURCES_ID)?.textContent;
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as EntityDecl[]) : [];
  } catch {
    return [];
  }
}

if (typeof document !== 'undefined') registerConfiguredResources(shellDeclarations(document));
