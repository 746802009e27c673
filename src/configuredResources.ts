/**
 * The resources added by configuration (RESOURCES_DIR), as /config.json tells them: registered
 * with the built-in declarations (common/entities `registerEntities`) and their permission names
 * with the catalogue (the roles editor offers them) before the app's modules derive their
 * resources, routes, menu and messages from ENTITIES — src/main.tsx calls this, then loads the app.
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
