import { contractorTag, installationTag, sensorTag } from '../../../common/entities';
import type { ConsoleResource } from '../resource';
import { ContractorTagList, InstallationTagList, SensorTagList } from './TagList';

/** The tag screens of the three contexts. */
export default [
  { entity: sensorTag, list: SensorTagList },
  { entity: installationTag, list: InstallationTagList },
  { entity: contractorTag, list: ContractorTagList },
] satisfies ConsoleResource[];
