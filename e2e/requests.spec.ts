/**
 * Installation requests in Chromium (document 2, sections 2.4, 4, 7, 8) as a technician: the list
 * (active side by default, the archive switch hidden while searching), a waiting request held and
 * then installed (landing in the reinstall form prefilled from it), another rejected after the
 * confirmation (the sidebar badge counts one fewer), and an image uploaded and shown — a file that
 * is not an image refused before it is sent.
 *
 * Requests are picked through the API at run time, so the file also passes against a server that
 * earlier runs already changed.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { encodePng } from '../server/db/seeds/pictures';
import { PASSWORD, menuShown, sidebar, signIn } from './support/login';

let accessToken: string | undefined;

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  if (!accessToken) {
    const res = await request.get('/api/login/basic', {
      headers: { authorization: `Basic ${Buffer.from(`technician:${PASSWORD}`).toString('base64')}` },
    });
    expect(res.ok()).toBeTruthy();
    accessToken = ((await res.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
  }
  const res = await request.get(path, { headers: { authorization: `Bearer ${accessToken}` } });
  expect(res.ok(), `GET ${path}: ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

interface RequestRow {
  id: number;
  sensorId: number | null;
  state: string;
  email: string | null;
  location: { latitude: number | null; longitude: number | null } | null;
  images: { link: string; location: string | null }[];
}
interface SensorRow {
  info: { status: string; currentInstallationId: number | null };
}

const used = new Set<number>();
async function waitingRequests(request: APIRequestContext): Promise<RequestRow[]> {
  const query = encodeURIComponent('state in (WAITING)');
  const { data } = await api<{ data: { requests: RequestRow[] } }>(
    request,
    `/api/installations/requests/?limit=200&sortBy=createdAt&order=DESC&query=${query}`,
  );
  return data.requests.filter((r) => !used.has(r.id));
}
const take = (r: RequestRow) => {
  used.add(r.id);
  return r;
};
const oneRequest = async (request: APIRequestContext, id: number) =>
  (await api<{ data: { request: RequestRow } }>(request, `/api/installations/requests/${id}`)).data.request;
const openCount = async (request: APIRequestContext) =>
  (await api<{ count: number }>(request, '/api/installations/requests/open/count')).count;

/** A waiting request with a location whose sensor has a current installation (so Install can proceed). */
async function installableRequest(request: APIRequestContext): Promise<{ req: RequestRow; current: number }> {
  for (const r of await waitingRequests(request)) {
    if (r.sensorId === null || r.location?.latitude == null) continue;
    const s = await api<{ data: { sensor: SensorRow } }>(request, `/api/sensors/${r.sensorId}`);
    if (s.data.sensor.info.currentInstallationId !== null && s.data.sensor.info.status !== 'Retired')
      return { req: take(r), current: s.data.sensor.info.currentInstallationId };
  }
  throw new Error('no waiting request for a sensor with a current installation');
}

const stateChip = (page: Page) => page.getByTestId('request-page').locator('[data-state]').first();

