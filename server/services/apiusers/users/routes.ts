/** GET /users of the API-user manager: API-key users, paged, sorted, searched and filtered by contractor. */
import { apiUser } from '../../../../common/entities';
import type { ServiceRoutes } from '../../../http/service';
import { pagedListEndpoint } from '../../../lists/endpoint';
import { apiUserList } from './repository';
import { apiUserListQuery, apiUserRow } from './schemas';

export const apiUserRoutes: ServiceRoutes = (app, { db }) => {
  pagedListEndpoint(app, db, apiUserList, {
    path: '/users',
    summary: 'API-key users, paged, sorted, searched and filtered by contractor',
    tags: ['users'],
    entity: apiUser,
    querystring: apiUserListQuery,
    row: apiUserRow,
  });
};
