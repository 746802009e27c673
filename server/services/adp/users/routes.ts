/**
 * Developer-portal users: GET /admin/users (paged, sorted, searched), GET /admin/users/export (every
 * matching user as CSV, adp-users.csv, streamed) and GET /admin/users/:id.
 */
import { adpUser } from '../../../../common/entities';
import { notFound } from '../../../http/errors';
import { idParams } from '../../../http/schemas';
import type { ServiceRoutes } from '../../../http/service';
import { pagedListEndpoint } from '../../../lists/endpoint';
import { adpUserList, findAdpUser } from './repository';
import { adpUserExportQuery, adpUserListQuery, adpUserRow, detailResponse } from './schemas';

export const adpUserRoutes: ServiceRoutes = (app, { db }) => {
  pagedListEndpoint(app, db, adpUserList, {
    path: '/admin/users',
    summary: 'Developer-portal users, paged, sorted and searched',
    tags: ['users'],
    entity: adpUser,
    querystring: adpUserListQuery,
    row: adpUserRow,
    export: { path: '/admin/users/export', fileName: 'adp-users.csv', querystring: adpUserExportQuery },
  });

  app.get(
    '/admin/users/:id',
    {
      config: { permission: 'view_panel_users' },
      schema: {
        summary: 'One developer-portal user with settings and access definitions',
        tags: ['users'],
        params: idParams,
        response: { 200: detailResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const user = await findAdpUser(db, id, request.principal.permissions);
      if (!user) throw notFound(`Developer-portal user ${id} does not exist`);
      return { data: { user } };
    },
  );
};
