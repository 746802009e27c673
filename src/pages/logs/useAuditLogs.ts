/**
 * One page of audit logs. react-query hands every fetch an AbortSignal (its AbortController's) and
 * aborts it when the view changes before the answer arrives: a new request cancels the previous one.
 * The previous page stays on screen until the next one is in.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client } from '../../dataProviders/http';
import { auditApiQuery, type AuditLogParams } from './auditLogParams';

export type AuditScope = 'personal' | 'admin';

export interface AuditLog {
  logId: number;
  createdDate: string;
  userName: string | null;
  eventType: string;
  sourceName: string;
  message: string;
}

export interface AuditLogPage {
  logs: AuditLog[];
  totalCount: number;
  /** A search matched more rows than totalCount (the server counts searches up to a cap). */
  capped: boolean;
}

export async function fetchAuditLogs(
  scope: AuditScope,
  params: AuditLogParams,
  signal?: AbortSignal,
): Promise<AuditLogPage> {
  const body = await client('main').request<{
    data: { logs: AuditLog[] };
    meta: { totalCount: number; capped?: boolean };
  }>(`/audit/logs/${scope}`, {
    query: auditApiQuery(params),
    signal,
  });
  return { logs: body.data.logs, totalCount: body.meta.totalCount, capped: Boolean(body.meta.capped) };
}

export function useAuditLogs(scope: AuditScope, params: AuditLogParams) {
  return useQuery({
    queryKey: ['auditLogs', scope, params],
    queryFn: ({ signal }) => fetchAuditLogs(scope, params, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
