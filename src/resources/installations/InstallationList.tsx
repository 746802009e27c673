/**
 * Installations (/installations, view_installations — the landing page; document 2, section 2.1): a
 * server-paged table searched from the toolbar (plain text or the query language, from the URL)
 * whose columns follow the selected preset and the viewer's permissions; a preset picker, the live
 * indicator (rows on screen refetch when they change), refresh and a streamed CSV export of every
 * matching row. Cells edit in place where the viewer may: visibility, visibleBy, contact, address,
 * alternative addresses, tags, factors, and suspension per parameter. Right-clicking a header copies
 * the field's query-language path.
 */
import { lazy, Suspense, useEffect, useMemo, useState, type MouseEvent } from 'react';
import { Box, Button, ToggleButton, ToggleButtonGroup } from '@mui/material';
import MapIcon from '@mui/icons-material/Map';
import TableRowsIcon from '@mui/icons-material/TableRows';
import {
  DataTable,
  List,
  Loading,
  RefreshButton,
  TopToolbar,
  useListContext,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { ListPagination } from '../../components/ListPagination';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, INACTIVE_AFTER_MS, MEASURED_PARAMS, PAGE_SIZES } from '../../../common/domain';
import { listQuery } from '../../../common/search';
import { DASH_UNMEASURED_RULE, fieldLabelKey, installation, isSortable } from '../../../common/entities';
import { RelativeDate } from '../../components/DateTimeField';
import { LocaleNumber } from '../../components/numbers';
import { success } from '../../components/sensors/notifications';
import { useToolbarSearch } from '../../layout/useToolbarSearch';
import { useLiveUpdates } from '../../realtime/useLiveUpdates';
import { ListEmpty, LIST_SX } from '../ListEmpty';
import { useTags } from '../tags/useTags';
import { useCanAccessNow } from '../useCanAccessNow';
import { useFieldAccess, type FieldAccess } from '../useFieldAccess';
import { ActivityChart } from './ActivityChart';
import { columnPath, installationColumns, type InstallationColumn } from './columns';
import { AddressEditor } from './editors/AddressEditor';
import { AltAddressEditor } from './editors/AltAddressEditor';
import { TextValue } from './editors/EditableCell';
import { FactorsCell } from './editors/FactorsCell';
import { MeasurementCell } from './editors/MeasurementCell';
import { TagCell } from './editors/TagCell';
import { TEXT_EDITORS, TextEditor } from './editors/TextEditor';
import { VisibilityToggle } from './editors/VisibilityToggle';
import { ExportInstallationsButton } from './ExportInstallationsButton';
import { InstallationActions, useRowActionRights, type RowActionRights } from './InstallationActions';
import { LiveIndicator } from './LiveIndicator';
import { LocationCell } from './LocationCell';
import { CrmCompanyLink } from '../../components/CrmCompanyLink';
import { PresetPicker, usePresetChoice } from './PresetPicker';
import type { Installation } from './types';
import { GridDataTable } from '../../components/grid/GridDataTable';

const Column = DataTable.Col<Installation>;
/** Leaflet and the clustering load with the map view, not with the table. */
const InstallationsMap = lazy(() => import('./map/InstallationsMap').then((m) => ({ default: m.InstallationsMap })));
const rowsPerPageOptions = [...PAGE_SIZES];
const MEASURED = new Set<string>(MEASURED_PARAMS);
/** One line per row: a wide preset scrolls sideways instead of stretching every row. */
const TABLE_SX = { '& td, & th': { whiteSpace: 'nowrap' }, '& td': { py: 0.25 } } as const;

interface CellContext {
  access: FieldAccess;
  rights: RowActionRights;
  dashUnmeasured: boolean;
  canSuspend: boolean;
  canUnsuspend: boolean;
}

const editable = (access: FieldAccess, name: string) => {
  const rule = installation.fields.find((f) => f.name === name)?.edit;
  return rule !== undefined && access.permissions.can(rule);
};

