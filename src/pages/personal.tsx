/** Custom pages of the personal area (and the token and audit screens), mounted by App.tsx; loaded on demand. */
import { lazyNamed, type PageRoute } from './pageRoutes';

export const PERSONAL_PAGES: PageRoute[] = [
  { path: '/users/api', component: lazyNamed(() => import('./tokens/ApiManagerPage'), 'ApiManagerPage') },
  { path: '/users/integrations', component: lazyNamed(() => import('./tokens/IntegrationsPage'), 'IntegrationsPage') },
  { path: '/logs/personal', component: lazyNamed(() => import('./logs/PersonalLogsPage'), 'PersonalLogsPage') },
  { path: '/logs/admin', component: lazyNamed(() => import('./logs/SystemLogsPage'), 'SystemLogsPage') },
];
