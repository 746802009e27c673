/**
 * The console's one react-query client (App passes it to `<Admin queryClient>`): a failed query is
 * retried only when trying again can help — never for a 4xx answer (not found, refused, invalid),
 * a cancelled request or an ended session; at most twice for a network failure or a 5xx.
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './errors';

const MAX_RETRIES = 2;

export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) {
    if (error.kind === 'cancelled' || error.kind === 'internal') return false;
    if (error.kind === 'response' && error.status < 500) return false;
  }
  return failureCount < MAX_RETRIES;
}

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: retryUnlessClientError } },
});
