/** The GSM firmware pages that are not an entity's list (document 2, section 2.9), loaded on demand. */
import { lazyNamed, type PageRoute } from '../pageRoutes';

export const FIRMWARE_PAGES: PageRoute[] = [
  {
    path: '/deployments/gsm/versions/create',
    component: lazyNamed(() => import('./GsmVersionCreatePage'), 'GsmVersionCreatePage'),
  },
  {
    path: '/deployments/gsm/create',
    component: lazyNamed(() => import('./GsmDeploymentCreatePage'), 'GsmDeploymentCreatePage'),
  },
  {
    path: '/deployments/gsm/quarantine',
    component: lazyNamed(() => import('./QuarantinePage'), 'GsmQuarantinePage'),
  },
  {
    path: '/deployments/wifi/quarantine',
    component: lazyNamed(() => import('./QuarantinePage'), 'WifiQuarantinePage'),
  },
  {
    path: '/deployments/gsm/:id/sensors',
    component: lazyNamed(() => import('./GsmDeploymentSensorsPage'), 'GsmDeploymentSensorsPage'),
  },
];
