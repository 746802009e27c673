/**
 * Every route of the console's own route table (src/resources/routes.ts: each entity's list from
 * its declaration, every other page) with its parameters filled from the demo data, and a page
 * opener that waits until the screen has fetched all it asked for: for the tests that walk every
 * screen (csp.spec.ts, accessibility.spec.ts), so a new screen is covered without naming it.
 */
import { expect, type Page, type Request } from '@playwright/test';
import { ENTITIES, entityPath, type EntityDecl } from '../../common/entities';
import { ROUTES } from '../../src/resources/routes';
import { PASSWORD } from './login';

/** The page's HTTP requests still running (websockets are not among them). */
export function requestsInFlight(page: Page): Set<Request> {
  const inFlight = new Set<Request>();
  page.on('request', (r) => inFlight.add(r));
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  return inFlight;
}

/** Waits until the page has no HTTP request running. */
export async function settled(page: Page, inFlight: Set<Request>, what: string) {
  await expect
    .poll(() => [...inFlight].map((r) => `${r.method()} ${r.url()}`), {
      message: `requests of ${what} still running`,
      timeout: 30_000,
    })
    .toEqual([]);
}

/** Opens `path` and waits until the page has drawn what `ready` waits for and fetched all it asked for. */
export async function openPath(page: Page, inFlight: Set<Request>, path: string, ready: () => Promise<void>) {
  // Requests of the page left behind end with it (Chromium does not always report them).
  inFlight.clear();
  await page.goto(path);
  await ready();
  await settled(page, inFlight, path);
}

/** The row of a route's entity whose values fill the route's parameters. */
const ROW_FIELD: Record<string, string> = { binary: 'version' };

/** Every console route with its parameters filled from the demo data (the first row of the entity owning the path). */
export async function consolePaths(page: Page): Promise<string[]> {
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
