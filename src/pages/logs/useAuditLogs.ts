/**
 * One page of audit logs. react-query hands every fetch an AbortSignal (its AbortController's) and
 * aborts it when the view changes before the answer arrives: a new request cancels the previous one.
 * The previous page stays on screen until the next one is in.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider, AuditScope } from '../../dataProviders/types';
import { auditApiQuery, type AuditLogParams } from './auditLogParams';

export type { AuditLog, AuditLogPage, AuditScope } from '../../dataProviders/types';

export function useAuditLogs(scope: AuditScope, params: AuditLogParams) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['logs', 'getAuditLogs', scope, params],
    queryFn: ({ signal }) => dataProvider.getAuditLogs('logs', { scope, query: auditApiQuery(params), signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
