/**
 * Developer-portal users (AdpUsersIndex, /adp-users, view_panel_users; document 2, sections 2.6, 6,
 * 9): a server-paged table (20, 50, 100, 1000 per page) searched from the toolbar (also `?search=`
 * from the URL — the contractors list links here by contractor name), sorted by any sortable
 * column, with a streamed CSV export (adp-users.csv) and refresh. Contractor columns show only
 * with view_contractors_adp_users, the plan only with view_plans. Each row has the enable/disable
 * toggle and the menu of the editing dialogs, each with its permission.
 */
import { Box, Chip, Stack, Typography } from '@mui/material';
import {
  ColumnsButton,
  CreateButton,
  DataTable,
  List,
  Pagination,
  RefreshButton,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { adpUser } from '../../../common/entities';
import type { AdpUser } from '../../dataProviders/adpUsers';
import { useToolbarSearch } from '../../layout/useToolbarSearch';
import { ListEmpty, LIST_SX } from '../ListEmpty';
import { useCanAccessNow } from '../useCanAccessNow';
import { useFieldAccess } from '../useFieldAccess';
import { AdpUserRowActions } from './AdpUserRowActions';
import { ExportAdpUsersButton } from './ExportAdpUsersButton';

const Column = DataTable.Col<AdpUser>;
const rowsPerPageOptions = [...(adpUser.perPageOptions ?? [20])];
/** Offered by the Columns button. */
const hiddenColumns = ['id', 'type'];
const TABLE_SX = { '& td, & th': { whiteSpace: 'nowrap' }, '& td': { py: 0.25 } } as const;
const CUT_SX = { display: 'block', maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis' } as const;

function Cut({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <>—</>;
  return (
    <Box component="span" sx={CUT_SX} title={String(value)}>
      {String(value)}
    </Box>
  );
}

const STATUS_COLOR = { ENABLED: 'success', NOT_ACTIVATED: 'warning', DISABLED: 'default' } as const;

function NameCell({ record }: { record: AdpUser }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Cut value={record.nickname} />
      <Chip
        size="small"
        variant="outlined"
        color={STATUS_COLOR[record.status] ?? 'default'}
        label={translate(`adpUsers.statuses.${record.status}`, { _: record.status })}
      />
    </Stack>
  );
}

/** "Accesses and contractor": the number of access definitions and, with the permission, the contractor. */
function AccessCell({ record, showContractor }: { record: AdpUser; showContractor: boolean }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Chip
        size="small"
        label={record.accessCount}
        title={translate('adpUsers.columns.accessCount', { count: record.accessCount })}
      />
      {showContractor && <Cut value={record.contractorName} />}
    </Stack>
  );
}

function PlanCell({ record }: { record: AdpUser }) {
  const translate = useTranslate();
  if (!record.plan) return <>—</>;
  return (
    <Box>
      <Typography variant="body2" component="span" title={record.plan.name}>
        {record.plan.displayName}
      </Typography>
      {record.trial && (
        <Typography variant="caption" color="text.secondary" component="div">
          {translate('adpUsers.columns.trialUntil', {
            date: record.trial.endDate,
            plan: record.trial.postTrialPlanName,
          })}
        </Typography>
      )}
    </Box>
  );
}

function AdpUserListActions({ canCreate }: { canCreate: boolean }) {
  return (
    <TopToolbar>
      {canCreate && <CreateButton label="adpUsers.create.button" />}
      <ColumnsButton />
      <RefreshButton />
      <ExportAdpUsersButton />
    </TopToolbar>
  );
}

export function AdpUserList() {
  const translate = useTranslate();
  const { search } = useToolbarSearch();
  const access = useFieldAccess();
  const field = (name: string) => access.field(adpUser, name);
  const canCreate = useCanAccessNow({ resource: 'adp-users', action: 'create' });
  const showContractor = field('contractorName');

  return (
    <List
      key={search}
      resource="adp-users"
      title={translate('resources.adp-users.name')}
      disableSyncWithLocation
      storeKey={false}
      filter={search ? { search } : undefined}
      perPage={rowsPerPageOptions[0]}
      sort={adpUser.sort}
      pagination={<Pagination rowsPerPageOptions={rowsPerPageOptions} />}
      actions={<AdpUserListActions canCreate={canCreate} />}
      empty={false}
      sx={LIST_SX}
    >
      <DataTable
        bulkActionButtons={false}
        rowClick={false}
        empty={<ListEmpty />}
        size="small"
        hiddenColumns={hiddenColumns}
        sx={TABLE_SX}
      >
        <Column source="id" align="right" />
        <Column source="nickname" render={(r) => <NameCell record={r} />} />
        <Column source="email" render={(r) => <Cut value={r.email} />} />
        <Column source="type" render={(r) => translate(`adpUsers.types.${r.type}`, { _: r.type })} />
        <Column
          source={showContractor ? 'contractorName' : 'accessCount'}
          label="adpUsers.columns.accesses"
          render={(r) => <AccessCell record={r} showContractor={showContractor} />}
        />
        {field('endOfDeal') && <Column source="endOfDeal" render={(r) => r.endOfDeal ?? '—'} />}
        {field('companyOwner') && <Column source="companyOwner" render={(r) => <Cut value={r.companyOwner} />} />}
        {field('plan') && <Column source="plan" render={(r) => <PlanCell record={r} />} />}
        <Column
          source="actions"
          label="adpUsers.columns.actions"
          disableSort
          align="right"
          render={(r) => <AdpUserRowActions record={r} />}
        />
      </DataTable>
    </List>
  );
}
