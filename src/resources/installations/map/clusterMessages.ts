/**
 * What the map's clustering worker (clusters.worker.ts) and its client (clusterWorker.ts) say to
 * each other, and the worker's side of it as a plain function: `createClusterHandler()` answers one
 * request at a time from the index it built, so the worker is a thin message loop around it, the
 * main-thread fallback runs the very same code, and tests and the benchmark call it directly. The
 * clustering rules stay in clusters.ts.
 *
 * The feed crosses once, packed: `[installationId, latitude, longitude, active]` per installation,
 * four numbers each in one Float64Array whose buffer is transferred, not copied. Answers are the few
 * hundred markers of a view, or a cluster's leaves, structured-cloned.
 */
import {
  buildIndex,
  clusterLeaves,
  markersIn,
  type InstallationPoint,
  type MapIndex,
  type MapInstallation,
  type MapMarker,
} from './clusters';

/** [west, south, east, north]. */
export type BBox = [number, number, number, number];

/** Numbers per installation in a packed feed. */
const STRIDE = 4;

export type ClusterRequest =
  | { id: number; type: 'load'; points: Float64Array }
  | { id: number; type: 'markers'; bbox: BBox; zoom: number }
  | { id: number; type: 'leaves'; clusterId: number; limit: number }
  | { id: number; type: 'expansionZoom'; clusterId: number };

export type ClusterAnswer =
  /** The index is built over `count` installations, in `ms` of the worker's time. */
  | { id: number; type: 'load'; count: number; ms: number }
  | { id: number; type: 'markers'; markers: MapMarker[] }
  | { id: number; type: 'leaves'; leaves: MapInstallation[] }
  | { id: number; type: 'expansionZoom'; zoom: number }
  | { id: number; type: 'error'; error: string };

/** The feed's tuples as one flat Float64Array (its buffer is what gets transferred). */
export function packPoints(points: readonly InstallationPoint[]): Float64Array {
  const packed = new Float64Array(points.length * STRIDE);
  for (let i = 0, o = 0; i < points.length; i++, o += STRIDE) {
    const p = points[i]!;
    packed[o] = p[0];
    packed[o + 1] = p[1];
    packed[o + 2] = p[2];
    packed[o + 3] = p[3];
  }
  return packed;
}

/** The tuples back from `packPoints`. */
export function unpackPoints(packed: Float64Array): InstallationPoint[] {
  const points: InstallationPoint[] = new Array(packed.length / STRIDE);
  for (let i = 0, o = 0; i < points.length; i++, o += STRIDE)
    points[i] = [packed[o]!, packed[o + 1]!, packed[o + 2]!, packed[o + 3]!] as InstallationPoint;
  return points;
}

/**
 * The worker's state and answers: `load` builds the index (replacing any earlier one), the queries
 * read it. A query before any `load`, or one that supercluster refuses (an unknown cluster id),
 * gets an `error` answer rather than throwing, so a worker never dies on a request.
 */
export function createClusterHandler(now: () => number = () => performance.now()) {
  let index: MapIndex | null = null;
  const built = () => {
    if (!index) throw new Error('the cluster index is not loaded');
    return index;
  };
  return (request: ClusterRequest): ClusterAnswer => {
    const { id } = request;
    try {
      switch (request.type) {
        case 'load': {
          const t0 = now();
          const points = unpackPoints(request.points);
          index = buildIndex(points);
          return { id, type: 'load', count: points.length, ms: now() - t0 };
        }
        case 'markers':
          return { id, type: 'markers', markers: markersIn(built(), request.bbox, request.zoom) };
        case 'leaves':
          return { id, type: 'leaves', leaves: clusterLeaves(built(), request.clusterId, request.limit) };
        case 'expansionZoom':
          return { id, type: 'expansionZoom', zoom: built().getClusterExpansionZoom(request.clusterId) };
      }
    } catch (e) {
      return { id, type: 'error', error: e instanceof Error ? e.message : String(e) };
    }
  };
}