test.describe('installation requests', () => {
  // Each test opens its own screen first.
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'technician', null);
  });

  test('the list: active requests by default, the archive, the switch hidden while searching', async ({ page }) => {
    await page.goto('/');
    await sidebar(page)
      .getByRole('link', { name: /Installation Requests/ })
      .click();
    await expect(page).toHaveURL(/\/installation-requests$/);
    const rows = page.locator('[data-testid="requests-list"] tbody tr [data-state]');
    // The states on screen other than these: the list keeps the previous rows until the new ones arrive.
    const otherStates = async (...allowed: string[]) =>
      (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-state')))).filter(
        (state) => !allowed.includes(state!),
      );
    await expect(rows.first()).toBeVisible();
    await expect.poll(() => otherStates('WAITING', 'HOLD')).toEqual([]);
    const switcher = page.getByTestId('requests-archive-switch');
    await switcher.getByRole('button', { name: 'Archived' }).click();
    await expect(page).toHaveURL(/archived=true/);
    await expect.poll(() => otherStates('DONE', 'REJECTED')).toEqual([]);
    await expect(rows.first()).toBeVisible();
    // The archive is newest first.
    await expect(page.getByText('Installed').first()).toBeVisible();

    await page.goto('/installation-requests?search=Krak%C3%B3w');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByTestId('requests-archive-switch')).toHaveCount(0);
  });

  test('a waiting request held, then installed: the reinstall form opens prefilled from it', async ({
    page,
    request,
  }) => {
    const { req, current } = await installableRequest(request);
    await page.goto(`/installation-requests/${req.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Installation request ${req.id}` }).first()).toBeVisible();
    await expect(stateChip(page)).toHaveAttribute('data-state', 'WAITING');
    // The map shows the offline outlines around the marker.
    await expect(page.getByTestId('request-map').locator('.leaflet-marker-icon')).toBeVisible();
    await expect(page.getByTestId('request-map').locator('.leaflet-overlay-pane svg path').first()).toBeAttached();

    await page.getByRole('button', { name: 'Hold' }).dblclick();
    await expect(page.getByText('Request state changed', { exact: true })).toBeVisible();
    await expect(stateChip(page)).toHaveAttribute('data-state', 'HOLD');
    await expect(page.getByRole('button', { name: 'Hold' })).toHaveCount(0);
    expect((await oneRequest(request, req.id)).state).toBe('HOLD');

    await page.getByRole('button', { name: 'Install' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/installations/reinstallation/null\\?requestId=${req.id}&sensorId=${req.sensorId}$`),
    );
    await expect(
      page.getByRole('heading', { name: `Reinstall sensor ${req.sensorId} (installation ${current})` }),
    ).toBeVisible();
    await expect(page.getByTestId('reinstall-request').getByText(`Installation request ${req.id}`)).toBeVisible();
    await expect(page.locator('input[name="latitude"]')).toHaveValue(String(req.location!.latitude));
    await expect(page.locator('input[name="longitude"]')).toHaveValue(String(req.location!.longitude));
    if (req.email) await expect(page.locator('input[name="email"]')).toHaveValue(req.email);
  });

  test('another rejected after the confirmation; the badge counts one fewer', async ({ page, request }) => {
    const [candidate] = await waitingRequests(request);
    const req = take(candidate!);
    const before = await openCount(request);
    await page.goto(`/installation-requests/${req.id}`);
    // The menu, where the badge is, renders after the screen (a fresh page load).
    await menuShown(page);
    const badge = sidebar(page).getByTestId('open-requests-badge');
    await expect(badge).toContainText(String(before));

    await page.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(`Reject installation request ${req.id}?`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    expect((await oneRequest(request, req.id)).state).toBe('WAITING');

    await page.getByRole('button', { name: 'Reject' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText('Request state changed', { exact: true })).toBeVisible();
    await expect(stateChip(page)).toHaveAttribute('data-state', 'REJECTED');
    await expect(page.getByTestId('request-no-actions')).toBeVisible();
    expect((await oneRequest(request, req.id)).state).toBe('REJECTED');
    await expect(badge).toContainText(String(before - 1));
  });

  test('an image uploaded and shown; a file that is not an image refused before sending', async ({ page, request }) => {
    const [candidate] = await waitingRequests(request);
    const req = take(candidate!);
    const count = req.images.length;
    await page.goto(`/installation-requests/${req.id}`);
    const input = page.getByTestId('request-image-input');

    await input.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await expect(page.getByTestId('request-image-problem')).toHaveText('The image must be a JPEG, PNG or WebP file');
    expect((await oneRequest(request, req.id)).images).toHaveLength(count);

    const png = encodePng(new Uint8Array(2 * 2 * 3).fill(200), 2, 2);
    await page.getByLabel('Where the photo was taken (optional)').fill('Balcony, 3rd floor');
    await input.setInputFiles({ name: 'balcony.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('Saved image!', { exact: true })).toBeVisible();
    const after = (await oneRequest(request, req.id)).images;
    expect(after).toHaveLength(count + 1);
    expect(after.at(-1)!.location).toBe('Balcony, 3rd floor');
    const shown = page.getByRole('img', { name: `Image ${count + 1} of installation request ${req.id}` });
    await expect(shown).toBeVisible();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
    await expect(page.getByText('Balcony, 3rd floor')).toBeVisible();
  });
});
