/**
 * The generic forms of a declared resource, as an admin uses them: sensor models have no screen
 * code, yet the list offers Create, the create form adds a model (the schema's message first for a
 * missing value), and a row click opens the edit form, which changes it.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support/login';
import { dateField, typeDay } from './support/dates';

test('Sensor models: create and edit a model through the generic forms', async ({ page }) => {
  const name = `E2E Model ${Date.now()}`;
  await signIn(page, 'admin', '/sensor-models');
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/sensor-models\/create$/);

  await page.getByRole('textbox', { name: 'Model', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Manufacturer is required')).toBeVisible();

  await page.getByRole('textbox', { name: 'Manufacturer', exact: true }).fill('Airly');
  await page.getByRole('combobox', { name: 'Communication' }).click();
  await page.getByRole('option', { name: 'LORA' }).click();
  await page.getByRole('textbox', { name: 'Measured parameters', exact: true }).fill('pm25, pm10');
  await page.getByRole('textbox', { name: 'Firmware family', exact: true }).fill('gen3');
  await typeDay(dateField(page, /^Introduced/), '2025-03-04');
  await page.getByRole('button', { name: 'Save' }).dblclick();
  await expect(page.getByText('Element created')).toBeVisible();
  await expect(page).toHaveURL(/\/sensor-models(\?.*)?$/);

  await page.getByRole('textbox', { name: 'Search' }).fill(name);
  const row = page.locator('tbody tr', { hasText: name });
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await row.click();
  await expect(page).toHaveURL(/\/sensor-models\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Model', exact: true })).toHaveValue(name);
  await page.getByRole('textbox', { name: 'Manufacturer', exact: true }).fill('Airly Labs');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Element updated')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(name);
  await expect(page.locator('tbody tr', { hasText: name })).toContainText('Airly Labs');
});
