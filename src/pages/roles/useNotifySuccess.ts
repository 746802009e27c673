import { useCallback } from 'react';
import { useNotify } from 'react-admin';

/** A success message: a key of `aq.notifications`, with its values (the spec's English is in en.ts). */
export function useNotifySuccess(): (key: string, messageArgs?: Record<string, unknown>) => void {
  const notify = useNotify();
  return useCallback(
    (key: string, messageArgs?: Record<string, unknown>) => notify(key, { type: 'success', messageArgs }),
    [notify],
  );
}
