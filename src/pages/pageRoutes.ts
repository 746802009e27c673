/** A custom page mounted inside the layout at a route of src/resources/routes.ts, and how pages are loaded. */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface PageRoute {
  path: string;
  component: ComponentType;
}

/**
 * A screen loaded on demand: `lazyNamed(() => import('./logs/SystemLogsPage'), 'SystemLogsPage')`.
 * Its code leaves the console's first download; App.tsx shows it inside a Suspense with a small
 * loading indicator while the chunk arrives.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: React.lazy keeps them
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await load())[name] }));
}
