/**
 * The installations map view (issue 10, beyond the spec): the list's query reaches the points
 * feed; thousands of installations become a few cluster markers whose counts add up to the feed;
 * a cluster click zooms in; installations at one place list themselves; a single installation's
 * popup offers the list search, location history and reinstall only to a user allowed to, and
 * copies its coordinates; the count, truncation, loading and empty states. jsdom has no Worker, so
 * these build the index on the main thread (clusterWorker.ts's fallback); with a Worker (a stand-in
 * running the real handler), the index builds behind a "clustering" bar while the map is up, and
 * the worker is terminated when a new feed replaces it and when the map unmounts.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Notification } from 'react-admin';
import { InstallationsMap } from '../../src/resources/installations/map/InstallationsMap';
import type { InstallationPoint } from '../../src/resources/installations/map/clusters';
import {
  createClusterHandler,
  type ClusterAnswer,
  type ClusterRequest,
} from '../../src/resources/installations/map/clusterMessages';
import { TestAdmin, appDataProvider, signInAs } from './support/admin';

// The offline outlines are fetched from the server as an asset: nothing to fetch in jsdom.
vi.mock('../../src/components/map/CountryOutlines', () => ({ CountryOutlines: () => null }));

// jsdom lays nothing out: give the map a size, or Leaflet sees a 0×0 view and no bounds to fit.
const size = { clientWidth: 1000, clientHeight: 700 };
const saved = Object.fromEntries(
  Object.keys(size).map((k) => [k, Object.getOwnPropertyDescriptor(HTMLElement.prototype, k)]),
);
beforeAll(() => {
  for (const [k, v] of Object.entries(size))
    Object.defineProperty(HTMLElement.prototype, k, { configurable: true, get: () => v });
});
afterAll(() => {
  for (const [k, d] of Object.entries(saved)) if (d) Object.defineProperty(HTMLElement.prototype, k, d);
});

/** `n` installations spread over Poland (a fixed pseudo-random walk), every third inactive. */
function polandPoints(n: number): InstallationPoint[] {
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: n }, (_, i) => [100_000 + i, 49.2 + next() * 5.4, 14.3 + next() * 9.6, i % 3 ? 1 : 0]);
}

const getInstallationPoints = vi.fn();

const mapScreen = (dataProvider: ReturnType<typeof appDataProvider>, query?: string) => (
  <TestAdmin dataProvider={dataProvider}>
    <InstallationsMap query={query} />
    <Notification />
  </TestAdmin>
);
const renderMap = (query?: string) => render(mapScreen(appDataProvider({ getInstallationPoints }), query));

/**
 * A Worker in this thread: the real message handler behind structured cloning (the feed's buffer
 * transferred), answering in order in later tasks — held back until `release()` after `hold()`.
 */
