/**
 * Every list keeps its state in the URL: for each list of the console's own route table (every
 * sidebar entry, entity lists and pages alike) the admin sorts by a column, goes to page 2 where
 * there is one (or, with neither, picks another page size), then reloads and goes Back after
 * another screen — the page, sort and page size on screen and in the URL are still the same.
 */
import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../src/resources/routes';
import { sidebar, signIn } from './support/login';

/** Sidebar entries that are not lists, or whose state is not (yet) in the URL, and why. */
const NOT_URL_LISTS: Record<string, string> = {
  SensorsCreate: 'the order form, not a list',
  SensorStatus: "one sensor's status form, not a list",
  Roles: 'a role picker (its `id` in the URL) and a permissions editor, not a list',
  DeploymentsGsmQuarantine: 'a short table without paging or sortable columns: nothing to keep',
  DeploymentsWifiQuarantine: 'a short table without paging or sortable columns: nothing to keep',
  // Sorted and paged in the browser (react-admin useList over the whole list); src/pages/tokens.
  Integrations: 'token table sorted and paged in the browser, not in the URL (no tokens in the demo data)',
  ApiManager: 'token table sorted and paged in the browser, not in the URL (no tokens in the demo data)',
};

const LISTS = ROUTES.filter((r) => r.menu && !(r.name in NOT_URL_LISTS));

interface ListState {
  /** The active sort column and its direction. */
  sort: string | null;
  /**
   * The first row of the page shown, from the pagination's "from-to of total": the other tests add
   * rows while the suite runs (audit entries), which moves the total and the last page's "to".
   */
  rows: string | null;
  pageSize: string | null;
}

function listState(page: Page): Promise<ListState> {
  return page.evaluate(() => {
    const active = document.querySelector('thead .MuiTableSortLabel-root.Mui-active');
    const direction = active
      ?.querySelector('svg')
      ?.getAttribute('class')
      ?.match(/iconDirection(Asc|Desc)/)?.[1];
    const range = document.querySelector('.MuiTablePagination-displayedRows')?.textContent?.match(/^\s*(\d+)/);
    return {
      sort: active ? `${active.textContent} ${direction}` : null,
      rows: range?.[1] ?? null,
      pageSize: document.querySelector('.MuiTablePagination-select')?.textContent ?? null,
    };
  });
}

const search = (page: Page) => new URL(page.url()).search;

/** The list's rows are on screen (the first load of a list can take a while on a busy machine). */
const rowsShown = (page: Page) => expect(page.locator('tbody tr').first()).toBeVisible({ timeout: 15_000 });

test.describe('list state in the URL', () => {
  test('the lists come from the route table', () => {
    expect(LISTS.length).toBeGreaterThanOrEqual(18);
    for (const name of ['InstallationsIndex', 'AdpUsersIndex', 'Users', 'LogsAdmin', 'SensorsTags'])
      expect(LISTS.map((r) => r.name)).toContain(name);
  });

  for (const route of LISTS) {
    test(`${route.name} (${route.path}) keeps page and sort on reload and Back`, async ({ page }) => {
      await signIn(page, 'admin', route.path);
      await rowsShown(page);
      const done: string[] = [];

      const labels = page.locator('thead .MuiTableSortLabel-root');
      const inactive = await labels.evaluateAll((els) => els.findIndex((el) => !el.classList.contains('Mui-active')));
      if (inactive >= 0) {
        const header = labels.nth(inactive);
        const before = page.url();
        await header.click();
        await expect(header).toHaveClass(/Mui-active/);
        await expect.poll(() => page.url()).not.toBe(before);
        done.push('sort');
      }
      const next = page.getByRole('button', { name: 'Go to next page' });
      if ((await next.count()) > 0 && (await next.isEnabled())) {
        const before = (await listState(page)).rows;
        await next.click();
        await expect.poll(async () => (await listState(page)).rows).not.toBe(before);
        done.push('page 2');
      }
      if (done.length === 0) {
        // Neither a sortable column nor a second page: the page size is the state to keep.
        const select = page.locator('.MuiTablePagination-root [role=combobox]');
        await select.click();
        const option = page.getByRole('option').nth(1);
        const size = (await option.textContent())!;
        await option.click();
        await expect(select).toHaveText(size);
        done.push('page size');
      }
      await rowsShown(page);
      const url = search(page);
      const state = await listState(page);
      expect(url, 'the URL holds the list state').not.toBe('');
      test.info().annotations.push({ type: 'list state', description: `${done.join(', ')}: ${url}` });

      await page.reload();
      await rowsShown(page);
      expect(search(page)).toBe(url);
      await expect.poll(() => listState(page)).toEqual(state);

      // Another screen through the sidebar, then Back.
      await sidebar(page).locator('[data-route="SensorStatus"]').click();
      await expect(page).toHaveURL(/\/sensors\/status/);
      await page.goBack();
      await rowsShown(page);
      expect(search(page)).toBe(url);
      await expect.poll(() => listState(page)).toEqual(state);
    });
  }
});
