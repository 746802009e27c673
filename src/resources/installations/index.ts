import { installation } from '../../../common/entities';
import type { ConsoleResource } from '../resource';
import { InstallationList } from './InstallationList';

export default { entity: installation, list: InstallationList } satisfies ConsoleResource;
