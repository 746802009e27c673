/** The roles of GET /admin/roles, shared by the Roles page and the users' role dropdown, and the role-name rule. */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { ADMIN_ROLE, DEFAULT_ROLE } from '../../../common/permissions';
import { MESSAGES, NAME_LIMITS, nameRule, type RuleMessage } from '../../../common/validation';
import type { AppDataProvider, Role } from '../../dataProviders/types';

export type { Role } from '../../dataProviders/types';

/** Every query of the `roles` resource (react-admin keys its own queries by the resource first). */
export const ROLES_QUERY_KEY = ['roles'] as const;

/** The server answers every role at once. */
const ALL_ROLES = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' }, filter: {} } as const;

export function useRoles() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [...ROLES_QUERY_KEY, 'getList', ALL_ROLES],
    queryFn: async ({ signal }) => (await dataProvider.getList<Role>('roles', { ...ALL_ROLES, signal })).data,
  });
}

export const isAdminRole = (role: Pick<Role, 'name'>) => role.name.toLowerCase() === ADMIN_ROLE;
export const isDefaultRole = (role: Pick<Role, 'name'>) => role.name.toLowerCase() === DEFAULT_ROLE;

const roleNameRule = nameRule(NAME_LIMITS.role);

/**
 * A role name must be given, within the server's length limit, and unused by any other role
 * (compared case-insensitively, as the server does).
 */
export function roleNameError(name: string, roles: readonly Role[], exceptId?: number): RuleMessage | undefined {
  const trimmed = name.trim();
  const rule = roleNameRule(name);
  if (rule) return rule;
  const clash = roles.find((r) => r.id !== exceptId && r.name.toLowerCase() === trimmed.toLowerCase());
  return clash ? MESSAGES.nameInUse : undefined;
}
