/** GET /versions of the GSM updater: firmware versions, paged, searched and sorted. */
import { gsmVersion } from '../../../../common/entities';
import type { ServiceRoutes } from '../../../http/service';
import { pagedListEndpoint } from '../../../lists/endpoint';
import { gsmVersionList } from './repository';
import { versionListQuery, versionRow } from './schemas';

export const gsmVersionRoutes: ServiceRoutes = (app, { db }) => {
  pagedListEndpoint(app, db, gsmVersionList, {
    path: '/versions',
    summary: 'GSM firmware versions, paged; by default newest version number first',
    tags: ['versions'],
    entity: gsmVersion,
    querystring: versionListQuery,
    row: versionRow,
  });
};
