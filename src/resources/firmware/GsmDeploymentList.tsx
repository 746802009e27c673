/**
 * GSM deployments (DeploymentsGsmIndex, /deployments/gsm, view_deployments): newest first, page
 * sizes 10, 20, 50, 100, 1000, refreshed every 20 s until the tab has been hidden 30 s; Halt and
 * Delete per row; a row opens its sensors; "New deployment" with add_deployments.
 */
import { Button, DataTable, List, Pagination, RefreshButton, TopToolbar, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { gsmDeployment } from '../../../common/entities';
import { RelativeDate } from '../../components/DateTimeField';
import { ListEmpty, LIST_SX } from '../ListEmpty';
import { useCanAccessNow } from '../useCanAccessNow';
import { DeploymentActions } from './DeploymentActions';
import { DeploymentStatusField } from './DeploymentStatusField';
import { formatDuration } from './formatDuration';
import type { Deployment } from './types';
import { useDeploymentRefresh } from './useDeploymentRefresh';

const Column = DataTable.Col<Deployment>;
const field = (name: string) => `resources.deployments/gsm.fields.${name}`;

function DeploymentListActions() {
  const canCreate = useCanAccessNow({ resource: gsmDeployment.name, action: 'create' });
  return (
    <TopToolbar>
      {canCreate && (
        <Button component={Link} to="/deployments/gsm/create" label="firmware.deployments.create">
          <AddIcon />
        </Button>
      )}
      <RefreshButton />
    </TopToolbar>
  );
}

export function GsmDeploymentList() {
  const translate = useTranslate();
  const refetchInterval = useDeploymentRefresh();
  return (
    <List
      resource={gsmDeployment.name}
      title={translate('firmware.deployments.title')}
      storeKey={false}
      exporter={false}
      perPage={10}
      sort={gsmDeployment.sort}
      queryOptions={{ refetchInterval, refetchIntervalInBackground: refetchInterval !== false }}
      pagination={<Pagination rowsPerPageOptions={[...(gsmDeployment.perPageOptions ?? [10])]} />}
      actions={<DeploymentListActions />}
      empty={<ListEmpty />}
      sx={LIST_SX}
    >
      <DataTable bulkActionButtons={false} rowClick={(id) => `/deployments/gsm/${id}/sensors`} empty={<ListEmpty />}>
        <Column source="id" label={field('id')} align="right" />
        <Column source="version" label={field('version')} />
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
        <Column label="firmware.deployments.actions" disableSort>
          <DeploymentActions />
        </Column>
      </DataTable>
    </List>
  );
}
