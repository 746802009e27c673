/** The application shell as a staff member uses it: sign-in, guard, menu, theme, sign out. */
import { expect, test, type Page } from '@playwright/test';
import { loginWithPassword, menuShown, signIn, signInWithForm, sidebar } from './support/login';

test.describe('password login', () => {
  test('admin signs in, lands on Installations and sees the full shell', async ({ page }) => {
    await signInWithForm(page, 'admin');
    await expect(page).toHaveURL(/\/installations$/);
    await menuShown(page);
    const menu = sidebar(page);
    for (const group of ['Domain', 'Manage', 'Admin', 'Personal', 'Updater GSM', 'Updater Gen3', 'Updater Wi-Fi'])
      await expect(menu.getByText(group, { exact: true })).toBeVisible();
    // 25 built-in entries and the example resource of RESOURCES_DIR (resources/calibration-sites.json).
    await expect(menu.getByRole('link')).toHaveCount(26);
    await expect(page.getByTestId('sidebar-footer')).toContainText('Version 19.8.5');
    // The host the console was served from (E2E_PORT moves it).
    await expect(page.getByTestId('sidebar-footer')).toContainText(new URL(page.url()).host);
    await expect(page.getByTestId('user-badge')).toContainText('Ada Admin');
    await expect(page.getByTestId('user-role')).toHaveText('Admin');
    // The toolbar is red for the admin role.
    const bg = await page
      .locator('header')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).toBe('rgb(211, 47, 47)');
  });

  test('the landing list is asked for once, as the sign-in answers, before the shell makes its own calls', async ({
    page,
  }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) calls.push(url.pathname + url.search);
    });
    await signInWithForm(page, 'admin');
    await expect(page.locator('tbody tr.RaDataTable-row').first()).toBeVisible();
    const lists = calls.filter((c) => c.startsWith('/api/installations?'));
    expect(lists).toEqual(['/api/installations?page=1&limit=10&sortBy=installationId&order=asc']);
    // Right after the sign-in answer: before the preferences, presets and tags the shell asks for.
    expect(calls.slice(0, 2)).toEqual(['/api/login/basic', lists[0]]);
  });

  test('a wrong password shows the error banner and stays on the login screen', async ({ page }) => {
    await loginWithPassword(page, 'admin', 'not-the-password');
    await expect(page.getByTestId('error-banner')).toHaveText('401 - Invalid username or password');
    await expect(page).toHaveURL(/\/$/);
  });

  test('the form applies the username and password rules before calling the server', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Password login' }).click();
    await page.locator('input[name=username]').fill('bad name!');
    await page.locator('input[name=password]').fill('short');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Not a valid username')).toBeVisible();
    await expect(page.getByText('Must be longer than 9 characters')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Password login' })).toBeVisible();
  });

  test('a non-admin toolbar is not red and shows the readable role', async ({ page }) => {
    await signIn(page, 'technician');
    await expect(page.getByTestId('user-role')).toHaveText('Technician');
    const bg = await page
      .locator('header')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).not.toBe('rgb(211, 47, 47)');
  });
});

test.describe('navigation guard', () => {
  test('an unauthenticated user on a protected route goes to login', async ({ page }) => {
    await page.goto('/users/roles');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Password login' })).toBeVisible();
  });

  test('a user without the permission goes to Installations', async ({ page }) => {
    await signIn(page, 'viewer', '/users');
    await expect(page).toHaveURL(/\/installations$/);
    await page.goto('/logs/personal');
    await expect(page).toHaveURL(/\/installations$/);
  });

  test('a signed-in user opening a public page is sent to Installations', async ({ page }) => {
    await signIn(page, 'technician', '/');
    await expect(page).toHaveURL(/\/installations$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/installations$/);
  });

  test('token login signs in with a refresh token from the link, and a bad token logs out saying so', async ({
    page,
    request,
  }) => {
    const res = await request.get('/api/login/basic', {
      headers: { authorization: `Basic ${Buffer.from('technician:admin-demo-pass').toString('base64')}` },
    });
    const { tokens } = await res.json();
    await page.goto(`/login?token=${encodeURIComponent(tokens.refreshToken)}`);
    await expect(page).toHaveURL(/\/installations$/);
    await expect(page.getByTestId('user-badge')).toContainText('Tomasz Technik');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.goto('/login?token=not-a-token');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('This sign-in link is invalid or has expired. Please sign in.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Password login' })).toBeVisible();
  });
});

