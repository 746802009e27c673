/**
 * GSM versions (DeploymentsGsmVersions, /deployments/gsm/versions, view_versions): 10 per page,
 * version descending, the toolbar search (`?search=`), the status dropdown (add_versions) and a
 * "New version" button (add_versions) to /deployments/gsm/versions/create.
 */
import { Button, List, RefreshButton, TopToolbar, useTranslate } from 'react-admin';
import { ListPagination } from '../../components/ListPagination';
import { Link } from 'react-router-dom';
import AddIcon from '@mui/icons-material/Add';
import { gsmVersion } from '../../../common/entities';
import { RelativeDate } from '../../components/DateTimeField';
import { useToolbarSearch } from '../../layout/useToolbarSearch';
import type { FirmwareVersion } from '../../dataProviders/types';
import { ListEmpty, LIST_SX } from '../ListEmpty';
import { type ColumnRenderers, useDeclaredColumns } from '../DeclaredColumns';
import { useCanAccessNow } from '../useCanAccessNow';
import { useFieldAccess } from '../useFieldAccess';
import { VersionStatusInput } from './VersionStatusInput';
import { GridDataTable } from '../../components/grid/GridDataTable';

type Row = FirmwareVersion & { id: string };
/** The cells; the columns are the declaration's (common/entities/firmware.ts). */
const CELLS: ColumnRenderers<Row> = {
  description: (r) => r.description ?? '—',
  createdDate: (r) => <RelativeDate value={r.createdDate ?? null} />,
  status: { children: <VersionStatusInput /> },
};

function VersionListActions() {
  const canCreate = useCanAccessNow({ resource: gsmVersion.name, action: 'create' });
  return (
    <TopToolbar>
      {canCreate && (
        <Button component={Link} to="/deployments/gsm/versions/create" label="firmware.versions.create">
          <AddIcon />
        </Button>
      )}
      <RefreshButton />
    </TopToolbar>
  );
}

export function GsmVersionList() {
  const translate = useTranslate();
  const { search } = useToolbarSearch();
  const { columns } = useDeclaredColumns(gsmVersion, useFieldAccess(), CELLS);
  return (
    <List
      key={search}
      resource={gsmVersion.name}
      title={translate('firmware.versions.title')}
      storeKey={false}
      exporter={false}
      filter={search ? { search } : undefined}
      perPage={10}
      sort={gsmVersion.sort}
      pagination={<ListPagination rowsPerPageOptions={[10, 20, 50, 100]} />}
      actions={<VersionListActions />}
      empty={<ListEmpty />}
      sx={LIST_SX}
    >
      <GridDataTable bulkActionButtons={false} rowClick={false} empty={<ListEmpty />}>
        {columns}
      </GridDataTable>
    </List>
  );
}
