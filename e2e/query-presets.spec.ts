/**
 * The advanced query editor, saved queries (favourites) and column presets in a real browser.
 * The sensors screen is being rebuilt elsewhere, so list results are checked through the network
 * response of GET /api/sensors rather than through column layouts.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { signIn, signInWithForm } from './support/login';

const editor = (page: Page) => page.locator('input[name=toolbar-query]');

/** The next sensors list response whose query is `query`. */
const sensorsResponse = (page: Page, query: string) =>
  page.waitForResponse((r: Response) => {
    const url = new URL(r.url());
    return (
      url.pathname === '/api/sensors' &&
      url.searchParams.get('query') === query &&
      url.searchParams.get('limit') !== '1'
    );
  });

interface SensorsBody {
  data: { sensors: { info: { communication?: string } }[] };
  meta: { totalCount: number };
}

/** The switch is controlled by the URL, which a router transition updates: click, then wait. */
async function switchToAdvanced(page: Page) {
  await page.getByLabel('Advanced').click();
  await expect(page).toHaveURL(/advanced=true/);
  await expect(page.getByLabel('Advanced')).toBeChecked();
}

async function openAdvancedSensors(page: Page) {
  await signIn(page, 'technician', '/sensors');
  await switchToAdvanced(page);
  await expect(editor(page)).toBeVisible();
}

async function typeQuery(page: Page, text: string) {
  const input = editor(page);
  await input.click();
  await input.fill(text);
  await input.press('Escape'); // close the completion list
}