/** The cell of one column for the row in the record context. */
function renderCell(column: InstallationColumn, row: Installation, ctx: CellContext) {
  if (column.kind === 'actions') return <InstallationActions rights={ctx.rights} />;
  if (column.kind === 'tag')
    return <TagCell tag={column.tag} canEdit={ctx.access.tag('installations', column.tag.id, 'edit')} />;
  const { name, field } = column;
  const canEdit = editable(ctx.access, name);
  if (name === 'installationId') return <InstallationIdCell row={row} />;
  if (name === 'isVisible') return <VisibilityToggle canEdit={canEdit} />;
  if (name === 'location') return <LocationCell />;
  if (name === 'hsName') return <CrmCompanyLink hsId={row.hsId} hsName={row.hsName} />;
  if (name === 'recentActivity') return <ActivityChart flags={row.recentActivity} />;
  if (name in TEXT_EDITORS) return <TextEditor field={name} canEdit={canEdit} />;
  if (name === 'country' || name === 'state' || name === 'city') return <AddressEditor part={name} canEdit={canEdit} />;
  if (name === 'alternativeAddress1' || name === 'alternativeAddress2')
    return <AltAddressEditor line={name === 'alternativeAddress1' ? 1 : 2} canEdit={canEdit} />;
  if (name.endsWith('Factors')) return <FactorsCell param={name.slice(0, -'Factors'.length)} canEdit={canEdit} />;
  if (name.endsWith('Value') && MEASURED.has(name.slice(0, -'Value'.length)))
    return (
      <MeasurementCell
        param={name.slice(0, -'Value'.length)}
        dashUnmeasured={ctx.dashUnmeasured}
        canSuspend={ctx.canSuspend}
        canUnsuspend={ctx.canUnsuspend}
      />
    );
  if (name === 'street') return <TextValue value={[row.street, row.number].filter(Boolean).join(' ') || null} />;
  const value = row[name];
  if (value === null || value === undefined || value === '') return '—';
  if (field.type === 'datetime') return <RelativeDate value={value as string} />;
  if (field.type === 'boolean') return value ? '✓' : '✗';
  if (field.type === 'number' && typeof value === 'number') return <LocaleNumber value={value} fractionDigits={2} />;
  return <TextValue value={value} />;
}

/**
 * Clicking an installation id opens the sensors list searching for its sensor's installation. The
 * dot beside it is the sensor's activity from the row itself (a measurement in the last 20 minutes),
 * so a page of rows needs no call per row.
 */
function InstallationIdCell({ row }: { row: Installation }) {
  const translate = useTranslate();
  const last = typeof row.lastMeasurement === 'string' ? Date.parse(row.lastMeasurement) : NaN;
  const active = !Number.isNaN(last) && Date.now() - last < INACTIVE_AFTER_MS;
  const state = translate(active ? 'aq.activity.active' : 'aq.activity.inactive');
  const search = new URLSearchParams({ search: `currentInstallationId = ${row.installationId}`, advanced: 'true' });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Box
        component="span"
        role="img"
        title={state}
        aria-label={state}
        data-activity={active ? 'active' : 'inactive'}
        sx={{
          width: 8,
          height: 8,
          borderRadius: '50%',
          flexShrink: 0,
          bgcolor: active ? 'success.main' : 'text.disabled',
        }}
      />
      <Button
        size="small"
        component={Link}
        to={`/sensors?${search}`}
        sx={{ minWidth: 0, fontVariantNumeric: 'tabular-nums' }}
        aria-label={translate('aq.valueNames.openSensor', { id: row.installationId })}
      >
        {row.installationId}
      </Button>
    </Box>
  );
}

/** A header that copies the field's path on right-click ('Copied field path to clipboard!'). */
function Header({ column }: { column: InstallationColumn }) {
  const translate = useTranslate();
  const notify = useNotify();
  const label =
    column.kind === 'tag'
      ? column.tag.name
      : translate(
          column.kind === 'actions'
            ? 'resources.installations.fields.actions'
            : fieldLabelKey(installation, column.name),
        );
  const onContextMenu = (event: MouseEvent) => {
    event.preventDefault();
    navigator.clipboard
      .writeText(columnPath(column))
      .then(() => notify(...success('installations.notifications.fieldPathCopied')))
      .catch(() => notify('aq.notifications.copyFailed', { type: 'error' }));
  };
  return (
    <span onContextMenu={onContextMenu} title={columnPath(column)} data-field-path={columnPath(column)}>
      {label}
    </span>
  );
}

