/**
 * react-admin's `useCanAccess`, answered at once: the session's permissions are known synchronously,
 * so the first render already has the answer of the same policy `authProvider.canAccess` applies
 * (src/resources/access.ts) — no button appears a tick late. The session is part of the query, so
 * a new sign-in or a changed role never reads an earlier answer from react-query's cache.
 */
import { useCanAccess } from 'react-admin';
import type { Action } from '../../common/entities';
import { useSession } from '../state/useSession';
import type { Session } from '../state/session';
import { canAccess } from './access';

const sessionIds = new WeakMap<Session, number>();
let nextId = 1;
function sessionId(session: Session | null): number {
  if (!session) return 0;
  let id = sessionIds.get(session);
  if (id === undefined) sessionIds.set(session, (id = nextId++));
  return id;
}

export function useCanAccessNow({ resource, action }: { resource: string; action: Action }): boolean {
  const session = useSession();
  const now = canAccess(session?.permissions ?? [], { resource, action });
  // `session` only keys the query (react-admin puts every parameter in its key).
  const params = { resource, action, session: sessionId(session), initialData: now };
  const { canAccess: answer } = useCanAccess(params);
  return answer ?? now;
}
