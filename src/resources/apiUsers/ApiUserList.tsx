/**
 * API-key users (/api-users, view_api_users; document 2, sections 2.7, 5, 6, 8): a server-paged,
 * sortable table (10, 50, 100, 200 per page) searched from the toolbar and filtered by contractors,
 * with refresh and a streamed CSV export. Columns: the warning icon ('Custom limits with expired
 * deal!'), username (an internal account is marked, its tooltip says why editing is blocked),
 * custom ID, contractor (assign / remove), end of deal, owner, standard limit, samples limit, and the
 * usage-dashboard link when API_USERS_DASHBOARD_URL is configured. The row's own actions — the limit
 * editor and the key's usage (where a key is issued) — sit right after the warning icon, so they
 * stay on screen when the table scrolls sideways.
 */
import { useState } from 'react';
import { Box, IconButton, Tooltip } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import ShieldIcon from '@mui/icons-material/Shield';
import TuneIcon from '@mui/icons-material/Tune';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { AutocompleteArrayInput, List, RefreshButton, TopToolbar, useRefresh, useTranslate } from 'react-admin';
import { ListPagination } from '../../components/ListPagination';
import { apiUser } from '../../../common/entities';
import { TruncatedText } from '../../components/TruncatedText';
import { formatDate } from '../../components/dates';
import { runtimeConfig } from '../../config';
import type { ApiUser } from '../../dataProviders/apiUsers';
import { useToolbarSearch } from '../../layout/useToolbarSearch';
import { ListEmpty, LIST_SX } from '../ListEmpty';
import { useDeclaredColumns } from '../DeclaredColumns';
import { useCanAccessNow } from '../useCanAccessNow';
import { useFieldAccess } from '../useFieldAccess';
import { ApiLimitsDialog } from './ApiLimitsDialog';
import { ApiUsageDialog } from './ApiUsageDialog';
import { ApiUserContractorCell, useContractorChoices } from './ApiUserContractorCell';
import { ExportApiUsersButton } from './ExportApiUsersButton';
import { LimitsField } from './LimitsField';
import { useApiUserRights } from './useApiUserRights';
import { GridDataTable } from '../../components/grid/GridDataTable';

const TABLE_SX = {
  '& td': { py: 0.25 },
  '& td, & th': { px: 1 },
  '& th': { whiteSpace: 'nowrap' },
  '& .column-customDealExpired': { width: 24, px: 0.5 },
} as const;

/** The usage dashboard of a user, or undefined when none is configured. */
export function apiUserDashboardUrl(user: Pick<ApiUser, 'id' | 'username' | 'customId'>): string | undefined {
  const template = runtimeConfig().apiUsersDashboardUrl;
  if (!template) return undefined;
  return template
    .replaceAll('{id}', encodeURIComponent(String(user.id)))
    .replaceAll('{username}', encodeURIComponent(user.username))
    .replaceAll('{customId}', encodeURIComponent(user.customId ?? ''));
}

function WarningCell({ user }: { user: ApiUser }) {
  const translate = useTranslate();
  if (!user.customDealExpired) return null;
  return (
    <Tooltip title={translate('apiUsers.expiredDeal')}>
      <WarningAmberIcon
        color="warning"
        fontSize="small"
        aria-label={translate('apiUsers.expiredDeal')}
        data-testid="expired-deal-warning"
      />
    </Tooltip>
  );
}

function UsernameCell({ user }: { user: ApiUser }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <TruncatedText text={user.username} maxWidth={180} />
      {user.internal && (
        <Tooltip title={translate('apiUsers.internal')}>
          <ShieldIcon
            fontSize="small"
            color="info"
            aria-label={translate('apiUsers.internalMark')}
            data-testid="internal-account"
          />
        </Tooltip>
      )}
    </Box>
  );
}

