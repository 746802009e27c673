/**
 * The console in Polish (issue 28): the admin switches to Polish with the toolbar's language switch,
 * then every route of the console's own route table (`ROUTES`, so a new screen is covered without
 * new test code; a route with parameters opens on a record of the demo data) shows no visible text
 * equal to an English message of the catalogue (outside the allow-list of words the same in both
 * languages) and no raw message key. The choice is the user's, kept on the server: after signing
 * out, a new browser context that signs in gets Polish at once.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ENTITIES, type EntityDecl } from '../common/entities';
import { ROUTES } from '../src/resources/routes';
import { PASSWORD, signIn } from './support/login';
import { PolishWalk, switchToPolish } from './support/polish';

const SERVICE_BASE: Record<string, string> = {
  main: '/api',
  adp: '/adp-api',
  apiusers: '/apiusers-api',
  gsm: '/updater/gsm',
  wifi: '/updater/wifi',
  gen3: '/updater/gen3',
};

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/login/basic', {
    headers: { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
}

const byName = (name: string) => ENTITIES.find((e) => e.name === name)!;
const readPath = (o: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((a, k) => (a && typeof a === 'object' ? (a as Record<string, unknown>)[k] : undefined), o);

async function firstRow(request: APIRequestContext, token: string, entity: EntityDecl) {
  const res = await request.get(`${SERVICE_BASE[entity.service]}${entity.endpoint}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), entity.name).toBe(200);
  const rows = (readPath(await res.json(), entity.envelope.rows) ?? []) as Record<string, unknown>[];
  expect(rows.length, `demo rows of ${entity.name}`).toBeGreaterThan(0);
  return rows[0]!;
}

/** How each route with parameters opens on a record of the demo data; a new one fails until it is added here. */
const OPENERS: Record<string, (request: APIRequestContext, token: string) => Promise<string>> = {
  SensorsHistory: async (r, t) => `/sensors/${String((await firstRow(r, t, byName('sensors'))).id)}/history`,
  InstallationsHistory: async (r, t) =>
    `/installations/${String((await firstRow(r, t, byName('installations'))).id)}/history`,
  ContractorsHistory: async (r, t) =>
    `/contractors/${String((await firstRow(r, t, byName('contractors'))).id)}/history`,
  InstallationRequest: async (r, t) =>
    `/installation-requests/${String((await firstRow(r, t, byName('installation-requests'))).id)}`,
  InstallationsReinstallation: async (r, t) =>
    `/installations/reinstallation/${String((await firstRow(r, t, byName('installations'))).id)}`,
  DeploymentsGsmSensors: async (r, t) =>
    `/deployments/gsm/${String((await firstRow(r, t, byName('deployments/gsm'))).id)}/sensors`,
  DeploymentsWifiSensors: async (r, t) =>
    `/deployments/wifi/${String((await firstRow(r, t, byName('deployments/wifi'))).id)}/sensors`,
  DeploymentsWifiSensorsBinaries: async (r, t) => {
    const row = await firstRow(r, t, byName('deployments/wifi'));
    return `/deployments/wifi/${String(row.id)}/sensors/${encodeURIComponent(String(row.binary ?? row.binaries ?? 'main'))}`;
  },
  DeploymentsGen3Version: async (r, t) =>
    `/deployments/gen3/versions/${String((await firstRow(r, t, byName('deployments/gen3/versions'))).version)}`,
  DeploymentsGen3VersionBinaries: async (r, t) =>
    `/deployments/gen3/versions/${String((await firstRow(r, t, byName('deployments/gen3/versions'))).version)}/binaries`,
  DeploymentsGen3VersionBinariesCreate: async (r, t) =>
    `/deployments/gen3/versions/${String((await firstRow(r, t, byName('deployments/gen3/versions'))).version)}/binaries/create`,
};

/** The screen has settled: its requests answered, no progress indicator, and the main area shows something. */
async function settled(page: Page) {
  await expect(page.locator('#main-content, main').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(
    page.locator('.MuiLinearProgress-indeterminate:visible, .MuiCircularProgress-indeterminate:visible'),
  ).toHaveCount(0, {
    timeout: 15_000,
  });
}

const FORCED = process.env.POLISH_FORCED === '1';
const POLA = 'pola@example.com';

/** Signs Pola in through the OpenID provider's popup (her account is made at her first sign-in). */
async function signInAsPola(page: Page) {
  await page.goto('/');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: /Sign in with|Zaloguj przez/ }).click();
  const popup = await popupPromise;
  await popup.locator('input[name=login]').fill(POLA);
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/(installations|sensors)/, { timeout: 15_000 });
}

