/** The `tokens` resource of the data provider (GET/POST /integrations, DELETE /integrations/:id) as react-query hooks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProviders/types';
import type { ApiToken, CreatedToken, CreateTokenPayload } from './types';

const TOKENS_KEY = 'tokens';

/** The caller's tokens, or every token (`all`, admin_view_tokens); the server answers them all at once. */
export function useTokens(all: boolean) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [TOKENS_KEY, 'getList', all ? 'all' : 'own'],
    queryFn: async ({ signal }) => {
      const params = {
        pagination: { page: 1, perPage: 1000 },
        sort: { field: 'id', order: 'ASC' as const },
        filter: { all },
      };
      return (await dataProvider.getList<ApiToken>('tokens', { ...params, signal })).data;
    },
    retry: false,
  });
}

/** The permissions the caller may put into a token: the ones they hold. */
export function useTokenPermissions(enabled: boolean) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [TOKENS_KEY, 'getTokenPermissions'],
    queryFn: ({ signal }) => dataProvider.getTokenPermissions('tokens', { signal }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  return useMutation({
    // The dialog shows its refusals itself: the provider raises no banner for them.
    mutationFn: async ({ payload, idempotencyKey }: { payload: CreateTokenPayload; idempotencyKey: string }) =>
      (await dataProvider.create<CreatedToken>('tokens', { data: payload, meta: { idempotencyKey } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [TOKENS_KEY] }),
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  return useMutation({
    mutationFn: async (id: number) => (await dataProvider.delete<ApiToken>('tokens', { id })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [TOKENS_KEY] }),
  });
}
