/**
 * GSM firmware end to end (issue 13): upload a version with its two bank files, make it Production,
 * deploy it ROLLING to a range, watch the simulator move the first wave, and halt the deployment.
 */
import { expect, test } from '@playwright/test';
import { waitUntilASensorLeavesQueued } from './support/deployments';
import { signIn } from './support/login';

test('upload a GSM version, deploy it rolling to a range, see progress, halt', async ({ page, request }) => {
  test.setTimeout(120_000);
  const version = `7.${Date.now() % 200}.0.1`;

  await signIn(page, 'admin', '/deployments/gsm/versions/create');
  const submitVersion = page.getByRole('button', { name: 'Create New Deployment Version' });
  await page.locator('input[name=version]').fill(version);
  await expect(submitVersion).toBeDisabled();
  await page
    .getByTestId('bank0')
    .setInputFiles({ name: 'bank0.bin', mimeType: 'application/octet-stream', buffer: Buffer.from('bank zero') });
  await page
    .getByTestId('bank1')
    .setInputFiles({ name: 'bank1.bin', mimeType: 'application/octet-stream', buffer: Buffer.from('bank one') });
  await page.locator('textarea[name=description]').fill('e2e build');
  await submitVersion.click();
  await expect(page.getByText('Created a new deployment version!')).toBeVisible();
  await expect(page).toHaveURL(/\/deployments\/gsm\/versions$/);

  // Experimental → Production through the dropdown.
  await page.getByRole('combobox', { name: `Status of version ${version}` }).click();
  await page.getByRole('option', { name: 'Production' }).click();
  await expect(page.getByText('Status changed!')).toBeVisible();

  // Three sensors the GSM updater holds as Ok, in a row of ids, for a range; none blocked by an
  // earlier deployment or quarantined (a repeated run finds the previous run's sensors taken).
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('aq.session')!).token as string);
  const get = async <T>(path: string) =>
    ((await (await request.get(path, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: T }).data;
  const sensors = await get<{ id: number; status: string }[]>(
    '/updater/gsm/sensors?ids=' + Array.from({ length: 1000 }, (_, i) => i + 1).join(','),
  );
  const taken = new Set([
    ...(await get<{ blocked_sensors: number[] }[]>('/updater/gsm/deployments?limit=1000')).flatMap(
      (d) => d.blocked_sensors,
    ),
    ...(await get<{ sensor_id: number }[]>('/updater/gsm/quarantine')).map((q) => q.sensor_id),
  ]);
  const ok = new Set(sensors.filter((s) => s.status === 'Ok' && !taken.has(s.id)).map((s) => s.id));
  const start = [...ok].find((id) => ok.has(id + 1) && ok.has(id + 2))!;
  expect(start).toBeDefined();

  // The page's own clock, so the test can move it past the deployment view's 20 s refresh instead of
  // waiting for it (the clock otherwise runs as usual).
  await page.clock.install();
  await page.goto('/deployments/gsm/create');
  await page.locator('input[name=sensors]').fill(`${start}-${start + 2}`);
  await page.getByLabel('Allow incompatible versions').check();
  await page.getByRole('combobox', { name: /Version/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${version.replaceAll('.', '\\.')} `) }).click();
  await page.locator('input[name=spacing]').fill('30');
  await page.getByRole('button', { name: 'Create deployment' }).click();
  await expect(page.getByText('Created a new deployment!')).toBeVisible();
  await expect(page).toHaveURL(/\/deployments\/gsm\/\d+\/sensors$/);
  const id = Number(page.url().match(/gsm\/(\d+)\/sensors/)![1]);

  // The simulator (2 s ticks) releases one sensor, which the view shows at its next refresh.
  await expect(page.getByTestId('deployment-sensors').getByTestId('deployment-status')).toHaveCount(3);
  await waitUntilASensorLeavesQueued(page);

  // The first sensor's timeline starts with its planning; the page draws the progress.
  await page
    .getByTestId('deployment-sensors')
    .getByRole('button', { name: String(start), exact: true })
    .click();
  const timeline = page.getByTestId('sensor-timeline');
  await expect(timeline.getByText(`Planned: version ${version} (ROLLING)`)).toBeVisible();
  await expect(timeline.getByText('Released in wave 1')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('deployment-progress-chart')).toBeVisible();

  await page.goto('/deployments/gsm');
  await page.getByRole('button', { name: `Halt deployment ${id}` }).click();
  await page.getByRole('button', { name: 'Halt', exact: true }).click();
  await expect(page.getByText(`Deployment ${id} halted`)).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('gridcell', { name: String(id), exact: true }) });
  await expect(row.getByTestId('deployment-status')).toHaveText('Halted');
  await page.goto(`/deployments/gsm/${id}/sensors`);
  await expect(page.getByTestId('deployment-sensors').getByText('Skipped').first()).toBeVisible();
  // A sensor never released: its timeline ends with the halt.
  await page
    .getByTestId('deployment-sensors')
    .getByRole('row')
    .filter({ has: page.getByText('Skipped') })
    .first()
    .getByRole('button')
    .click();
  await expect(page.getByTestId('sensor-timeline').getByText('Skipped: the deployment was halted')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();

  // The quarantine is listed in the Updater GSM group.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Quarantine' }).first().click();
  await expect(page).toHaveURL(/\/deployments\/gsm\/quarantine$/);
  await expect(page.getByText('Sensors that failed more often than their deployment allowed')).toBeVisible();
});
