import { staffUser } from '../../../common/entities';
import type { ConsoleResource } from '../resource';
import { UserList } from './UserList';

export default { entity: staffUser, list: UserList } satisfies ConsoleResource;
