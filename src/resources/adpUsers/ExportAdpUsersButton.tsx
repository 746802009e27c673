/**
 * CSV export of ALL developer-portal users matching the current search and sort, streamed by the
 * server (GET /admin/users/export, adp-users.csv) with the columns the user may see.
 */
import { useDataProvider } from 'react-admin';
import { ServerExportButton } from '../../components/ServerExportButton';
import type { AppDataProvider } from '../../dataProviders/types';

export function ExportAdpUsersButton() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return (
    <ServerExportButton
      fileName="adp-users.csv"
      request={({ search, sortBy, order }) =>
        dataProvider.exportAdpUsers('adp-users', { search: search || undefined, sortBy, order })
      }
    />
  );
}
