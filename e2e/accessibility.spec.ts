/**
 * WCAG 2.1 A/AA with axe-core on every screen of the console, in the light and the dark theme:
 * every route of the console's own route table (e2e/support/consoleRoutes.ts, so a new screen is
 * covered without naming it here), the public sign-in screens, and every dialog, menu, popover and
 * list box that a button of the screen opens (Columns, row actions, inline editors, create and
 * confirmation dialogs, rows-per-page, the app bar's). A critical or serious violation fails the
 * test; every scan's count is printed as a table (the figures of issue 29).
 *
 * While the buttons are tried, the browser sends no write to the server (every request other than
 * GET, HEAD and the token refresh is aborted), so trying a Delete or a Save changes no demo data the
 * other tests use. The theme is the signed-in user's preference: the test answers the console's
 * preferences request with the theme it scans, and changes no preference on the server.
 */
import fs from 'node:fs/promises';
import axe, { type AxeResults } from 'axe-core';
import { expect, test, type Page, type Request } from '@playwright/test';
import { consolePaths, openPath, requestsInFlight, settled } from './support/consoleRoutes';
import { sidebar, signIn, signInWithForm } from './support/login';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING = new Set(['critical', 'serious']);
type Theme = 'light' | 'dark';

interface Finding {
  where: string;
  rule: string;
  impact: string;
  nodes: string[];
}

/** Nodes with a critical or serious violation per scan, by theme: printed after the tests. */
const COUNTS = new Map<string, Partial<Record<Theme, number>>>();
/** The findings of the test running in this worker. */
const FINDINGS: Finding[] = [];

/** The open dialogs, menus, popovers and list boxes (tooltips and hidden kept-mounted modals aside). */
const POPUPS = '.MuiModal-root:not(.MuiModal-hidden), .MuiPopper-root:not(.MuiTooltip-popper)';

/**
 * axe-core's `run` in the page, with axe injected once per document. (@axe-core/playwright's
 * AxeBuilder injects axe twice per scan and gathers every frame's partial results in a new blank
 * page: 4.6 s against 1.1 s for a scan of the installations list, most of the walks' time.) The
 * console has no frames, so the page's own run sees all of it.
 */
async function runAxe(page: Page, include?: string): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    ({ include, tags }) =>
      (window as unknown as { axe: typeof axe }).axe.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    { include, tags: WCAG_TAGS },
  );
}

async function scan(page: Page, theme: Theme, where: string, popupsOnly = false): Promise<Finding[]> {
  const { violations } = await runAxe(page, popupsOnly ? POPUPS : undefined);
  const findings = violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .map((v) => ({
      where,
      rule: v.id,
      impact: v.impact ?? '',
      nodes: v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
    }));
  const row = COUNTS.get(where) ?? {};
  row[theme] = findings.reduce((sum, f) => sum + f.nodes.length, 0);
  COUNTS.set(where, row);
  FINDINGS.push(...findings);
  return findings;
}

/** Every request that would change something on the server is aborted (the token refresh aside). */
async function blockWrites(page: Page) {
  await page.route('**/*', (route) => {
    const { method, url } = { method: route.request().method(), url: route.request().url() };
    if (['GET', 'HEAD', 'OPTIONS'].includes(method) || /\/login\/refresh/.test(url)) return route.fallback();
    return route.abort();
  });
}

/** The console's preferences request answers `theme`: the console then draws in it. */
async function useTheme(page: Page, theme: Theme) {
  await page.route(/\/api\/preferences$/, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as { data: { theme: string } };
    return route.fulfill({ response, json: { ...body, data: { ...body.data, theme } } });
  });
}

/** The page's background is the theme's (react-admin's defaults: #fafafb light, #313131 dark). */
async function expectTheme(page: Page, theme: Theme) {
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await expect.poll(background, `the ${theme} theme`).toBe(theme === 'dark' ? 'rgb(49, 49, 49)' : 'rgb(250, 250, 251)');
}

/** Two painted frames: what a click changed without asking the network is on the page. */
const painted = (page: Page) =>
  page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

/**
 * The names of the buttons that open a dialog without saying so (`aria-haspopup`): create, edit,
 * delete and the other confirmations, the token, key and import dialogs.
 */
const DIALOG_BUTTON =
  /^(create|add|new|edit|delete|remove|revoke|suspend|restart|retire|disable|enable|log ?out|import|generate|change|reset|send|set|settings|limits|usage|plan|access|login link|columns|favourite|save)\b/i;

