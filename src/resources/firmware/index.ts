/** The firmware resources of the three families: versions and deployments (document 2, section 2.9), lists loaded on demand. */
import { gen3Deployment, gen3Version, gsmDeployment, gsmVersion, wifiDeployment } from '../../../common/entities';
import { lazyNamed } from '../../pages/pageRoutes';
import type { ConsoleResource } from '../resource';

export default [
  { entity: gsmVersion, list: lazyNamed(() => import('./GsmVersionList'), 'GsmVersionList') },
  { entity: gen3Version, list: lazyNamed(() => import('./Gen3VersionList'), 'Gen3VersionList') },
  { entity: gen3Deployment, list: lazyNamed(() => import('./Gen3DeploymentList'), 'Gen3DeploymentList') },
  { entity: gsmDeployment, list: lazyNamed(() => import('./DeploymentList'), 'GsmDeploymentList') },
  { entity: wifiDeployment, list: lazyNamed(() => import('./DeploymentList'), 'WifiDeploymentList') },
] satisfies ConsoleResource[];
