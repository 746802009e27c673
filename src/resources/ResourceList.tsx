/**
 * The generic list of an entity, built from its declaration: its columns (optional ones offered by
 * the columns button), labels from `resources.<name>.fields.*`, the fields the user may see, the
 * entity's page sizes and default sort, toolbar search, refresh and the server's streamed CSV export. Page, sort and page size
 * live in the URL, so reload and Back keep them. Resources with richer screens replace it.
 */
import {
  ColumnsButton,
  CreateButton,
  DataTable,
  List,
  Pagination,
  RefreshButton,
  TopToolbar,
  useDataProvider,
  useResourceDefinition,
  useTranslate,
  type RaRecord,
  type TranslateFunction,
} from 'react-admin';
import {
  exportFileNameOf,
  fieldLabelKey,
  isColumn,
  isSortable,
  readPath,
  type EntityDecl,
  type FieldDecl,
} from '../../common/entities';
import { listQuery } from '../../common/search';
import { PAGE_SIZES } from '../../common/domain';
import { RelativeDate } from '../components/DateTimeField';
import { ServerExportButton } from '../components/ServerExportButton';
import { formatDate } from '../components/dates';
import type { AppDataProvider } from '../dataProviders/types';
import { useToolbarSearch } from '../layout/useToolbarSearch';
import { useCanAccessNow } from './useCanAccessNow';
import { ListEmpty, LIST_SX } from './ListEmpty';
import { useFieldAccess } from './useFieldAccess';

/** The Export button: every matching row, streamed by the server as `<name>.csv` (GET <endpoint>/export). */
function ExportListButton({ entity }: { entity: EntityDecl }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return (
    <ServerExportButton
      fileName={exportFileNameOf(entity)}
      request={({ search, advanced, sortBy, order }) =>
        dataProvider.exportList(entity.name, { query: listQuery(search, advanced), sortBy, order })
      }
    />
  );
}

function renderValue(value: unknown, field: FieldDecl, translate: TranslateFunction) {
  if (value === null || value === undefined || value === '') return '—';
  switch (field.type) {
    case 'date':
      return formatDate(value as string);
    case 'datetime':
      return <RelativeDate value={value as string} />;
    case 'boolean':
      return value ? '✓' : '✗';
    case 'list':
    case 'set':
      return Array.isArray(value) ? value.join(', ') : translate('aq.invalidType');
    case 'json':
    case 'location':
      return <code>{JSON.stringify(value)}</code>;
    case 'integer':
    case 'number':
      return typeof value === 'number' ? String(value) : translate('aq.invalidType');
    default:
      return typeof value === 'object' ? translate('aq.invalidType') : String(value);
  }
}

export function ResourceList({ entity, title }: { entity: EntityDecl; title: string }) {
  const { search, advanced } = useToolbarSearch();
  const translate = useTranslate();
  const access = useFieldAccess();
  const columns = entity.fields.filter((f) => isColumn(f) && f.type !== 'actions' && access.field(entity, f.name));
  const optional = columns.filter((f) => f.column === 'optional').map((f) => f.name);
  const canExport = useCanAccessNow({ resource: entity.name, action: 'export' });
  // The create button and the row click, where the resource has the screen and the user may use it.
  const screens = useResourceDefinition({ resource: entity.name });
  const canCreate = useCanAccessNow({ resource: entity.name, action: 'create' }) && screens.hasCreate;
  const canEdit = useCanAccessNow({ resource: entity.name, action: 'edit' }) && screens.hasEdit;
  const canShow = useCanAccessNow({ resource: entity.name, action: 'show' }) && screens.hasShow;
  const rowClick = canEdit ? 'edit' : canShow ? 'show' : false;
  return (
    <List
      key={`${search}|${advanced}`}
      resource={entity.name}
      title={title}
      storeKey={false}
      exporter={false}
      filter={search ? { search, advanced } : undefined}
      perPage={entity.perPage ?? entity.perPageOptions?.[0] ?? 10}
      sort={entity.sort}
      pagination={<Pagination rowsPerPageOptions={[...(entity.perPageOptions ?? PAGE_SIZES)]} />}
      actions={
        <TopToolbar>
          {optional.length > 0 && <ColumnsButton />}
          <RefreshButton />
          {canExport && <ExportListButton entity={entity} />}
          {canCreate && <CreateButton />}
        </TopToolbar>
      }
      empty={<ListEmpty />}
      sx={LIST_SX}
    >
      <DataTable bulkActionButtons={false} rowClick={rowClick} empty={<ListEmpty />} hiddenColumns={optional}>
        {columns.map((f) => (
          <DataTable.Col
            key={f.name}
            source={f.name}
            label={fieldLabelKey(entity, f.name)}
            disableSort={!isSortable(f)}
            align={f.type === 'integer' || f.type === 'number' ? 'right' : undefined}
            render={(record: RaRecord) => renderValue(readPath(record, f.source ?? f.name), f, translate)}
          />
        ))}
      </DataTable>
    </List>
  );
}
