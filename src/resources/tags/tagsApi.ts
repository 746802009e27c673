/** Create, update and remove tag definitions of a context through the data provider. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import type { TagContext, TagType } from '../../../common/domain';
import type { Tag } from './types';

export interface TagDraft {
  name: string;
  type: TagType;
  values: string[];
}

/** Values of an ENUM tag as typed: comma-separated, trimmed, empty entries and repeats (any case) dropped. */
export function parseTagValues(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v && !seen.has(v.toLowerCase()) && seen.add(v.toLowerCase()));
}

export function useTagMutations(context: TagContext) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const resource = `${context}/tags`;
  // The context's tag columns (sensors, installations…) read the same cache.
  const invalidate = () => queryClient.invalidateQueries({ queryKey: [resource] });
  const save = useMutation({
    mutationFn: ({ id, draft }: { id?: Identifier; draft: TagDraft }) =>
      id === undefined
        ? dataProvider.create<Tag>(resource, { data: draft })
        : dataProvider.update<Tag>(resource, { id, data: draft, previousData: { id, ...draft } }),
    onSuccess: invalidate,
  });
  const remove = useMutation({
    mutationFn: (tag: Tag) => dataProvider.delete<Tag>(resource, { id: tag.id, previousData: tag }),
    onSuccess: invalidate,
  });
  return { save, remove };
}
