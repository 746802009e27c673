/** A custom page mounted inside the layout at a route of src/resources/routes.ts, and how pages are loaded. */
import { createElement, lazy, useState, type ComponentProps, type ComponentType } from 'react';

export interface PageRoute {
  path: string;
  component: ComponentType;
}

/**
 * A screen loaded on demand: `lazyNamed(() => import('./logs/SystemLogsPage'), 'SystemLogsPage')`.
 * Its code leaves the console's first download; App.tsx shows it inside a Suspense with a small
 * loading indicator while the chunk arrives.
 *
 * Unlike a bare React.lazy, a screen whose code is already here (fetched in the background, or
 * opened before) renders at once: React.lazy suspends on its first render even then, and React
 * keeps a fallback it has shown for at least 300 ms — every first opening of a screen, the first
 * screen after sign-in included, waited that long for nothing.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the screen keeps them
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): ComponentType<ComponentProps<M[K]>> {
  let loaded: M[K] | undefined;
  let fetching: Promise<void> | undefined;
  // One fetch for every caller; after a failure the next caller tries again.
  const fetchCode = () =>
    (fetching ??= load().then(
      (module) => {
        loaded = module[name];
      },
      (err: unknown) => {
        fetching = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(async () => {
    await fetchCode();
    return { default: loaded! };
  });
  function Screen(props: ComponentProps<M[K]>) {
    // Chosen once per mount: a screen shown through Lazy stays so (no remount when the code arrives).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- M[K] or its lazy twin, same props
    const [Component] = useState<ComponentType<any>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  Screen.displayName = `Lazy(${name})`;
  LOADERS.add(fetchCode);
  LOADER_OF.set(Screen, fetchCode);
  return Screen;
}

const LOADERS = new Set<() => Promise<unknown>>();
const LOADER_OF = new WeakMap<object, () => Promise<void>>();

/**
 * Fetches the code of one screen of `lazyNamed` now (nothing for any other component), so that
 * its first opening does not wait; a failure is left to that opening, which fetches it again.
 */
export function preloadPage(component: object): Promise<void> {
  return LOADER_OF.get(component)?.().catch(() => undefined) ?? Promise.resolve();
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
