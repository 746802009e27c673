/**
 * GET /users of the API-user manager: API-key users, paged, sorted, searched and filtered by
 * contractor; GET /users/export: every matching user as CSV (api-users.csv), streamed.
 */
import { apiUser } from '../../../../common/entities';
import type { ServiceRoutes } from '../../../http/service';
import { pagedListEndpoint } from '../../../lists/endpoint';
import { apiUserList } from './repository';
import { apiUserExportQuery, apiUserListQuery, apiUserRow } from './schemas';

export const apiUserRoutes: ServiceRoutes = (app, { db }) => {
  pagedListEndpoint(app, db, apiUserList, {
    path: '/users',
    summary: 'API-key users, paged, sorted, searched and filtered by contractor',
    tags: ['users'],
    entity: apiUser,
    querystring: apiUserListQuery,
    row: apiUserRow,
    export: { path: '/users/export', fileName: 'api-users.csv', querystring: apiUserExportQuery },
  });
};
