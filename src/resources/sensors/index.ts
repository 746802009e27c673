import { sensor } from '../../../common/entities';
import { lazyNamed } from '../../pages/pageRoutes';
import type { ConsoleResource } from '../resource';

export default {
  entity: sensor,
  list: lazyNamed(() => import('./SensorList'), 'SensorList'),
} satisfies ConsoleResource;
