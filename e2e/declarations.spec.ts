/**
 * Every entity declaration, as staff use its list — generated from `ENTITIES`, so a new declaration
 * is covered without new test code: the list opens under its declared menu name with the declared
 * default columns as headers, the plain search narrows it to a value of its first row, the
 * advanced search (where declared) runs a query of the entity's own language, and the export
 * (where declared) downloads the declared CSV columns of every matching row, streamed by the
 * server. Paging and sorting of every list are covered by list-state.spec.ts (generated from the
 * route table).
 */
import fs from 'node:fs/promises';
import { expect, test, type Response } from '@playwright/test';
import {
  ENTITIES,
  entityPath,
  isCsvField,
  isQueryField,
  readPath,
  type EntityDecl,
  type FieldDecl,
} from '../common/entities';
import { signIn } from './support/login';

/** The entity's list answer (its endpoint under the service's base path, not the count or an export). */
const isListResponse = (entity: EntityDecl) => (r: Response) => {
  const url = new URL(r.url());
  return (
    r.request().method() === 'GET' &&
    r.request().resourceType() === 'fetch' &&
    url.pathname.replace(/\/$/, '').endsWith(entity.endpoint.replace(/\/$/, '')) &&
    !url.pathname.includes('/preferences/') &&
    url.searchParams.get('limit') !== '1' &&
    r.status() === 200
  );
};

const rows = (entity: EntityDecl, body: unknown) => (readPath(body, entity.envelope.rows) ?? body) as unknown[];

/** A query every row of the entity matches, written in its own language. */
function matchAllQuery(entity: EntityDecl): string {
  const fields = entity.fields.filter(isQueryField);
  const integer = fields.find((f) => f.type === 'integer');
  if (integer) return `${integer.name} >= 0 or ${integer.name} < 0 or ${integer.name} = null`;
  const text = fields.find((f) => f.type === 'string')!;
  return `${text.name} = null or ${text.name} != null`;
}

/** The text of a row's plain-searchable value, to search for. */
function searchableValue(entity: EntityDecl, row: unknown): { field: FieldDecl; value: string } | undefined {
  for (const field of entity.fields.filter((f) => f.search && f.type === 'string')) {
    const value = readPath(row, field.source ?? field.name);
    if (typeof value === 'string' && /^[\p{L}\p{N} ._-]{3,40}$/u.test(value)) return { field, value };
  }
  return undefined;
}

/** The request's query string as typed (the search text appears in it as written). */
const searchOf = (r: Response) => decodeURIComponent(new URL(r.url()).search.replace(/\+/g, ' '));

for (const entity of ENTITIES) {
  test(`${entity.label} (${entity.name}): declared list, columns, search and export`, async ({ page }) => {
    const first = page.waitForResponse(isListResponse(entity));
    await signIn(page, 'admin', entityPath(entity));
    const body = await (await first).json();
    // Its menu entry is the current page, under the declared name.
    const entry = page.locator(`nav a[data-route="${entity.route.name}"]`);
    await expect(entry).toHaveAttribute('aria-current', 'page');
    await expect(entry).toContainText(entity.label);
    const firstRows = rows(entity, body);
    expect(firstRows.length, 'the demo data has rows for every declared list').toBeGreaterThan(0);
    await expect(page.locator('tbody tr').first()).toBeVisible();

    // The declared default columns (each header names its declared field).
    const shown = await page.locator('thead th').evaluateAll((ths) => ths.map((th) => th.getAttribute('data-field')));
    for (const f of entity.fields.filter((f) => f.column === true && f.type !== 'actions' && f.type !== 'json'))
      expect(shown, `column ${f.name}`).toContain(f.name);

    if (entity.access.export) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export', exact: true }).click(),
      ]);
      const text = (await fs.readFile((await download.path())!)).toString('utf8').replace(/^\uFEFF/, '');
      const [header, ...lines] = text.split(/\r?\n/).filter(Boolean);
      const csvFields = entity.fields.filter(isCsvField);
      expect(header!.split(/[,;]/)[0], 'the first CSV column').toBe(
        csvFields[0]!.type === 'location' ? 'latitude' : csvFields[0]!.name,
      );
      expect(lines.length).toBeGreaterThan(0);
      // Every row, however many pages (the first version of this export asked the list for 10,000 rows).
      const total = entity.envelope.total === undefined ? undefined : readPath(body, entity.envelope.total);
      if (typeof total === 'number') expect(lines.length).toBe(total);
    }

    if (entity.search) {
      const found = searchableValue(entity, firstRows[0]);
      if (found) {
        const narrowed = page.waitForResponse((r) => isListResponse(entity)(r) && searchOf(r).includes(found.value));
        await page.getByRole('textbox', { name: 'Search' }).fill(found.value);
        const matches = rows(entity, await (await narrowed).json());
        expect(matches.length).toBeGreaterThan(0);
        for (const row of matches) expect(JSON.stringify(row).toLowerCase()).toContain(found.value.toLowerCase());
        await expect(page.locator('tbody tr').first()).toBeVisible();
        await page.getByRole('textbox', { name: 'Search' }).fill('');
      }
    }

    if (entity.search === 'advanced') {
      await page.getByLabel('Advanced').click();
      await expect(page).toHaveURL(/advanced=true/);
      const editor = page.locator('input[name=toolbar-query]');
      const query = matchAllQuery(entity);
      const answered = page.waitForResponse(
        (r) => isListResponse(entity)(r) && new URL(r.url()).searchParams.get('query') === query,
      );
      await editor.click();
      await editor.fill(query);
      await editor.press('Escape');
      await editor.press('Enter');
      expect(rows(entity, await (await answered).json()).length).toBeGreaterThan(0);
      expect(new URL(page.url()).searchParams.get('search')).toBe(query);
      await expect(page.locator('tbody tr').first()).toBeVisible();
    }
  });
}
