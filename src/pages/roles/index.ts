import { RolesPage } from './RolesPage';

export default { path: '/users/roles', component: RolesPage };
