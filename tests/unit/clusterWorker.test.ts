/**
 * The map's clustering worker without a Worker: its message handler answers what the clustering
 * rules of clusters.ts answer on the main thread (markers, leaves, expansion zoom), refuses queries
 * before a feed and unknown clusters with an error answer, and gets the feed packed. The client
 * transfers the feed once, drops an older view's markers once a newer view was asked for, answers
 * null after close, and builds on the main thread when the worker fails to start.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  buildIndex,
  clusterLeaves,
  markersIn,
  type InstallationPoint,
  type MapMarker,
} from '../../src/resources/installations/map/clusters';
import {
  createClusterHandler,
  packPoints,
  unpackPoints,
  type BBox,
  type ClusterAnswer,
  type ClusterRequest,
} from '../../src/resources/installations/map/clusterMessages';
import { connectMainThread, openClusterIndex, type Connect } from '../../src/resources/installations/map/clusterWorker';

/** `n` installations over Poland (a fixed pseudo-random walk), every third inactive. */
function polandPoints(n: number): InstallationPoint[] {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: n }, (_, i) => [100_000 + i, 49.2 + next() * 5.4, 14.3 + next() * 9.6, i % 3 ? 1 : 0]);
}

const POLAND: BBox = [14.0, 49.0, 24.2, 54.9];
const KRAKOW: BBox = [19.69, 49.98, 20.19, 50.14];
const points = polandPoints(3000);
const clusterOf = (markers: MapMarker[]) => {
  const cluster = markers.find((m) => m.kind === 'cluster');
  if (!cluster || cluster.kind !== 'cluster') throw new Error('no cluster in view');
  return cluster;
};

/**
 * A transport the test drives: requests wait in `posted` until `deliver` answers them (in any
 * order) through a real handler; `fail` breaks it as a worker that cannot start would.
 */
function manualTransport() {
  const handle = createClusterHandler();
  const posted: { request: ClusterRequest; transfer: Transferable[] }[] = [];
  const wire = { answer: (_: ClusterAnswer) => {}, fail: (_: Error) => {}, closed: false };
  const connect: Connect = (answer, fail) => {
    Object.assign(wire, { answer, fail });
    return { post: (request, transfer) => posted.push({ request, transfer }), close: () => (wire.closed = true) };
  };
  const deliver = (type: ClusterRequest['type'], nth = 0) => {
    const at = posted.map((p, i) => [p, i] as const).filter(([p]) => p.request.type === type)[nth];
    if (!at) throw new Error(`no ${type} request #${nth} waiting`);
    posted.splice(at[1], 1);
    wire.answer(handle(at[0].request));
  };
  return { connect, posted, deliver, wire };
}

describe('createClusterHandler', () => {
  it('packs the tuples into one Float64Array and back', () => {
    const packed = packPoints(points);
    expect(packed).toBeInstanceOf(Float64Array);
    expect(packed.length).toBe(points.length * 4);
    expect(unpackPoints(packed)).toEqual(points);
  });

  it('answers as clusters.ts does on the main thread', () => {
    const handle = createClusterHandler();
    const loaded = handle({ id: 1, type: 'load', points: packPoints(points) });
    expect(loaded).toMatchObject({ id: 1, type: 'load', count: 3000 });
    const index = buildIndex(points);

    const poland = handle({ id: 2, type: 'markers', bbox: POLAND, zoom: 6 });
    expect(poland).toEqual({ id: 2, type: 'markers', markers: markersIn(index, POLAND, 6) });
    const city = handle({ id: 3, type: 'markers', bbox: KRAKOW, zoom: 11.4 });
    expect(city).toEqual({ id: 3, type: 'markers', markers: markersIn(index, KRAKOW, 11.4) });

    const { clusterId } = clusterOf(markersIn(index, POLAND, 6));
    expect(handle({ id: 4, type: 'leaves', clusterId, limit: 10 })).toEqual({
      id: 4,
      type: 'leaves',
      leaves: clusterLeaves(index, clusterId, 10),
    });
    expect(handle({ id: 5, type: 'expansionZoom', clusterId })).toEqual({
      id: 5,
      type: 'expansionZoom',
      zoom: index.getClusterExpansionZoom(clusterId),
    });
  });

  it('answers an error, and keeps going, for a query before the feed or an unknown cluster', () => {
    const handle = createClusterHandler();
    expect(handle({ id: 1, type: 'markers', bbox: POLAND, zoom: 6 })).toEqual({
      id: 1,
      type: 'error',
      error: 'the cluster index is not loaded',
    });
    handle({ id: 2, type: 'load', points: packPoints(points) });
    expect(handle({ id: 3, type: 'leaves', clusterId: 123_456_789, limit: 5 })).toMatchObject({ id: 3, type: 'error' });
    expect(handle({ id: 4, type: 'markers', bbox: POLAND, zoom: 6 })).toMatchObject({ id: 4, type: 'markers' });
  });

  it('replaces the index when a new feed is loaded', () => {
    const handle = createClusterHandler();
    handle({ id: 1, type: 'load', points: packPoints(points) });
    const one: InstallationPoint[] = [[9, 50.1, 19.9, 1]];
    expect(handle({ id: 2, type: 'load', points: packPoints(one) })).toMatchObject({ count: 1 });
    const answer = handle({ id: 3, type: 'markers', bbox: POLAND, zoom: 6 });
    expect(answer).toEqual({ id: 3, type: 'markers', markers: markersIn(buildIndex(one), POLAND, 6) });
    expect(answer).toMatchObject({ markers: [{ kind: 'point', id: 9, active: true }] });
  });
});

