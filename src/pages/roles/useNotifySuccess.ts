import { useCallback } from 'react';
import { useNotify } from 'react-admin';

/**
 * A success message in the spec's literal English. The text is also its own translation fallback,
 * so polyglot does not warn about a missing key.
 */
export function useNotifySuccess(): (text: string) => void {
  const notify = useNotify();
  return useCallback((text: string) => notify(text, { type: 'success', messageArgs: { _: text } }), [notify]);
}