test.describe('advanced query', () => {
  test('communication in (GSM, WIFI) filters the sensors list', async ({ page }) => {
    await signIn(page, 'technician');
    const all = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/sensors' && !new URL(r.url()).searchParams.get('query'),
    );
    await page.goto('/sensors');
    const unfiltered = (await (await all).json()) as SensorsBody;

    await switchToAdvanced(page);
    const query = 'communication in (GSM, WIFI)';
    await typeQuery(page, query);
    const filtered = sensorsResponse(page, query);
    await editor(page).press('Enter');
    const body = (await (await filtered).json()) as SensorsBody;
    expect(body.meta.totalCount).toBeGreaterThan(0);
    expect(body.meta.totalCount).toBeLessThan(unfiltered.meta.totalCount);
    for (const s of body.data.sensors) expect(['GSM', 'WIFI']).toContain(s.info.communication);
    await expect(page).toHaveURL(/advanced=true/);
    expect(new URL(page.url()).searchParams.get('search')).toBe(query);
    // The rows on screen come from that answer.
    await expect(page.locator('tbody tr').first()).toBeVisible();
    const rowsText = await page.locator('tbody').innerText();
    expect(rowsText).not.toMatch(/\bLORA\b|\bNBIOT\b/);
    // Highlighting of the applied query.
    await expect(page.getByTestId('query-highlight').locator('.aq-q-field')).toHaveText('communication');
    await expect(page.getByTestId('query-highlight').locator('.aq-q-word')).toHaveText(['GSM', 'WIFI']);
  });

  test('a syntax error shows the underline and the message and is not applied', async ({ page }) => {
    await openAdvancedSensors(page);
    await typeQuery(page, 'communication in (GSM, WIFI');
    await expect(page.getByTestId('query-editor')).toHaveAttribute('data-error', 'true');
    await expect(page.getByTestId('query-highlight').locator('.aq-q-error-range')).toHaveCount(1);
    await editor(page).press('Enter');
    await expect(page.getByTestId('query-error-message')).toContainText(
      'Expected "," or ")" in the list of values at position 27',
    );
    expect(new URL(page.url()).searchParams.get('search')).toBeNull();

    // A query that parses but names an unknown field: the server's message, under the box.
    await typeQuery(page, 'colour = red');
    await editor(page).press('Enter');
    await expect(page.getByTestId('query-error-message')).toContainText('Unknown field "colour" at position 0');
    await expect(page.getByTestId('query-highlight').locator('.aq-q-error-range')).toHaveText('colour');
    expect(new URL(page.url()).searchParams.get('search')).toBeNull();
    await expect(page.getByTestId('error-banner')).toHaveCount(0);
  });

  test('completion inserts a field and enum values', async ({ page }) => {
    await openAdvancedSensors(page);
    const input = editor(page);
    await input.click();
    await input.pressSequentially('commun');
    await expect(page.getByRole('option').first()).toContainText('communication');
    await input.press('Tab');
    await expect(input).toHaveValue('communication ');
    await page.getByRole('option', { name: 'in', exact: true }).click();
    await input.press('Tab'); // "("
    await input.pressSequentially('GS');
    await input.press('Tab');
    await expect(input).toHaveValue('communication in (GSM ');
  });

  test('save a query and apply it from the favourites', async ({ page }) => {
    await openAdvancedSensors(page);
    const query = 'status = Installed and communication = GSM';
    await typeQuery(page, query);
    await page.getByRole('button', { name: 'Favourite queries' }).click();
    await page.getByRole('menuitem', { name: 'Save current query…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Installed GSM sensors');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved query', { exact: true })).toBeVisible();

    // Start over with no query, then pick it from the favourites.
    await page.goto('/sensors');
    await page.getByRole('button', { name: 'Favourite queries' }).click();
    const favourites = page.getByTestId('favourite-query');
    await expect(favourites).toHaveCount(2);
    await expect(favourites.first()).toContainText('using GSM or Wi-Fi communications');
    const applied = sensorsResponse(page, query);
    await favourites.filter({ hasText: 'Installed GSM sensors' }).click();
    const body = (await (await applied).json()) as SensorsBody;
    expect(body.meta.totalCount).toBeGreaterThan(0);
    for (const s of body.data.sensors) expect(s.info.communication).toBe('GSM');
    await expect(page).toHaveURL(/advanced=true/);
    await expect(editor(page)).toHaveValue(query);

    // The saved query is listed on its preferences page.
    await page.goto('/preferences/queries/sensors');
    await expect(page.getByTestId('item-name')).toHaveText([
      'using GSM or Wi-Fi communications',
      'Installed GSM sensors',
    ]);
  });

  test('the help link opens the language documentation at the list fields', async ({ page }) => {
    await openAdvancedSensors(page);
    await page.getByRole('link', { name: 'Query language help' }).click();
    await expect(page).toHaveURL(/\/help\/query-language#fields-sensors$/);
    await expect(page.getByRole('heading', { name: 'Query language', level: 1 }).first()).toBeVisible();
    await expect(page.locator('#fields-sensors')).toContainText('communication');
    await expect(page.locator('#fields-sensors')).toContainText('GSM, WIFI, LORA, NBIOT, OTHER');
  });
});

test.describe('presets', () => {
  test('create, rename, move, hide and delete a preset', async ({ page }) => {
    await signIn(page, 'sales', '/preferences/presets');
    const names = page.getByTestId('item-name');
    await expect(names).toHaveText(['All', 'Measurements', 'Calibrations', 'Details']);

    // Create opens a new preset; Cancel leaves nothing behind, it is stored on Save only.
    await page.getByRole('button', { name: 'Create' }).click();
    const dialog = page.getByRole('dialog');
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Custom');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(names).toHaveText(['All', 'Measurements', 'Calibrations', 'Details']);
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(save).toBeEnabled();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Field work');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(names).toHaveText(['All', 'Measurements', 'Calibrations', 'Details', 'Field work']);
    const item = page.getByTestId('personal-item').filter({ hasText: 'Field work' });
    await expect(item).toContainText('1 column: Installation ID');

    await item.getByRole('button', { name: 'Move up' }).click();
    await expect(names).toHaveText(['All', 'Measurements', 'Calibrations', 'Field work', 'Details']);

    await item.getByRole('button', { name: 'Hide' }).click();
    await expect(item).toHaveAttribute('data-hidden', 'true');
    await expect(item.getByText('Hidden')).toBeVisible();

    // The order and visibility are on the server: they survive a reload.
    await page.reload();
    await expect(names).toHaveText(['All', 'Measurements', 'Calibrations', 'Field work', 'Details']);
    await expect(item).toHaveAttribute('data-hidden', 'true');

    await item.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(names).toHaveText(['All', 'Measurements', 'Calibrations', 'Details']);
    // All cannot be edited or deleted.
    const all = page.getByTestId('personal-item').filter({ hasText: 'All columns' });
    await expect(all.getByRole('button', { name: 'Edit' })).toBeDisabled();
    await expect(all.getByRole('button', { name: 'Delete' })).toBeDisabled();
  });

  test('export and import through the clipboard', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await signIn(page, 'viewer', '/preferences/presets');
    const names = page.getByTestId('item-name');
    await expect(names).toHaveText(['All', 'Measurements', 'Calibrations', 'Details']);

    await page.getByRole('button', { name: 'Export all' }).click();
    await expect(page.getByText('Copied all presets to clipboard')).toBeVisible();
    const exported = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
      id: number;
      name: string;
    }[];
    expect(exported.map((p) => p.name)).toEqual(['Measurements', 'Calibrations', 'Details']);

    // Importing the same list again: every id clashes, so each preset gets a new one.
    await page.getByRole('button', { name: 'Import all' }).click();
    await expect(names).toHaveText([
      'All',
      'Measurements',
      'Calibrations',
      'Details',
      'Measurements',
      'Calibrations',
      'Details',
    ]);
    const ids = await page
      .getByTestId('personal-item')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))));
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7]);

    // Export one preset.
    await page.getByTestId('personal-item').nth(4).getByRole('button', { name: 'Export' }).click();
    // Success messages queue: this one shows once the previous one's 5 seconds are over.
    await expect(page.getByText('Copied preset to clipboard')).toBeVisible({ timeout: 12_000 });
    expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual([
      expect.objectContaining({ id: 5, name: 'Measurements' }),
    ]);

    // Anything but a JSON array is refused with the spec's message.
    await page.evaluate(() => navigator.clipboard.writeText('{"name": "not a list"}'));
    await page.getByRole('button', { name: 'Import all' }).click();
    await expect(page.getByTestId('import-error')).toContainText(
      'Error importing presets. The contents of the clipboard are either invalid or the permission was not granted.',
    );
    await expect(names).toHaveCount(7);

    // Saved queries work the same way.
    await page.getByRole('tab', { name: 'Installation queries' }).click();
    await expect(page).toHaveURL(/\/preferences\/queries\/installations$/);
    // The queries page loads on demand and the presets page stays on screen until it has: its
    // Import all would take the clipboard as presets. Wait for the queries page's own list.
    await expect(names).toHaveText(['visible on the map and not working for more than 3 days']);
    await page.evaluate(() =>
      navigator.clipboard.writeText(
        JSON.stringify([{ id: 1, name: 'Kraków', value: 'cityLocal = "Kraków"', visibility: true }]),
      ),
    );
    await page.getByRole('button', { name: 'Import all' }).click();
    await expect(names).toHaveText(['visible on the map and not working for more than 3 days', 'Kraków']);
    await page.evaluate(() => navigator.clipboard.writeText('[{"name": "broken", "value": "cityLocal = "}]'));
    await page.getByRole('button', { name: 'Import all' }).click();
    await expect(page.getByTestId('import-error')).toContainText('Error importing queries.');
  });
});

