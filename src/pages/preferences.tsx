/** Custom pages of the preferences area, mounted by App.tsx; loaded on demand. */
import { lazyNamed, type PageRoute } from './pageRoutes';

const savedQueries = () => import('./preferences/SavedQueriesPage');

export const PREFERENCES_PAGES: PageRoute[] = [
  { path: '/preferences/presets', component: lazyNamed(() => import('./preferences/PresetsPage'), 'PresetsPage') },
  { path: '/preferences/queries/installations', component: lazyNamed(savedQueries, 'InstallationQueriesPage') },
  { path: '/preferences/queries/sensors', component: lazyNamed(savedQueries, 'SensorQueriesPage') },
  {
    path: '/help/query-language',
    component: lazyNamed(() => import('./help/QueryLanguageHelpPage'), 'QueryLanguageHelpPage'),
  },
];
