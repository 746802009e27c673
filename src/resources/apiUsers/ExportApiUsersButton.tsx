/**
 * CSV export of ALL API-key users matching the current search, contractor filter and sort, streamed
 * by the server (GET /users/export, api-users.csv).
 */
import { useDataProvider } from 'react-admin';
import { ServerExportButton } from '../../components/ServerExportButton';
import type { AppDataProvider } from '../../dataProviders/types';

export function ExportApiUsersButton() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return (
    <ServerExportButton
      fileName="api-users.csv"
      request={({ search, filterValues, sortBy, order }) =>
        dataProvider.exportApiUsers('api-users', {
          search: search || undefined,
          contractors: filterValues.contractors as number[] | undefined,
          sortBy,
          order,
        })
      }
    />
  );
}
