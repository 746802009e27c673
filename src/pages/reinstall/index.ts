import { lazy } from 'react';

/** Loaded on demand: the map (Leaflet) and its outlines stay out of the console's first download. */
export default {
  path: '/installations/reinstallation/:installationId',
  component: lazy(() => import('./ReinstallPage')),
};
