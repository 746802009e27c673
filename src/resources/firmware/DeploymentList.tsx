/**
 * GSM and Wi-Fi deployments (DeploymentsGsmIndex, /deployments/gsm and DeploymentsWifiIndex,
 * /deployments/wifi, view_deployments): newest first, page sizes 10, 20, 50, 100, 1000, refreshed
 * every 20 s until the tab has been hidden 30 s; Halt and Delete per row; a row opens its sensors;
 * "New deployment" with add_deployments. One list, parameterised by the family. The actions column
 * only for a user with halt_deployments or free_deployments.
 */
import { Button, List, RefreshButton, TopToolbar, useTranslate } from 'react-admin';
import { ListPagination } from '../../components/ListPagination';
import { Link } from 'react-router-dom';
import { Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { RelativeDate } from '../../components/DateTimeField';
import { STICKY_END_SX } from '../../layout/stickyColumn';
import { ListEmpty, LIST_SX } from '../ListEmpty';
import { useDeclaredColumns } from '../DeclaredColumns';
import { useCanAccessNow } from '../useCanAccessNow';
import { useFieldAccess } from '../useFieldAccess';
import { DeploymentActions } from './DeploymentActions';
import { GSM_FAMILY, WIFI_FAMILY, type DeploymentFamilyUi } from './deploymentFamilies';
import { DeploymentStatusField } from './DeploymentStatusField';
import { formatDuration } from './formatDuration';
import type { Deployment } from './types';
import { useDeploymentRefresh } from './useDeploymentRefresh';
import { GridDataTable } from '../../components/grid/GridDataTable';

function DeploymentListActions({ family }: { family: DeploymentFamilyUi }) {
  const canCreate = useCanAccessNow({ resource: family.resource, action: 'create' });
  return (
    <TopToolbar>
      {canCreate && (
        <Button component={Link} to={`${family.path}/create`} label="firmware.deployments.create">
          <AddIcon />
        </Button>
      )}
      <RefreshButton />
    </TopToolbar>
  );
}

export function DeploymentList({ family }: { family: DeploymentFamilyUi }) {
  const translate = useTranslate();
  const refetchInterval = useDeploymentRefresh();
  const { entity } = family;
  const canHalt = useCanAccessNow({ resource: family.resource, action: 'halt' });
  const canDelete = useCanAccessNow({ resource: family.resource, action: 'delete' });
  const { columns } = useDeclaredColumns<Deployment>(entity, useFieldAccess(), {
    version: (d) =>
      family.versionChars && d.version ? (
        <Tooltip title={d.version}>
          <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace' }}>
            {d.version.slice(0, family.versionChars)}
          </Typography>
        </Tooltip>
      ) : (
        (d.version ?? '—')
      ),
    status: (d) => <DeploymentStatusField status={d.status} reason={d.status_reason} />,
    strategy: (d) =>
      d.strategy === 'ROLLING'
        ? translate('firmware.deployments.rollingEvery', {
            amount: d.at_once ?? 1,
            spacing: formatDuration(d.spacing),
          })
        : translate(`firmware.strategy.${d.strategy ?? 'IMMEDIATE'}`),
    sensors: { align: 'right', render: (d) => d.sensors.length },
    test_time: { align: 'left', render: (d) => formatDuration(d.test_time) },
    blocked_sensors: (d) =>
      d.blocked_sensors.length ? (
        <Typography variant="body2" color="error" component="span">
          {d.blocked_sensors.join(', ')}
        </Typography>
      ) : (
        '—'
      ),
    from_date: (d) => <RelativeDate value={d.from_date} />,
    till_date: (d) => (d.till_date ? <RelativeDate value={d.till_date} /> : '—'),
    // Without either right no row has an action: no empty column.
    actions: (canHalt || canDelete) && { sx: STICKY_END_SX, children: <DeploymentActions family={family} /> },
  });
  return (
    <List
      resource={family.resource}
      title={translate(family.title)}
      storeKey={false}
      exporter={false}
      perPage={10}
      sort={entity.sort}
      queryOptions={{ refetchInterval, refetchIntervalInBackground: refetchInterval !== false }}
      pagination={<ListPagination rowsPerPageOptions={[...(entity.perPageOptions ?? [10])]} />}
      actions={<DeploymentListActions family={family} />}
      empty={<ListEmpty />}
      sx={LIST_SX}
    >
      <GridDataTable bulkActionButtons={false} rowClick={(id) => `${family.path}/${id}/sensors`} empty={<ListEmpty />}>
        {columns}
      </GridDataTable>
    </List>
  );
}

export const GsmDeploymentList = () => <DeploymentList family={GSM_FAMILY} />;
export const WifiDeploymentList = () => <DeploymentList family={WIFI_FAMILY} />;
