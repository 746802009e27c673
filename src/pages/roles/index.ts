import { lazyNamed } from '../pageRoutes';

export default { path: '/users/roles', component: lazyNamed(() => import('./RolesPage'), 'RolesPage') };
