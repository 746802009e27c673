/**
 * The Content-Security-Policy lets the whole console run (server/http/securityHeaders.ts): signed in
 * as the admin, every route of the console's own route table (src/resources/routes.ts: each
 * entity's list from its declaration, every other page; parameters filled from the demo data
 * through the entity that owns the path), the public screens and every service's Swagger UI page
 * load without one CSP violation — neither a console message about the policy nor a
 * `securitypolicyviolation` event.
 */
import { expect, test, type Page } from '@playwright/test';
import { PUBLIC_PATHS } from '../src/resources/routes';
import { consolePaths, openPath as open, requestsInFlight } from './support/consoleRoutes';
import { signIn } from './support/login';

interface Violation {
  url: string;
  what: string;
}

/** Collects every CSP violation the page reports, from now on, across navigations. */
async function watchPolicy(page: Page): Promise<Violation[]> {
  const violations: Violation[] = [];
  page.on('console', (message) => {
    if (/content[- ]security[- ]policy/i.test(message.text()))
      violations.push({ url: page.url(), what: message.text() });
  });
  await page.exposeBinding('reportPolicyViolation', ({ frame }, what: string) => {
    violations.push({ url: frame.url(), what });
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportPolicyViolation(what: string): Promise<void> })
        .reportPolicyViolation;
      void report(
        `${e.effectiveDirective} refused ${e.blockedURI || 'an inline source'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  return violations;
}

test('every console route, the public screens and the API docs run within the Content-Security-Policy', async ({
  page,
}) => {
  test.setTimeout(600_000);
  const violations = await watchPolicy(page);
  const inFlight = requestsInFlight(page);
  const title = page.locator('#react-admin-title');

  for (const path of PUBLIC_PATHS.filter((p) => p !== '/')) {
    await test.step(path, () =>
      open(page, inFlight, path, async () => {
        await expect(page.locator('#root')).not.toBeEmpty();
      }),
    );
  }

  const paths = await consolePaths(page);
  expect(paths.length).toBeGreaterThan(40);
  await signIn(page, 'admin', null);
  for (const path of ['/', ...paths]) {
    await test.step(path, () =>
      open(page, inFlight, path, async () => {
        await expect(title, `the title of ${path}`).not.toBeEmpty();
      }),
    );
  }

  const config = (await (await page.request.get('/config.json')).json()) as { services: Record<string, string> };
  for (const prefix of Object.values(config.services)) {
    await test.step(`${prefix}/docs`, () =>
      open(page, inFlight, `${prefix}/docs`, async () => {
        await expect(page.locator('.swagger-ui .info .title')).toBeVisible();
        await expect(page.locator('.swagger-ui .opblock').first()).toBeVisible();
      }));
  }

  expect(violations, violations.map((v) => `${v.url}: ${v.what}`).join('\n')).toEqual([]);
});