test.describe('not-found page', () => {
  test('shows the warning for an unknown route, signed out and signed in', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Whoops! Page not found.')).toBeVisible();
    await signIn(page, 'admin', '/no/such/page');
    await expect(page.getByText('Whoops! Page not found.')).toBeVisible();
    await menuShown(page);
    await expect(sidebar(page).getByText('Domain', { exact: true })).toBeVisible();
  });
});

test.describe('menu per role', () => {
  test('a viewer sees fewer entries: no Admin group, no Personal Logs, no Generate Tokens', async ({ page }) => {
    await signIn(page, 'viewer');
    await menuShown(page);
    const menu = sidebar(page);
    await expect(menu.getByText('Sensors', { exact: true })).toBeVisible();
    await expect(menu.getByText('Admin', { exact: true })).toHaveCount(0);
    await expect(menu.getByText('Personal Logs')).toHaveCount(0);
    await expect(menu.getByText('Generate Tokens for Sensors')).toHaveCount(0);
    const count = await menu.getByRole('link').count();
    expect(count).toBeLessThan(22);
    expect(count).toBeGreaterThan(5);
  });
});

test.describe('sidebar keyboard and roles', () => {
  /** The sidebar entry that has the focus, by its route name. */
  const focusedRoute = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-route') ?? null);

  for (const width of [1280, 900]) {
    test(`Tab from the top of the page reaches every menu link, Enter follows it (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, 'admin', '/contractors');
      await menuShown(page);
      const menu = sidebar(page);
      const links = menu.getByRole('link');
      await expect(links).toHaveCount(26);
      const routes = await links.evaluateAll((els) => els.map((el) => el.getAttribute('data-route')));

      // From the top of the document: the app bar's controls, then every sidebar link in order.
      await page.locator('body').focus();
      const reached: string[] = [];
      for (let i = 0; i < 60 && reached.length < routes.length; i++) {
        await page.keyboard.press('Tab');
        const route = await focusedRoute(page);
        if (route && !reached.includes(route)) reached.push(route);
      }
      expect(reached).toEqual(routes);

      // Back to Users with Shift+Tab, then Enter opens it.
      while ((await focusedRoute(page)) !== 'Users') await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/users$/);
      await expect(menu.locator('[data-route="Users"]')).toHaveAttribute('aria-current', 'page');
    });
  }

  test('the sidebar is a navigation landmark of link lists, not a menu', async ({ page }) => {
    await signIn(page, 'admin', '/contractors');
    await menuShown(page);
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect(nav.getByRole('link')).toHaveCount(26);
    // What axe checks of these roles (aria-required-children/-parent, list, listitem), asserted directly.
    const problems = await sidebar(page).evaluate((root) => {
      const out: string[] = [];
      for (const el of root.querySelectorAll('[role=menu], [role=menuitem], [role=menubar]'))
        out.push(`role=${el.getAttribute('role')} on ${el.tagName}`);
      for (const el of root.querySelectorAll('[tabindex="-1"]')) out.push(`tabindex=-1 on ${el.textContent}`);
      for (const list of root.querySelectorAll('ul, ol'))
        for (const child of list.children)
          if (child.tagName !== 'LI' || child.hasAttribute('role')) out.push(`${child.tagName} inside a list`);
      for (const link of root.querySelectorAll('a')) {
        if (!link.closest('nav')) out.push(`link outside the nav: ${link.textContent}`);
        if (link.parentElement?.tagName !== 'LI') out.push(`link outside a list item: ${link.textContent}`);
      }
      for (const list of root.querySelectorAll('nav ul')) {
        const labelled = list.getAttribute('aria-labelledby');
        if (!labelled || !document.getElementById(labelled)?.textContent) out.push('a group without its heading');
      }
      return out;
    });
    expect(problems).toEqual([]);
  });
});

test.describe('narrow and wide windows', () => {
  /** Each list and, in its first row that has them, the controls (or cells) that must be on screen. */
  const LISTS = [
    { path: '/users', controls: 'td:last-child button' },
    // Source and Message, the last two cells.
    { path: '/logs/admin', controls: 'td:nth-last-child(-n+2)' },
    { path: '/adp-users', controls: 'td:last-child :is(button, input)' },
    { path: '/installation-requests', controls: 'td:last-child [data-state]' },
    { path: '/contractors', controls: 'td:last-child a' },
  ];

  for (const width of [900, 1440]) {
    test(`at ${width} px the first row's actions of every wide list are on screen`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, 'admin', null);
      for (const { path, controls } of LISTS) {
        await page.goto(path);
        // The sidebar keeps its 248 px only where the tables can spare them.
        await expect(page.locator(width < 1200 ? '.RaSidebar-closed' : '.RaSidebar-open')).toHaveCount(1);
        const row = page
          .locator('tbody tr')
          .filter({ has: page.locator(controls) })
          .first();
        const targets = row.locator(controls);
        await expect(targets.first()).toBeVisible();
        await test.info().attach(`${path} at ${width} px`, { body: await page.screenshot(), contentType: 'image/png' });
        for (const target of await targets.all()) {
          const box = (await target.boundingBox())!;
          const where = `${path}: ${await target.evaluate((el) => el.outerHTML.slice(0, 80))} spans ${box.x}–${box.x + box.width}`;
          expect(box.x, where).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, where).toBeLessThanOrEqual(width);
        }
      }
    });
  }
});

