/** Gen3 versions (list and one) and the per-module binaries of a version (all, newest first, or the active ones). */
import { z } from 'zod';
import { gen3Version } from '../../../../common/entities';
import type { ServiceRoutes } from '../../../http/service';
import { pagedListEndpoint } from '../../../lists/endpoint';
import { activeBinaries, gen3BinaryList, gen3VersionList, requireVersion } from './repository';
import { binaryListQuery, binaryRow, versionListQuery, versionParams, versionRow } from './schemas';

export const gen3VersionRoutes: ServiceRoutes = (app, { db }) => {
  pagedListEndpoint(app, db, gen3VersionList, {
    path: '/versions',
    summary: 'Gen3 versions, newest first',
    tags: ['versions'],
    entity: gen3Version,
    querystring: versionListQuery,
    row: versionRow,
  });

  app.get(
    '/versions/:version',
    {
      config: { permission: 'view_versions' },
      schema: {
        summary: 'One Gen3 version',
        tags: ['versions'],
        params: versionParams,
        response: { 200: z.object({ data: versionRow }) },
      },
    },
    async (request) => ({ data: await requireVersion(db, request.params.version) }),
  );

  pagedListEndpoint(app, db, gen3BinaryList, {
    path: '/binaries/versions/:version',
    summary: 'The binaries of a Gen3 version, newest first',
    tags: ['binaries'],
    params: versionParams,
    querystring: binaryListQuery,
    row: binaryRow,
    envelope: { rows: 'data', total: 'totalCount' },
    permission: 'view_versions',
  });

  app.get(
    '/binaries/versions/:version/active',
    {
      config: { permission: 'view_versions' },
      schema: {
        summary: 'The active binary of each module of a Gen3 version, by module',
        tags: ['binaries'],
        params: versionParams,
        response: { 200: z.object({ data: z.array(binaryRow) }) },
      },
    },
    async (request) => {
      const { version } = request.params;
      await requireVersion(db, version);
      return { data: await activeBinaries(db, version) };
    },
  );
};
