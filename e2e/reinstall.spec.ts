/**
 * Reinstall sensor in Chromium (document 2, section 2.3) as a technician: open the form for a real
 * current installation, drag the map marker, submit, land on the installations list searching for
 * the new installation, and find it through the API where the marker was dropped. The same from an
 * installation request (the `null` installation id, the sensor named by the query), which ends
 * the request as installed.
 *
 * Installations and requests are picked through the API at run time, so the file also passes
 * against a server that earlier runs already changed.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, signIn } from './support/login';

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

interface SensorRow {
  id: number;
  info: { status: string; currentInstallationId: number | null };
}
interface ReadForm {
  info: { installationId: number; sensorId: number; status: string; removedAt: string | null };
  location: { coordinates: { latitude: number; longitude: number } };
}
interface RequestRow {
  id: number;
  sensorId: number | null;
  state: string;
  email: string | null;
  location: { latitude: number; longitude: number } | null;
}

const installation = async (request: APIRequestContext, id: number) =>
  (await api<{ data: { installation: ReadForm } }>(request, `/api/installations/${id}`)).data.installation;

/** Installed sensors with a current installation, a different one per call. */
const taken = new Set<number>();
async function installedSensor(request: APIRequestContext): Promise<SensorRow> {
  const query = encodeURIComponent('status = Installed');
  const { data } = await api<{ data: { sensors: SensorRow[] } }>(request, `/api/sensors?limit=50&query=${query}`);
  const sensor = data.sensors.find((s) => s.info.currentInstallationId !== null && !taken.has(s.id));
  expect(sensor, 'an installed sensor with a current installation').toBeTruthy();
  taken.add(sensor!.id);
  return sensor!;
}

const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

/**
 * Waits until the reinstall map is at rest: no pan or zoom animation running (Leaflet marks its map
 * pane with `leaflet-pan-anim` / `leaflet-zoom-anim` while one runs, and fires `moveend` as it takes
 * the mark off) and the marker in the same place in three animation frames in a row.
 */