/** Pola is made an admin (by the demo admin, through the API), so every route is hers to open. */
async function promotePola(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const users = (
    (await (await request.get('/api/admin/users?showDisabled=true', { headers })).json()) as {
      data: { data: { id: number; email?: string; name: string; role: string }[] };
    }
  ).data.data;
  const pola = users.find((u) => u.email === POLA || u.name === POLA);
  expect(pola, 'Pola signed in once').toBeDefined();
  if (pola!.role === 'admin') return;
  expect((await request.patch(`/api/admin/users/${pola!.id}`, { headers, data: { role: 'admin' } })).ok()).toBe(true);
}

/** The bearer header of the session the console keeps in this page's local storage. */
async function sessionHeaders(page: Page) {
  const { token } = (await page.evaluate(() => JSON.parse(localStorage.getItem('aq.session') ?? '{}'))) as {
    token?: string;
  };
  expect(token, 'her session is in local storage').toBeTruthy();
  return { authorization: `Bearer ${token!}` };
}

/** Pola's language on the server set back to English, with her own session (preferences are per caller). */
async function resetPolaToEnglish(page: Page) {
  const res = await page.request.patch('/api/preferences', {
    headers: await sessionHeaders(page),
    data: { locale: 'en' },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Pola's language as the server keeps it. */
async function serverLocaleOfPola(page: Page) {
  const res = await page.request.get('/api/preferences', { headers: await sessionHeaders(page) });
  return ((await res.json()) as { data: { locale?: string } }).data.locale;
}

// Pola's language is kept on the server: the second test relies on the first one's choice.
test.describe.configure({ mode: 'serial' });

test.describe('the console in Polish', () => {
  test('every route shows no English message and no raw key', async ({ page, request }) => {
    test.setTimeout(300_000);
    const token = await adminToken(request);
    if (FORCED) {
      // Measuring the code before the switch existed: Polish forced in react-admin's store.
      await page.addInitScript(() => localStorage.setItem('RaStoreaq-console.locale', '"pl"'));
      await signIn(page, 'admin');
    } else {
      // A user of her own, so that her language changes no other test's screens.
      await signInAsPola(page);
      await promotePola(request, token);
      // A retry finds her language already Polish on the server: start from English again.
      await resetPolaToEnglish(page);
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      await signInAsPola(page);
      await switchToPolish(page);
      // Saved on the server before the walk's first page load, which would cancel the request.
      await expect.poll(() => serverLocaleOfPola(page), { message: 'her choice saved on the server' }).toBe('pl');
    }

    const walk = new PolishWalk();
    for (const route of ROUTES) {
      let path = route.path;
      if (path.includes(':')) {
        const open = OPENERS[route.name];
        expect(open, `add an opener for ${route.name} (${route.path}) to OPENERS`).toBeDefined();
        path = await open!(request, token);
      }
      await page.goto(path);
      await settled(page);
      await walk.check(page, route.name, path);
    }
    if (!FORCED) expect(await serverLocaleOfPola(page), 'her choice saved on the server').toBe('pl');
    console.log(walk.summary());
    expect(walk.failures).toEqual([]);
  });

  test('the choice is kept per user: after signing out, a new browser signs in in Polish', async ({ browser }) => {
    test.skip(FORCED, 'no switch to choose with');
    // Two browsers sign in one after the other, each allowed 15 s for its first screen under load:
    // more than the default 30 s budget of one test (it ran out at 31–35 s on a loaded CI run).
    test.slow();
    const first = await browser.newContext();
    const page = await first.newPage();
    await signInAsPola(page);
    // The language is applied when the preferences answer, after the landing list (slower under load).
    await expect(page.getByRole('button', { name: 'Wyloguj' })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Wyloguj' }).click();
    await expect(page).toHaveURL(/\/$/);
    await first.close();

    const second = await browser.newContext();
    try {
      const fresh = await second.newPage();
      await signInAsPola(fresh);
      await expect(fresh.getByRole('button', { name: 'Wyloguj' })).toBeVisible({ timeout: 15_000 });
      await expect(fresh.getByRole('button', { name: 'PL, Język' })).toBeVisible();
      await expect(fresh.locator('html')).toHaveAttribute('lang', 'pl');
    } finally {
      await second.close();
    }
  });
});
