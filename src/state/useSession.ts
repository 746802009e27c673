import { useSyncExternalStore } from 'react';
import { PermissionSet } from '../../common/permissions';
import { appEvents } from './events';
import { readSession, type Session } from './session';

let cached: { raw: string | null; session: Session | null } = { raw: null, session: null };

function snapshot(): Session | null {
  const raw = localStorage.getItem('aq.session');
  if (raw !== cached.raw) cached = { raw, session: readSession() };
  return cached.session;
}

function subscribe(onChange: () => void): () => void {
  const off = appEvents.on('session', onChange);
  const onStorage = (e: StorageEvent) => {
    if (e.key === 'aq.session') onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    off();
    window.removeEventListener('storage', onStorage);
  };
}

/** The current session, re-rendering on login, refresh, logout and changes in other tabs. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}

const sets = new WeakMap<Session, PermissionSet>();

/** The current user's permissions as a matcher. */
export function usePermissionSet(): PermissionSet {
  const session = useSession();
  if (!session) return new PermissionSet([]);
  let set = sets.get(session);
  if (!set) sets.set(session, (set = new PermissionSet(session.permissions)));
  return set;
}
