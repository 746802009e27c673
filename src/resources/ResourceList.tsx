/**
 * A server-paged list built from a resource's declarative columns: toolbar search from the URL,
 * the resource's page sizes and default sort, refresh, per-field permissions. Resources with
 * richer screens replace it with their own List component.
 */
import { Typography } from '@mui/material';
import {
  DataTable,
  ExportButton,
  List,
  Pagination,
  RefreshButton,
  TopToolbar,
  useCanAccess,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { PAGE_SIZES } from '../../common/domain';
import { RelativeDate } from '../components/DateTimeField';
import { csvExporter } from '../components/csvExporter';
import { useToolbarSearch } from '../layout/useToolbarSearch';
import { resourceDefinition } from './definitions';

export type ColumnType = 'text' | 'number' | 'date' | 'boolean' | 'list' | 'json';

export interface ColumnSpec {
  source: string;
  label: string;
  type?: ColumnType;
  sortable?: boolean;
  /** Read `canAccess({ resource: '<name>.<field>' })` before showing the column. */
  field?: string;
}

function renderValue(value: unknown, type: ColumnType = 'text') {
  if (value === null || value === undefined || value === '') return '—';
  switch (type) {
    case 'date':
      return <RelativeDate value={value as string} />;
    case 'boolean':
      return value ? '✓' : '✗';
    case 'list':
      return Array.isArray(value) ? value.join(', ') : 'INVALID TYPE';
    case 'json':
      return <code>{JSON.stringify(value)}</code>;
    case 'number':
      return typeof value === 'number' ? String(value) : 'INVALID TYPE';
    default:
      return typeof value === 'object' ? 'INVALID TYPE' : String(value);
  }
}

function read(record: RaRecord, path: string): unknown {
  return path.split('.').reduce<unknown>((acc, key) => (acc && typeof acc === 'object' ? (acc as Record<string, unknown>)[key] : undefined), record);
}

function GatedColumn({ resource, spec }: { resource: string; spec: ColumnSpec }) {
  const { canAccess } = useCanAccess({ resource: `${resource}.${spec.field}`, action: 'list' });
  if (!canAccess) return null;
  return <Column spec={spec} />;
}

function Column({ spec }: { spec: ColumnSpec }) {
  return (
    <DataTable.Col
      source={spec.source}
      label={spec.label}
      disableSort={spec.sortable === false}
      align={spec.type === 'number' ? 'right' : undefined}
      render={(record: RaRecord) => renderValue(read(record, spec.source), spec.type)}
    />
  );
}

function Empty() {
  const translate = useTranslate();
  const { search } = useToolbarSearch();
  return (
    <Typography sx={{ p: 4 }} color="text.secondary" data-testid="list-empty">
      {translate(search ? 'aq.noMatches' : 'aq.noData')}
    </Typography>
  );
}

export function ResourceList({ resource, columns, title }: { resource: string; columns: ColumnSpec[]; title: string }) {
  const def = resourceDefinition(resource);
  const { search, advanced } = useToolbarSearch();
  const { canAccess: canExport } = useCanAccess({ resource, action: 'export' });
  return (
    <List
      key={`${search}|${advanced}`}
      resource={resource}
      title={title}
      disableSyncWithLocation
      storeKey={false}
      exporter={csvExporter}
      filter={search ? { search, advanced } : undefined}
      perPage={def.perPage ?? def.perPageOptions?.[0] ?? 10}
      sort={def.sort}
      pagination={<Pagination rowsPerPageOptions={[...(def.perPageOptions ?? PAGE_SIZES)]} />}
      actions={
        <TopToolbar>
          <RefreshButton />
          {canExport && <ExportButton />}
        </TopToolbar>
      }
      empty={<Empty />}
    >
      <DataTable bulkActionButtons={false} rowClick={false} empty={<Empty />}>
        {columns.map((spec) =>
          spec.field ? <GatedColumn key={spec.source} resource={resource} spec={spec} /> : <Column key={spec.source} spec={spec} />,
        )}
      </DataTable>
    </List>
  );
}
