/** What the console learns of a configured resource: its declaration without where it is kept. */
import type { EntityDecl } from '../../common/entities';

/**
 * The declaration as /config.json gives it: no table name, no remote URL or credential variable
 * (the console reaches every configured resource through the `resources` service only).
 */
export function publicDeclaration(entity: EntityDecl): EntityDecl {
  const { storage: _storage, remote: _remote, ...rest } = entity;
  return rest;
}
