/** The single request's screen (hidden route InstallationRequest), mounted by src/pages/sensors.tsx; loaded on demand. */
import type { PageRoute } from '../../pages/pageRoutes';
import { lazyNamed } from '../../pages/pageRoutes';
import { routeByName } from '../routes';

export default {
  path: routeByName('InstallationRequest').path,
  component: lazyNamed(() => import('./RequestPage'), 'RequestPage'),
} satisfies PageRoute;
