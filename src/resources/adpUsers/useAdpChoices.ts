/** Choices the portal-user forms offer: the plans (GET /admin/plans) and the contractors (limit 10000). */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDataProvider, useGetList } from 'react-admin';
import { CONTRACTOR_FETCH_LIMIT } from '../../../common/domain';
import type { AppDataProvider } from '../../dataProviders/types';
import { useFieldAccess } from '../useFieldAccess';

export function useAdpPlans(enabled = true) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { permissions } = useFieldAccess();
  const may = enabled && permissions.can('view_plans');
  const query = useQuery({
    queryKey: ['adp-users', 'plans'],
    queryFn: ({ signal }) => dataProvider.getAdpPlans('adp-users', { signal }),
    enabled: may,
    staleTime: 60_000,
  });
  return useMemo(
    () => (query.data ?? []).map((p) => ({ id: p.name, name: `${p.displayName} (${p.name})` })),
    [query.data],
  );
}

export function useContractorChoices(enabled = true) {
  const { permissions } = useFieldAccess();
  const { data } = useGetList<{ id: number; name: string }>(
    'contractors',
    { pagination: { page: 1, perPage: CONTRACTOR_FETCH_LIMIT }, sort: { field: 'name', order: 'ASC' } },
    { enabled: enabled && permissions.can('view_contractors'), staleTime: 60_000 },
  );
  return useMemo(() => (data ?? []).map((c) => ({ id: c.id, name: `${c.name} (${c.id})` })), [data]);
}
