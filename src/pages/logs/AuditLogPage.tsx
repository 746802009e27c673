/**
 * The audit log screen shared by Personal Logs (the caller's events) and System Logs (everyone's,
 * with a User column): search, type, refresh and a server-paged table, all kept in the URL.
 */
import { useCallback } from 'react';
import { Box, Button, Card, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Title, useTranslate } from 'react-admin';
import { AUDIT_SORT_FIELDS, type AuditLogParams, type AuditSortField } from './auditLogParams';
import { AuditLogTable } from './AuditLogTable';
import { AuditSearchInput } from './AuditSearchInput';
import { AuditTypeInput } from './AuditTypeInput';
import { useAuditLogParams } from './useAuditLogParams';
import { useAuditLogs, type AuditScope } from './useAuditLogs';

const PERSONAL_SORT_FIELDS: readonly AuditSortField[] = AUDIT_SORT_FIELDS.filter((f) => f !== 'userName');

/** `title` is a message key. */
export function AuditLogPage({ scope, title }: { scope: AuditScope; title: string }) {
  const translate = useTranslate();
  const [params, update] = useAuditLogParams(scope === 'admin' ? AUDIT_SORT_FIELDS : PERSONAL_SORT_FIELDS);
  const logs = useAuditLogs(scope, params);
  const setSearch = useCallback((search: string) => update({ search: search.trim() }), [update]);
  const onChange = useCallback((change: Partial<AuditLogParams>) => update(change), [update]);

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate(title)}
      </Typography>
      {/* The table fits itself to the card's width (a container query), whatever the sidebar takes. */}
      <Card sx={{ overflowX: 'auto', containerType: 'inline-size' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, p: 2 }}>
          <AuditSearchInput value={params.search} onChange={setSearch} />
          <AuditTypeInput value={params.type} onChange={(type) => update({ type })} />
          <Box sx={{ flex: 1 }} />
          <Button startIcon={<RefreshIcon />} onClick={() => void logs.refetch()}>
            {translate('ra.action.refresh')}
          </Button>
        </Box>
        <AuditLogTable
          page={logs.data}
          isPending={logs.isPending}
          isFetching={logs.isFetching}
          params={params}
          showUser={scope === 'admin'}
          onChange={onChange}
        />
      </Card>
    </Box>
  );
}
