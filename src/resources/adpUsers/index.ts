import { adpUser } from '../../../common/entities';
import { lazyNamed } from '../../pages/pageRoutes';
import type { ConsoleResource } from '../resource';

export default {
  entity: adpUser,
  list: lazyNamed(() => import('./AdpUserList'), 'AdpUserList'),
  create: lazyNamed(() => import('./AdpUserCreate'), 'AdpUserCreate'),
} satisfies ConsoleResource;
