/** Choices the portal-user forms offer: the plans (GET /admin/plans) and the contractors (limit 10000). */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDataProvider, useGetList } from 'react-admin';
import { CONTRACTOR_FETCH_LIMIT } from '../../../common/domain';
import type { AppDataProvider } from '../../dataProviders/types';
import { useFieldAccess } from '../useFieldAccess';

/** The plans (with view_plans), fetched once a minute at most and shared by every caller. */
function useAdpPlanList(enabled: boolean) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { permissions } = useFieldAccess();
  const may = enabled && permissions.can('view_plans');
  return useQuery({
    queryKey: ['adp-users', 'plans'],
    queryFn: ({ signal }) => dataProvider.getAdpPlans('adp-users', { signal }),
    enabled: may,
    staleTime: 60_000,
  });
}

/** A plan's label by its name: its display name once the plans are known, else the name. */
export function useAdpPlanLabel(enabled = true): (name: string) => string {
  const { data } = useAdpPlanList(enabled);
  return useMemo(() => {
    const byName = new Map((data ?? []).map((p) => [p.name, p.displayName]));
    return (name: string) => byName.get(name) ?? name;
  }, [data]);
}

export function useAdpPlans(enabled = true) {
  const query = useAdpPlanList(enabled);
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
