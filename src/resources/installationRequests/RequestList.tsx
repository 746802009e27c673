/**
 * Installation requests (/installation-requests, view_installation_requests; document 2, sections
 * 2.4, 7, 9): active (HOLD, WAITING; oldest first) or archived (DONE, REJECTED; newest first) by a
 * switch kept in the URL and hidden while a toolbar search is applied (a search spans every state),
 * 50, 100 or 200 rows a page, the declaration's columns, and rows that expand to show the rest of
 * the request, the state column at the card's right edge while a wide table scrolls. A row (or its
 * id) opens the single request.
 */
import type { MouseEvent, ReactNode } from 'react';
import { Box, Link as MuiLink, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { List, RefreshButton, TopToolbar, useTranslate, type Identifier } from 'react-admin';
import { ListPagination } from '../../components/ListPagination';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { installationRequest } from '../../../common/entities';
import { requestListOrder } from '../../../common/requests';
import { RelativeDate } from '../../components/DateTimeField';
import { TruncatedText } from '../../components/TruncatedText';
import { STICKY_END_SX } from '../../layout/stickyColumn';
import { useToolbarSearch } from '../../layout/useToolbarSearch';
import { type ColumnRenderers, useDeclaredColumns } from '../DeclaredColumns';
import { ListEmpty, LIST_SX } from '../ListEmpty';
import { useFieldAccess } from '../useFieldAccess';
import { RequestExpand } from './RequestExpand';
import { RequestStateChip } from './RequestStateChip';
import type { InstallationRequestRecord } from './types';
import { GridDataTable } from '../../components/grid/GridDataTable';

const rowsPerPageOptions = [...(installationRequest.perPageOptions ?? [50, 100, 200])];
const TABLE_SX = { '& td': { py: 0.5 }, '& td, & th': { whiteSpace: 'nowrap' } } as const;
export const requestPath = (id: Identifier) => `/installation-requests/${encodeURIComponent(String(id))}`;

/** The switch's side, as `?archived=true` in the URL (reload and Back keep it). */
export function useArchived(): [boolean, (archived: boolean) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const archived = new URLSearchParams(location.search).get('archived') === 'true';
  const setArchived = (next: boolean) => {
    const params = new URLSearchParams(location.search);
    if (next) params.set('archived', 'true');
    else params.delete('archived');
    // The other side starts at its first page, in its own order.
    for (const key of ['page', 'sort', 'order']) params.delete(key);
    navigate({ pathname: location.pathname, search: params.toString() ? `?${params}` : '' });
  };
  return [archived, setArchived];
}

function ArchiveSwitch() {
  const translate = useTranslate();
  const [archived, setArchived] = useArchived();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={archived ? 'archived' : 'active'}
      onChange={(_e, next: string | null) => next && setArchived(next === 'archived')}
      aria-label={translate('requests.list.show')}
      data-testid="requests-archive-switch"
    >
      <ToggleButton value="active">{translate('requests.list.active')}</ToggleButton>
      <ToggleButton value="archived">{translate('requests.list.archived')}</ToggleButton>
    </ToggleButtonGroup>
  );
}

function RequestsToolbar({ searching }: { searching: boolean }) {
  return (
    <TopToolbar sx={{ alignItems: 'center', gap: 1 }}>
      {!searching && <ArchiveSwitch />}
      <RefreshButton />
    </TopToolbar>
  );
}

function RequestsEmpty({ archived }: { archived: boolean }) {
  const translate = useTranslate();
  const { search } = useToolbarSearch();
  if (search) return <ListEmpty />;
  return (
    <Typography sx={{ p: 4 }} color="text.secondary" data-testid="list-empty">
      {translate(archived ? 'requests.list.emptyArchived' : 'requests.list.emptyActive')}
    </Typography>
  );
}

const cut = (value: string | null | undefined) => (value ? <TruncatedText text={value} maxWidth={280} /> : '—');
// The spec's list call always sorts by createdAt; the switch picks the direction.
const unsorted = <R,>(render: (row: R) => ReactNode) => ({ disableSort: true, render });

/**
 * The cells; the columns are the declaration's (common/entities/installationRequest.ts), the state
 * last, where it stays on screen however wide the table.
 */
const CELLS: ColumnRenderers<InstallationRequestRecord> = {
  id: unsorted((row) => (
    <MuiLink
      component={Link}
      to={requestPath(row.id)}
      onClick={(e: MouseEvent) => e.stopPropagation()}
      data-testid="request-link"
    >
      {row.id}
    </MuiLink>
  )),
  sensorId: unsorted((row) => row.sensorId ?? '—'),
  requestType: unsorted((row) => <EnumText group="requestTypes" value={row.requestType} />),
  clientType: unsorted((row) => <EnumText group="clientTypes" value={row.clientType} />),
  createdAt: unsorted((row) => <RelativeDate value={row.createdAt} />),
  address: unsorted((row) => cut(row.address)),
  email: unsorted((row) => cut(row.email)),
  state: { ...unsorted((row) => <RequestStateChip state={row.state} />), sx: STICKY_END_SX },
};

function EnumText({ group, value }: { group: 'requestTypes' | 'clientTypes'; value: string }) {
  const translate = useTranslate();
  return (
    <>
      {group === 'requestTypes'
        ? translate(`requests.requestTypes.${value}`, { _: value })
        : translate(`requests.clientTypes.${value}`, { _: value })}
    </>
  );
}

export function RequestList() {
  const translate = useTranslate();
  const { search } = useToolbarSearch();
  const [archived] = useArchived();
  const { columns } = useDeclaredColumns(installationRequest, useFieldAccess(), CELLS);
  const searching = Boolean(search);
  return (
    <List
      key={`${archived}|${search}`}
      resource={installationRequest.name}
      title={translate('resources.installation-requests.name')}
      storeKey={false}
      filter={searching ? { search, advanced: false } : { archived }}
      perPage={installationRequest.perPage ?? 50}
      sort={{ field: 'createdAt', order: requestListOrder(archived) }}
      pagination={<ListPagination rowsPerPageOptions={rowsPerPageOptions} />}
      actions={<RequestsToolbar searching={searching} />}
      empty={false}
      sx={LIST_SX}
    >
      <Box data-testid="requests-list" data-archived={archived}>
        <GridDataTable
          bulkActionButtons={false}
          rowClick={(id) => requestPath(id)}
          expand={<RequestExpand />}
          empty={<RequestsEmpty archived={archived} />}
          size="small"
          sx={TABLE_SX}
        >
          {columns}
        </GridDataTable>
      </Box>
    </List>
  );
}
