import { staffUser } from '../../../common/entities';
import { lazyNamed } from '../../pages/pageRoutes';
import type { ConsoleResource } from '../resource';

export default { entity: staffUser, list: lazyNamed(() => import('./UserList'), 'UserList') } satisfies ConsoleResource;
