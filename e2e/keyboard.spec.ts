/**
 * Daily tasks with the keyboard alone (issue 29): no mouse, only `page.keyboard.press` / `type`, and
 * after each step where the focus is. The list tables are one Tab stop each (GridDataTable: arrow
 * keys between cells, Enter to open a cell's editor or its row action, Escape back to the cell).
 *
 * Not asserted here (built elsewhere): the focus on the page heading after a navigation, sign-in or
 * sign-out, and the sidebar's own keyboard model; those steps assert the URL instead.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PASSWORD, menuShown, sidebar, signIn } from './support/login';

const ONE = 1011;
const openOne = (page: Page) =>
  page.goto(`/installations?${new URLSearchParams({ search: `installationId = ${ONE}`, advanced: 'true' })}`);

/** What has the focus: its accessible name (aria-label, else its text) and whether it is in the grid. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return {
      name: (a?.getAttribute('aria-label') ?? a?.textContent ?? '').trim(),
      tag: a?.tagName ?? '',
      inGrid: Boolean(a?.closest('table[data-keyboard-grid]')),
      inBody: Boolean(a?.closest('table[data-keyboard-grid] tbody')),
      inPaging: Boolean(a?.closest('.MuiTablePagination-root')),
    };
  });

/** Presses `key` until the focused element matches; how many presses it took (fails after `max`). */
async function pressUntil(
  page: Page,
  key: string,
  match: (f: Awaited<ReturnType<typeof focused>>) => boolean,
  max = 60,
) {
  for (let n = 1; n <= max; n++) {
    await page.keyboard.press(key);
    if (match(await focused(page))) return n;
  }
  throw new Error(`${key} ×${max} never reached the element; focus is on ${JSON.stringify(await focused(page))}`);
}

// Many single key presses on a machine shared with other runs.
test.describe.configure({ timeout: 90_000 });

const expectFocus = (locator: Locator) => expect(locator).toBeFocused();
const rowsShown = (page: Page) => expect(page.locator('tbody tr').first()).toBeVisible({ timeout: 15_000 });

test('sign in with the keyboard, then the installations list is one Tab stop', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Password login' })).toBeVisible();
  await pressUntil(page, 'Tab', (f) => f.name === 'Password login');
  await page.keyboard.press('Enter');
  await expectFocus(page.locator('input[name=username]')).catch(async () => {
    await pressUntil(page, 'Tab', (f) => f.tag === 'INPUT');
  });
  await page.keyboard.type('admin');
  await page.keyboard.press('Tab');
  await expectFocus(page.locator('input[name=password]'));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/installations/);
  await rowsShown(page);

  // From the top of the document to the paging controls: the app bar and the sidebar (not ours),
  // then the list's own controls; the table is a single stop, its first data cell.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const stops: Awaited<ReturnType<typeof focused>>[] = [];
  await pressUntil(
    page,
    'Tab',
    (f) => {
      stops.push(f);
      return f.inPaging;
    },
    500,
  );
  const inGrid = stops.filter((f) => f.inGrid);
  expect(inGrid).toHaveLength(1);
  expect(inGrid[0]!.inBody).toBe(true);
  const fromList = stops.length - stops.findIndex((f) => f.name === 'Show as a table');
  test.info().annotations.push({
    type: 'Tab presses to the paging controls',
    description: `${stops.length} from the top of the document, ${fromList} from the list's first control`,
  });
  expect(fromList).toBeLessThanOrEqual(20);
});

test('skip link: the first Tab stop, shown on focus; Enter, then ≤ 20 Tab presses to the paging controls', async ({
  page,
}) => {
  await signIn(page, 'admin', '/installations');
  await rowsShown(page);
  // From a blurred page, as after loading it: every key press counted, the skip link's included.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Tab');
  const skip = page.getByRole('button', { name: 'Skip to content' });
  await expectFocus(skip);
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  // The focus lands in the page's content (past the app bar and the sidebar) and stays there.
  await expect(page.locator('#main-content')).toBeFocused();
  const tabs = await pressUntil(page, 'Tab', (f) => f.inPaging, 40);
  const presses = 2 + tabs;
  test
    .info()
    .annotations.push({ type: 'Key presses to the paging controls via the skip link', description: `${presses}` });
  expect(presses).toBeLessThanOrEqual(20);
});

