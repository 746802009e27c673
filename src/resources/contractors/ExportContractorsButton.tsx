/**
 * CSV export of ALL contractors matching the current search and sort, streamed by the server
 * (GET /contractors/export, contractors.csv).
 */
import { useDataProvider } from 'react-admin';
import { listQuery } from '../../../common/search';
import { ServerExportButton } from '../../components/ServerExportButton';
import type { AppDataProvider } from '../../dataProviders/types';

export function ExportContractorsButton() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return (
    <ServerExportButton
      fileName="contractors.csv"
      request={({ search, advanced, sortBy, order }) =>
        dataProvider.exportContractors('contractors', { query: listQuery(search, advanced), sortBy, order })
      }
    />
  );
}
