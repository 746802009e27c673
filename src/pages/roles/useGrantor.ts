/**
 * The signed-in user as a grantor (common/permissions.ts): their role and what they hold. The Users
 * role picker, the Roles editor and their buttons ask it what may be granted or assigned — the rule
 * the server enforces.
 */
import { useMemo } from 'react';
import {
  canGrant,
  grantedNames,
  isOwnRole,
  roleAssignRefusal,
  type Grantor,
  type PermissionSet,
} from '../../../common/permissions';
import { usePermissionSet, useSession } from '../../state/useSession';
import type { Role } from './rolesApi';

export interface GrantorChecks {
  /** May this permission be put into a role? */
  canGrant(name: string): boolean;
  /** May this role be given to a user (assigned, or a user holding it enabled again)? */
  canAssign(role: Pick<Role, 'name' | 'permissions'>): boolean;
  /** Is this the signed-in user's own role (read-only for them)? */
  isOwn(role: Pick<Role, 'name'>): boolean;
}

export function useGrantor(): GrantorChecks {
  const session = useSession();
  const held: PermissionSet = usePermissionSet();
  const role = session?.role ?? '';
  return useMemo(() => {
    const grantor: Grantor = { role, permissions: held };
    return {
      canGrant: (name) => canGrant(held, name),
      canAssign: (r) => !roleAssignRefusal(grantor, { name: r.name, permissions: grantedNames(r.permissions) }),
      isOwn: (r) => Boolean(role) && isOwnRole(grantor, r.name),
    };
  }, [role, held]);
}
