/**
 * The generic list of an entity, built from its declaration: its columns (optional ones offered by
 * the columns button), labels from `resources.<name>.fields.*`, the fields the user may see, the
 * entity's page sizes and default sort, toolbar search, refresh and the server's streamed CSV export. Page, sort and page size
 * live in the URL, so reload and Back keep them. Resources with richer screens replace it.
 */
import { CreateButton, List, RefreshButton, TopToolbar, useDataProvider, useResourceDefinition } from 'react-admin';
import { ListPagination } from '../components/ListPagination';
import { ColumnsButton } from '../components/ColumnsButton';
import { exportFileNameOf, type EntityDecl } from '../../common/entities';
import { listQuery } from '../../common/search';
import { PAGE_SIZES } from '../../common/domain';
import { ServerExportButton } from '../components/ServerExportButton';
import type { AppDataProvider } from '../dataProviders/types';
import { useToolbarSearch } from '../layout/useToolbarSearch';
import { useCanAccessNow } from './useCanAccessNow';
import { ListEmpty, LIST_SX } from './ListEmpty';
import { useDeclaredColumns } from './DeclaredColumns';
import { useFieldAccess } from './useFieldAccess';
import { GridDataTable } from '../components/grid/GridDataTable';

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

export function ResourceList({ entity, title }: { entity: EntityDecl; title: string }) {
  const { search, advanced } = useToolbarSearch();
  const { columns, hiddenColumns } = useDeclaredColumns(entity, useFieldAccess(), {});
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
      pagination={<ListPagination rowsPerPageOptions={[...(entity.perPageOptions ?? PAGE_SIZES)]} />}
      actions={
        <TopToolbar>
          {hiddenColumns.length > 0 && <ColumnsButton />}
          <RefreshButton />
          {canExport && <ExportListButton entity={entity} />}
          {canCreate && <CreateButton />}
        </TopToolbar>
      }
      empty={<ListEmpty />}
      sx={LIST_SX}
    >
      <GridDataTable bulkActionButtons={false} rowClick={rowClick} empty={<ListEmpty />} hiddenColumns={hiddenColumns}>
        {columns}
      </GridDataTable>
    </List>
  );
}
