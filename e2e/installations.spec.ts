/**
 * The installations list as staff use it: presets switch the columns, inline editors save with
 * their rules, suspension has its till-date rule, a change made in another browser shows live, and
 * row actions lead to the reinstall form.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/login';
import { dateField, typeDay, typeTime } from './support/dates';

/** One installation on screen: the advanced query narrows the list to it. */
const ONE = 1011;
const openOne = (page: Page, extra = '') =>
  page.goto(`/installations?${new URLSearchParams({ search: `installationId = ${ONE}`, advanced: 'true' })}${extra}`);
const header = (page: Page, path: string) => page.locator(`[data-field-path="${path}"]`);

test('presets switch the columns and the choice is remembered', async ({ page }) => {
  await signIn(page, 'admin');
  await openOne(page);
  await expect(header(page, 'contactEmail')).toBeVisible();
  await page.getByTestId('preset-picker').click();
  await page.getByRole('option', { name: 'Measurements' }).click();
  await expect(header(page, 'pm25Value')).toBeVisible();
  await expect(header(page, 'contactEmail')).toHaveCount(0);
  await expect(header(page, 'recentActivity')).toBeVisible();
  await expect(page.getByRole('img', { name: /Active in \d+ of the last 72 hours/ })).toBeVisible();
  // Stored per user: a reload keeps it.
  await page.reload();
  await expect(header(page, 'pm25Value')).toBeVisible();
  await expect(header(page, 'contactEmail')).toHaveCount(0);
  // The URL can name a preset without changing the stored choice.
  await openOne(page, '&preset=1');
  await expect(header(page, 'contactEmail')).toBeVisible();
  await openOne(page);
  await expect(header(page, 'pm25Value')).toBeVisible();
  // Back to All for the other tests.
  await page.getByTestId('preset-picker').click();
  await page.getByRole('option', { name: 'All' }).click();
  await expect(header(page, 'contactEmail')).toBeVisible();
});

test('inline editors save with their rules: contact e-mail, visibility, suspension', async ({ page }) => {
  await signIn(page, 'technician');
  await openOne(page);
  await expect(page.getByText('1 of 1').or(page.getByText('1-1 of 1'))).toBeVisible();

  // Contact e-mail: the shared e-mail rule, then a saved value.
  await page.getByRole('button', { name: `Edit Contact e-mail of installation ${ONE}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Contact e-mail').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Not a valid email')).toBeVisible();
  await dialog.getByLabel('Contact e-mail').fill('e2e.contact@example.com');
  await dialog.getByRole('button', { name: 'Save' }).dblclick();
  await expect(page.getByText('All changes saved!')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('e2e.contact@example.com')).toBeVisible();

  // Visibility toggle with the spec's message.
  const toggle = page.getByRole('switch', { name: `Visibility of installation ${ONE}` });
  const wasVisible = await toggle.isChecked();
  await toggle.click();
  await expect(
    page.getByText(`Sensor with installation id ${ONE} is now ${wasVisible ? 'invisible' : 'visible'}.`),
  ).toBeVisible();
  await toggle.click();
  await expect(
    page.getByText(`Sensor with installation id ${ONE} is now ${wasVisible ? 'visible' : 'invisible'}.`),
  ).toBeVisible();

  // Suspend PM10: a till date without a time is refused in the dialog, then it saves.
  await page.getByRole('button', { name: `Suspend PM10 of installation ${ONE}` }).click();
  const suspend = page.getByRole('dialog');
  await typeDay(dateField(suspend, 'Till date'), '2030-01-01');
  await expect(suspend.getByTestId('suspend-alert')).toHaveText(
    'If till date is filled, time is required, and vice versa',
  );
  await expect(suspend.getByRole('button', { name: 'Save' })).toBeDisabled();
  await typeTime(dateField(suspend, 'Till time'), '12:00');
  await expect(suspend.getByTestId('suspend-alert')).toHaveCount(0);
  await suspend.getByLabel('Reason').fill('e2e calibration');
  await suspend.getByRole('button', { name: 'Save' }).click();
  await expect(suspend).toHaveCount(0);
  await expect(page.getByText('Suspended').first()).toBeVisible();
  // And unsuspended again.
  await page.getByRole('button', { name: `Unsuspend PM10 of installation ${ONE}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: `Suspend PM10 of installation ${ONE}` })).toBeVisible();
});

test('a change made in another browser shows live', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin');
  await openOne(page);
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'connected', { timeout: 15_000 });
  const other = await browser.newContext();
  const second = await other.newPage();
  await signIn(second, 'technician');
  await openOne(second);
  const name = `Live ${Date.now()}`;
  await second.getByRole('button', { name: `Edit Contact name of installation ${ONE}` }).click();
  await second.getByRole('dialog').getByLabel('Contact name').fill(name);
  await second.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(second.getByText('All changes saved!')).toBeVisible();
  // The first browser did nothing: the row refetched because the server pushed the change.
  await expect(page.getByText(name)).toBeVisible({ timeout: 15_000 });
  await other.close();
});

test('row actions and header paths', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'admin');
  await openOne(page);
  await header(page, 'contactEmail').click({ button: 'right' });
  await expect(page.getByText('Copied field path to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('contactEmail');
  await page.getByRole('link', { name: `Location history of installation ${ONE}` }).click();
  await expect(page).toHaveURL(new RegExp(`/installations/${ONE}/history`));
  await page.goBack();
  await page.getByRole('link', { name: `Reinstall the sensor of installation ${ONE}` }).click();
  await expect(page).toHaveURL(new RegExp(`/installations/reinstallation/${ONE}`));
  await page.goBack();
  await page.getByRole('link', { name: `${ONE}, open the sensor of this installation` }).click();
  await expect(page).toHaveURL(/\/sensors\?/);
  await expect(page.getByText('1-1 of 1')).toBeVisible();
});

test('the same list on a map, clustered, and back to the table', async ({ page }) => {
  await signIn(page, 'admin', '/installations');
  await page.getByRole('button', { name: 'Show on a map' }).click();
  await expect(page).toHaveURL(/view=map/);
  await expect(page.getByText(/^\d+ installations$/)).toBeVisible();
  await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
  await page.reload();
  await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
  await page.getByRole('button', { name: 'Show as a table' }).click();
  await expect(header(page, 'installationId')).toBeVisible();
});
