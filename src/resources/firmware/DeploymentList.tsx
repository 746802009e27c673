/**
 * GSM and Wi-Fi deployments (DeploymentsGsmIndex, /deployments/gsm and DeploymentsWifiIndex,
 * /deployments/wifi, view_deployments): newest first, page sizes 10, 20, 50, 100, 1000, refreshed
 * every 20 s until the tab has been hidden 30 s; Halt and Delete per row; a row opens its sensors;
 * "New deployment" with add_deployments. One list, parameterised by the family. The actions column
 * only for a user with halt_deployments or free_deployments.
 */
import { Button, DataTable, List, Pagination, RefreshButton, TopToolbar, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { RelativeDate } from '../../components/DateTimeField';
import { STICKY_END_SX } from '../../layout/stickyColumn';
import { ListEmpty, LIST_SX } from '../ListEmpty';
import { useCanAccessNow } from '../useCanAccessNow';
import { DeploymentActions } from './DeploymentActions';
import { GSM_FAMILY, WIFI_FAMILY, type DeploymentFamilyUi } from './deploymentFamilies';
import { DeploymentStatusField } from './DeploymentStatusField';
import { formatDuration } from './formatDuration';
import type { Deployment } from './types';
import { useDeploymentRefresh } from './useDeploymentRefresh';

const Column = DataTable.Col<Deployment>;

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
  // Without either right no row has an action: no empty column.
  const canHalt = useCanAccessNow({ resource: family.resource, action: 'halt' });
  const canDelete = useCanAccessNow({ resource: family.resource, action: 'delete' });
  const field = (name: string) => `resources.${family.resource}.fields.${name}`;
  return (
    <List
      resource={family.resource}
      title={translate(family.title)}
      storeKey={false}
      exporter={false}
      perPage={10}
      sort={entity.sort}
      queryOptions={{ refetchInterval, refetchIntervalInBackground: refetchInterval !== false }}
      pagination={<Pagination rowsPerPageOptions={[...(entity.perPageOptions ?? [10])]} />}
      actions={<DeploymentListActions family={family} />}
      empty={<ListEmpty />}
      sx={LIST_SX}
    >
      <DataTable bulkActionButtons={false} rowClick={(id) => `${family.path}/${id}/sensors`} empty={<ListEmpty />}>
        <Column source="id" label={field('id')} align="right" />
        <Column
          source="version"
          label={field('version')}
          render={(d) =>
            family.versionChars && d.version ? (
              <Tooltip title={d.version}>
                <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace' }}>
                  {d.version.slice(0, family.versionChars)}
                </Typography>
              </Tooltip>
            ) : (
              (d.version ?? '—')
            )
          }
        />
        <Column
          source="status"
          label={field('status')}
          render={(d) => <DeploymentStatusField status={d.status} reason={d.status_reason} />}
        />
        <Column
          source="strategy"
          label="firmware.deployments.strategy"
          disableSort
          render={(d) =>
            d.strategy === 'ROLLING'
              ? translate('firmware.deployments.rollingEvery', {
                  amount: d.at_once ?? 1,
                  spacing: formatDuration(d.spacing),
                })
              : translate(`firmware.strategy.${d.strategy ?? 'IMMEDIATE'}`)
          }
        />
        <Column source="sensors" label={field('sensors')} disableSort align="right" render={(d) => d.sensors.length} />
        <Column
          source="test_time"
          label="firmware.deployments.grace"
          disableSort
          render={(d) => formatDuration(d.test_time)}
        />
        <Column
          source="blocked_sensors"
          label="firmware.deployments.blocked"
          disableSort
          render={(d) =>
            d.blocked_sensors.length ? (
              <Typography variant="body2" color="error" component="span">
                {d.blocked_sensors.join(', ')}
              </Typography>
            ) : (
              '—'
            )
          }
        />
        <Column source="from_date" label={field('from_date')} render={(d) => <RelativeDate value={d.from_date} />} />
        <Column
          source="till_date"
          label={field('till_date')}
          render={(d) => (d.till_date ? <RelativeDate value={d.till_date} /> : '—')}
        />
        {(canHalt || canDelete) && (
          <Column label="firmware.deployments.actions" disableSort sx={STICKY_END_SX}>
            <DeploymentActions family={family} />
          </Column>
        )}
      </DataTable>
    </List>
  );
}

export const GsmDeploymentList = () => <DeploymentList family={GSM_FAMILY} />;
export const WifiDeploymentList = () => <DeploymentList family={WIFI_FAMILY} />;
