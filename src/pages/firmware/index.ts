/** The firmware pages (GSM, Wi-Fi, Gen3) that are not an entity's list (document 2, section 2.9), loaded on demand. */
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
  {
    path: '/deployments/gen3/create',
    component: lazyNamed(() => import('./Gen3DeploymentCreatePage'), 'Gen3DeploymentCreatePage'),
  },
  {
    path: '/deployments/gen3/versions/create',
    component: lazyNamed(() => import('./Gen3VersionCreatePage'), 'Gen3VersionCreatePage'),
  },
  {
    path: '/deployments/gen3/versions/:version',
    component: lazyNamed(() => import('./Gen3VersionPage'), 'Gen3VersionPage'),
  },
  {
    path: '/deployments/gen3/versions/:version/binaries',
    component: lazyNamed(() => import('./Gen3BinaryListPage'), 'Gen3BinaryListPage'),
  },
  {
    path: '/deployments/gen3/versions/:version/binaries/create',
    component: lazyNamed(() => import('./Gen3BinaryUploadPage'), 'Gen3BinaryUploadPage'),
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
