import { installation } from '../../../common/entities';
import type { ConsoleResource } from '../resource';
import { lazyNamed } from '../../pages/pageRoutes';

export default {
  entity: installation,
  list: lazyNamed(() => import('./InstallationList'), 'InstallationList'),
} satisfies ConsoleResource;
