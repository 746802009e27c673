/** Custom pages of the personal area (and the token and audit screens), mounted by App.tsx. */
import type { PageRoute } from './pageRoutes';
import { ApiManagerPage } from './tokens/ApiManagerPage';
import { IntegrationsPage } from './tokens/IntegrationsPage';
import { PersonalLogsPage } from './logs/PersonalLogsPage';
import { SystemLogsPage } from './logs/SystemLogsPage';

export const PERSONAL_PAGES: PageRoute[] = [
  { path: '/users/api', component: ApiManagerPage },
  { path: '/users/integrations', component: IntegrationsPage },
  { path: '/logs/personal', component: PersonalLogsPage },
  { path: '/logs/admin', component: SystemLogsPage },
];
