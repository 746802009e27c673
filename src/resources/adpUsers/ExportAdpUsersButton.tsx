/**
 * CSV export of ALL developer-portal users matching the current search and sort, streamed by the
 * server (GET /admin/users/export, adp-users.csv) with the columns the user may see.
 */
import { Button, CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import { saveResponse } from '../../components/sensors/download';
import { useSubmitOnce } from '../../components/useSubmitOnce';
import type { AppDataProvider } from '../../dataProviders/types';
import { useToolbarSearch } from '../../layout/useToolbarSearch';

export function ExportAdpUsersButton() {
  const { sort, total } = useListContext();
  const translate = useTranslate();
  const { search } = useToolbarSearch();
  const dataProvider = useDataProvider<AppDataProvider>();
  const submitting = useSubmitOnce();
  return (
    <Button
      size="small"
      startIcon={submitting.pending ? <CircularProgress size={16} /> : <DownloadIcon />}
      onClick={() =>
        void submitting.run(async () => {
          const response = await dataProvider.exportAdpUsers('adp-users', {
            search: search || undefined,
            sortBy: sort?.field,
            order: sort ? (sort.order.toLowerCase() as 'asc' | 'desc') : undefined,
          });
          await saveResponse(response, 'adp-users.csv');
        })
      }
      disabled={submitting.pending || total === 0}
    >
      {translate('ra.action.export')}
    </Button>
  );
}
