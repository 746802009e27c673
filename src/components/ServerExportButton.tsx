/**
 * The Export button of a list whose CSV the server streams (every matching row, not page by page in
 * the browser): it asks once per click (disabled while the file comes), with the list's sort, the
 * toolbar search and the list's filters, and saves the answer under `fileName`.
 */
import { Button, CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useListContext, useTranslate } from 'react-admin';
import { useToolbarSearch } from '../layout/useToolbarSearch';
import { saveResponse } from './sensors/download';
import { useSubmitOnce } from './useSubmitOnce';

/** What a list export asks with: the list's order, the toolbar search and the list's filters. */
export interface ExportRequest {
  sortBy?: string;
  order?: 'asc' | 'desc';
  search: string;
  advanced: boolean;
  filterValues: Record<string, unknown>;
}

export function ServerExportButton({
  fileName,
  request,
}: {
  fileName: string;
  /** The data provider's export call for this list. */
  request(params: ExportRequest): Promise<Response>;
}) {
  const { sort, total, filterValues } = useListContext();
  const translate = useTranslate();
  const { search, advanced } = useToolbarSearch();
  const submitting = useSubmitOnce();
  return (
    <Button
      size="small"
      startIcon={submitting.pending ? <CircularProgress size={16} /> : <DownloadIcon />}
      onClick={() =>
        void submitting.run(async () => {
          const response = await request({
            sortBy: sort?.field,
            order: sort ? (sort.order.toLowerCase() as 'asc' | 'desc') : undefined,
            search,
            advanced,
            filterValues: (filterValues ?? {}) as Record<string, unknown>,
          });
          await saveResponse(response, fileName);
        })
      }
      disabled={submitting.pending || total === 0}
    >
      {translate('ra.action.export')}
    </Button>
  );
}
