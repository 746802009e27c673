/** Staff users and roles as an admin uses them, and what the affected users see. */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ALONE, PASSWORD, menuShown, signIn, signInWithForm, sidebar } from './support/login';

const basic = (user: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${PASSWORD}`).toString('base64')}` });

/** Puts a user back in a role through the API, so a failed test leaves the seed as other tests expect it. */
async function setRole(request: APIRequestContext, username: string, role: string) {
  const { tokens } = await (await request.get('/api/login/basic', { headers: basic('admin') })).json();
  const headers = { authorization: `Bearer ${tokens.accessToken}` };
  const users: { id: number; name: string; role: string }[] = (
    await (await request.get('/api/admin/users?showDisabled=true', { headers })).json()
  ).data.data;
  const user = users.find((u) => u.name === username)!;
  if (user.role !== role)
    expect((await request.patch(`/api/admin/users/${user.id}`, { headers, data: { role } })).ok()).toBe(true);
}

/** The access token the page holds. */
const pageToken = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('aq.session')!) as { token: string }).token);

/** Status of an API call made with an access token from the page (no new login, no refresh). */
const statusWithToken = (page: Page, path: string, token: string) =>
  page.evaluate(
    async ({ url, token }) => (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).status,
    { url: path, token },
  );

/** Status of an API call made with the access token the page holds. */
const statusWithPageToken = async (page: Page, path: string) => statusWithToken(page, path, await pageToken(page));

