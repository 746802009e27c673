/**
 * Contractors as sales staff use them (document 2, sections 2.2 and 2.5): add a contractor with a
 * default logo, replace its logo with an uploaded image, open the installations list filtered by a
 * contractor, and a contractor's history.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support/login';

/** A 1×1 PNG (the server recognises images by their content). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('add a contractor with a default logo, then change its logo', async ({ page }) => {
  const name = `E2E Kontrahent ${Date.now()}`;
  await signIn(page, 'sales', '/contractors');
  await page.getByRole('link', { name: 'Add contractor' }).click();
  await expect(page).toHaveURL(/\/contractors\/create$/);

  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Smog fighter' }).click();
  await page.getByRole('textbox', { name: 'Link' }).fill('not a link');
  await page.getByRole('button', { name: 'Default logo wind' }).click();
  await expect(page.getByRole('button', { name: 'Default logo wind' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('It must be an http(s) address, such as https://example.org')).toBeVisible();
  await page.getByRole('textbox', { name: 'Link' }).fill('https://e2e.example.org');
  await page.getByRole('button', { name: 'Save' }).dblclick();
  await expect(page.getByText('Added new contractor!')).toBeVisible();
  await expect(page).toHaveURL(/\/contractors(\?|$)/);

  // The new contractor, found by the toolbar search, shows the default logo.
  await page.goto(`/contractors?${new URLSearchParams({ search: name })}`);
  await expect(page.getByText('1-1 of 1')).toBeVisible();
  const logo = page.getByRole('img', { name: `Logo of ${name}` });
  await expect(logo).toHaveAttribute('src', /\/api\/contractors\/default-logos\/wind\.svg$/);
  expect((await page.request.get((await logo.getAttribute('src'))!)).status()).toBe(200);

  // Replace it with an uploaded image: stored and served back by URL.
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Logo changed!')).toBeVisible();
  await expect(logo).toHaveAttribute('src', /\/api\/files\/logo\/[0-9a-f]{64}$/);
  const served = await page.request.get((await logo.getAttribute('src'))!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  await page.reload();
  await expect(page.getByRole('img', { name: `Logo of ${name}` })).toHaveAttribute('src', /\/api\/files\/logo\//);

  // A contractor without installations: the installations link searches for its id and finds none.
  const link = page.getByRole('link', { name: `Installations of ${name}` });
  await link.click();
  await expect(page).toHaveURL(/\/installations\?search=contractorId/);
  await expect(page.getByTestId('list-empty')).toBeVisible();
});

test('a contractor leads to its installations and to its history', async ({ page }) => {
  // A contractor with installations, found with the advanced search.
  await signIn(
    page,
    'admin',
    `/contractors?${new URLSearchParams({ search: 'currentInstallations >= 3', advanced: 'true' })}`,
  );
  await expect(page.getByText(/^1-\d+ of \d+$/)).toBeVisible();
  const row = page.locator('tbody tr').first();
  const name = (await row.getByRole('button', { name: /^Edit contractor / }).getAttribute('aria-label'))!.replace(
    'Edit contractor ',
    '',
  );
  const headers = await page.locator('thead th').allInnerTexts();
  const count = Number(
    await row
      .locator('td')
      .nth(headers.findIndex((h) => h.trim() === 'Installations'))
      .innerText(),
  );
  expect(count).toBeGreaterThanOrEqual(3);

  await row.getByRole('link', { name: `Installations of ${name}` }).click();
  await expect(page).toHaveURL(/\/installations\?search=contractorId(\+|%20)%3D(\+|%20)\d+&advanced=true/);
  const id = new URL(page.url()).searchParams.get('search')!.replace('contractorId = ', '');
  await expect(page.getByText(new RegExp(`^1-\\d+ of ${count}$`))).toBeVisible();
  await expect(page.locator('tbody tr').first()).toContainText(name);

  await page.goBack();
  await page
    .locator('tbody tr')
    .first()
    .getByRole('link', { name: `Installation history of ${name}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/contractors/${id}/history$`));
  await expect(page.getByText(`Installations of contractor ${id}`)).toBeVisible();
  await expect(page.locator('tbody tr').first().getByRole('link', { name })).toBeVisible();
});
