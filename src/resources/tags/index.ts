import { ContractorTagList, InstallationTagList, SensorTagList } from './TagList';

/** The tags screens, by resource name. */
export default {
  'sensors/tags': SensorTagList,
  'installations/tags': InstallationTagList,
  'contractors/tags': ContractorTagList,
};
