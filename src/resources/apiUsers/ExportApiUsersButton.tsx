/**
 * CSV export of ALL API-key users matching the current search, contractor filter and sort, streamed
 * by the server (GET /users/export, api-users.csv) — not a page-by-page export in the browser.
 */
import { Button, CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import { saveResponse } from '../../components/sensors/download';
import { useSubmitOnce } from '../../components/useSubmitOnce';
import type { AppDataProvider } from '../../dataProviders/types';
import { useToolbarSearch } from '../../layout/useToolbarSearch';

export function ExportApiUsersButton() {
  const { sort, total, filterValues } = useListContext();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const submitting = useSubmitOnce();
  const { search } = useToolbarSearch();
  const { contractors } = (filterValues ?? {}) as { contractors?: number[] };
  return (
    <Button
      size="small"
      startIcon={submitting.pending ? <CircularProgress size={16} /> : <DownloadIcon />}
      onClick={() =>
        void submitting.run(async () => {
          const response = await dataProvider.exportApiUsers('api-users', {
            search: search || undefined,
            contractors,
            sortBy: sort?.field,
            order: sort ? (sort.order.toLowerCase() as 'asc' | 'desc') : undefined,
          });
          await saveResponse(response, 'api-users.csv');
        })
      }
      disabled={submitting.pending || total === 0}
    >
      {translate('ra.action.export')}
    </Button>
  );
}
