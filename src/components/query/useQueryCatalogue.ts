/**
 * The catalogue the editor completes against: the list's fields the user may query, plus one
 * `tag.<name>` field per tag from GET /<list>/tags?includeMeta=true (a missing or forbidden tags
 * endpoint just means no tag fields).
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { listCatalogue, withTags, type Catalogue } from '../../../common/query';
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

/**
 * The catalogue of a list for the current user: any entity with a query language, by its catalogue
 * or entity name (common/query `listCatalogue`); undefined for a list without one.
 */
export function useQueryCatalogue(list: string | undefined): Catalogue | undefined {
  const { permissions } = useFieldAccess();
  const { data: tags } = useListTags(list);
  return useMemo(() => {
    const catalogue = list === undefined ? undefined : listCatalogue(list);
    return catalogue ? withTags(catalogue, tags ?? [], permissions) : undefined;
  }, [list, tags, permissions]);
}
