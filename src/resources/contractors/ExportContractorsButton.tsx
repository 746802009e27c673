/**
 * CSV export of ALL contractors matching the current search and sort, streamed by the server
 * (GET /contractors/export, contractors.csv) — not a page-by-page export in the browser.
 */
import { Button, CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import { listQuery } from '../../../common/search';
import { saveResponse } from '../../components/sensors/download';
import { useSubmitOnce } from '../../components/useSubmitOnce';
import type { AppDataProvider } from '../../dataProviders/types';
import { useToolbarSearch } from '../../layout/useToolbarSearch';

export function ExportContractorsButton() {
  const { sort, total } = useListContext();
  const translate = useTranslate();
  const { search, advanced } = useToolbarSearch();
  const dataProvider = useDataProvider<AppDataProvider>();
  const submitting = useSubmitOnce();
  return (
    <Button
      size="small"
      startIcon={submitting.pending ? <CircularProgress size={16} /> : <DownloadIcon />}
      onClick={() =>
        void submitting.run(async () => {
          const response = await dataProvider.exportContractors('contractors', {
            query: listQuery(search, advanced),
            sortBy: sort?.field,
            order: sort ? (sort.order.toLowerCase() as 'asc' | 'desc') : undefined,
          });
          await saveResponse(response, 'contractors.csv');
        })
      }
      disabled={submitting.pending || total === 0}
    >
      {translate('ra.action.export')}
    </Button>
  );
}
