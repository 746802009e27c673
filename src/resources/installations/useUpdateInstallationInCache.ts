/**
 * Writes a changed installation into every cached page of the installations list, so an inline
 * edit shows at once without reloading the page (a live update refetches the rows anyway).
 */
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { GetListResult } from 'react-admin';
import type { Installation } from './types';

export function useUpdateInstallationInCache() {
  const queryClient = useQueryClient();
  return useCallback(
    (installationId: number, change: Partial<Installation> | ((row: Installation) => Partial<Installation>)) => {
      queryClient.setQueriesData<GetListResult<Installation>>({ queryKey: ['installations', 'getList'] }, (old) =>
        old
          ? {
              ...old,
              data: old.data.map((row) =>
                row.installationId === installationId
                  ? { ...row, ...(typeof change === 'function' ? change(row) : change) }
                  : row,
              ),
            }
          : old,
      );
    },
    [queryClient],
  );
}