test.describe('theme and sign out', () => {
  test('the theme toggle is remembered for the user across sessions and browsers', async ({ page, browser }) => {
    await signInWithForm(page, 'sales');
    const bodyBg = () => page.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor);
    const light = await bodyBg();
    await page.getByRole('button', { name: 'Toggle light/dark mode' }).click();
    await expect.poll(bodyBg).not.toBe(light);
    const dark = await bodyBg();
    // A fresh browser context (no local storage) gets the user's theme from the server.
    const other = await browser.newContext();
    const page2 = await other.newPage();
    await signInWithForm(page2, 'sales');
    await expect.poll(() => page2.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(dark);
    // Toggle back so reruns start from light.
    await page2.getByRole('button', { name: 'Toggle light/dark mode' }).click();
    await other.close();
  });

  test('motion follows the system setting: none when the user asked for less', async ({ page }) => {
    await signIn(page, 'viewer');
    const button = page.getByRole('button', { name: 'Toggle light/dark mode' });
    const transition = () => button.evaluate((el) => getComputedStyle(el).transitionDuration);
    // The suite runs as such a user (playwright.config.ts).
    expect((await transition()).split(', ').every((d) => d === '0s')).toBe(true);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect((await transition()).split(', ').some((d) => d !== '0s')).toBe(true);
  });

  test('Sign Out ends the session with the goodbye message', async ({ page }) => {
    await signIn(page, 'technician');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByText('Successfully logged out. Have a nice day.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/sensors');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('sign-in with the OpenID provider', () => {
  test('a company account signs in through the 800×600 popup', async ({ page }) => {
    await page.goto('/');
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    const popup = await popupPromise;
    expect(popup.viewportSize()).toEqual({ width: 800, height: 600 });
    await popup.locator('input[name=login]').fill('ada@example.com');
    await popup.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/installations$/, { timeout: 15_000 });
    await expect(page.getByTestId('user-badge')).toContainText('Ada Lovelace');
    await expect(page.getByTestId('user-role')).toHaveText('User');
  });

  test('an account outside the company domain is refused', async ({ page }) => {
    await page.goto('/');
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    const popup = await popupPromise;
    await popup.locator('input[name=login]').fill('eve@other.org');
    await popup.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('error-banner')).toHaveText('403 - Only accounts of example.com may sign in');
    await expect(page).toHaveURL(/\/$/);
  });
});