/**
 * Marks the buttons of the screen (in `scope`) that open a dialog, menu, popover or list box, one
 * per name: those that say so (`aria-haspopup`) and those named like a dialog's button
 * (DIALOG_BUTTON); of a table's rows only the first is tried. (The editable cells' inline editors
 * are left to the keyboard test of the tables.) Returns their names, each marked `data-a11y-probe`
 * for the locator.
 */
function markButtons(page: Page, scope: string, skip: string[]): Promise<string[]> {
  return page.evaluate(
    ({ scope, skip, dialogButtonSource }) => {
      const dialogButton = new RegExp(dialogButtonSource, 'i');
      const root = document.querySelector(scope);
      if (!root) return [];
      const names = new Set<string>();
      const nameOf = (el: Element) => {
        const labelledBy = el.getAttribute('aria-labelledby');
        const byId = labelledBy
          ?.split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ');
        return (
          el.getAttribute('aria-label') ||
          byId ||
          el.textContent?.trim() ||
          el.getAttribute('title') ||
          el.getAttribute('data-testid') ||
          el.outerHTML.slice(0, 80)
        ).trim();
      };
      for (const el of root.querySelectorAll('button, [role=button], [role=combobox][aria-haspopup]')) {
        el.removeAttribute('data-a11y-probe');
        const html = el as HTMLElement;
        if (html.closest('thead, .MuiTablePagination-actions, .MuiTooltip-popper, a[href]')) continue;
        const row = el.closest('tbody tr');
        if (row && row !== row.parentElement?.querySelector('tr')) continue;
        if (html.matches(':disabled, [aria-disabled=true]') || !html.checkVisibility()) continue;
        const name = nameOf(el);
        const popup = el.getAttribute('aria-haspopup');
        if ((!popup || popup === 'false') && !dialogButton.test(name)) continue;
        if (names.has(name) || skip.includes(name)) continue;
        names.add(name);
        el.setAttribute('data-a11y-probe', name);
      }
      return [...names];
    },
    { scope, skip, dialogButtonSource: DIALOG_BUTTON.source },
  );
}

/**
 * Presses each button of the screen in turn; where one opens a dialog, menu, popover or list box,
 * scans it, then closes it (Escape, else the screen is opened again).
 */
async function scanPopups(
  page: Page,
  inFlight: Set<Request>,
  theme: Theme,
  path: string,
  scope: string,
  reopen: () => Promise<void>,
  skip: string[] = [],
): Promise<Finding[]> {
  const findings: Finding[] = [];
  const popups = page.locator(POPUPS);
  for (const name of await markButtons(page, scope, skip)) {
    await markButtons(page, scope, skip);
    const button = page.locator(`[data-a11y-probe="${name.replace(/["\\]/g, '\\$&')}"]`).first();
    if ((await button.count()) === 0) continue;
    const url = page.url();
    // A button another part of the screen covers (a map's marker under its popup) is left out.
    if (
      !(await button.click({ timeout: 5_000 }).then(
        () => true,
        () => false,
      ))
    )
      continue;
    await settled(page, inFlight, `${path} after ${name}`);
    await painted(page);
    if (page.url() !== url && !(await popups.count())) {
      await reopen();
      continue;
    }
    if (await popups.count()) {
      findings.push(...(await scan(page, theme, `${path} ▸ ${name}`, true)));
      await page.keyboard.press('Escape');
      await painted(page);
      if (await popups.count()) await page.keyboard.press('Escape');
      await painted(page);
    }
    if ((await popups.count()) || page.url() !== url) await reopen();
  }
  return findings;
}

function report(findings: Finding[]): string {
  return findings.map((f) => `${f.where}: ${f.rule} (${f.impact})\n    ${f.nodes.join('\n    ')}`).join('\n');
}

