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
  LOADERS.add(load);
  const component = lazy(async () => ({ default: (await load())[name] }));
  LOADER_OF.set(component, load);
  return component;
}

const LOADERS = new Set<() => Promise<unknown>>();
const LOADER_OF = new WeakMap<object, () => Promise<unknown>>();

/**
 * Fetches the code of one screen of `lazyNamed` now (nothing for any other component), so that
 * its first opening does not wait; a failure is left to that opening, which fetches it again.
 */
export function preloadPage(component: ComponentType): void {
  LOADER_OF.get(component)?.().catch(() => undefined);
}
let preloading = false;

/**
 * Fetches the code of every screen loaded on demand in the background, one chunk at a time while
 * the browser is idle, once per page load. A click on a menu entry then never waits for its chunk
 * — during that wait React keeps the previous screen, whose buttons still work. Production builds
 * only (the development server compiles each module on request).
 */
export function preloadPages(): void {
  if (preloading || !import.meta.env.PROD) return;
  preloading = true;
  const idle = (next: () => void) =>
    'requestIdleCallback' in window ? window.requestIdleCallback(next, { timeout: 2000 }) : setTimeout(next, 200);
  const queue = [...LOADERS];
  const step = () => {
    const load = queue.shift();
    if (!load) return;
    // A chunk that fails now is fetched again when its screen is opened.
    load().then(
      () => idle(step),
      () => idle(step),
    );
  };
  idle(step);
}
