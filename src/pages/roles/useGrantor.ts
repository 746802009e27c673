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
  type AssignRefusal,
  type Grantor,
  type PermissionSet,
} from '../../../common/permissions';
import { usePermissionSet, useSession } from '../../state/useSession';
import type { Role } from './rolesApi';

export interface GrantorChecks {
  /** May this permission be put into a role? */
  canGrant(name: string): boolean;
  /**
   * May this role be given to a user? The same right lets one change a user who holds it (their
   * role or enabled state): nobody changes a user above them.
   */
  canAssign(role: Pick<Role, 'name' | 'permissions'>): boolean;
  /** Why this role may not be assigned (null when it may). */
  assignRefusal(role: Pick<Role, 'name' | 'permissions'>): AssignRefusal | null;
  /** Is this the signed-in user's own role (read-only for them)? */
  isOwn(role: Pick<Role, 'name'>): boolean;
}

export function useGrantor(): GrantorChecks {
  const session = useSession();
  const held: PermissionSet = usePermissionSet();
  const role = session?.role ?? '';
  return useMemo(() => {
    const grantor: Grantor = { role, permissions: held };
    const assignRefusal = (r: Pick<Role, 'name' | 'permissions'>) =>
      roleAssignRefusal(grantor, { name: r.name, permissions: grantedNames(r.permissions) });
    return {
      canGrant: (name) => canGrant(held, name),
      canAssign: (r) => !assignRefusal(r),
      assignRefusal,
      isOwn: (r) => Boolean(role) && isOwnRole(grantor, r.name),
    };
  }, [role, held]);
}