describe('openClusterIndex', () => {
  it('transfers the packed feed once and is ready when the index is built', async () => {
    const t = manualTransport();
    const index = openClusterIndex(points, t.connect);
    expect(index.count).toBe(3000);
    const [load] = t.posted;
    expect(load?.request.type).toBe('load');
    expect(load?.transfer).toEqual([(load?.request as { points: Float64Array }).points.buffer]);
    t.deliver('load');
    expect(await index.ready).toBe(true);
  });

  it('drops an older view whose markers arrive after a newer view was asked for', async () => {
    const t = manualTransport();
    const index = openClusterIndex(points, t.connect);
    t.deliver('load');
    // Answered out of order: the newer view first, the older after it.
    const older = index.markersIn(POLAND, 6);
    const newer = index.markersIn(KRAKOW, 11);
    t.deliver('markers', 1);
    t.deliver('markers', 0);
    expect(await newer).toEqual(markersIn(buildIndex(points), KRAKOW, 11));
    expect(await older).toBeNull();
    // In order: the older one is still superseded by the time it arrives.
    const first = index.markersIn(KRAKOW, 11);
    const second = index.markersIn(POLAND, 6);
    t.deliver('markers', 0);
    t.deliver('markers', 0);
    expect(await first).toBeNull();
    expect((await second)?.length).toBeGreaterThan(0);
    // Other requests are not views: each gets its answer.
    const { clusterId } = clusterOf((await second)!);
    const leaves = index.clusterLeaves(clusterId, 3);
    const zoom = index.expansionZoom(clusterId);
    t.deliver('expansionZoom');
    t.deliver('leaves');
    expect(await leaves).toHaveLength(3);
    expect(await zoom).toBeGreaterThan(6);
  });

  it('answers null to pending and later requests once closed, and closes its transport', async () => {
    const t = manualTransport();
    const index = openClusterIndex(points, t.connect);
    const view = index.markersIn(POLAND, 6);
    index.close();
    expect(t.wire.closed).toBe(true);
    expect(await index.ready).toBe(false);
    expect(await view).toBeNull();
    expect(await index.expansionZoom(1)).toBeNull();
  });

  it('rejects a request the handler refuses', async () => {
    const t = manualTransport();
    const index = openClusterIndex(points, t.connect);
    t.deliver('load');
    const leaves = index.clusterLeaves(123_456_789, 5);
    t.deliver('leaves');
    await expect(leaves).rejects.toThrow(/cluster/i);
  });

  it('builds on the main thread when the worker fails before the index is built', async () => {
    const t = manualTransport();
    const index = openClusterIndex(points, t.connect);
    const view = index.markersIn(POLAND, 6);
    t.wire.fail(new Error('worker script could not load'));
    expect(t.wire.closed).toBe(true);
    expect(await index.ready).toBe(true);
    expect(await view).toEqual(markersIn(buildIndex(points), POLAND, 6));
    index.close();
  });

  it('rejects pending requests when the worker dies after building', async () => {
    const t = manualTransport();
    const index = openClusterIndex(points, t.connect);
    t.deliver('load');
    await index.ready;
    const view = index.markersIn(POLAND, 6);
    t.wire.fail(new Error('worker died'));
    await expect(view).rejects.toThrow('worker died');
    await expect(index.expansionZoom(1)).rejects.toThrow('worker died');
  });

  it('on the main thread, builds in a later task so the caller paints first', async () => {
    const index = openClusterIndex(points, connectMainThread);
    const built = vi.fn();
    void index.ready.then(built);
    await Promise.resolve();
    expect(built).not.toHaveBeenCalled();
    expect(await index.ready).toBe(true);
    expect(await index.markersIn(POLAND, 6)).toEqual(markersIn(buildIndex(points), POLAND, 6));
    index.close();
  });
});
