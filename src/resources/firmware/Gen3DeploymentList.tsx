/**
 * Gen3 deployments (DeploymentsGen3Index, /deployments/gen3, view_deployments): id, sensor, version,
 * created and applied dates, newest first (the updater takes no sort), 10/20/50/100 per page,
 * refreshed like the other deployment lists, and a create button (add_deployments).
 */
import { List, useTranslate } from 'react-admin';
import { ListPagination } from '../../components/ListPagination';
import { gen3Deployment } from '../../../common/entities';
import { RelativeDate } from '../../components/DateTimeField';
import { type ColumnRenderers, useDeclaredColumns } from '../DeclaredColumns';
import { ListEmpty, LIST_SX } from '../ListEmpty';
import { useFieldAccess } from '../useFieldAccess';
import { Gen3ListActions } from './Gen3ListActions';
import { useDeploymentRefresh } from './useDeploymentRefresh';
import { GridDataTable } from '../../components/grid/GridDataTable';

interface Gen3Deployment {
  id: number;
  sensorId: number | null;
  version: string | null;
  createdDate: string;
  appliedDate: string | null;
}

/** The cells; the columns are the declaration's (common/entities/firmware.ts). */
const CELLS: ColumnRenderers<Gen3Deployment> = {
  createdDate: (d) => <RelativeDate value={d.createdDate} />,
  appliedDate: (d) => (d.appliedDate ? <RelativeDate value={d.appliedDate} /> : '—'),
};

export function Gen3DeploymentList() {
  const translate = useTranslate();
  const refetchInterval = useDeploymentRefresh();
  const { columns } = useDeclaredColumns(gen3Deployment, useFieldAccess(), CELLS);
  return (
    <List
      resource={gen3Deployment.name}
      title={translate('firmware.gen3.deployments.title')}
      storeKey={false}
      exporter={false}
      perPage={10}
      sort={gen3Deployment.sort}
      queryOptions={{ refetchInterval, refetchIntervalInBackground: refetchInterval !== false }}
      pagination={<ListPagination rowsPerPageOptions={[...(gen3Deployment.perPageOptions ?? [10])]} />}
      actions={
        <Gen3ListActions
          entity={gen3Deployment}
          to="/deployments/gen3/create"
          label="firmware.gen3.deployments.create"
        />
      }
      empty={<ListEmpty />}
      sx={LIST_SX}
    >
      <GridDataTable bulkActionButtons={false} rowClick={false} empty={<ListEmpty />}>
        {columns}
      </GridDataTable>
    </List>
  );
}