async function mapAtRest(page: Page) {
  await page.getByTestId('reinstall-map').evaluate(
    (map) =>
      new Promise<void>((resolve) => {
        let last = '';
        let still = 0;
        const frame = () => {
          const pane = map.querySelector('.leaflet-map-pane');
          const r = map.querySelector('.leaflet-marker-icon')?.getBoundingClientRect();
          const at = r ? `${r.x},${r.y},${r.width},${r.height}` : '';
          const moving = !pane || !r || /\bleaflet-(pan|zoom)-anim\b/.test(pane.className);
          still = !moving && at === last ? still + 1 : 0;
          last = at;
          if (still >= 2) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

/** Drags the map marker by (dx, dy) pixels with the mouse, as a person would. */
async function dragMarker(page: Page, dx: number, dy: number) {
  const marker = page.getByTestId('reinstall-map').locator('.leaflet-marker-icon');
  await expect(marker).toBeVisible();
  await page.getByTestId('reinstall-map').scrollIntoViewIfNeeded();
  // Let a pan that follows a typed or filled position finish before taking hold.
  await mapAtRest(page);
  const box = (await marker.boundingBox())!;
  // Leaflet's marker icon is anchored at its bottom centre; grab it in the middle.
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 5 });
  await page.mouse.move(x + dx, y + dy, { steps: 5 });
  await page.mouse.up();
}

/** When the installation has no contractor, the first one of the picker is taken. */
async function ensureContractor(page: Page) {
  const picker = page.getByRole('combobox', { name: /Contractor/ });
  await expect(picker).toBeVisible();
  if ((await picker.inputValue()) === '') {
    await picker.click();
    await page.getByRole('option').first().click();
  }
  await expect(picker).toHaveValue(/^\[\d+\] /);
}

async function submitAndFindNew(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Reinstall sensor' }).dblclick();
  await expect(page.getByText('Successfully reinstalled sensor!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/installations\?search=\d+&advanced=false$/);
  return Number(new URL(page.url()).searchParams.get('search'));
}

test.describe('reinstall sensor', () => {
  // Each test opens its own screen first.
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'technician', null);
  });

  test('from an installation: drag the marker, submit, the list opens on the new installation', async ({
    page,
    request,
  }) => {
    const sensor = await installedSensor(request);
    const oldId = sensor.info.currentInstallationId!;
    const old = await installation(request, oldId);
    await page.goto(`/installations/reinstallation/${oldId}`);
    await expect(
      page.getByRole('heading', { name: `Reinstall sensor ${sensor.id} (installation ${oldId})` }),
    ).toBeVisible();
    await expect(field(page, 'latitude')).toHaveValue(String(old.location.coordinates.latitude));
    // The map draws the offline country outlines (no tiles here).
    await expect(page.getByTestId('reinstall-map').locator('.leaflet-overlay-pane svg path').first()).toBeAttached();
    await ensureContractor(page);

    const before = [await field(page, 'latitude').inputValue(), await field(page, 'longitude').inputValue()];
    await dragMarker(page, 90, -60);
    await expect(field(page, 'latitude')).not.toHaveValue(before[0]!);
    await expect(field(page, 'longitude')).not.toHaveValue(before[1]!);
    const lat = Number(await field(page, 'latitude').inputValue());
    const lng = Number(await field(page, 'longitude').inputValue());
    // Dragged north-east, rounded to 6 decimals.
    expect(lat).toBeGreaterThan(Number(before[0]));
    expect(lng).toBeGreaterThan(Number(before[1]));
    for (const v of [lat, lng]) expect(Math.round(v * 1e6) / 1e6).toBe(v);

    const newId = await submitAndFindNew(page);
    expect(newId).toBeGreaterThan(oldId);
    const created = await installation(request, newId);
    expect(created.info).toMatchObject({ installationId: newId, sensorId: sensor.id, removedAt: null });
    expect(created.location.coordinates).toEqual({ latitude: lat, longitude: lng });
    // One reinstall for the double click: the old installation is closed, the sensor points at the new one.
    expect((await installation(request, oldId)).info.removedAt).not.toBeNull();
    const after = await api<{ data: { sensor: SensorRow } }>(request, `/api/sensors/${sensor.id}`);
    expect(after.data.sensor.info.currentInstallationId).toBe(newId);
  });

  test('from a request: the sensor’s current installation, the request’s location, the request installed', async ({
    page,
    request,
  }) => {
    const query = encodeURIComponent('state in (WAITING, HOLD)');
    const { data } = await api<{ data: { requests: RequestRow[] } }>(
      request,
      `/api/installations/requests/?limit=200&query=${query}`,
    );
    let chosen: { request: RequestRow; current: number } | undefined;
    for (const r of data.requests.filter((x) => x.sensorId !== null && x.location && !taken.has(x.sensorId))) {
      const s = await api<{ data: { sensor: SensorRow } }>(request, `/api/sensors/${r.sensorId}`);
      if (s.data.sensor.info.currentInstallationId !== null && s.data.sensor.info.status !== 'Retired') {
        chosen = { request: r, current: s.data.sensor.info.currentInstallationId };
        break;
      }
    }
    expect(chosen, 'an open request for a sensor with a current installation').toBeTruthy();
    const { request: req, current } = chosen!;
    taken.add(req.sensorId!);

    await page.goto(`/installations/reinstallation/null?requestId=${req.id}&sensorId=${req.sensorId}`);
    const summary = page.getByTestId('reinstall-request');
    await expect(summary.getByText(`Installation request ${req.id}`)).toBeVisible();
    await expect(
      page.getByRole('heading', { name: `Reinstall sensor ${req.sensorId} (installation ${current})` }),
    ).toBeVisible();
    await expect(field(page, 'latitude')).toHaveValue(String(req.location!.latitude));
    await expect(field(page, 'longitude')).toHaveValue(String(req.location!.longitude));
    if (req.email) await expect(field(page, 'email')).toHaveValue(req.email);
    await ensureContractor(page);

    // Moved away, "fill location" puts the request's location back; then the marker is dragged a little.
    await dragMarker(page, -40, 30);
    await expect(field(page, 'latitude')).not.toHaveValue(String(req.location!.latitude));
    await summary.getByRole('button', { name: 'Fill location' }).click();
    await expect(field(page, 'latitude')).toHaveValue(String(req.location!.latitude));
    await dragMarker(page, 20, 0);
    await expect(field(page, 'longitude')).not.toHaveValue(String(req.location!.longitude));
    const lat = Number(await field(page, 'latitude').inputValue());
    const lng = Number(await field(page, 'longitude').inputValue());
    expect(lng).toBeGreaterThan(req.location!.longitude);

    const newId = await submitAndFindNew(page);
    const created = await installation(request, newId);
    expect(created.info).toMatchObject({ installationId: newId, sensorId: req.sensorId });
    expect(created.location.coordinates).toEqual({ latitude: lat, longitude: lng });
    const done = await api<{ data: { request: RequestRow } }>(request, `/api/installations/requests/${req.id}`);
    expect(done.data.request.state).toBe('DONE');
  });
});