test.describe('preferences follow the user', () => {
  test('a change in one tab shows in the other open tabs', async ({ page, context }) => {
    await signIn(page, 'technician', '/preferences/queries/installations');
    const other = await context.newPage();
    await other.goto('/preferences/queries/installations');
    const first = (p: Page) => p.getByTestId('personal-item').first();
    await expect(first(other)).toHaveAttribute('data-hidden', 'false');

    await first(page).getByRole('button', { name: 'Hide' }).click();
    await expect(first(page)).toHaveAttribute('data-hidden', 'true');
    await expect(first(other)).toHaveAttribute('data-hidden', 'true');
    // The sync entry is gone again.
    expect(await other.evaluate(() => localStorage.getItem('aq.sync'))).toBeNull();

    await first(other).getByRole('button', { name: 'Show' }).click();
    await expect(first(page)).toHaveAttribute('data-hidden', 'false');
  });

  test('lists of the older console in local storage move to the server at sign-in', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem(
        'savedQueries.sensors',
        JSON.stringify([{ id: 3, name: 'Old GSM query', value: 'communication = GSM', visibility: true }]),
      );
      localStorage.setItem(
        'presets',
        JSON.stringify([
          { id: 1, name: 'All', visibility: true, fieldsValues: null },
          { id: 2, name: 'Old preset', visibility: false, fieldsValues: ['installationId', 'city'] },
        ]),
      );
    });
    await signInWithForm(page, 'admin');
    // The console's code loads after the sign-in, then the three lists go: on a busy machine (the
    // other worker's test beside it) that took more than expect's 5 s in CI.
    const moved = { timeout: 30_000 };
    await expect.poll(() => page.evaluate(() => localStorage.getItem('presets')), moved).toBeNull();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('savedQueries.sensors')), moved).toBeNull();
    await page.goto('/preferences/queries/sensors');
    await expect(page.getByTestId('item-name')).toHaveText(['Old GSM query']);
    await page.goto('/preferences/presets');
    await expect(page.getByTestId('item-name')).toHaveText(['All', 'Old preset']);
  });
});
