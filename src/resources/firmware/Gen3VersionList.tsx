/**
 * Gen3 versions (DeploymentsGen3Versions, /deployments/gen3/versions, view_versions): newest first,
 * 10/20/50/100 per page; a row opens the version's page; a create button (add_versions).
 */
import { DataTable, List, Pagination, useTranslate } from 'react-admin';
import { gen3Version, fieldLabelKey } from '../../../common/entities';
import { RelativeDate } from '../../components/DateTimeField';
import type { Gen3Version } from '../../dataProviders/types';
import { ListEmpty, LIST_SX } from '../ListEmpty';
import { Gen3ListActions } from './Gen3ListActions';

const Column = DataTable.Col<Gen3Version & { id: string }>;
const label = (name: string) => fieldLabelKey(gen3Version, name);

export const gen3VersionPath = (version: string) => `/deployments/gen3/versions/${encodeURIComponent(version)}`;

export function Gen3VersionList() {
  const translate = useTranslate();
  return (
    <List
      resource={gen3Version.name}
      title={translate('firmware.gen3.versions.title')}
      storeKey={false}
      exporter={false}
      perPage={10}
      sort={gen3Version.sort}
      pagination={<Pagination rowsPerPageOptions={[...(gen3Version.perPageOptions ?? [10])]} />}
      actions={
        <Gen3ListActions
          entity={gen3Version}
          to="/deployments/gen3/versions/create"
          label="firmware.gen3.versions.create"
        />
      }
      empty={<ListEmpty />}
      sx={LIST_SX}
    >
      <DataTable bulkActionButtons={false} rowClick={(id) => gen3VersionPath(String(id))} empty={<ListEmpty />}>
        <Column source="version" label={label('version')} disableSort />
        <Column source="description" label={label('description')} disableSort render={(v) => v.description ?? '—'} />
        <Column
          source="createdDate"
          label={label('createdDate')}
          disableSort
          render={(v) => <RelativeDate value={v.createdDate} />}
        />
      </DataTable>
    </List>
  );
}
