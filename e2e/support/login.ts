import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { LoginResponse, Session } from '../../src/state/session';

export const PASSWORD = 'admin-demo-pass';

/** Signs in through the password form on the login screen. */
export async function loginWithPassword(page: Page, username: string, password = PASSWORD) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Password login' }).click();
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Signs in through the password form and waits for the landing page: for the tests about signing in. */
export async function signInWithForm(page: Page, username: string) {
  await loginWithPassword(page, username);
  await expect(page).toHaveURL(/\/(installations|sensors)/);
}

/**
 * Signs in without the form, for the tests about something else: a new session from the same
 * password sign-in the form calls (`GET /api/login/basic`), stored where the console keeps it
 * (`writeSession`) before the console's own code runs on the next page this tab opens, then the
 * console opened at `/`, which sends a signed-in user to the landing page. Every call makes a
 * session of its own, as a sign-in through the form does.
 *
 * With `path`, the console opens there instead (the test then checks what that screen shows),
 * without first loading the landing page it would leave at once; with `null`, nothing opens: the
 * test's own first `page.goto` opens the console signed in (for a `beforeEach` whose tests each
 * start on a screen of their own).
 */
export async function signIn(page: Page, username: string, path?: string | null) {
  const res = await page.request.get('/api/login/basic', {
    headers: { authorization: `Basic ${Buffer.from(`${username}:${PASSWORD}`).toString('base64')}` },
  });
  expect(res.status(), `sign-in of ${username}`).toBe(200);
  const { user, tokens } = (await res.json()) as LoginResponse;
  const session: Session = {
    user,
    role: user.role,
    permissions: user.permissions,
    token: tokens.accessToken,
    refreshToken: tokens.refreshToken,
  };
  // Local storage belongs to the console's origin, so the session is written by a script the page
  // runs first on the next document of that origin (no page of its own to load first). Once per
  // call: a sign-out, reload or navigation later in the test is not undone by it.
  await page.addInitScript(
    ({ origin, once, value }) => {
      if (location.origin !== origin || sessionStorage.getItem(once) !== null) return;
      sessionStorage.setItem(once, '1');
      localStorage.setItem('aq.session', value);
    },
    { origin: new URL(res.url()).origin, once: `e2e.signIn.${randomUUID()}`, value: JSON.stringify(session) },
  );
  if (path === null) return;
  await page.goto(path ?? '/');
  if (path === undefined) await expect(page).toHaveURL(/\/(installations|sensors)/);
}

export const sidebar = (page: Page) => page.getByTestId('app-menu');

/**
 * Waits for the sidebar's entries. They render just after the first screen, in the background
 * (src/layout/AppMenu.tsx), so after a sign-in they come once the landing list's rows are painted
 * and the side calls that re-render the list (tags, presets) are in: under a loaded CI machine that
 * was more than the default 5 s after the landing URL (shell.spec.ts failed twice on it).
 */
export async function menuShown(page: Page) {
  await expect(sidebar(page).locator('[data-group]').first()).toBeVisible({ timeout: 15_000 });
}

/**
 * The tag of a test that changes what the other tests rely on (a role or the sessions of a user
 * they sign in as, the number of sensors): playwright.config.ts runs such tests after all the
 * others. Two files of them run at once, so tests in different files must not change the same
 * user or count (today: admin.spec.ts changes the technician and the sales user, hardening.spec.ts
 * the viewer's sessions and the number of sensors).
 */
export const ALONE = { tag: '@alone' };
