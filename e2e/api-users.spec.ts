/**
 * API-key users as sales staff use them: the limit editor refuses a larger period below a smaller
 * one with the spec's rule and saves a valid limit; a key issued from the usage dialog (behind a
 * confirmation, copied) is held to that limit by the rate-limited public endpoint until 429, and the
 * usage view shows the counted requests and the last 429.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/login';

/** A regular (not internal) API-key user, found through the API with the signed-in session. */
async function someUser(page: Page, skip = 0): Promise<{ id: number; username: string }> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('aq.session') ?? '{}').token as string);
  const res = await page.request.get('/apiusers-api/users?limit=50&sortBy=id', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const users = ((await res.json()) as { users: { id: number; username: string; internal: boolean }[] }).users;
  return users.filter((u) => !u.internal)[skip]!;
}

const openUser = (page: Page, username: string) => page.goto(`/api-users?${new URLSearchParams({ search: username })}`);

async function setMinuteLimit(page: Page, username: string, value: string) {
  await page.getByRole('button', { name: `Edit the API limits of ${username}`, exact: true }).click();
  const dialog = page.getByRole('dialog');
  const custom = dialog.getByRole('switch', { name: 'Custom limit' });
  if (!(await custom.isChecked())) await custom.click();
  for (const period of ['second', 'minute', 'hour', 'day', 'month', 'year'])
    await dialog.getByTestId(`standard-${period}`).fill('');
  await dialog.getByTestId('standard-minute').fill(value);
  return dialog;
}

test('the limit editor shows the rule a value breaks and saves a valid limit', async ({ page }) => {
  await signIn(page, 'sales');
  const user = await someUser(page, 0);
  await openUser(page, user.username);
  await expect(page.getByRole('gridcell', { name: user.username, exact: true })).toBeVisible();

  const dialog = await setMinuteLimit(page, user.username, '100');
  await dialog.getByTestId('standard-hour').fill('50');
  await expect(dialog.getByText('hour must be at least 100 (the minute limit)')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByTestId('standard-hour').fill('0');
  await expect(dialog.getByText('It must be greater than 0')).toBeVisible();
  // every value removed while the custom limit is on
  for (const period of ['minute', 'hour']) await dialog.getByTestId(`standard-${period}`).fill('');
  await expect(dialog.getByText('One limit value required when samples API or custom limit enabled!')).toBeVisible();

  await dialog.getByTestId('standard-minute').fill('100');
  await dialog.getByTestId('standard-hour').fill('5000');
  await expect(dialog.getByText(/must be at least|It must be|One limit value/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('All changes saved!')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByRole('row').filter({ has: page.getByRole('gridcell', { name: user.username, exact: true }) }),
  ).toContainText('100/min · 5K/h');
});

test('a key issued in the console is rate limited by the public endpoint until 429', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'sales');
  const user = await someUser(page, 1);
  await openUser(page, user.username);

  const editor = await setMinuteLimit(page, user.username, '3');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('All changes saved!')).toBeVisible();

  await page.getByRole('button', { name: `Usage of ${user.username}`, exact: true }).click();
  const usage = page.getByRole('dialog', { name: `Usage of ${user.username}` });
  await expect(usage.getByTestId('usage-standard-minute')).toContainText('3');
  await usage.getByRole('button', { name: 'Issue key' }).click();
  const confirm = page.getByRole('dialog', { name: `API key of ${user.username}` });
  await expect(confirm).toContainText(`Issue an API key for ${user.username}?`);
  await confirm.getByRole('button', { name: 'Issue key' }).click();
  const keyField = confirm.getByTestId('issued-api-key');
  await expect(keyField).toHaveValue(/^aqk_/);
  const key = await keyField.inputValue();
  await confirm.getByRole('button', { name: 'Copy key' }).click();
  await expect(page.getByText('Copied API key to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await confirm.getByRole('button', { name: 'Close' }).click();

  const ping = () => page.request.get('/apiusers-api/v1/ping', { headers: { 'x-api-key': key } });
  expect((await page.request.get('/apiusers-api/v1/ping')).status()).toBe(401);
  for (const remaining of [2, 1, 0]) {
    const res = await ping();
    expect(res.status()).toBe(200);
    expect(res.headers()['x-ratelimit-limit']).toBe('3');
    expect(res.headers()['x-ratelimit-remaining']).toBe(String(remaining));
  }
  const refused = await ping();
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
  expect((await refused.json()).message).toContain('3 requests per minute');

  await usage.getByRole('button', { name: 'Refresh' }).click();
  await expect(usage.getByTestId('usage-standard-minute')).toContainText('4');
  await expect(usage.getByTestId('usage-last-429')).not.toHaveText('Never');
  await expect(usage.getByTestId('usage-key')).toContainText(key.slice(0, 12));
});
