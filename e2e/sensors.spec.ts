/**
 * The sensor screens as a technician uses them: the list (filter, page, sort), status, factors and
 * every tag type edited in place, retire, the server-side CSV export, ordering sensors, restart
 * from Sensor Status, history, and the tags screen (as admin).
 *
 * Sensors are picked through the API at run time (by status, communication…), so the file also
 * passes against a server that earlier runs already changed. The toolbar search is driven through
 * the URL (`?search=…&advanced=true`), which is where the list reads it from.
 */
import fs from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { PASSWORD, signIn } from './support/login';

interface SensorRow {
  id: number;
  info: {
    status: string;
    communication?: string;
    contractor: { id: number; name: string } | null;
    currentInstallationId: number | null;
  };
  params: { factors: Record<string, { A: number; B: number; C: number }> };
  tags: Record<string, unknown>;
}

const tokens = new Map<string, string>();

async function token(request: APIRequestContext, user = 'technician'): Promise<string> {
  let t = tokens.get(user);
  if (!t) {
    const res = await request.get('/api/login/basic', {
      headers: { authorization: `Basic ${Buffer.from(`${user}:${PASSWORD}`).toString('base64')}` },
    });
    expect(res.ok()).toBeTruthy();
    t = ((await res.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
    tokens.set(user, t);
  }
  return t;
}

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path, { headers: { authorization: `Bearer ${await token(request)}` } });
  expect(res.ok(), `GET ${path}: ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

async function sensors(request: APIRequestContext, query: string, params: Record<string, string> = {}) {
  const search = new URLSearchParams({ limit: '50', ...params });
  if (query) search.set('query', query);
  const body = await api<{ data: { sensors: SensorRow[] }; meta: { totalCount: number } }>(
    request,
    `/api/sensors?${search}`,
  );
  return { rows: body.data.sensors, total: body.meta.totalCount };
}

const sensor = async (request: APIRequestContext, id: number) =>
  (await api<{ data: { sensor: SensorRow } }>(request, `/api/sensors/${id}`)).data.sensor;

const advancedSearch = (query: string) => `/sensors?search=${encodeURIComponent(query)}&advanced=true`;

/** The list row of one sensor. */
const row = (page: Page, id: number): Locator =>
  page.locator('tbody tr').filter({ has: page.locator('td.column-id', { hasText: new RegExp(`^${id}$`) }) });

async function openSensor(page: Page, id: number) {
  await page.goto(advancedSearch(`id = ${id}`));
  await expect(page.locator('tbody tr')).toHaveCount(1);
  return row(page, id);
}

const pageInfo = (page: Page) => page.locator('.MuiTablePagination-displayedRows');
const notification = (page: Page, text: string) => page.getByText(text, { exact: true });

test.describe('sensors list', () => {
  // Each test opens its own screen first.
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'technician', null);
  });

  test('pages, changes the page size, sorts and filters (plain and advanced)', async ({ page, request }) => {
    test.slow(); // a reload and five list states in one test
    const all = await sensors(request, '');
    await page.goto('/sensors');
    await expect(pageInfo(page)).toHaveText(`1-10 of ${all.total}`);
    await expect(page.locator('tbody tr')).toHaveCount(10);
    await expect(page.locator('tbody tr').first().locator('td.column-id')).toHaveText('1');

    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(pageInfo(page)).toHaveText(`11-20 of ${all.total}`);
    await expect(page.locator('tbody tr').first().locator('td.column-id')).toHaveText('11');

    await page.getByRole('combobox', { name: /Rows per page/ }).click();
    await page.getByRole('option', { name: '20', exact: true }).click();
    await expect(page.locator('tbody tr')).toHaveCount(20);
    // The page size has reached the URL (react-admin writes list parameters there after a debounce:
    // a sort clicked before that is overwritten by the pending write, and the list stays ascending).
    await expect(page).toHaveURL(/perPage=20/);

    // Sorting by ID descending asks the server (the highest id comes first).
    const newest = await sensors(request, '', { sortBy: 'id', order: 'desc', limit: '1' });
    await page.locator('thead').getByText('ID', { exact: true }).click();
    await expect(page.locator('tbody tr').first().locator('td.column-id')).toHaveText(String(newest.rows[0]!.id));
    // Page size and order live in the URL: a reload (or a shared link) shows the same rows.
    await expect(page).toHaveURL(/[?&]order=DESC/);
    await page.reload();
    await expect(page.locator('tbody tr')).toHaveCount(20, { timeout: 15_000 });
    await expect(page.locator('tbody tr').first().locator('td.column-id')).toHaveText(String(newest.rows[0]!.id));

    // Advanced query from the URL.
    const lost = await sensors(request, 'status = Lost');
    expect(lost.total).toBeGreaterThan(0);
    await page.goto(advancedSearch('status = Lost'));
    await expect(pageInfo(page)).toHaveText(`1-${Math.min(10, lost.total)} of ${lost.total}`);
    for (const status of await page.locator('[data-testid^="status-"]').allTextContents()) expect(status).toBe('Lost');

    // Plain search typed into the toolbar: the URL changes and the list asks the server again
    // (the text is wrapped in SEARCH("…")).
    const plain = await sensors(request, 'SEARCH("Refurbishment")');
    await page.goto('/sensors');
    await expect(pageInfo(page)).toHaveText(`1-10 of ${all.total}`);
    await page.getByRole('textbox', { name: 'Search' }).fill('Refurbishment');
    await expect(page).toHaveURL(/[?&]search=Refurbishment/);
    await expect(pageInfo(page)).toHaveText(`1-${Math.min(10, plain.total)} of ${plain.total}`);
    await page.getByRole('textbox', { name: 'Search' }).fill('');
    await expect(pageInfo(page)).toHaveText(`1-10 of ${all.total}`);

    // Nothing found: the empty text for a search.
    await page.goto('/sensors?search=no-such-sensor-anywhere');
    await expect(page.getByTestId('list-empty')).toHaveText('No matches found.');
  });

  test('changes a status through the allowed transitions only; Retired has no dropdown', async ({ page, request }) => {
    const { rows } = await sensors(request, 'status = Ready');
    const id = rows[0]!.id;
    const r = await openSensor(page, id);
    await r.getByRole('button', { name: `Ready, status of sensor ${id}` }).click();
    const items = page.getByRole('menu').getByRole('menuitem');
    await expect(items).toHaveText([
      'InProduction',
      'ForInstallation',
      'InShipping',
      'Installed',
      'ReviewRequired',
      'ServiceRequired',
      'InRepair',
      'Refurbishment',
      'Lost',
    ]);
    await page.getByRole('menuitem', { name: 'InShipping' }).click();
    await expect(notification(page, 'Status changed!')).toBeVisible();
    await expect(r.getByRole('button', { name: `InShipping, status of sensor ${id}` })).toBeVisible();
    expect((await sensor(request, id)).info.status).toBe('InShipping');

    const retired = (await sensors(request, 'status = Retired')).rows[0]!.id;
    const rr = await openSensor(page, retired);
    await expect(rr.getByTestId(`status-${retired}`)).toHaveText('Retired');
    await expect(rr.getByRole('button', { name: /, status of sensor/ })).toHaveCount(0);
  });

  test('edits factors in the dialog: comma to dot, fill, clear', async ({ page, request }) => {
    const { rows } = await sensors(request, 'status = Ready and measured = pm1');
    const target = rows.find((s) => !s.params.factors.pm1) ?? rows[0]!;
    const id = target.id;
    const r = await openSensor(page, id);
    await r.getByRole('button', { name: new RegExp(`^pm1 factors of sensor ${id}`) }).click();
    const dialog = page.getByRole('dialog', { name: 'Update pm1 Factors' });
    await expect(dialog.getByText('Update pm1 Factors')).toBeVisible();
    await dialog.getByRole('button', { name: 'Fill the factors' }).click();
    await expect(dialog.getByRole('textbox', { name: 'B' })).toHaveValue('1');
    await dialog.getByRole('textbox', { name: 'A' }).fill('1,5');
    await expect(dialog.getByRole('textbox', { name: 'A' })).toHaveValue('1.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(notification(page, 'All changes saved!')).toBeVisible();
    await expect(r.locator('[data-has-factors="true"]', { hasText: /^pm1$/ })).toBeVisible();
    expect((await sensor(request, id)).params.factors.pm1).toEqual({ A: 1.5, B: 1, C: 0 });

    // A partly filled set is refused; an empty one clears the factors.
    await r.getByRole('button', { name: new RegExp(`^pm1 factors of sensor ${id}`) }).click();
    await dialog.getByRole('textbox', { name: 'C' }).fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('It is required')).toBeVisible();
    await dialog.getByRole('button', { name: 'Clear the factors' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(r.locator('[data-has-factors="false"]', { hasText: /^pm1$/ })).toBeVisible();
    expect((await sensor(request, id)).params.factors.pm1).toBeUndefined();
  });

  test('edits a value of each tag type in place; META is read-only', async ({ page, request }) => {
    const tags = (
      await api<{ data: { tags: { id: number; name: string; type: string; values: string[] }[] } }>(
        request,
        '/api/sensors/tags?includeMeta=true',
      )
    ).data.tags;
    const byType = (type: string) => tags.find((t) => t.type === type)!;
    const { rows } = await sensors(request, 'status = InProduction');
    const id = rows[0]!.id;
    const r = await openSensor(page, id);
    const saved = async () => {
      await expect(notification(page, 'All changes saved!').last()).toBeVisible();
    };
    // The answer to the PATCH of a tag's value: an earlier "All changes saved!" may still be on
    // screen, and the controls show the new value before the server has it.
    const tagSaved = (tagId: number) =>
      page.waitForResponse(
        (res) => res.request().method() === 'PATCH' && res.url().endsWith(`/sensors/${id}/tags/${tagId}`) && res.ok(),
      );
    const text = async (type: string, value: string) => {
      const t = byType(type);
      await r.getByRole('button', { name: new RegExp(`, edit ${t.name} of sensor ${id}$`) }).click();
      const input = r.getByRole('textbox', { name: `${t.name} of sensor ${id}` });
      await input.fill(value);
      await input.press('Enter');
      await expect(input).toHaveCount(0);
      await saved();
    };

    // Values differ from run to run: saving an unchanged value sends nothing.
    const n = (Date.now() % 997) + 1;
    await text('STRING', `E2E-batch-${n}`);
    await text('TEXT', `Checked by end-to-end run ${n}`);
    await text('INTEGER', String(n));
    await text('FLOAT', `${n},25`);

    // A wrong number is refused before anything is sent.
    const integerTag = byType('INTEGER');
    await r.getByRole('button', { name: new RegExp(`, edit ${integerTag.name} of sensor ${id}$`) }).click();
    await r.getByRole('textbox', { name: `${integerTag.name} of sensor ${id}` }).fill('7.5');
    await r.getByRole('textbox', { name: `${integerTag.name} of sensor ${id}` }).press('Enter');
    await expect(r.getByText('It must be an integer')).toBeVisible();
    await r.getByRole('textbox', { name: `${integerTag.name} of sensor ${id}` }).press('Escape');

    // BOOLEAN: three clicks go round the cycle and back.
    const bool = byType('BOOLEAN');
    const boolButton = r.getByRole('button', { name: new RegExp(`, ${bool.name} of sensor ${id}$`) });
    const cycle: Record<string, string> = { null: 'true', true: 'false', false: 'null' };
    let state = (await boolButton.getAttribute('data-value'))!;
    for (let i = 0; i < 3; i++) {
      await Promise.all([tagSaved(bool.id), boolButton.click()]);
      state = cycle[state]!;
      await expect(boolButton).toHaveAttribute('data-value', state);
    }
    await Promise.all([tagSaved(bool.id), boolButton.click()]);
    await expect(boolButton).toHaveAttribute('data-value', cycle[state]!);
    const boolValue = { true: true, false: false, null: undefined }[cycle[state]! as 'true' | 'false' | 'null'];

    // ENUM: one of its values.
    const enumTag = byType('ENUM');
    const current = (await sensor(request, id)).tags[String(enumTag.id)];
    const choice = enumTag.values.find((v) => v !== current)!;
    await r.getByRole('combobox', { name: new RegExp(`, ${enumTag.name} of sensor ${id}$`) }).click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['—', ...enumTag.values]);
    await Promise.all([tagSaved(enumTag.id), page.getByRole('option', { name: choice, exact: true }).click()]);
    await saved();
    await expect(r.getByRole('combobox', { name: new RegExp(`, ${enumTag.name} of sensor ${id}$`) })).toHaveText(
      choice,
    );

    // META: shown, not editable.
    const meta = byType('META');
    await expect(r.getByRole('button', { name: new RegExp(meta.name) })).toHaveCount(0);
    await expect(r.getByRole('textbox', { name: new RegExp(meta.name) })).toHaveCount(0);

    const stored = (await sensor(request, id)).tags;
    expect(stored[String(byType('STRING').id)]).toBe(`E2E-batch-${n}`);
    expect(stored[String(byType('TEXT').id)]).toBe(`Checked by end-to-end run ${n}`);
    expect(stored[String(integerTag.id)]).toBe(n);
    expect(stored[String(byType('FLOAT').id)]).toBe(n + 0.25);
    expect(stored[String(bool.id)] ?? undefined).toBe(boolValue);
    expect(stored[String(enumTag.id)]).toBe(choice);
  });

  test('retires a sensor after the confirmation; installation and contractor are cleared', async ({
    page,
    request,
  }) => {
    const { rows } = await sensors(request, 'status = Installed and contractorId != null');
    const id = rows[0]!.id;
    const r = await openSensor(page, id);
    await r.getByRole('button', { name: `Retire sensor ${id}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('cannot be undone');
    await dialog.getByRole('button', { name: 'Retire' }).click();
    await expect(notification(page, `Sensor with id ${id} has been successfully retired.`)).toBeVisible();
    await expect(r.getByTestId(`status-${id}`)).toHaveText('Retired');
    await expect(r.getByRole('button', { name: `Retire sensor ${id}` })).toHaveCount(0);
    const after = await sensor(request, id);
    expect(after.info).toMatchObject({ status: 'Retired', contractor: null, currentInstallationId: null });
  });

  test('exports ALL rows of the search as CSV from the server', async ({ page, request }) => {
    const query = 'status in (Lost, Installed)';
    const { total } = await sensors(request, query);
    expect(total).toBeGreaterThan(10); // more than one page
    await page.goto(advancedSearch(query));
    await expect(pageInfo(page)).toHaveText(`1-10 of ${total}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('sensors.csv');
    const bytes = await fs.readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split(/\r?\n/).filter(Boolean);
    expect(lines[0]).toContain(';');
    expect(lines[0]!.split(';')[0]).toBe('id');
    expect(lines.length - 1).toBe(total);
  });

  test('contractor links open the installations search; the history opens from the row', async ({ page, request }) => {
    const { rows } = await sensors(request, 'status = Installed and contractorId != null');
    const s = rows[0]!;
    const r = await openSensor(page, s.id);
    await r.getByRole('link', { name: s.info.contractor!.name }).click();
    await expect(page).toHaveURL(
      new RegExp(`/installations\\?search=contractorId%20%3D%20${s.info.contractor!.id}&advanced=true$`),
    );

    const r2 = await openSensor(page, s.id);
    await r2.getByRole('link', { name: `Previous installations of sensor ${s.id}` }).click();
    await expect(page).toHaveURL(new RegExp(`/sensors/${s.id}/history$`));
    const history = await api<{ data: { installationId: number }[] }>(request, `/api/history/sensors/${s.id}`);
    await expect(page.locator('tbody tr')).toHaveCount(Math.min(10, history.data.length));
    await expect(page.locator('td.column-installationId').first()).not.toBeEmpty();
  });
});

test.describe('generate tokens', () => {
  test('orders 3 sensors and downloads their CSV', async ({ page }) => {
    await signIn(page, 'technician', '/sensors/create');
    await page.getByRole('textbox', { name: /Amount/ }).fill('1001');
    await page.getByRole('button', { name: 'Order' }).click();
    await expect(page.getByText('It must be less than 1001')).toBeVisible();
    await page.getByRole('textbox', { name: /Amount/ }).fill('3');
    await page.getByRole('button', { name: 'Fill pm25 factors' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Order' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sensory-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(notification(page, 'Ordered 3 new sensors!')).toBeVisible();
    const bytes = await fs.readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split(/\r?\n/).filter(Boolean);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain(';');
    for (const line of lines.slice(1)) expect(line).toMatch(/;GSM;.*InProduction$/);
  });
});

/** An installed GSM sensor the updater reports as Ok (each run takes the next one). */
async function gsmSensorWithStatusOk(request: APIRequestContext): Promise<number> {
  const { rows } = await sensors(request, 'communication = GSM and status = Installed');
  for (const s of rows) {
    const res = await request.get(`/updater/gsm/sensors/${s.id}`, {
      headers: { authorization: `Bearer ${await token(request)}` },
    });
    if (res.ok() && ((await res.json()) as { data: { status: string } }).data.status === 'Ok') return s.id;
  }
  throw new Error('No GSM sensor whose updater status is Ok');
}

test.describe('sensor status', () => {
  test('shows the updater status and restarts a sensor, watching the status move', async ({ page, request }) => {
    const id = await gsmSensorWithStatusOk(request);

    await signIn(page, 'technician', '/sensors/status');
    await page.getByRole('textbox', { name: 'Sensor ID' }).fill(String(id));
    await page.getByRole('textbox', { name: 'Sensor ID' }).press('Enter');
    const status = page.getByTestId('updater-status').locator('[data-status]');
    await expect(status).toHaveAttribute('data-status', 'Ok');
    for (const label of ['Version', 'Bank', 'Last contact', 'Last updated'])
      await expect(page.getByText(label, { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Restart', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Restart sensor ${id}`);
    await dialog.getByRole('button', { name: 'Restart' }).click();
    await expect(notification(page, `Sensor restart triggered for Sensor ID ${id}.`)).toBeVisible();
    // RestartRequired (or already Pending if the simulator ticked in between); no second restart meanwhile.
    await expect(status).toHaveAttribute('data-status', /^(RestartRequired|Pending)$/);
    await expect(page.getByRole('button', { name: 'Restart', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Idle', exact: true })).toBeDisabled();
    // The screen polls while the restart is under way: the simulator finishes it.
    await expect(status).toHaveAttribute('data-status', /^(Ok|Failed)$/, { timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Restart', exact: true })).toBeEnabled();
  });

  test('asks before idling, saying it cannot be cancelled', async ({ page, request }) => {
    const id = await gsmSensorWithStatusOk(request);
    await signIn(page, 'technician', `/sensors/status?id=${id}`);
    const status = page.getByTestId('updater-status').locator('[data-status]');
    await expect(status).toHaveAttribute('data-status', 'Ok');
    await page.getByRole('button', { name: 'Idle', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('disconnects from the network for 30 minutes');
    await expect(dialog).toContainText('cannot be cancelled');
    await dialog.getByRole('button', { name: 'Idle' }).click();
    await expect(notification(page, `Sensor idle triggered for Sensor ID ${id}.`)).toBeVisible();
    await expect(status).toHaveAttribute('data-status', 'IdleRequired');
    await expect(page.getByRole('button', { name: 'Restart', exact: true })).toBeDisabled();
  });

  test('says so for a sensor the updater does not know', async ({ page }) => {
    await signIn(page, 'technician', '/sensors/status?id=999999');
    await expect(page.getByTestId('updater-not-found')).toHaveText('Sensor 999999 is not known to the GSM updater.');
  });
});

test.describe('tags screens', () => {
  test('admin creates, updates and removes a tag', async ({ page }) => {
    await signIn(page, 'admin', '/sensors/tags');
    await expect(page.getByRole('columnheader')).toHaveText(['ID', 'Name', 'Type', 'Values', 'Actions']);
    await expect(page.getByRole('gridcell', { name: 'META', exact: true }).first()).toBeVisible();
    const name = `E2E tag ${Date.now()}`;
    await page.getByRole('button', { name: 'Add tag' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('It is required')).toHaveCount(2);
    await dialog.getByRole('textbox', { name: /Name/ }).fill(name);
    await dialog.getByRole('combobox', { name: /Type/ }).click();
    await page.getByRole('option', { name: 'ENUM' }).click();
    await dialog.getByRole('textbox', { name: /Values/ }).fill(' small , large ');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const tagRow = page.locator('tbody tr').filter({ hasText: name });
    await expect(tagRow).toContainText('ENUM');
    await expect(tagRow).toContainText('large');

    await tagRow.getByRole('button', { name: `Edit tag ${name}` }).click();
    await dialog.getByRole('textbox', { name: /Values/ }).fill('small, medium, large');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(tagRow).toContainText('medium');

    await tagRow.getByRole('button', { name: `Remove tag ${name}` }).click();
    await expect(page.getByRole('dialog')).toContainText('associated data');
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(notification(page, 'Removed tag')).toBeVisible();
    await expect(tagRow).toHaveCount(0);
  });
});
