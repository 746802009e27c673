/**
 * The catalogue the editor completes against: the list's fields the user may query, plus one
 * `tag.<name>` field per tag from GET /<list>/tags?includeMeta=true (a missing or forbidden tags
 * endpoint just means no tag fields).
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { CATALOGUES, withTags, type Catalogue, type EntityName } from '../../../common/query';
import type { AppDataProvider } from '../../dataProviders/types';
import { useFieldAccess } from '../../resources/useFieldAccess';

const TAGGED: readonly string[] = ['sensors', 'installations', 'contractors'];

export function useListTags(list: string | undefined) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['query-tags', list],
    enabled: list !== undefined && TAGGED.includes(list),
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: ({ signal }) => dataProvider.getQueryTags('queries', { list: list!, signal }),
  });
}

/** The catalogue of a list (sensors, installations, contractors, requests) for the current user. */
export function useQueryCatalogue(list: EntityName | undefined): Catalogue | undefined {
  const { permissions } = useFieldAccess();
  const { data: tags } = useListTags(list);
  return useMemo(
    () => (list ? withTags(CATALOGUES[list], tags ?? [], permissions) : undefined),
    [list, tags, permissions],
  );
}
