/**
 * Developer-portal users as sales staff manage them (document 2, sections 2.6, 4, 5, 8, 9): add a
 * portal user with the section-9 defaults, set its access definitions, change its plan and trial
 * (then remove the trial), activate it with a permanent password, and change its settings.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/login';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const openDialog = async (page: Page, nickname: string, action: string) => {
  await page.getByRole('button', { name: `More actions for ${nickname}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
};

test('create a portal user, set access, change plan and trial, activate it, change its settings', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const nickname = `E2E Portal ${stamp}`;
  const email = `e2e.portal.${stamp}@example.org`;
  await signIn(page, 'sales', '/adp-users');
  await page.getByRole('link', { name: 'Add panel user' }).click();
  await expect(page).toHaveURL(/\/adp-users\/create$/, { timeout: 15_000 });

  // Section 9 defaults.
  await expect(page.getByRole('combobox', { name: /^Plan/ })).toHaveText(/PLAN_ADVANCED/, { timeout: 15_000 });
  await expect(page.getByRole('combobox', { name: /Downgrade plan/ })).toHaveText(/PLAN_EMPTY/);
  await expect(page.getByRole('combobox', { name: /User type/ })).toHaveText('Client');

  await page.getByRole('textbox', { name: 'Name' }).fill(nickname);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('combobox', { name: /User type/ }).click();
  await page.getByRole('option', { name: 'Researcher' }).click();
  // A researcher needs a reason for access; no contractor editor.
  await expect(page.getByRole('combobox', { name: /Contractor/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Reason for access is required for this user type')).toBeVisible();
  await page.getByRole('textbox', { name: 'Reason for access' }).fill('PhD project on PM2.5 exposure');
  await page.getByRole('button', { name: 'Save' }).dblclick();
  await expect(page.getByText('Added new panel user!')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/adp-users(\?|$)/);

  await page.goto(`/adp-users?${new URLSearchParams({ search: email })}`);
  await expect(page.getByText('1-1 of 1')).toBeVisible({ timeout: 15_000 });
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Not activated');
  // The plan after the trial by its display name (PLAN_EMPTY is "Empty").
  await expect(row).toContainText(/Trial until \d{4}-\d{2}-\d{2}, then Empty/);

  // Access definitions: one OSM place, saved as an added difference.
  await openDialog(page, nickname, 'Access definitions');
  // A clipboard without accessDefinitions, type and sponsorId: the spec's error, nothing changes.
  await page.evaluate(() => navigator.clipboard.writeText(JSON.stringify({ accessDefinitions: [] })));
  await page.getByRole('button', { name: 'Paste permissions' }).click();
  await expect(page.getByTestId('adp-import-error')).toHaveText(
    'Error importing access definitions. The contents of the clipboard are either invalid or the permission was not granted.',
  );
  await expect(page.getByText('No access definitions.')).toBeVisible();
  await page.getByRole('button', { name: 'Add access definition' }).click();
  await page.getByRole('textbox', { name: /^OSM ID/ }).fill(' 2768922 ');
  // The copy holds the three fields the import needs.
  await page.getByRole('button', { name: 'Copy permissions' }).click();
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  expect(copied).toMatchObject({ type: 'RESEARCHER', sponsorId: null, accessDefinitions: [{ osmId: '2768922' }] });
  expect(copied.accessDefinitions[0].id).toBeGreaterThanOrEqual(1000);
  expect(copied.accessDefinitions[0].id).toBeLessThanOrEqual(10000);
  await expect(page.getByTestId('adp-sensors-count')).toHaveText(/Sensors reached: \d+/, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User access updated!')).toBeVisible({ timeout: 15_000 });
  await expect(row.locator('td').nth(2)).toContainText('1');

  // Plan and trial: a different downgrade plan, then the trial removed (deleted, then the plan set).
  await openDialog(page, nickname, 'Plan and trial');
  await page.getByRole('combobox', { name: /Downgrade plan/ }).click();
  await page.getByRole('option', { name: /PLAN_BASIC/ }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText(/then Basic/, { timeout: 15_000 });
  await openDialog(page, nickname, 'Plan and trial');
  await page.getByRole('combobox', { name: /^Plan/ }).click();
  await page.getByRole('option', { name: /PLAN_RESEARCH/ }).click();
  await page.getByLabel('Trial', { exact: true }).click();
  await expect(page.getByLabel(/Trial end date/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(row).not.toContainText('Trial until', { timeout: 15_000 });
  await expect(row).toContainText('Research');

  // Activate with a permanent password.
  await openDialog(page, nickname, 'Login operations');
  await expect(page.getByTestId('adp-login-status')).toHaveText('Status: Not activated');
  await page.locator('input[name=permanentPassword]').fill('portal-password-1');
  await page.getByRole('button', { name: 'Set permanent password' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('adp-login-status')).toHaveText('Status: Enabled');
  await expect(page.getByTestId('adp-new-password')).toContainText('portal-password-1');
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('Enabled', { timeout: 15_000 });

  // Settings: a new index clears the alert level, which must be chosen again.
  await openDialog(page, nickname, 'Settings');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('combobox', { name: /^Index/ })).toHaveText('AQ index', { timeout: 15_000 });
  await dialog.getByRole('combobox', { name: /^Index/ }).click();
  await page.getByRole('option', { name: 'AQ CAQI' }).click();
  await expect(dialog.getByRole('combobox', { name: /Alert level/ })).not.toHaveText(/\d/);
  await dialog.getByRole('combobox', { name: /Alert level/ }).click();
  await page.getByRole('option', { name: '87.5' }).click();
  await dialog.getByRole('combobox', { name: /^Sector/ }).click();
  await page.getByRole('option', { name: 'Academic' }).click();
  await dialog.getByRole('combobox', { name: /^Goals/ }).click();
  await page.getByRole('option', { name: 'Other' }).click();
  await dialog.getByRole('textbox', { name: 'Other (describe)' }).fill('air quality at schools');
  await dialog.getByRole('combobox', { name: /^Specialisation/ }).click();
  await page.getByRole('option', { name: 'IT and engineering' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings updated!')).toBeVisible({ timeout: 15_000 });

  // What the server holds now.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('aq.session')!).token as string);
  const list = await page.request.get(`/adp-api/admin/users?${new URLSearchParams({ search: email })}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const id = (await list.json()).data.users[0].id as number;
  const detail = (
    await (
      await page.request.get(`/adp-api/admin/users/${id}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()
  ).data.user;
  expect(detail).toMatchObject({
    status: 'ENABLED',
    type: 'RESEARCHER',
    plan: { name: 'PLAN_RESEARCH' },
    trial: null,
    settings: {
      indexType: 'AQ_CAQI',
      aqiLevelLimit: 87.5,
      sector: 'academic',
      yourGoals: 'other:air quality at schools',
      industry: 'it-eng',
    },
  });
  expect(detail.accessDefinitions).toEqual([expect.objectContaining({ osmId: '2768922', visibility: 'ALL' })]);
});
