/**
 * Reads and writes the audit view in the URL. Every change is a new history entry, so reload
 * restores the view and back/forward step through it.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { auditParamsToSearch, parseAuditParams, type AuditLogParams, type AuditSortField } from './auditLogParams';

export function useAuditLogParams(sortFields: readonly AuditSortField[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  // Keyed by the query string: a new URLSearchParams object with the same text is the same view.
  const params = useMemo(() => parseAuditParams(new URLSearchParams(key), sortFields), [key, sortFields]);
  const update = useCallback(
    (change: Partial<AuditLogParams>) => {
      // A new filter, sort or page size starts again at page 1.
      const resetsPage = ['limit', 'sortBy', 'descending', 'type', 'search'].some((k) => k in change);
      const next = auditParamsToSearch({ ...params, ...(resetsPage ? { page: 1 } : {}), ...change });
      if (next.toString() !== auditParamsToSearch(params).toString()) setSearchParams(next);
    },
    [params, setSearchParams],
  );
  return [params, update] as const;
}
