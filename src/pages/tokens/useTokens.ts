/** Token calls of the main API (GET/POST /integrations, DELETE /integrations/:id) as react-query hooks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../dataProviders/http';
import { DIALOG_STATUSES } from '../../dataProviders/errors';
import type { ApiToken, CreatedToken, CreateTokenPayload } from './types';

const TOKENS_KEY = 'tokens';

/** The caller's tokens, or every token (`all`, admin_view_tokens). */
export function useTokens(all: boolean) {
  return useQuery({
    queryKey: [TOKENS_KEY, all ? 'all' : 'own'],
    queryFn: async ({ signal }) => {
      const body = await client('main').request<{ data: { integrations: ApiToken[] } }>('/integrations', {
        query: all ? { all: true } : undefined,
        signal,
      });
      return body.data.integrations;
    },
    retry: false,
  });
}

/** The permissions the caller may put into a token: the ones they hold. */
export function useTokenPermissions(enabled: boolean) {
  return useQuery({
    queryKey: [TOKENS_KEY, 'permissions'],
    queryFn: async ({ signal }) =>
      (await client('main').request<{ data: string[] }>('/integrations/permissions', { signal })).data,
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, idempotencyKey }: { payload: CreateTokenPayload; idempotencyKey: string }) =>
      // The dialog shows its refusals itself, in front of the banner it would hide.
      client('main').request<CreatedToken>('/integrations', {
        method: 'POST',
        body: payload,
        idempotencyKey,
        ignoreStatuses: DIALOG_STATUSES,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [TOKENS_KEY] }),
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => client('main').request<ApiToken>(`/integrations/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [TOKENS_KEY] }),
  });
}
