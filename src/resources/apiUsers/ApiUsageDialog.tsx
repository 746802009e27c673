/**
 * The usage of one API key (beyond the spec; issue 12): the key's prefix and when it was issued, the
 * last 429 and which limit gave it, and for the standard and samples limits each period's limit,
 * the requests counted in the current window, what is left and when the window ends. A refresh
 * button reads the counters again. With edit rights, a new key can be issued from here.
 */
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useQuery } from '@tanstack/react-query';
import { Loading, useDataProvider, useTranslate } from 'react-admin';
import { formatDateTime } from '../../components/dates';
import type { ApiUser, PeriodUsage } from '../../dataProviders/apiUsers';
import type { AppDataProvider } from '../../dataProviders/types';
import { ApiKeyDialog } from './ApiKeyDialog';

/** A window's remaining time in its largest sensible unit (message keys apiUsers.usage.units.*). */
const duration = (sec: number): [unit: string, value: number] => {
  if (sec < 120) return ['seconds', sec];
  if (sec < 7200) return ['minutes', Math.round(sec / 60)];
  if (sec < 172_800) return ['hours', Math.round(sec / 3600)];
  return ['days', Math.round(sec / 86_400)];
};

function PeriodTable({ kind, title, periods }: { kind: string; title: string; periods: PeriodUsage[] }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('apiUsers.usage.period')}</TableCell>
            <TableCell align="right">{translate('apiUsers.usage.limit')}</TableCell>
            <TableCell align="right">{translate('apiUsers.usage.used')}</TableCell>
            <TableCell align="right">{translate('apiUsers.usage.remaining')}</TableCell>
            <TableCell align="right">{translate('apiUsers.usage.resets')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {periods.map((p) => (
            <TableRow key={p.period} data-testid={`usage-${kind}-${p.period}`}>
              <TableCell>{translate(`apiUsers.limits.periods.${p.period}`)}</TableCell>
              <TableCell align="right">{p.limit}</TableCell>
              <TableCell align="right" sx={{ color: p.remaining === 0 ? 'error.main' : undefined }}>
                {p.used}
              </TableCell>
              <TableCell align="right">{p.remaining}</TableCell>
              <TableCell align="right">
                {p.resetSec > 0
                  ? translate(`apiUsers.usage.units.${duration(p.resetSec)[0]}`, { value: duration(p.resetSec)[1] })
                  : translate('apiUsers.usage.notStarted')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function ApiUsageDialog({
  user,
  canIssueKey,
  onClose,
}: {
  user: ApiUser;
  canIssueKey: boolean;
  onClose(): void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [issuing, setIssuing] = useState(false);
  const usage = useQuery({
    queryKey: ['api-users', 'usage', user.id],
    queryFn: ({ signal }) => dataProvider.getApiUserUsage('api-users', { id: user.id, signal }),
  });
  const u = usage.data;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('apiUsers.usage.title', { name: user.username })}</DialogTitle>
      <DialogContent>
        {usage.isPending ? (
          <Loading />
        ) : usage.isError || !u ? (
          <Alert severity="error">{translate('apiUsers.usage.loadFailed')}</Alert>
        ) : (
          <>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
              <Typography component="dt" color="text.secondary">
                {translate('apiUsers.usage.key')}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }} data-testid="usage-key">
                {u.keyPrefix ? (
                  <>
                    <code>{u.keyPrefix}…</code>{' '}
                    {u.keyIssuedAt && translate('apiUsers.usage.issuedAt', { date: formatDateTime(u.keyIssuedAt) })}
                  </>
                ) : (
                  translate('apiUsers.usage.noKey')
                )}
              </Typography>
              <Typography component="dt" color="text.secondary">
                {translate('apiUsers.usage.lastRateLimited')}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }} data-testid="usage-last-429">
                {u.lastRateLimitedAt
                  ? translate('apiUsers.usage.lastRateLimitedKind', {
                      date: formatDateTime(u.lastRateLimitedAt),
                      kind: translate(`apiUsers.usage.kinds.${u.lastRateLimitedKind ?? 'standard'}`),
                    })
                  : translate('apiUsers.usage.never')}
              </Typography>
            </Box>
            <PeriodTable
              kind="standard"
              title={translate(u.standard.custom ? 'apiUsers.usage.standard' : 'apiUsers.usage.standardDefault')}
              periods={u.standard.periods}
            />
            {u.samples && (
              <PeriodTable
                kind="samples"
                title={translate(u.samples.enabled ? 'apiUsers.usage.samples' : 'apiUsers.usage.samplesOff')}
                periods={u.samples.periods}
              />
            )}
            <Typography variant="caption" color="text.secondary">
              {translate('apiUsers.usage.backend', { backend: translate(`apiUsers.usage.backends.${u.backend}`) })}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        {canIssueKey && (
          <Button startIcon={<KeyIcon />} onClick={() => setIssuing(true)} disabled={usage.isPending}>
            {translate('apiUsers.key.issue')}
          </Button>
        )}
        <Button startIcon={<RefreshIcon />} onClick={() => void usage.refetch()} disabled={usage.isFetching}>
          {translate('apiUsers.usage.refresh')}
        </Button>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
      {issuing && (
        <ApiKeyDialog
          user={user}
          currentPrefix={u?.keyPrefix ?? null}
          onIssued={() => void usage.refetch()}
          onClose={() => setIssuing(false)}
        />
      )}
    </Dialog>
  );
}
