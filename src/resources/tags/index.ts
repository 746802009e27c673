import { contractorTag, installationTag, sensorTag } from '../../../common/entities';
import { lazyNamed } from '../../pages/pageRoutes';
import type { ConsoleResource } from '../resource';

const tagList = () => import('./TagList');

/** The tag screens of the three contexts. */
export default [
  { entity: sensorTag, list: lazyNamed(tagList, 'SensorTagList') },
  { entity: installationTag, list: lazyNamed(tagList, 'InstallationTagList') },
  { entity: contractorTag, list: lazyNamed(tagList, 'ContractorTagList') },
] satisfies ConsoleResource[];