/** Table or map of the same list, as `?view=map` in the URL (reload and Back keep it). */
function useListView(): ['table' | 'map', (view: 'table' | 'map') => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const view = new URLSearchParams(location.search).get('view') === 'map' ? 'map' : 'table';
  const setView = (next: 'table' | 'map') => {
    const params = new URLSearchParams(location.search);
    if (next === 'map') params.set('view', 'map');
    else params.delete('view');
    navigate({ pathname: location.pathname, search: `?${params}` });
  };
  return [view, setView];
}

function ViewToggle() {
  const translate = useTranslate();
  const [view, setView] = useListView();
  return (
    <ToggleButtonGroup size="small" exclusive value={view} onChange={(_e, next) => next && setView(next)}>
      <ToggleButton
        value="table"
        aria-label={translate('installations.view.table')}
        title={translate('installations.view.table')}
      >
        <TableRowsIcon fontSize="small" />
      </ToggleButton>
      <ToggleButton
        value="map"
        aria-label={translate('installations.view.map')}
        title={translate('installations.view.map')}
      >
        <MapIcon fontSize="small" />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

function InstallationsToolbar({
  columns,
  presetChoice,
}: {
  columns: InstallationColumn[];
  presetChoice: ReturnType<typeof usePresetChoice>;
}) {
  const { data, isFetching, error, refetch } = useListContext<Installation>();
  const [fetchedAt, setFetchedAt] = useState(0);
  useEffect(() => {
    if (!isFetching) setFetchedAt(Date.now());
  }, [isFetching]);
  const ids = useMemo(() => data?.map((r) => r.installationId), [data]);
  const status = useLiveUpdates({ ids, fetchedAt, failed: Boolean(error) }, () => void refetch());
  const exportColumns = columns.filter((c) => c.kind !== 'actions').map((c) => c.name);
  return (
    <TopToolbar sx={{ alignItems: 'center', gap: 1 }}>
      <ViewToggle />
      <PresetPicker {...presetChoice} />
      <LiveIndicator status={status} />
      <RefreshButton />
      <ExportInstallationsButton columns={exportColumns} />
    </TopToolbar>
  );
}

export function InstallationList() {
  const translate = useTranslate();
  const { search, advanced } = useToolbarSearch();
  const [view] = useListView();
  const presetChoice = usePresetChoice();
  const { tags } = useTags('installations');
  const access = useFieldAccess();
  const rights = useRowActionRights();
  const canSuspend = useCanAccessNow({ resource: 'installations', action: 'suspend' });
  const canUnsuspend = useCanAccessNow({ resource: 'installations', action: 'unsuspend' });
  const hasActions = rights.request || rights.history || rights.reinstall || rights.dashboard;
  const columns = useMemo(
    () => installationColumns(presetChoice.preset, access, tags, hasActions),
    [presetChoice.preset, access, tags, hasActions],
  );
  const ctx: CellContext = {
    access,
    rights,
    dashUnmeasured: access.permissions.can(DASH_UNMEASURED_RULE),
    canSuspend,
    canUnsuspend,
  };

  return (
    <List
      resource="installations"
      title={translate('resources.installations.name')}
      storeKey={false}
      filter={search ? { search, advanced } : undefined}
      perPage={DEFAULT_PAGE_SIZE}
      sort={installation.sort}
      pagination={view === 'map' ? false : <ListPagination rowsPerPageOptions={rowsPerPageOptions} />}
      actions={<InstallationsToolbar columns={columns} presetChoice={presetChoice} />}
      empty={false}
      sx={LIST_SX}
    >
      {view === 'map' ? (
        <Suspense fallback={<Loading />}>
          <InstallationsMap query={listQuery(search, advanced)} />
        </Suspense>
      ) : (
        <GridDataTable bulkActionButtons={false} rowClick={false} empty={<ListEmpty />} size="small" sx={TABLE_SX}>
          {columns.map((column) => (
            <Column
              key={column.name}
              data-field={column.kind === 'tag' ? undefined : column.name}
              source={column.name}
              label={<Header column={column} />}
              disableSort={column.kind !== 'field' || !isSortable(column.field)}
              align={
                column.kind === 'actions' ||
                (column.kind === 'field' && (column.field.type === 'integer' || column.field.type === 'number'))
                  ? 'right'
                  : undefined
              }
              render={(row: RaRecord) => renderCell(column, row as Installation, ctx)}
            />
          ))}
        </GridDataTable>
      )}
    </List>
  );
}
