/**
 * The access tables of screens that manage something without being an entity's list (roles,
 * API tokens): the permission of each action, declared like an entity's `access`, so the console
 * asks `canAccess({ resource: 'roles', action: 'create' })` and never spells a permission.
 */
import type { PermissionRule } from '../permissions';
import type { Action } from './types';

export interface PageResourceDecl {
  readonly name: string;
  readonly access: Readonly<Partial<Record<Action, PermissionRule>>>;
}

export const rolesPage = {
  name: 'roles',
  access: {
    list: 'admin_view_roles',
    create: 'admin_add_roles',
    edit: 'admin_edit_roles',
    delete: 'admin_remove_roles',
  },
} as const satisfies PageResourceDecl;

/**
 * Tokens: one's own (API Manager: list, create, revoke with use_tokens) and everyone's
 * (Integrations: listAll, createAny, deleteAny).
 */
export const tokensPage = {
  name: 'tokens',
  access: {
    list: 'use_tokens',
    create: 'use_tokens',
    delete: 'use_tokens',
    listAll: 'admin_view_tokens',
    createAny: 'admin_use_tokens',
    deleteAny: 'admin_deactivate_tokens',
  },
} as const satisfies PageResourceDecl;

export const PAGE_RESOURCES: readonly PageResourceDecl[] = [rolesPage, tokensPage];
