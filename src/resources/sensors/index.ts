import { SensorList } from './SensorList';

export default { list: SensorList };
