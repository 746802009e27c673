/**
 * The catalogue the editor completes against: the list's fields the user may query, plus one
 * `tag.<name>` field per tag from GET /<list>/tags?includeMeta=true (a missing or forbidden tags
 * endpoint just means no tag fields).
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CATALOGUES, withTags, type Catalogue, type EntityName, type TagDef } from '../../../common/query';
import { client } from '../../dataProviders/http';
import { usePermissionSet } from '../../state/useSession';

const TAGGED: readonly string[] = ['sensors', 'installations', 'contractors'];

export function useListTags(list: string | undefined) {
  return useQuery({
    queryKey: ['query-tags', list],
    enabled: list !== undefined && TAGGED.includes(list),
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async ({ signal }): Promise<TagDef[]> => {
      try {
        const body = await client('main').request<{ data?: { tags?: TagDef[] } } | TagDef[]>(`/${list}/tags`, {
          query: { includeMeta: 'true' },
          signal,
          skipLoading: true,
          ignoreStatuses: [403, 404, 405, 500, 501, 502, 503],
        });
        return Array.isArray(body) ? body : (body.data?.tags ?? []);
      } catch {
        return [];
      }
    },
  });
}

/** The catalogue of a list (sensors, installations, contractors, requests) for the current user. */
export function useQueryCatalogue(list: EntityName | undefined): Catalogue | undefined {
  const permissions = usePermissionSet();
  const { data: tags } = useListTags(list);
  return useMemo(
    () => (list ? withTags(CATALOGUES[list], tags ?? [], permissions) : undefined),
    [list, tags, permissions],
  );
}
