/**
 * The lists that exist only as an entity declaration (a table, a seed, no screen code), as staff
 * use them: every such list opens, searches, and exports every matching row as CSV through the
 * server's streamed export (the Export button once asked the list endpoint for 10,000 rows and got
 * a 400). Generated from the declarations, so a new declared list is covered without new code.
 */
import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ENTITIES, entityPath, exportFileNameOf } from '../common/entities';
import { signIn } from './support/login';

const pageInfo = (page: import('@playwright/test').Page) => page.locator('.MuiTablePagination-displayedRows');

for (const entity of ENTITIES.filter((e) => e.storage)) {
  test(`${entity.label}: list, search and export every row as CSV`, async ({ page }) => {
    await signIn(page, 'admin', entityPath(entity));
    await expect(page.getByRole('heading', { name: entity.label }).first()).toBeVisible();
    const info = pageInfo(page);
    await expect(info).toHaveText(/of \d+/);
    const total = Number((await info.textContent())!.match(/of (\d+)/)![1]);
    expect(total).toBeGreaterThan(0);

    if (entity.access.export) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export' }).dblclick(),
      ]);
      expect(download.suggestedFilename()).toBe(exportFileNameOf(entity));
      const text = (await fs.readFile((await download.path())!)).toString('utf8').replace(/^\uFEFF/, '');
      const lines = text.split(/\r?\n/).filter(Boolean);
      expect(lines.length - 1).toBe(total);
    }

    // The plain search narrows the list to the rows holding the first row's first text value.
    const firstRow = page.locator('tbody tr').first();
    const searchable = entity.fields.find((f) => f.search && f.type === 'string')!;
    const column = entity.fields.filter((f) => f.column === true).findIndex((f) => f.name === searchable.name);
    const value = (await firstRow.locator('td').nth(column).textContent())!.trim();
    await page.getByRole('textbox', { name: 'Search' }).fill(value);
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(value).replace(/%20/g, '(\\+|%20)')}`));
    await expect(page.locator('tbody tr').first()).toContainText(value);
  });
}