class FakeWorker {
  static made: FakeWorker[] = [];
  static gate: Promise<void> = Promise.resolve();
  static hold() {
    let release!: () => void;
    FakeWorker.gate = new Promise<void>((r) => (release = r));
    return release;
  }
  onmessage: ((event: MessageEvent<ClusterAnswer>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  terminated = false;
  private readonly handle = createClusterHandler();
  private queue = Promise.resolve();
  constructor(
    readonly url: URL | string,
    readonly options?: WorkerOptions,
  ) {
    FakeWorker.made.push(this);
  }
  postMessage(request: ClusterRequest, transfer: Transferable[] = []) {
    const received = structuredClone(request, { transfer });
    this.queue = this.queue
      .then(() => FakeWorker.gate)
      .then(() => new Promise((r) => setTimeout(r, 0)))
      .then(() => {
        if (!this.terminated)
          this.onmessage?.(new MessageEvent('message', { data: structuredClone(this.handle(received)) }));
      });
  }
  terminate() {
    this.terminated = true;
  }
}

const markers = () => Array.from(document.querySelectorAll<HTMLElement>('.leaflet-marker-icon'));
/** A cluster's title is "N installations, M active"; a single installation's "Installation N". */
const installationsOn = (marker: HTMLElement) => {
  const title = marker.getAttribute('title') ?? '';
  const cluster = /^(\d+) installations, (\d+) active$/.exec(title);
  return cluster ? Number(cluster[1]) : /^Installation \d+$/.test(title) ? 1 : NaN;
};

beforeEach(() => {
  localStorage.clear();
  getInstallationPoints.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  FakeWorker.made = [];
  FakeWorker.gate = Promise.resolve();
});

const markersHold = () => markers().reduce((sum, m) => sum + installationsOn(m), 0);

describe('InstallationsMap', () => {
  it('passes the list query to the points feed and clusters 5,000 installations into few markers', async () => {
    signInAs(['view_installations']);
    getInstallationPoints.mockResolvedValue({ points: polandPoints(5000), truncated: false });
    renderMap('SEARCH("Krak")');
    expect(await screen.findByText('5,000 installations')).toBeTruthy();
    expect(getInstallationPoints).toHaveBeenCalledWith(
      'installations',
      expect.objectContaining({ query: 'SEARCH("Krak")' }),
    );
    await waitFor(() => expect(markers().length).toBeGreaterThan(0));
    const shown = markers();
    // ~100 markers for a 1000×700 view and its margin, whatever the number of installations.
    expect(shown.length).toBeLessThan(5000 / 20);
    // Fitted to the feed: every installation is inside exactly one marker.
    expect(shown.reduce((sum, m) => sum + installationsOn(m), 0)).toBe(5000);
    expect(screen.queryByText('Loading installations…')).toBeNull();
  });

  it('zooms into a clicked cluster: its installations are split over more markers', async () => {
    signInAs(['view_installations']);
    getInstallationPoints.mockResolvedValue({ points: polandPoints(5000), truncated: false });
    renderMap(undefined);
    expect(getInstallationPoints).toHaveBeenCalledWith('installations', expect.objectContaining({ query: undefined }));
    await waitFor(() => expect(markers().length).toBeGreaterThan(0));
    const before = markers();
    const biggest = before.reduce((a, b) => (installationsOn(b) > installationsOn(a) ? b : a));
    fireEvent.click(biggest);
    await waitFor(() => expect(markers()).not.toEqual(before));
    // Zoomed in: fewer installations in view, each marker holding fewer of them.
    const after = markers();
    const total = after.reduce((sum, m) => sum + installationsOn(m), 0);
    expect(total).toBeLessThan(5000);
    expect(Math.max(...after.map(installationsOn))).toBeLessThan(installationsOn(biggest));
  });

  it("a single installation's popup: list search, history, reinstall and copy for a user allowed all", async () => {
    signInAs(['view_installations', 'view_history_sensor', 'move_installation']);
    getInstallationPoints.mockResolvedValue({ points: [[1234, 50.061947, 19.936856, 1]], truncated: false });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderMap('installationId = 1234');
    expect(await screen.findByText('1 installation')).toBeTruthy();
    await waitFor(() => expect(markers()).toHaveLength(1));
    fireEvent.click(markers()[0]!);
    const popup = within(await screen.findByTestId('installation-popup'));
    expect(popup.getByText('Installation 1234')).toBeTruthy();
    expect(popup.getByText(/50\.061947, 19\.936856 · active/)).toBeTruthy();
    expect(popup.getByRole('link', { name: 'Show in the list' }).getAttribute('href')).toBe(
      '/installations?search=1234&advanced=false',
    );
    expect(popup.getByRole('link', { name: 'Location history' }).getAttribute('href')).toBe(
      '/installations/1234/history',
    );
    expect(popup.getByRole('link', { name: 'Reinstall' }).getAttribute('href')).toBe(
      '/installations/reinstallation/1234',
    );
    fireEvent.click(popup.getByRole('button', { name: 'Copy coordinates' }));
    expect(await screen.findByText('Copied coordinates (lat, lng) to clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('50.061947, 19.936856');
  });

  it("a single installation's popup leaves out history and reinstall for a user without them", async () => {
    signInAs(['view_installations']);
    getInstallationPoints.mockResolvedValue({ points: [[77, 52.2, 21.0, 0]], truncated: false });
    renderMap(undefined);
    await waitFor(() => expect(markers()).toHaveLength(1));
    fireEvent.click(markers()[0]!);
    const popup = within(await screen.findByTestId('installation-popup'));
    expect(popup.getByText(/· inactive/)).toBeTruthy();
    expect(popup.getByRole('link', { name: 'Show in the list' })).toBeTruthy();
    expect(popup.queryByRole('link', { name: 'Location history' })).toBeNull();
    expect(popup.queryByRole('link', { name: 'Reinstall' })).toBeNull();
    expect(popup.getByRole('button', { name: 'Copy coordinates' })).toBeTruthy();
  });

  it('installations at one place stay one marker that lists them, each opening its actions', async () => {
    signInAs(['view_installations']);
    const place: InstallationPoint[] = [1, 2, 3].map((id) => [id, 50.1, 19.9, 1]);
    getInstallationPoints.mockResolvedValue({ points: place, truncated: false });
    renderMap(undefined);
    await waitFor(() => expect(markers()).toHaveLength(1));
    expect(markers()[0]!.getAttribute('title')).toBe('3 installations, 3 active');
    fireEvent.click(markers()[0]!);
    const stack = within(await screen.findByTestId('installation-stack-popup'));
    expect(stack.getByText('3 installations at this place')).toBeTruthy();
    fireEvent.click(stack.getByRole('button', { name: 'Installation 2' }));
    const popup = within(await screen.findByTestId('installation-popup'));
    expect(popup.getByText('Installation 2')).toBeTruthy();
  });

  it('a cluster that is all one place lists its installations at once instead of zooming', async () => {
    signInAs(['view_installations']);
    const place: InstallationPoint[] = [5, 6, 7, 8].map((id) => [id, 50.1, 19.9, id % 2 ? 1 : 0]);
    getInstallationPoints.mockResolvedValue({ points: [...place, [9, 54.35, 18.65, 1]], truncated: false });
    renderMap(undefined);
    await waitFor(() => expect(markers()).toHaveLength(2));
    const cluster = markers().find((m) => m.getAttribute('title') === '4 installations, 2 active')!;
    fireEvent.click(cluster);
    const stack = within(await screen.findByTestId('installation-stack-popup'));
    expect(stack.getByText('4 installations at this place')).toBeTruthy();
    expect(stack.getAllByRole('button').map((b) => b.textContent)).toEqual(
      [5, 6, 7, 8].map((id) => `Installation ${id}`),
    );
    expect(markers()).toHaveLength(2);
  });

  it('shows loading, then the empty state; and a notice when the feed is truncated', async () => {
    signInAs(['view_installations']);
    let answer!: (v: unknown) => void;
    getInstallationPoints.mockReturnValue(new Promise((r) => (answer = r)));
    const { unmount } = renderMap('city = Nowhere');
    expect(await screen.findByText('Loading installations…')).toBeTruthy();
    answer({ points: [], truncated: false });
    expect(await screen.findByText('No installations match this search.')).toBeTruthy();
    expect(screen.getByText('0 installations')).toBeTruthy();
    expect(markers()).toHaveLength(0);
    unmount();

    getInstallationPoints.mockResolvedValue({ points: polandPoints(300), truncated: true });
    renderMap(undefined);
    expect(
      await screen.findByText('Only the first 300 installations are shown: narrow the search to see the rest.'),
    ).toBeTruthy();
  });

  describe('in a worker', () => {
    beforeEach(() => vi.stubGlobal('Worker', FakeWorker));

    it('builds the index in a module worker behind a clustering bar, the map already up', async () => {
      signInAs(['view_installations']);
      getInstallationPoints.mockResolvedValue({ points: polandPoints(5000), truncated: false });
      const release = FakeWorker.hold();
      renderMap(undefined);
      expect(await screen.findByText('Clustering 5,000 installations…')).toBeTruthy();
      expect(screen.getByText('5,000 installations')).toBeTruthy();
      expect(screen.getByTestId('installations-map').querySelector('.leaflet-container')).toBeTruthy();
      expect(markers()).toHaveLength(0);
      expect(FakeWorker.made).toHaveLength(1);
      expect(String(FakeWorker.made[0]!.url)).toMatch(/clusters\.worker/);
      expect(FakeWorker.made[0]!.options).toEqual({ type: 'module' });

      release();
      await waitFor(() => expect(markers().length).toBeGreaterThan(0));
      expect(screen.queryByText('Clustering 5,000 installations…')).toBeNull();
      expect(markersHold()).toBe(5000);
      // Cluster clicks ask the worker too.
      const before = markers();
      fireEvent.click(before.reduce((a, b) => (installationsOn(b) > installationsOn(a) ? b : a)));
      await waitFor(() => expect(markers()).not.toEqual(before));
      expect(markersHold()).toBeLessThan(5000);
    });

    it('terminates the worker when a new feed replaces it, and on unmount', async () => {
      signInAs(['view_installations']);
      getInstallationPoints.mockImplementation(async (_: string, { query }: { query?: string }) => ({
        points: polandPoints(query ? 300 : 5000),
        truncated: false,
      }));
      const dataProvider = appDataProvider({ getInstallationPoints });
      const { rerender, unmount } = render(mapScreen(dataProvider, undefined));
      await waitFor(() => expect(markersHold()).toBe(5000));
      expect(FakeWorker.made).toHaveLength(1);

      rerender(mapScreen(dataProvider, 'city = Kraków'));
      expect(await screen.findByText('300 installations')).toBeTruthy();
      await waitFor(() => expect(markersHold()).toBe(300));
      expect(FakeWorker.made.map((w) => w.terminated)).toEqual([true, false]);

      unmount();
      expect(FakeWorker.made.map((w) => w.terminated)).toEqual([true, true]);
    });
  });
});
