/**
 * The Content-Security-Policy lets the whole console run (server/http/securityHeaders.ts): signed in
 * as the admin, every route of the console's own route table (src/resources/routes.ts: each
 * entity's list from its declaration, every other page; parameters filled from the demo data
 * through the entity that owns the path), the public screens and every service's Swagger UI page
 * load without one CSP violation — neither a console message about the policy nor a
 * `securitypolicyviolation` event.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { ENTITIES, entityPath, type EntityDecl } from '../common/entities';
import { PUBLIC_PATHS, ROUTES } from '../src/resources/routes';
import { PASSWORD, signIn } from './support/login';

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

/** The page's HTTP requests still running (websockets are not among them). */
function requestsInFlight(page: Page): Set<Request> {
  const inFlight = new Set<Request>();
  page.on('request', (r) => inFlight.add(r));
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  return inFlight;
}

/** Opens `path` and waits until the page has drawn its title and fetched all it asked for. */
async function open(page: Page, inFlight: Set<Request>, path: string, ready: () => Promise<void>) {
  // Requests of the page left behind end with it (Chromium does not always report them).
  inFlight.clear();
  await page.goto(path);
  await ready();
  await expect
    .poll(() => [...inFlight].map((r) => `${r.method()} ${r.url()}`), {
      message: `requests of ${path} still running`,
      timeout: 30_000,
    })
    .toEqual([]);
}

/** The row of a route's entity whose values fill the route's parameters. */
const ROW_FIELD: Record<string, string> = { binary: 'version' };

/** Every console route with its parameters filled from the demo data (the first row of the entity owning the path). */
async function consolePaths(page: Page): Promise<string[]> {
  const config = (await (await page.request.get('/config.json')).json()) as { services: Record<string, string> };
  const login = await page.request.get('/api/login/basic', {
    headers: { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` },
  });
  const token = ((await login.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
  const firstRow = async (entity: EntityDecl): Promise<Record<string, unknown>> => {
    const res = await page.request.get(`${config.services[entity.service]}${entity.endpoint}?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status(), `list of ${entity.name}`).toBe(200);
    const body = (await res.json()) as { data: unknown };
    const rows = Array.isArray(body.data) ? body.data : Object.values(body.data as object).find(Array.isArray);
    expect(rows?.length, `a row of ${entity.name} in the demo data`).toBeGreaterThan(0);
    return (rows as Record<string, unknown>[])[0]!;
  };
  const paths: string[] = [];
  for (const route of ROUTES) {
    if (!route.path.includes(':')) {
      paths.push(route.path);
      continue;
    }
    const owner = ENTITIES.filter((e) => route.path.startsWith(`${entityPath(e)}/`)).sort(
      (a, b) => entityPath(b).length - entityPath(a).length,
    )[0];
    if (!owner) throw new Error(`No entity owns ${route.path}: give its parameters a value here`);
    const row = await firstRow(owner);
    paths.push(
      route.path.replace(/:(\w+)/g, (_, param: string) =>
        encodeURIComponent(String(row[ROW_FIELD[param] ?? param] ?? row.id)),
      ),
    );
  }
  return paths;
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
