/**
 * After a change of a request: its screen, the list and the open-request badge read again (they
 * share the `installation-requests` query key).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

export function useRequestChanged() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: ['installation-requests'] }), [queryClient]);
}
