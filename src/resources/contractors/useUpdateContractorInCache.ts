/** Writes a changed contractor into every cached page of the contractors list, so an edit shows at once. */
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { GetListResult } from 'react-admin';
import type { Contractor } from './types';

export function useUpdateContractorInCache() {
  const queryClient = useQueryClient();
  return useCallback(
    (id: number, change: Partial<Contractor> | ((row: Contractor) => Partial<Contractor>)) => {
      queryClient.setQueriesData<GetListResult<Contractor>>({ queryKey: ['contractors', 'getList'] }, (old) =>
        old
          ? {
              ...old,
              data: old.data.map((row) =>
                row.id === id ? { ...row, ...(typeof change === 'function' ? change(row) : change) } : row,
              ),
            }
          : old,
      );
    },
    [queryClient],
  );
}
