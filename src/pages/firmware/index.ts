/** The GSM and Wi-Fi firmware pages that are not an entity's list (document 2, section 2.9), loaded on demand. */
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
    path: '/deployments/gsm/:id/sensors',
    component: lazyNamed(() => import('./GsmDeploymentSensorsPage'), 'GsmDeploymentSensorsPage'),
  },
  {
    path: '/deployments/wifi/create',
    component: lazyNamed(() => import('./WifiDeploymentCreatePage'), 'WifiDeploymentCreatePage'),
  },
  {
    path: '/deployments/wifi/:id/sensors',
    component: lazyNamed(() => import('./WifiDeploymentSensorsPage'), 'WifiDeploymentSensorsPage'),
  },
  {
    path: '/deployments/wifi/:id/sensors/:binary',
    component: lazyNamed(() => import('./WifiBinaryDetailsPage'), 'WifiBinaryDetailsPage'),
  },
];
