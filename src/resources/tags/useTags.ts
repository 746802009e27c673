/**
 * The tags of a context (META included) that the signed-in user may see. Shares react-admin's
 * cache with the tags screen: creating, renaming or removing a tag there updates every tag column.
 */
import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import type { TagContext } from '../../../common/domain';
import type { Tag } from './types';
import { useFieldAccess } from '../useFieldAccess';

const ALL = { pagination: { page: 1, perPage: 10_000 }, sort: { field: 'id', order: 'ASC' as const } };

export function useTags(context: TagContext, { enabled = true }: { enabled?: boolean } = {}) {
  const access = useFieldAccess();
  const canList = enabled && access.anyTag(context);
  const { data, isPending } = useGetList<Tag>(`${context}/tags`, ALL, { enabled: canList });
  const tags = useMemo(
    () => (canList ? (data ?? []).filter((t) => access.tag(context, t.id, 'view')) : []),
    [canList, data, access, context],
  );
  return { tags, isPending: canList && isPending };
}
