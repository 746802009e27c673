/**
 * Gen3 firmware end to end (issue 13): create a Gen3 version, upload a binary set as active, see it
 * active on the version's page (opened directly, so the route with a version number loads the
 * console), deactivate it from the binaries list, and create a Gen3 deployment of the version.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support/login';

test('create a Gen3 version, upload an active binary, deactivate it, deploy the version', async ({ page, request }) => {
  test.setTimeout(120_000);
  const version = `6.${Date.now() % 250}.${Math.floor(Math.random() * 250)}.1`;

  await signIn(page, 'admin', '/deployments/gen3/versions');
  await page.getByRole('link', { name: 'New version' }).click();
  await expect(page).toHaveURL(/\/deployments\/gen3\/versions\/create$/);
  await page.locator('input[name=version]').fill(version);
  await page.locator('textarea[name=description]').fill('e2e Gen3 build');
  await expect(page.getByText('14/255')).toBeVisible();
  await page.getByRole('button', { name: 'Create version' }).click();
  await expect(page.getByText('Created a new gen3 version!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/deployments/gen3/versions/${version.replaceAll('.', '\\.')}$`));
  await expect(page.getByText('No module has an active binary')).toBeVisible();

  // Upload a binary of module 2, set as active: back on the version's page, it is the active one.
  await page.getByRole('link', { name: 'All binaries' }).click();
  await page.getByRole('link', { name: 'Upload Binary' }).click();
  await page.locator('input[name=module]').fill('2');
  await page.locator('input[type=file]').setInputFiles({
    name: 'module2.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('gen3 module two image'),
  });
  await page.getByRole('checkbox', { name: 'Set as active' }).check();
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Binary Uploaded!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/deployments/gen3/versions/${version.replaceAll('.', '\\.')}$`));
  const active = page.getByTestId('gen3-active-binaries').locator('tbody tr');
  await expect(active).toHaveCount(1);
  await expect(active.first()).toContainText('2');

  // A direct load of the version's page (the path ends in a version number) shows the console.
  await page.reload();
  await expect(page.getByTestId('gen3-active-binaries').locator('tbody tr')).toHaveCount(1);

  // Deactivate it from the binaries list.
  await page.getByRole('link', { name: 'All binaries' }).click();
  const row = page.getByTestId('gen3-binaries').locator('tbody tr');
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Deactivate/ }).click();
  await expect(page.getByText('Binary deactivated!')).toBeVisible();
  await expect(row.getByRole('button', { name: /^Activate/ })).toBeVisible();
  await page.getByRole('link', { name: `Version ${version}` }).click();
  await expect(page.getByText('No module has an active binary')).toBeVisible();

  // A sensor the Gen3 updater serves: one of the seeded Gen3 deployments'.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('aq.session')!).token as string);
  const res = await request.get('/updater/gen3/deployments?page=1&limit=100', {
    headers: { authorization: `Bearer ${token}` },
  });
  const sensorId = ((await res.json()).data as { sensorId: number }[])[0]!.sensorId;

  await page.goto('/deployments/gen3');
  await page.getByRole('link', { name: 'New deployment' }).click();
  await expect(page).toHaveURL(/\/deployments\/gen3\/create$/);
  await page.locator('input[name=sensorId]').fill(String(sensorId));
  await page.getByRole('combobox', { name: /Version/ }).click();
  await page.getByRole('option', { name: version, exact: true }).click();
  await page.getByRole('button', { name: 'Create deployment' }).dblclick();
  await expect(page.getByText('Created a new deployment!')).toBeVisible();
  await expect(page).toHaveURL(/\/deployments\/gen3$/);
  const first = page.locator('tbody tr').first();
  await expect(first).toContainText(version);
  await expect(first).toContainText(String(sensorId));
  // The double click made one deployment.
  await expect(page.locator('tbody tr', { hasText: version })).toHaveCount(1);
});
