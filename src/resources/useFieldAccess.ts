/**
 * Field-level gating — which columns, query fields, tag values and factor chips the user sees —
 * computed from the entity declarations and common/ rules through the shared matcher. The one place
 * components read the signed-in user's permission set; actions (create, edit, delete, restart…) go
 * through `useCanAccessNow` / react-admin's `useCanAccess` instead, and routes through `useRouteAccess`.
 */
import { useMemo } from 'react';
import { canAccessEntity, type EntityDecl } from '../../common/entities';
import { FACTOR_PARAMS, type TagContext } from '../../common/domain';
import { factorEditRule, factorViewRule, type PermissionSet } from '../../common/permissions';
import { tagEditRule, tagListRule, tagViewRule } from '../../common/tagPermissions';
import { usePermissionSet } from '../state/useSession';

export interface FieldAccess {
  /** For common/ derivations that take the set (the query catalogue's gating). */
  permissions: PermissionSet;
  /** A field of an entity: its column, CSV column and query field. */
  field(entity: EntityDecl, name: string): boolean;
  /** Any tag of the context at all (its tag columns and editors). */
  anyTag(context: TagContext): boolean;
  /** One tag: see its column and value, or change its value. */
  tag(context: TagContext, tagId: number, action: 'view' | 'edit'): boolean;
  /** One parameter's calibration factors: see them, or change them (FACTOR_PARAMS only). */
  factors(param: string, action: 'view' | 'edit'): boolean;
}

export function fieldAccess(permissions: PermissionSet): FieldAccess {
  return {
    permissions,
    field: (entity, name) => canAccessEntity(entity, permissions, 'list', name),
    anyTag: (context) => permissions.can(tagListRule(context)),
    tag: (context, tagId, action) =>
      permissions.can(action === 'view' ? tagViewRule(context, tagId) : tagEditRule(context, tagId)),
    factors: (param, action) =>
      action === 'view'
        ? permissions.holds(factorViewRule(param))
        : (FACTOR_PARAMS as readonly string[]).includes(param) && permissions.holds(factorEditRule(param)),
  };
}

export function useFieldAccess(): FieldAccess {
  const permissions = usePermissionSet();
  return useMemo(() => fieldAccess(permissions), [permissions]);
}
