/** The GSM and Wi-Fi firmware resources: versions and deployments (document 2, section 2.9), lists loaded on demand. */
import { gsmDeployment, gsmVersion, wifiDeployment } from '../../../common/entities';
import { lazyNamed } from '../../pages/pageRoutes';
import type { ConsoleResource } from '../resource';

export default [
  { entity: gsmVersion, list: lazyNamed(() => import('./GsmVersionList'), 'GsmVersionList') },
  { entity: gsmDeployment, list: lazyNamed(() => import('./DeploymentList'), 'GsmDeploymentList') },
  { entity: wifiDeployment, list: lazyNamed(() => import('./DeploymentList'), 'WifiDeploymentList') },
] satisfies ConsoleResource[];