async function pickOption(page: Page, combobox: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('users', () => {
  test.afterAll(async ({ request }) => {
    await setRole(request, 'technician', 'technician');
  });

  test("an admin changes a user's role and that user's menu changes", ALONE, async ({ page, browser }) => {
    // The technician, signed in elsewhere, has the technician menu.
    const other = await browser.newContext();
    const tech = await other.newPage();
    await signIn(tech, 'technician');
    await expect(sidebar(tech).getByText('Generate Tokens for Sensors')).toBeVisible();
    await expect(sidebar(tech).getByText('API Manager')).toBeVisible();
    expect(await statusWithPageToken(tech, '/api/integrations')).toBe(200);

    await signIn(page, 'admin');
    await sidebar(page).getByText('Users', { exact: true }).click();
    await expect(page).toHaveURL(/\/users$/);
    // The Users list is on screen before the search is typed (a route change resets the toolbar
    // search): its heading, as the installations rows left behind would also match 'tbody tr'.
    // (Not the technician's row: users the other tests sign in may push it to the second page.)
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await page.getByRole('textbox', { name: 'Search' }).fill('techn');
    await expect(page).toHaveURL(/search=techn/);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await pickOption(page, /, role of technician$/, 'Viewer');
    await expect(page.getByText('All changes saved!')).toBeVisible();
    await expect(page.getByRole('combobox', { name: /, role of technician$/ })).toHaveText('Viewer');

    // The technician's very next request already runs with the viewer's permissions…
    expect(await statusWithPageToken(tech, '/api/integrations')).toBe(403);
    // …and signing in again shows the viewer's menu.
    await tech.getByRole('button', { name: 'Sign Out' }).click();
    await signInWithForm(tech, 'technician');
    await expect(tech.getByTestId('user-role')).toHaveText('Viewer');
    await expect(sidebar(tech).getByText('Sensors', { exact: true })).toBeVisible();
    await expect(sidebar(tech).getByText('Generate Tokens for Sensors')).toHaveCount(0);
    await expect(sidebar(tech).getByText('API Manager')).toHaveCount(0);

    // Back to technician from the same screen.
    await pickOption(page, /, role of technician$/, 'Technician');
    await expect(page.getByRole('combobox', { name: /, role of technician$/ })).toHaveText('Technician');
    await tech.getByRole('button', { name: 'Sign Out' }).click();
    await signInWithForm(tech, 'technician');
    await expect(sidebar(tech).getByText('Generate Tokens for Sensors')).toBeVisible();
    await other.close();
  });

  test('an admin has no controls on their own row; disabling asks first and "Show disabled" finds the user', async ({
    page,
  }) => {
    await signIn(page, 'admin', '/users');
    const own = page.locator('tbody tr', { hasText: 'Ada Admin' });
    await expect(own).toContainText('Admin');
    await expect(own.getByRole('combobox')).toHaveCount(0);
    await expect(own.getByRole('button')).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Search' }).fill('jan.nowak');
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await page.getByRole('button', { name: 'Disable jan.nowak' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Disable user');
    await expect(dialog).toContainText(
      'deactivates all of their tokens and ends all of their sessions. This cannot be undone.',
    );
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByText('All changes saved!')).toBeVisible();
    await expect(page.getByTestId('list-empty')).toHaveText('No matches found.');

    await page.getByLabel('Show disabled').click();
    await expect(page).toHaveURL(/showDisabled=true/);
    const row = page.locator('tbody tr', { hasText: 'jan.nowak' });
    await expect(row).toContainText('Disabled');
    await row.getByRole('button', { name: 'Enable jan.nowak' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Enable' }).click();
    await expect(row).not.toContainText('Disabled');
    await expect(row.getByRole('button', { name: 'Disable jan.nowak' })).toBeVisible();
  });

  test('logout ends every session of the user after a confirmation', ALONE, async ({ page, browser }) => {
    const other = await browser.newContext();
    const sales = await other.newPage();
    await signIn(sales, 'sales');
    // Kept: once logged out, the sales page may notice on its own and forget its token.
    const salesToken = await pageToken(sales);
    expect(await statusWithToken(sales, '/api/integrations', salesToken)).toBe(200);

    await signIn(page, 'admin', '/users?search=sales');
    await page.getByRole('button', { name: 'Logout sales' }).click();
    await expect(page.getByRole('dialog')).toContainText(
      'invalidates all of their sessions on every device. This cannot be undone.',
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('All sessions invalidated! sales logged out successfully!')).toBeVisible();
    expect(await statusWithToken(sales, '/api/integrations', salesToken)).toBe(401);
    await other.close();
  });

  test('a viewer cannot open the users or roles screens', async ({ page }) => {
    await signIn(page, 'viewer');
    // Its entries shown first: before they render, a missing entry proves nothing.
    await menuShown(page);
    await expect(sidebar(page).getByText('Users', { exact: true })).toHaveCount(0);
    await page.goto('/users');
    await expect(page).toHaveURL(/\/installations$/);
    await page.goto('/users/roles');
    await expect(page).toHaveURL(/\/installations$/);
  });
});

test.describe('roles', () => {
  test('an admin creates a role, edits its permissions, and deletes it', async ({ page }) => {
    await signIn(page, 'admin');
    await sidebar(page).getByText('Roles', { exact: true }).click();
    await expect(page).toHaveURL(/\/users\/roles$/);
    // The first role is selected by default; admin cannot be edited or deleted, and the page says why.
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveText('Admin');
    await expect(page.getByRole('button', { name: 'Edit' })).toBeDisabled();
    await expect(page.getByLabel('The admin role cannot be edited')).toBeVisible();
    await expect(page.getByLabel('The admin role cannot be deleted')).toBeVisible();
    // The demo admin, and Pola while the Polish test runs beside this one (it makes her an admin).
    await expect(page.getByTestId('role-user-count')).toHaveText(/^[12] users?$/);

    await page.getByRole('button', { name: 'New role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a New Role' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toContainText('It is required');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('VIEWER');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toContainText('Name already in use');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('E2E Auditors');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Added a new role "E2E Auditors".')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/users\/roles\?id=\d+$/);
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveText('E2E Auditors');
    await expect(page.getByTestId('role-user-count')).toHaveText('0 users');
    await expect(page.getByTestId('permissions-granted')).toHaveText(/^0 of \d+ permissions granted$/);

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Search permissions' }).fill('logs');
    // Grants the View permissions shown; the box then says the group is partly granted.
    await page.getByRole('checkbox', { name: 'Select all View permissions' }).click();
    await expect(page.getByRole('checkbox', { name: 'view_logs', exact: true })).toBeChecked();
    await page.getByRole('checkbox', { name: 'admin_view_logs' }).check();
    await page.getByRole('textbox', { name: 'Name' }).fill('E2E Log Readers');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('All changes saved!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toBeEnabled();
    await expect(page.getByRole('checkbox', { name: 'admin_view_logs' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'admin_view_logs' })).toBeDisabled();

    // The selection lives in the URL: a reload shows the same role, as saved.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveText('E2E Log Readers');
    await expect(page.getByTestId('permissions-granted')).toHaveText(/^2 of \d+ permissions granted$/);
    await page.getByRole('textbox', { name: 'Search permissions' }).fill('logs');
    await expect(page.getByRole('checkbox', { name: 'view_logs', exact: true })).toBeChecked();

    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toContainText('Delete role');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Removed role "E2E Log Readers" successfully!')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveText('Admin');
    await page.getByRole('combobox', { name: 'Role' }).click();
    await expect(page.getByRole('option', { name: 'E2E Log Readers' })).toHaveCount(0);
  });

  test('the default role keeps its name and cannot be deleted, but its permissions can change', async ({ page }) => {
    await signIn(page, 'admin', '/users/roles');
    // The selector names roles as Users does: the default role is 'User'.
    await pickOption(page, 'Role', 'User');
    await expect(page.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await expect(page.getByLabel('The default role cannot be deleted')).toBeVisible();
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    await expect(page.getByLabel('The default role cannot be renamed')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'view_sensors', exact: true })).toBeEnabled();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('checkbox', { name: 'view_sensors', exact: true })).toBeDisabled();
  });
});
