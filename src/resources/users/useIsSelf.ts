import { useSession } from '../../state/useSession';
import type { AdminUser } from './types';

/** True for the signed-in user's own row: nobody gets role, enable or logout controls for themselves. */
export function useIsSelf(user: Pick<AdminUser, 'id'> | undefined): boolean {
  const session = useSession();
  return Boolean(user && session && String(session.user.id) === String(user.id));
}