test('open each menu entry with Tab and Enter; the focus lands on the page heading each time', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, 'admin', '/contractors');
  await menuShown(page);
  const links = sidebar(page).getByRole('link');
  const routes = await links.evaluateAll((els) => els.map((el) => el.getAttribute('data-route') ?? ''));
  expect(routes.length).toBeGreaterThan(20);
  const heading = page.getByRole('heading', { level: 1 }).first();
  const route = () => page.evaluate(() => document.activeElement?.getAttribute('data-route') ?? null);
  let opened = 0;
  for (const name of routes) {
    const link = sidebar(page).locator(`[data-route="${name}"]`);
    // The page on screen already: Enter would not navigate.
    if ((await link.getAttribute('aria-current')) === 'page') continue;
    // Forward from where the focus is (the previous page's heading, in the app bar) to the entry.
    for (let n = 0; (await route()) !== name; n++) {
      expect(n, `Tab to the menu entry ${name}`).toBeLessThan(60);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(heading, `the heading after opening ${name}`).toBeFocused({ timeout: 15_000 });
    opened++;
  }
  expect(opened).toBe(routes.length);
});

test('page and sort a list with the keyboard; the focus stays where the key was pressed', async ({ page }) => {
  await signIn(page, 'admin', '/sensors');
  await rowsShown(page);
  await pressUntil(page, 'Tab', (f) => f.inBody);
  // Up to the header row: the sort button of the first column; Enter sorts and the focus stays.
  await page.keyboard.press('ArrowUp');
  const sortHeader = page.locator('thead th').first().locator('[role=button]');
  await expectFocus(sortHeader);
  await expect(sortHeader).toHaveAttribute('aria-label', /^ID, sort /);
  const before = page.url();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.url()).not.toBe(before);
  await expectFocus(page.locator('thead th').first().locator('[role=button]'));
  // Down into the rows, Tab leaves the table for the paging controls: next page.
  await page.keyboard.press('ArrowDown');
  expect((await focused(page)).inBody).toBe(true);
  await pressUntil(page, 'Tab', (f) => f.name === 'Go to next page');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]page=2/);
  await expectFocus(page.getByRole('button', { name: 'Go to next page' }));
  // Shift+Tab goes back into the table, to the cell it left.
  await pressUntil(page, 'Shift+Tab', (f) => f.inGrid);
  expect((await focused(page)).inBody).toBe(true);
});

// The switch shows the editor at once (the URL it writes renders later, in a router transition):
// Shift+Tab right after it finds the editor, not the plain field about to go.
test('advanced search with the keyboard narrows the list', async ({ page }) => {
  await signIn(page, 'admin', '/installations');
  await rowsShown(page);
  await pressUntil(page, 'Tab', (f) => f.name === 'Search');
  await page.keyboard.type(`installationId = ${ONE}`);
  await pressUntil(page, 'Tab', (f) => f.name === 'Advanced');
  await page.keyboard.press('Space');
  await expectFocus(page.getByRole('switch', { name: 'Advanced' }));
  // Switching to advanced quotes the plain text (SEARCH("…")): back to the editor, the query itself.
  await pressUntil(page, 'Shift+Tab', (f) => f.name === 'Query');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(`installationId = ${ONE}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/search=installationId/);
  await expect(page.getByText('1-1 of 1').or(page.getByText('1 of 1'))).toBeVisible({ timeout: 15_000 });
});

test('inline editor: Enter opens it, Enter saves, the focus is back on the cell; Escape cancels', async ({ page }) => {
  await signIn(page, 'admin', null);
  await openOne(page);
  await rowsShown(page);
  await pressUntil(page, 'Tab', (f) => f.inBody);
  const height = (f: Awaited<ReturnType<typeof focused>>) =>
    /, edit Height above ground \(m\) of installation/.test(f.name);
  await pressUntil(page, 'ArrowRight', height, 80);
  await page.keyboard.press('Enter');
  const input = page.getByRole('textbox', { name: `Height above ground (m) of installation ${ONE}` });
  await expectFocus(input);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('12.5');
  await page.keyboard.press('Enter');
  await expect(input).toHaveCount(0);
  const button = page.getByRole('button', { name: `12.5, edit Height above ground (m) of installation ${ONE}` });
  await expectFocus(button);
  // Escape cancels an edit and comes back to the same cell.
  await page.keyboard.press('F2');
  await expectFocus(input);
  await page.keyboard.type('99');
  await page.keyboard.press('Escape');
  await expect(input).toHaveCount(0);
  await expectFocus(button);
});

test('row action from the keyboard: Enter into the actions cell, arrows to Reinstall, Enter opens it', async ({
  page,
}) => {
  await signIn(page, 'admin', null);
  await openOne(page);
  await rowsShown(page);
  await pressUntil(page, 'Tab', (f) => f.inBody);
  await page.keyboard.press('End');
  const cell = await focused(page);
  if (cell.tag === 'TD') {
    // A cell of several actions: Enter goes into it, Escape comes back out.
    await page.keyboard.press('Enter');
    expect((await focused(page)).tag).not.toBe('TD');
    await page.keyboard.press('Escape');
    expect((await focused(page)).tag).toBe('TD');
    await page.keyboard.press('Enter');
  }
  await pressUntil(page, 'ArrowRight', (f) => f.name === `Reinstall the sensor of installation ${ONE}`, 10).catch(() =>
    pressUntil(page, 'ArrowLeft', (f) => f.name === `Reinstall the sensor of installation ${ONE}`, 10),
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/installations/reinstallation/${ONE}`));
});