/** The row's actions and its contractor editor share one row of rights. */
function RowActions({ user }: { user: ApiUser }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const rights = useApiUserRights(user);
  const [open, setOpen] = useState<'limits' | 'usage' | null>(null);
  const canEditLimits = rights.standard || rights.samples;
  const name = user.username;
  return (
    <Box sx={{ display: 'flex' }}>
      <Tooltip
        title={translate(
          canEditLimits ? 'apiUsers.actions.editLimits' : user.internal ? 'apiUsers.internal' : 'apiUsers.noEditRight',
        )}
      >
        {/* A disabled button gets no hover: the span carries the tooltip that says why. */}
        <span>
          <IconButton
            size="small"
            disabled={!canEditLimits}
            onClick={() => setOpen('limits')}
            aria-label={translate('apiUsers.actions.editLimitsOf', { name })}
          >
            <TuneIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={translate('apiUsers.actions.usage')}>
        <IconButton
          size="small"
          onClick={() => setOpen('usage')}
          aria-label={translate('apiUsers.actions.usageOf', { name })}
        >
          <QueryStatsIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {open === 'limits' && (
        <ApiLimitsDialog
          user={user}
          rights={{ standard: rights.standard, samples: rights.samples }}
          onSaved={refresh}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'usage' && <ApiUsageDialog user={user} canIssueKey={rights.key} onClose={() => setOpen(null)} />}
    </Box>
  );
}

function DashboardCell({ user }: { user: ApiUser }) {
  const translate = useTranslate();
  const dashboard = apiUserDashboardUrl(user);
  if (!dashboard) return null;
  return (
    <Tooltip title={translate('apiUsers.actions.dashboard')}>
      <IconButton
        size="small"
        component="a"
        href={dashboard}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={translate('apiUsers.actions.dashboardOf', { name: user.username })}
      >
        <DashboardIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

function ContractorCell({ user }: { user: ApiUser }) {
  const refresh = useRefresh();
  const rights = useApiUserRights(user);
  return <ApiUserContractorCell user={user} canEdit={rights.contractor} onSaved={refresh} />;
}

function ContractorFilter({ alwaysOn: _alwaysOn, source }: { alwaysOn?: boolean; source: string }) {
  const { choices, isPending } = useContractorChoices();
  return (
    <AutocompleteArrayInput
      source={source}
      label="apiUsers.filters.contractors"
      choices={choices}
      isPending={isPending}
      optionText={(c: { id: number; name: string }) => `[${c.id}] ${c.name}`}
      translateChoice={false}
      size="small"
      sx={{ minWidth: 280 }}
    />
  );
}

function ApiUsersToolbar({ canExport }: { canExport: boolean }) {
  return (
    <TopToolbar>
      <RefreshButton />
      {canExport && <ExportApiUsersButton />}
    </TopToolbar>
  );
}

export function ApiUserList() {
  const translate = useTranslate();
  const { search } = useToolbarSearch();
  const canExport = useCanAccessNow({ resource: apiUser.name, action: 'export' });
  const { canList: canListContractors } = useContractorChoices(false);
  const hasDashboard = Boolean(runtimeConfig().apiUsersDashboardUrl);
  // The columns are the declaration's (common/entities/apiUser.ts); these are their cells.
  const { columns } = useDeclaredColumns<ApiUser>(apiUser, useFieldAccess(), {
    customDealExpired: { label: '', render: (u) => <WarningCell user={u} /> },
    actions: (u) => <RowActions user={u} />,
    username: (u) => <UsernameCell user={u} />,
    customId: (u) => <TruncatedText text={u.customId} maxWidth={120} />,
    contractorName: (u) => <ContractorCell user={u} />,
    endOfDeal: (u) => (u.endOfDeal ? formatDate(u.endOfDeal) : '—'),
    companyOwner: (u) => <TruncatedText text={u.companyOwner} maxWidth={130} />,
    limitStandard: (u) => <LimitsField limits={u.limitStandard} kind="standard" />,
    limitSamples: (u) => <LimitsField limits={u.limitSamples} kind="samples" samplesOn={u.samplesAPI} />,
    dashboard: hasDashboard && ((u) => <DashboardCell user={u} />),
  });
  const filters = canListContractors ? [<ContractorFilter key="contractors" source="contractors" alwaysOn />] : [];
  return (
    <List
      resource={apiUser.name}
      title={translate('resources.api-users.name')}
      storeKey={false}
      filter={search ? { search } : undefined}
      filters={filters}
      perPage={apiUser.perPageOptions[0]}
      sort={apiUser.sort}
      pagination={<ListPagination rowsPerPageOptions={[...apiUser.perPageOptions]} />}
      actions={<ApiUsersToolbar canExport={canExport} />}
      empty={false}
      sx={LIST_SX}
    >
      <GridDataTable bulkActionButtons={false} rowClick={false} empty={<ListEmpty />} size="small" sx={TABLE_SX}>
        {columns}
      </GridDataTable>
    </List>
  );
}
