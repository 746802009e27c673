/** GET /installations/requests/ (and without the slash) and the open-request count of the sidebar badge. */
import { z } from 'zod';
import { installationRequest } from '../../../../common/entities';
import type { ServiceRoutes } from '../../../http/service';
import { listEndpoint } from '../../../lists/endpoint';
import { MAX_LIST_LIMIT } from '../../../lists/params';
import { rowSchema } from '../../../lists/schemas';
import { fileLinksFor } from '../../../storage/fileLinks';
import { openRequestCount, requestListWith } from './repository';

const imageSchema = z.object({ link: z.string(), location: z.string().nullable() });

export const requestRoutes: ServiceRoutes = (app, { db, config }) => {
  listEndpoint(app, db, requestListWith(fileLinksFor(config)), {
    path: '/installations/requests/',
    aliases: ['/installations/requests'],
    summary:
      'Installation requests, paged, sorted and filtered by a query (state in (HOLD, WAITING), SEARCH("text"), …)',
    maxLimit: MAX_LIST_LIMIT,
    row: rowSchema(installationRequest).extend({ images: z.array(imageSchema) }),
  });

  app.get(
    '/installations/requests/open/count',
    {
      config: { permission: 'view_installation_requests' },
      schema: {
        summary: 'Number of open (WAITING or HOLD) installation requests',
        tags: ['installation-requests'],
        response: { 200: z.object({ count: z.number().int() }) },
      },
    },
    async () => ({ count: await openRequestCount(db) }),
  );
};
