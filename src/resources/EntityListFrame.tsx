/**
 * The frame of a hand-written server-paged list of one entity (contractors, developer-portal
 * users): react-admin's `<List>` titled after the entity, in its page sizes and default sort and
 * filtered by the toolbar search (with the query language when the entity's search is advanced); a
 * toolbar of create (with the entity's create right), columns, refresh and the entity's server
 * export; and a compact table, one line per row, whose empty state tells "No data." from "No
 * matches found.". Page, page size and sort live in the URL (react-admin's own list state), so
 * reload and Back keep them; a new toolbar search starts again at the first page. The columns are
 * the children.
 */
import type { ReactNode } from 'react';
import { CreateButton, List, RefreshButton, TopToolbar, useTranslate } from 'react-admin';
import { ListPagination } from '../components/ListPagination';
import { ColumnsButton } from '../components/ColumnsButton';
import { entityNameKey, type EntityDecl } from '../../common/entities';
import { PAGE_SIZES } from '../../common/domain';
import { useToolbarSearch } from '../layout/useToolbarSearch';
import { ListEmpty, LIST_SX } from './ListEmpty';
import { useCanAccessNow } from './useCanAccessNow';
import { GridDataTable } from '../components/grid/GridDataTable';

/** One line per row: long values are cut with an ellipsis and shown whole on hover. */
const TABLE_SX = { '& td, & th': { whiteSpace: 'nowrap' }, '& td': { py: 0.25 } } as const;

function EntityListActions({
  resource,
  createLabel,
  exportButton,
}: {
  resource: string;
  createLabel: string;
  exportButton: ReactNode;
}) {
  const canCreate = useCanAccessNow({ resource, action: 'create' });
  return (
    <TopToolbar>
      {canCreate && <CreateButton label={createLabel} />}
      <ColumnsButton />
      <RefreshButton />
      {exportButton}
    </TopToolbar>
  );
}

export function EntityListFrame({
  entity,
  createLabel,
  exportButton,
  hiddenColumns,
  children,
}: {
  entity: EntityDecl;
  /** The create button's label (a translation key). */
  createLabel: string;
  /** The entity's server-side CSV export. */
  exportButton: ReactNode;
  /** Columns left out until chosen from the Columns button. */
  hiddenColumns: string[];
  children: ReactNode;
}) {
  const translate = useTranslate();
  const { search, advanced } = useToolbarSearch();
  const rowsPerPageOptions = [...(entity.perPageOptions ?? PAGE_SIZES)];
  return (
    <List
      resource={entity.name}
      title={translate(entityNameKey(entity))}
      storeKey={false}
      filter={search ? (entity.search === 'advanced' ? { search, advanced } : { search }) : undefined}
      perPage={rowsPerPageOptions[0]}
      sort={entity.sort}
      pagination={<ListPagination rowsPerPageOptions={rowsPerPageOptions} />}
      actions={<EntityListActions resource={entity.name} createLabel={createLabel} exportButton={exportButton} />}
      empty={false}
      sx={LIST_SX}
    >
      <GridDataTable
        bulkActionButtons={false}
        rowClick={false}
        empty={<ListEmpty />}
        size="small"
        hiddenColumns={hiddenColumns}
        sx={TABLE_SX}
      >
        {children}
      </GridDataTable>
    </List>
  );
}
