import { lazyNamed } from '../pageRoutes';

export default {
  path: '/sensors/status',
  component: lazyNamed(() => import('./SensorStatusPage'), 'SensorStatusPage'),
};
