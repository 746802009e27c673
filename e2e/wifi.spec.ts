/**
 * Wi-Fi firmware end to end (issue 13): open a seeded Wi-Fi deployment's sensors, a binary's
 * details and its build log (line numbers, raw logs in a new tab); then create a Wi-Fi deployment
 * from a branch and find it Rolling at the top of the list.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support/login';

interface Deployment {
  id: number;
  sensors: number[];
  status: string;
  blocked_sensors: number[];
}
interface Sensor {
  id: number;
  binary: string | null;
}

test('open a Wi-Fi binary and its log, then deploy a branch', async ({ page, request, context }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('aq.session')!).token as string);
  const get = async <T>(path: string): Promise<T> => {
    const res = await request.get(`/updater/wifi${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.ok()).toBe(true);
    return (await res.json()) as T;
  };
  const { data: deployments } = await get<{ data: Deployment[] }>('/deployments?page=1&limit=100');

  // A seeded deployment with a built binary that has logs.
  let target: { id: number; binary: string; sensor: number } | undefined;
  for (const d of deployments) {
    const { data } = await get<{ data: { sensors: Sensor[] } }>(`/deployments/${d.id}`);
    for (const s of data.sensors.filter((x) => x.binary)) {
      const info = await get<{ data: { has_logs: boolean } }>(`/binary/${s.binary}`);
      if (info.data.has_logs) target = { id: d.id, binary: s.binary!, sensor: s.id };
      if (target) break;
    }
    if (target) break;
  }
  expect(target).toBeDefined();
  const logText = await (
    await request.get(`/updater/wifi/binary/${target!.binary}/logs`, { headers: { authorization: `Bearer ${token}` } })
  ).text();
  const logLines = logText.replace(/\n$/, '').split('\n');

  await page.goto('/deployments/wifi');
  await page.getByRole('gridcell', { name: String(target!.id), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/deployments/wifi/${target!.id}/sensors$`));
  const table = page.getByTestId('deployment-sensors');
  await expect(table.getByRole('row')).not.toHaveCount(0);
  await table.getByRole('link', { name: target!.binary.slice(0, 8) }).click();
  await expect(page).toHaveURL(new RegExp(`/deployments/wifi/${target!.id}/sensors/${target!.binary}$`));

  const details = page.getByTestId('binary-details');
  await expect(details).toContainText('Sensor ID');
  await expect(details).toContainText(String(target!.sensor));
  const viewer = page.getByRole('region', { name: 'Build log' });
  await expect(viewer).toBeVisible();
  await expect(page.getByTestId('log-line-numbers')).toHaveText(logLines.map((_, i) => i + 1).join('\n'));
  await expect(page.getByTestId('log-text')).toContainText(logLines[0]!);
  await expect(page.getByText(`${logLines.length} lines`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Raw logs' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download' })).toHaveCount(0); // seeded binaries have no file
  const [raw] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Raw logs' }).click()]);
  await expect(raw.locator('body')).toContainText(logLines[0]!);
  await raw.close();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('log-line-numbers')).toContainText('1');

  // A Wi-Fi sensor of a finished deployment that no rolling deployment holds and none blocks.
  const busy = new Set(deployments.filter((d) => d.status === 'Rolling').flatMap((d) => d.sensors));
  const blocked = new Set(deployments.flatMap((d) => d.blocked_sensors));
  const free = deployments
    .filter((d) => d.status === 'Finished')
    .flatMap((d) => d.sensors)
    .filter((id) => !busy.has(id) && !blocked.has(id));
  expect(free.length).toBeGreaterThan(1);
  const newest = Math.max(...deployments.map((d) => d.id));

  await page.goto('/deployments/wifi');
  await page.getByRole('link', { name: 'New deployment' }).click();
  await expect(page).toHaveURL(/\/deployments\/wifi\/create$/);
  await page.locator('input[name=sensors]').fill(`${free[0]},${free[1]}`);
  await expect(page.getByText('2 sensors')).toBeVisible();
  await page.getByRole('combobox', { name: /Commit/ }).click();
  await page.getByRole('option', { name: /^develop/ }).click();
  await page.locator('input[name=spacing]').fill('30');
  await page.getByRole('button', { name: 'Create deployment' }).dblclick();
  await expect(page.getByText('Created a new deployment!')).toBeVisible();
  await expect(page).toHaveURL(/\/deployments\/wifi$/);
  const created = (await get<{ data: Deployment[] }>('/deployments?page=1&limit=10')).data.filter((d) => d.id > newest);
  expect(created).toHaveLength(1); // the double click made one deployment
  expect(created[0]).toMatchObject({ sensors: [free[0]!, free[1]!].sort((a, b) => a - b), status: 'Rolling' });
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell', { name: String(created[0]!.id), exact: true }) });
  await expect(row).toContainText('Rolling');
  await expect(row).toContainText('Rolling: 1 every 30 min');
});
