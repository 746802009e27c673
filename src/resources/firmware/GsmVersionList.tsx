/**
 * GSM versions (DeploymentsGsmVersions, /deployments/gsm/versions, view_versions): 10 per page,
 * version descending, the toolbar search (`?search=`), the status dropdown (add_versions) and a
 * "New version" button (add_versions) to /deployments/gsm/versions/create.
 */
import { Button, DataTable, List, Pagination, RefreshButton, TopToolbar, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import AddIcon from '@mui/icons-material/Add';
import { gsmVersion } from '../../../common/entities';
import { RelativeDate } from '../../components/DateTimeField';
import { useToolbarSearch } from '../../layout/useToolbarSearch';
import type { FirmwareVersion } from '../../dataProviders/types';
import { ListEmpty, LIST_SX } from '../ListEmpty';
import { useCanAccessNow } from '../useCanAccessNow';
import { VersionStatusInput } from './VersionStatusInput';

const Column = DataTable.Col<FirmwareVersion & { id: string }>;

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
      pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}
      actions={<VersionListActions />}
      empty={<ListEmpty />}
      sx={LIST_SX}
    >
      <DataTable bulkActionButtons={false} rowClick={false} empty={<ListEmpty />}>
        <Column source="version" label="resources.deployments/gsm/versions.fields.version" />
        <Column
          source="description"
          label="resources.deployments/gsm/versions.fields.description"
          disableSort
          render={(r) => r.description ?? '—'}
        />
        <Column
          source="createdDate"
          label="resources.deployments/gsm/versions.fields.createdDate"
          render={(r) => <RelativeDate value={r.createdDate ?? null} />}
        />
        <Column source="status" label="resources.deployments/gsm/versions.fields.status">
          <VersionStatusInput />
        </Column>
      </DataTable>
    </List>
  );
}
