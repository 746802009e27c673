/**
 * A resource added by configuration only — resources/calibration-sites.json, the example of
 * RESOURCES_DIR, with its demo rows — as staff use it: its menu entry, the list (sort, plain and
 * advanced search, CSV export), the create form and the edit form, all served by the backend's
 * `resources` service and read by ra-data-simple-rest.
 */
import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn } from './support/login';

const rows = (page: import('@playwright/test').Page) => page.locator('tbody tr');
const pageInfo = (page: import('@playwright/test').Page) => page.locator('.MuiTablePagination-displayedRows');

test('Calibration Sites (a JSON declaration): menu, list, search, export, create and edit', async ({ page }) => {
  await signIn(page, 'admin', '/installations');
  await page.getByRole('link', { name: 'Calibration Sites' }).click();
  await expect(page).toHaveURL(/\/calibration-sites/);
  await expect(page.getByRole('heading', { name: 'Calibration Sites' }).first()).toBeVisible();
  await expect(pageInfo(page)).toHaveText(/of 10$/);
  await expect(page.getByRole('columnheader', { name: 'Operator (contractor)' })).toBeVisible();

  // Plain search, then the query language.
  await page.getByRole('textbox', { name: 'Search' }).fill('Kraków');
  await expect(pageInfo(page)).toHaveText(/of 2$/);
  await expect(rows(page).first()).toContainText('Kraków');
  await page.getByRole('textbox', { name: 'Search' }).fill('');
  await expect(pageInfo(page)).toHaveText(/of 10$/);
  await page.getByLabel('Advanced').click();
  await expect(page).toHaveURL(/advanced=true/);
  const editor = page.locator('input[name=toolbar-query]');
  await editor.click();
  await editor.fill('kind = mobile');
  await editor.press('Escape'); // close the completion list
  await editor.press('Enter');
  await expect(pageInfo(page)).toHaveText(/of 2$/);
  await expect(rows(page).first()).toContainText('Mobile van');

  // Every matching row as CSV, streamed by the server.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).dblclick(),
  ]);
  expect(download.suggestedFilename()).toBe('calibration-sites.csv');
  const csv = (await fs.readFile((await download.path())!)).toString('utf8').replace(/^\uFEFF/, '');
  expect(csv.split(/\r?\n/).filter(Boolean)).toHaveLength(3);

  // Create.
  await page.goto('/calibration-sites/create');
  await page.getByRole('textbox', { name: 'Name' }).fill('Lublin, Obywatelska');
  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'reference' }).click();
  await page.getByRole('textbox', { name: 'City' }).fill('Lublin');
  await page.getByRole('spinbutton', { name: 'Inlet height (m)' }).fill('4');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/calibration-sites(\/\d+)?$/);
  await page.goto('/calibration-sites');
  await expect(pageInfo(page)).toHaveText(/of 11$/);

  // Edit: open the new row, change its city.
  await page.getByRole('textbox', { name: 'Search' }).fill('Lublin');
  await expect(pageInfo(page)).toHaveText(/of 1$/);
  await rows(page).first().click();
  await expect(page).toHaveURL(/\/calibration-sites\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Lublin, Obywatelska');
  await page.getByRole('textbox', { name: 'City' }).fill('Lublin (centrum)');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/calibration-sites$/);
  await page.getByRole('textbox', { name: 'Search' }).fill('centrum');
  await expect(pageInfo(page)).toHaveText(/of 1$/);
  await expect(rows(page).first()).toContainText('Lublin (centrum)');
});