test('create a Wi-Fi deployment with the keyboard alone; after saving, the focus is on the list heading', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', '/deployments/wifi');
  // Two Wi-Fi sensors of a finished deployment that no rolling deployment holds and none blocks
  // (the last two: e2e/wifi.spec.ts takes the first two).
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('aq.session')!).token as string);
  const res = await request.get('/updater/wifi/deployments?page=1&limit=100', {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data: deployments } = (await res.json()) as {
    data: { id: number; sensors: number[]; status: string; blocked_sensors: number[] }[];
  };
  const busy = new Set(deployments.filter((d) => d.status === 'Rolling').flatMap((d) => d.sensors));
  const blocked = new Set(deployments.flatMap((d) => d.blocked_sensors));
  const free = deployments
    .filter((d) => d.status === 'Finished')
    .flatMap((d) => d.sensors)
    .filter((id) => !busy.has(id) && !blocked.has(id));
  expect(free.length).toBeGreaterThan(3);
  const sensors = free.slice(-2);

  const heading = page.getByRole('heading', { level: 1 }).first();
  // From the top of a freshly opened page the button is some 50 Tab stops away (the menu first):
  // once the list has loaded, so that Tab does not pass its place before it is drawn and wrap around.
  await expect(page.getByRole('link', { name: 'New deployment' })).toBeVisible();
  await rowsShown(page);
  await pressUntil(page, 'Tab', (f) => f.name === 'New deployment', 120);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/deployments\/wifi\/create$/);
  await expectFocus(heading);
  const sensorsInput = page.locator('input[name=sensors]');
  for (let n = 0; !(await sensorsInput.evaluate((el) => el === document.activeElement)); n++) {
    expect(n, 'Tab to the sensors field').toBeLessThan(60);
    await page.keyboard.press('Tab');
  }
  await page.keyboard.type(sensors.join(','));
  await expect(page.getByText('2 sensors')).toBeVisible();
  const commit = page.getByRole('combobox', { name: /Commit/ });
  for (let n = 0; !(await commit.evaluate((el) => el === document.activeElement)); n++) {
    expect(n, 'Tab to the commit field').toBeLessThan(20);
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('ArrowDown');
  const develop = page.getByRole('option', { name: /^develop/ });
  await expect(develop).toBeVisible();
  // Down the list until the field's active option (what a screen reader announces) is develop.
  const developId = await develop.getAttribute('id');
  for (let n = 0; (await commit.getAttribute('aria-activedescendant')) !== developId; n++) {
    expect(n, 'ArrowDown to develop').toBeLessThan(30);
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(develop).toHaveCount(0);
  await expect(commit).toHaveValue(/^develop/);
  const spacing = page.locator('input[name=spacing]');
  for (let n = 0; !(await spacing.evaluate((el) => el === document.activeElement)); n++) {
    expect(n, 'Tab to the spacing field').toBeLessThan(20);
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Control+A');
  await page.keyboard.type('30');
  await pressUntil(page, 'Tab', (f) => f.name === 'Create deployment', 20);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Created a new deployment!')).toBeVisible();
  await expect(page).toHaveURL(/\/deployments\/wifi$/);
  await expectFocus(heading);
});

test('sign out with the keyboard', async ({ page }) => {
  await signIn(page, 'viewer');
  await pressUntil(page, 'Tab', (f) => f.name === 'Sign Out');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Password login' })).toBeVisible();
});
