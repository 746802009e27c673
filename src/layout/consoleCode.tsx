/**
 * The signed-in console's code, loaded on demand: the sign-in screen needs none of it, so the
 * first download is the sign-in screen's alone (vite.config.ts: the `vendor` and `app` chunks).
 *
 * `preloadConsole()` fetches the shell and the landing screens while the user signs in (the
 * sign-in pages call it when the user starts: a click, a key, a focus, a sign-in link), so the
 * first screen after the sign-in answer waits for no code; the other screens follow in the
 * background once signed in (`preloadPages`).
 */
import { Suspense, type ReactNode } from 'react';
import { PageLoading } from '../components/PageLoading';
import { CONSOLE_RESOURCES } from '../resources';
import { lazyNamed, preloadPage } from '../pages/pageRoutes';
import { SessionWatcher } from './SessionWatcher';

const ShellLayout = lazyNamed(() => import('./Layout'), 'Layout');

/** The screens a sign-in lands on (the navigation guard's fallbacks): Installations, else Sensors. */
const LANDING = ['installations', 'sensors'];

let preloading = false;

/** Starts fetching the shell and the landing screens' code, once per page load. */
export function preloadConsole(): void {
  if (preloading) return;
  preloading = true;
  void preloadPage(ShellLayout);
  for (const r of CONSOLE_RESOURCES) if (LANDING.includes(r.entity.name)) void preloadPage(r.list);
}

/**
 * `<Admin layout>`: the shell, shown once its code is here. The session watcher is outside it, so
 * a session that ends while the code still loads (the sign-in's session check, a 401) is seen.
 */
export function Layout({ children }: { children: ReactNode }) {
  preloadConsole();
  return (
    <>
      <SessionWatcher />
      <Suspense fallback={<PageLoading />}>
        <ShellLayout>{children}</ShellLayout>
      </Suspense>
    </>
  );
}
