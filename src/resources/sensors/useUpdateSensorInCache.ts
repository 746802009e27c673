/**
 * Writes a changed sensor into every cached page of the sensors list (and its getOne entry), so an
 * edit shows at once without reloading the page.
 */
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { GetListResult, Identifier } from 'react-admin';
import type { Sensor } from './types';

export function useUpdateSensorInCache() {
  const queryClient = useQueryClient();
  return useCallback(
    (id: Identifier, change: (sensor: Sensor) => Sensor) => {
      const same = (s: Sensor) => String(s.id) === String(id);
      queryClient.setQueriesData<GetListResult<Sensor>>({ queryKey: ['sensors', 'getList'] }, (old) =>
        old ? { ...old, data: old.data.map((s) => (same(s) ? change(s) : s)) } : old,
      );
      queryClient.setQueriesData<Sensor>({ queryKey: ['sensors', 'getOne', { id: String(id) }] }, (old) =>
        old ? change(old) : old,
      );
    },
    [queryClient],
  );
}
