/** Personal API tokens from creation to revocation, and System Logs filtered through the URL. */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { PASSWORD, signIn } from './support/login';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

async function accessToken(request: APIRequestContext, user: string): Promise<string> {
  const res = await request.get('/api/login/basic', {
    headers: { authorization: `Basic ${Buffer.from(`${user}:${PASSWORD}`).toString('base64')}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).tokens.accessToken;
}

test('a technician creates a token, copies it, uses it against the API and revokes it', async ({ page, request }) => {
  const name = unique('e2e-token');
  await signIn(page, 'technician', '/users/api');
  await expect(page.getByRole('heading', { name: 'API Manager', level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'API documentation' })).toHaveAttribute('href', '/api/docs');

  await page.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create token' });
  await expect(dialog.getByRole('combobox', { name: 'Expires in' })).toHaveText('Week');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog.getByText('It is required')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('checkbox', { name: 'view_sensors', exact: true }).check();
  await dialog.getByRole('textbox', { name: 'Search permissions' }).fill('versions');
  await dialog.getByRole('checkbox', { name: 'view_versions', exact: true }).check();
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();

  const secretDialog = page.getByRole('dialog', { name: `Token "${name}" created` });
  await expect(secretDialog.getByText('It will not be shown again.')).toBeVisible();
  const shown = await secretDialog.getByTestId('token-secret').inputValue();
  expect(shown).toMatch(/^aqt_/);
  await secretDialog.getByRole('button', { name: 'Copy token' }).click();
  await expect(page.getByText('Copied token to clipboard')).toBeVisible();
  const secret = await page.evaluate(() => navigator.clipboard.readText());
  expect(secret).toBe(shown);
  await secretDialog.getByRole('button', { name: 'Done' }).click();
  await expect(secretDialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('view_sensors');
  await expect(row).toContainText(/Expires at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
  // The secret is never shown again.
  await expect(page.getByText(secret)).toHaveCount(0);

  // The token is a bearer credential on the main API and on another service, within its scope.
  expect((await request.get('/api/sensors', bearer(secret))).status()).toBe(200);
  expect((await request.get('/updater/gsm/versions', bearer(secret))).status()).toBe(200);
  expect((await request.get('/api/installations', bearer(secret))).status()).toBe(403);

  // Duplicate opens the create dialog prefilled.
  await row.getByRole('button', { name: `Create duplicate of ${name}` }).click();
  const duplicate = page.getByRole('dialog', { name: 'Create duplicate token' });
  await expect(duplicate.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await expect(duplicate.getByTestId('permissions-selected')).toHaveText('2 selected');
  await duplicate.getByRole('button', { name: 'Cancel' }).click();

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('dialog', { name: 'Revoke token' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Token has been deactivated.')).toBeVisible();
  await expect(row).toContainText('Inactive');
  await expect(row.getByRole('button', { name: `Revoke ${name}` })).toBeDisabled();

  expect((await request.get('/api/sensors', bearer(secret))).status()).toBe(401);
  expect((await request.get('/updater/gsm/versions', bearer(secret))).status()).toBe(401);

  // Both events are in the technician's personal logs.
  await page.goto(`/logs/personal?search=${encodeURIComponent(name)}`);
  await expect(page.getByRole('row').filter({ hasText: 'TokenCreated' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'TokenRevoked' })).toHaveCount(1);
});

test('an admin filters System Logs by type and search, and the URL keeps the view', async ({ page, request }) => {
  // An event of known content: a token the admin creates through the API.
  const name = unique('e2e-audit');
  const created = await request.post('/api/integrations', {
    headers: { authorization: `Bearer ${await accessToken(request, 'admin')}` },
    data: { name, permissions: [], time: 3.6e6 },
  });
  expect(created.status()).toBe(201);

  await signIn(page, 'admin', '/logs/admin');
  const table = page.getByTestId('audit-table');
  await expect(table.getByRole('columnheader')).toHaveText(['ID', 'Date', 'User', 'Type', 'Source', 'Message']);

  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('combobox', { name: 'Type' }).fill('TokenCrea');
  await page.getByRole('option', { name: 'TokenCreated', exact: true }).click();
  await expect(page).toHaveURL(/[?&]type=TokenCreated/);
  await expect(page).toHaveURL(/[?&]page=1/);
  // The previous page stays on screen, dimmed and aria-busy, until the filtered one arrives.
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const typeCells = table.locator('tbody tr td:nth-child(4)');
  await expect(typeCells.first()).toHaveText('TokenCreated');
  for (const text of await typeCells.allTextContents()) expect(text).toBe('TokenCreated');

  await page.getByRole('textbox', { name: 'Search' }).fill(name);
  await expect(page).toHaveURL(new RegExp(`[?&]search=${name}`));
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr')).toContainText(`Token "${name}" created`);
  await expect(table.locator('tbody tr')).toContainText('admin');

  // Reload restores the view from the URL.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue(name);
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('TokenCreated');
  await expect(table.locator('tbody tr')).toHaveCount(1);

  // Back drops the search, forward brings it back.
  await page.goBack();
  await expect(page).not.toHaveURL(/search=/);
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('TokenCreated');
  await page.goForward();
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue(name);
  await expect(table.locator('tbody tr')).toHaveCount(1);

  await page.getByRole('textbox', { name: 'Search' }).fill(`${name}-nothing`);
  await expect(page.getByText('No matches found.')).toBeVisible();
});

test('the token and audit screens are hidden from users without the permission', async ({ page }) => {
  await signIn(page, 'viewer', '/users/api');
  await expect(page).toHaveURL(/\/installations$/);
  await page.goto('/logs/admin');
  await expect(page).toHaveURL(/\/installations$/);
  await page.goto('/users/integrations');
  await expect(page).toHaveURL(/\/installations$/);
});
