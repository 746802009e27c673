/** The roles of GET /admin/roles, shared by the Roles page and the users' role dropdown, and the role-name rule. */
import { useQuery } from '@tanstack/react-query';
import { ADMIN_ROLE, DEFAULT_ROLE } from '../../../common/permissions';
import { MESSAGES, NAME_LIMITS, nameRule } from '../../../common/validation';
import { client } from '../../dataProviders/http';

export interface Role {
  id: number;
  name: string;
  /** Every catalogue permission with its flag, plus the per-record ones the role holds. */
  permissions: Record<string, boolean>;
  builtIn: boolean;
  userCount: number;
}

export const ROLES_QUERY_KEY = ['admin', 'roles'] as const;

export function useRoles() {
  return useQuery({
    queryKey: ROLES_QUERY_KEY,
    queryFn: async ({ signal }) => (await client('main').request<{ data: Role[] }>('/admin/roles', { signal })).data,
  });
}

export const isAdminRole = (role: Pick<Role, 'name'>) => role.name.toLowerCase() === ADMIN_ROLE;
export const isDefaultRole = (role: Pick<Role, 'name'>) => role.name.toLowerCase() === DEFAULT_ROLE;

const roleNameRule = nameRule(NAME_LIMITS.role);

/**
 * A role name must be given, within the server's length limit, and unused by any other role
 * (compared case-insensitively, as the server does).
 */
export function roleNameError(name: string, roles: readonly Role[], exceptId?: number): string | undefined {
  const trimmed = name.trim();
  const rule = roleNameRule(name);
  if (rule) return rule;
  const clash = roles.find((r) => r.id !== exceptId && r.name.toLowerCase() === trimmed.toLowerCase());
  return clash ? MESSAGES.nameInUse : undefined;
}
