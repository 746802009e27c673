import { SensorStatusPage } from './SensorStatusPage';

export default { path: '/sensors/status', component: SensorStatusPage };
