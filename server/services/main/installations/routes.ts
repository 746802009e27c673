/** GET /installations and GET /installations/export (streamed CSV): the installations list, its row schema derived from the declaration (tag_<id> columns too). */
import { installation } from '../../../../common/entities';
import type { ServiceRoutes } from '../../../http/service';
import { listEndpoint } from '../../../lists/endpoint';
import { MAX_LIST_LIMIT } from '../../../lists/params';
import { rowSchema } from '../../../lists/schemas';
import { installationList } from './repository';

const installationRow = rowSchema(installation)
  .loose()
  .describe('Fields the caller may not see are left out; tag_<id> per visible installation tag.');

export const installationRoutes: ServiceRoutes = (app, { db }) => {
  listEndpoint(app, db, installationList, {
    path: '/installations',
    summary: 'Installations (current ones unless the query names removedAt), paged, sorted and filtered by a query',
    maxLimit: MAX_LIST_LIMIT,
    row: installationRow,
    export: { path: '/installations/export', fileName: 'installations.csv' },
  });
};
