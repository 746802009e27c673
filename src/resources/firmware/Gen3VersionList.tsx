/**
 * Gen3 versions (DeploymentsGen3Versions, /deployments/gen3/versions, view_versions): newest first,
 * 10/20/50/100 per page; a row opens the version's page; a create button (add_versions).
 */
import { List, useTranslate } from 'react-admin';
import { ListPagination } from '../../components/ListPagination';
import { gen3Version } from '../../../common/entities';
import { RelativeDate } from '../../components/DateTimeField';
import type { Gen3Version } from '../../dataProviders/types';
import { type ColumnRenderers, useDeclaredColumns } from '../DeclaredColumns';
import { ListEmpty, LIST_SX } from '../ListEmpty';
import { useFieldAccess } from '../useFieldAccess';
import { Gen3ListActions } from './Gen3ListActions';
import { GridDataTable } from '../../components/grid/GridDataTable';

/** The cells; the columns are the declaration's (common/entities/firmware.ts). */
const CELLS: ColumnRenderers<Gen3Version & { id: string }> = {
  description: (v) => v.description ?? '—',
  createdDate: (v) => <RelativeDate value={v.createdDate} />,
};

export const gen3VersionPath = (version: string) => `/deployments/gen3/versions/${encodeURIComponent(version)}`;

export function Gen3VersionList() {
  const translate = useTranslate();
  const { columns } = useDeclaredColumns(gen3Version, useFieldAccess(), CELLS);
  return (
    <List
      resource={gen3Version.name}
      title={translate('firmware.gen3.versions.title')}
      storeKey={false}
      exporter={false}
      perPage={10}
      sort={gen3Version.sort}
      pagination={<ListPagination rowsPerPageOptions={[...(gen3Version.perPageOptions ?? [10])]} />}
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
      <GridDataTable bulkActionButtons={false} rowClick={(id) => gen3VersionPath(String(id))} empty={<ListEmpty />}>
        {columns}
      </GridDataTable>
    </List>
  );
}
