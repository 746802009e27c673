/**
 * CSV export of ALL installations matching the current search and sort, with the columns on screen,
 * streamed by the server (GET /installations/export, installations.csv).
 */
import { useDataProvider } from 'react-admin';
import { listQuery } from '../../../common/search';
import { ServerExportButton } from '../../components/ServerExportButton';
import type { AppDataProvider } from '../../dataProviders/types';

export function ExportInstallationsButton({ columns }: { columns: string[] }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return (
    <ServerExportButton
      fileName="installations.csv"
      request={({ search, advanced, sortBy, order }) =>
        dataProvider.exportInstallations('installations', {
          query: listQuery(search, advanced),
          sortBy,
          order,
          columns,
        })
      }
    />
  );
}
