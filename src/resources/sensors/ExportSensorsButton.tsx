/**
 * CSV export of ALL sensors matching the current search and sort, produced by the server
 * (`GET /sensors/export`, `;`-separated with a byte-order mark, sensors.csv) — not react-admin's
 * client-side export, which stops at 1,000 rows.
 */
import { Button, CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import { listQuery } from '../../../common/search';
import { saveResponse } from '../../components/sensors/download';
import { useToolbarSearch } from '../../layout/useToolbarSearch';
import type { AppDataProvider } from '../../dataProviders/types';
import { useSubmitOnce } from '../../components/useSubmitOnce';

export function ExportSensorsButton() {
  const { sort, total } = useListContext();
  const translate = useTranslate();
  const { search, advanced } = useToolbarSearch();
  const dataProvider = useDataProvider<AppDataProvider>();
  const submitting = useSubmitOnce();
  const exportCsv = useMutation({
    mutationFn: async () => {
      const response = await dataProvider.exportSensors('sensors', {
        query: listQuery(search, advanced),
        sortBy: sort?.field,
        order: sort ? (sort.order.toLowerCase() as 'asc' | 'desc') : undefined,
      });
      return saveResponse(response, 'sensors.csv');
    },
  });
  return (
    <Button
      size="small"
      startIcon={submitting.pending ? <CircularProgress size={16} /> : <DownloadIcon />}
      onClick={() => void submitting.run(() => exportCsv.mutateAsync())}
      disabled={submitting.pending || total === 0}
    >
      {translate('ra.action.export')}
    </Button>
  );
}
