import { sensor } from '../../../common/entities';
import type { ConsoleResource } from '../resource';
import { SensorList } from './SensorList';

export default { entity: sensor, list: SensorList } satisfies ConsoleResource;
