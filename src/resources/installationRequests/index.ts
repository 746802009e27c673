import { installationRequest } from '../../../common/entities';
import { lazyNamed } from '../../pages/pageRoutes';
import type { ConsoleResource } from '../resource';

export default {
  entity: installationRequest,
  list: lazyNamed(() => import('./RequestList'), 'RequestList'),
} satisfies ConsoleResource;
