/**
 * Sensors (/sensors, view_sensors): a server-paged table searched from the toolbar (plain text or
 * the query language, from the URL), with refresh and a server-side CSV export. Status editor,
 * factor chips and one column per sensor tag edit in place; row actions open the previous
 * installations, restart (GSM, NBIOT) and retire. Columns follow the VIEW_* permissions.
 */
import { Box } from '@mui/material';
import { DataTable, List, RefreshButton, TopToolbar, useTranslate } from 'react-admin';
import { ListPagination } from '../../components/ListPagination';
import { ColumnsButton } from '../../components/ColumnsButton';
import { CALIBRATION_PARAMS, DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../common/domain';
import { useToolbarSearch } from '../../layout/useToolbarSearch';
import { useCanAccessNow } from '../useCanAccessNow';
import { sensor } from '../../../common/entities';
import { useTags } from '../tags/useTags';
import { ExportSensorsButton } from './ExportSensorsButton';
import { RestartSensorButton } from './RestartSensorButton';
import { RetireSensorButton } from './RetireSensorButton';
import { SensorContractorField } from './SensorContractorField';
import { SensorFactorsField } from './SensorFactorsField';
import { useFieldAccess } from '../useFieldAccess';
import { useDeclaredColumns } from '../DeclaredColumns';
import { SensorHistoryButton } from './SensorHistoryButton';
import { SensorStatusInput } from './SensorStatusInput';
import { SensorTagField } from './SensorTagField';
import type { Sensor } from './types';
import { ListEmpty, LIST_SX } from '../ListEmpty';
import { GridDataTable } from '../../components/grid/GridDataTable';

const Column = DataTable.Col<Sensor>;
const rowsPerPageOptions = [...PAGE_SIZES];
/** The row actions (previous installations, restart, retire): without any of them, no Actions column. */
const SensorListActions = () => (
  <TopToolbar>
    <ColumnsButton />
    <RefreshButton />
    <ExportSensorsButton />
  </TopToolbar>
);

/** Each action keeps its own slot, so the icons line up from row to row. */
const SensorActions = () => (
  <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 34px)', justifyContent: 'end', justifyItems: 'center' }}>
    <Box>
      <SensorHistoryButton />
    </Box>
    <Box>
      <RestartSensorButton />
    </Box>
    <Box>
      <RetireSensorButton />
    </Box>
  </Box>
);

const mono = { fontFamily: 'monospace', fontSize: 12 } as const;

export function SensorList() {
  const translate = useTranslate();
  const { search, advanced } = useToolbarSearch();
  const access = useFieldAccess();
  const { tags } = useTags('sensors');
  const showFactors = CALIBRATION_PARAMS.some((p) => access.factors(p, 'view'));
  // The row actions: history, restart, retire.
  const canHistory = useCanAccessNow({ resource: 'sensors', action: 'history' });
  const canRestart = useCanAccessNow({ resource: 'sensors', action: 'restart' });
  const canRetire = useCanAccessNow({ resource: 'sensors', action: 'delete' });
  const showActions = canHistory || canRestart || canRetire;
  // The columns are the declaration's (common/entities/sensor.ts); the measured parameters are
  // optional there, since the factor chips already name them.
  const { columns, hiddenColumns } = useDeclaredColumns<Sensor>(sensor, access, {
    id: { align: 'left' },
    currentInstallationId: { align: 'left', render: (s) => s.info.currentInstallationId ?? '—' },
    sensorToken: (s) => <Box sx={mono}>{s.info.sensorToken ?? '—'}</Box>,
    communication: (s) => s.info.communication ?? '—',
    contractorName: () => <SensorContractorField />,
    status: () => <SensorStatusInput />,
    measured: (s) => s.info.measured?.join(', ') || '—',
    factors: showFactors && (() => <SensorFactorsField />),
    tags: {
      columns: tags.map((tag) => (
        <Column
          key={`tag-${tag.id}`}
          source={`tags.${tag.id}`}
          label={tag.name}
          disableSort
          render={() => <SensorTagField tag={tag} />}
        />
      )),
    },
    actions: showActions && { align: 'right', render: () => <SensorActions /> },
  });

  return (
    <List
      resource="sensors"
      title={translate('resources.sensors.name')}
      storeKey={false}
      filter={search ? { search, advanced } : undefined}
      perPage={DEFAULT_PAGE_SIZE}
      sort={sensor.sort}
      pagination={<ListPagination rowsPerPageOptions={rowsPerPageOptions} />}
      actions={<SensorListActions />}
      empty={false}
      sx={LIST_SX}
    >
      <GridDataTable
        bulkActionButtons={false}
        rowClick={false}
        empty={<ListEmpty />}
        size="small"
        hiddenColumns={hiddenColumns}
      >
        {columns}
      </GridDataTable>
    </List>
  );
}
