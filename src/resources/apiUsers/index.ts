import { apiUser } from '../../../common/entities';
import { lazyNamed } from '../../pages/pageRoutes';
import type { ConsoleResource } from '../resource';

export default {
  entity: apiUser,
  list: lazyNamed(() => import('./ApiUserList'), 'ApiUserList'),
} satisfies ConsoleResource;