test.describe('axe-core, WCAG 2.1 A and AA', () => {
  // The two themes in two browsers at once.
  test.describe.configure({ mode: 'parallel' });
  test.afterAll(() => {
    const rows = [...COUNTS].map(
      ([where, c]) => `${String(c.light ?? '-').padStart(5)} ${String(c.dark ?? '-').padStart(5)}  ${where}`,
    );
    console.log(`critical + serious nodes\nlight  dark  screen\n${rows.join('\n')}`);
  });
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from the pattern
  test.afterEach(async ({}, testInfo) => {
    // Every finding of the run, for whoever fixes them (test-results/e2e-artifacts/<test>/axe.json).
    await fs.writeFile(testInfo.outputPath('axe.json'), JSON.stringify(FINDINGS, null, 2));
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`every route and every dialog and menu it opens, ${theme} theme`, async ({ page }) => {
      test.setTimeout(1_800_000);
      const inFlight = requestsInFlight(page);
      const findings: Finding[] = [];
      const title = page.locator('#react-admin-title');

      // The public screens, in the theme the console starts in.
      if (theme === 'light') {
        await openPath(page, inFlight, '/', () =>
          expect(page.getByRole('button', { name: 'Password login' })).toBeVisible(),
        );
        findings.push(...(await scan(page, theme, '/ (sign-in)')));
        await page.getByRole('button', { name: 'Password login' }).click();
        await expect(page.locator('input[name=username]')).toBeVisible();
        findings.push(...(await scan(page, theme, '/ (password form)')));
      }

      const paths = await consolePaths(page);
      expect(paths.length).toBeGreaterThan(40);
      await useTheme(page, theme);
      await blockWrites(page);
      await signIn(page, 'admin', null);

      for (const path of paths) {
        await test.step(path, async () => {
          const open = () =>
            openPath(page, inFlight, path, async () => {
              // A screen's code loads on demand: on a loaded machine its title came after the default 5 s.
              await expect(title, `the title of ${path}`).not.toBeEmpty({ timeout: 15_000 });
            });
          await open();
          await expectTheme(page, theme);
          findings.push(...(await scan(page, theme, path)));
          findings.push(...(await scanPopups(page, inFlight, theme, path, '#main-content', open)));
          if (path === paths[0])
            findings.push(
              ...(await scanPopups(page, inFlight, theme, `${path} (app bar)`, 'header', open, [
                'Sign Out',
                'Toggle light/dark mode',
              ])),
            );
        });
      }

      expect(findings, report(findings)).toEqual([]);
    });
  }
});

test.describe('the scan itself', () => {
  test('finds a violation planted in the page, and one planted in a popup', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Password login' })).toBeVisible();
    await page.evaluate(() => {
      const img = Object.assign(document.createElement('img'), { src: '/favicon.ico' });
      const popup = Object.assign(document.createElement('div'), { className: 'MuiPopper-root' });
      popup.append(Object.assign(document.createElement('input'), { type: 'text' }));
      document.body.append(img, popup);
    });
    expect((await scan(page, 'light', 'planted')).map((f) => f.rule)).toEqual(
      expect.arrayContaining(['image-alt', 'label']),
    );
    expect((await scan(page, 'light', 'planted popup', true)).map((f) => f.rule)).toEqual(['label']);
    // The planted findings are not the console's: out of the worker's table and findings.
    for (const where of ['planted', 'planted popup']) COUNTS.delete(where);
    FINDINGS.splice(0, FINDINGS.length, ...FINDINGS.filter((f) => !f.where.startsWith('planted')));
  });
});

test.describe('focus follows navigation', () => {
  test('after sign-in, a menu entry and sign-out, focus is on the new page heading', async ({ page }) => {
    const heading = page.getByRole('heading', { level: 1 });
    await signInWithForm(page, 'viewer');
    // The console's code loads after the sign-in: its first screen takes longer than the others.
    await expect(heading).toHaveText('Installations', { timeout: 20_000 });
    await expect(heading).toBeFocused();

    await sidebar(page).getByRole('link', { name: 'Sensors', exact: true }).click();
    await expect(page).toHaveURL(/\/sensors$/);
    await expect(heading).toHaveText('Sensors');
    await expect(heading).toBeFocused();

    // Paging changes the query string only: the same screen, focus stays on the control used.
    const next = page.getByRole('button', { name: 'Go to next page' });
    const before = page.url();
    await next.click();
    await expect.poll(() => page.url()).not.toBe(before);
    await expect(next).toBeFocused();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(heading).toHaveText('AQ Console');
    await expect(heading).toBeFocused();
  });
});

test.describe('names of controls that show a value', () => {
  test('a version status control is named from the status it shows (WCAG 2.5.3)', async ({ page }) => {
    await signIn(page, 'admin', '/deployments/gsm/versions');
    const status = page.getByRole('combobox', { name: /, status of version / }).first();
    await expect(status).toBeVisible({ timeout: 15_000 });
    const shown = (await status.innerText()).trim();
    expect(shown).not.toBe('');
    await expect(status).toHaveAccessibleName(new RegExp(`^${shown}, status of version `));
  });

  test('a pencil edit button is described by the value it edits', async ({ page }) => {
    await signIn(page, 'admin', '/contractors');
    const pencil = page.getByRole('button', { name: /^Edit contractor / }).first();
    await expect(pencil).toBeVisible({ timeout: 15_000 });
    const name = (await pencil.getAttribute('aria-label'))!.replace(/^Edit contractor /, '');
    await expect(pencil).toHaveAccessibleDescription(name);
  });
});
