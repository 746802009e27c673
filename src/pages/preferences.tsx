/** Custom pages of the preferences area, mounted by App.tsx. */
import type { PageRoute } from './pageRoutes';
import { QueryLanguageHelpPage } from './help/QueryLanguageHelpPage';
import { PresetsPage } from './preferences/PresetsPage';
import { InstallationQueriesPage, SensorQueriesPage } from './preferences/SavedQueriesPage';

export const PREFERENCES_PAGES: PageRoute[] = [
  { path: '/preferences/presets', component: PresetsPage },
  { path: '/preferences/queries/installations', component: InstallationQueriesPage },
  { path: '/preferences/queries/sensors', component: SensorQueriesPage },
  { path: '/help/query-language', component: QueryLanguageHelpPage },
];
