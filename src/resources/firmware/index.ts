/** The GSM and Gen3 firmware resources: versions and deployments (document 2, section 2.9), lists loaded on demand. */
import { gen3Deployment, gen3Version, gsmDeployment, gsmVersion } from '../../../common/entities';
import { lazyNamed } from '../../pages/pageRoutes';
import type { ConsoleResource } from '../resource';

export default [
  { entity: gsmVersion, list: lazyNamed(() => import('./GsmVersionList'), 'GsmVersionList') },
  { entity: gsmDeployment, list: lazyNamed(() => import('./GsmDeploymentList'), 'GsmDeploymentList') },
  { entity: gen3Version, list: lazyNamed(() => import('./Gen3VersionList'), 'Gen3VersionList') },
  { entity: gen3Deployment, list: lazyNamed(() => import('./Gen3DeploymentList'), 'Gen3DeploymentList') },
] satisfies ConsoleResource[];
