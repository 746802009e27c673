/**
 * The map view's clustering, free of Leaflet and React (the benchmark runs it in Node): one
 * supercluster index per points feed, built from the compact `[installationId, latitude,
 * longitude, active]` tuples and counting each cluster's active installations; one query per
 * viewport and zoom turns it into the few markers to draw; the feed's bounds fit the map.
 */
import Supercluster, { type PointFeature } from 'supercluster';
import type { InstallationMethods } from '../../../dataProviders/types';

export type InstallationPoints = Awaited<ReturnType<InstallationMethods['getInstallationPoints']>>;
export type InstallationPoint = InstallationPoints['points'][number];

interface PointProps {
  id: number;
  active: number;
}
interface ClusterProps {
  active: number;
}
export type MapIndex = Supercluster<PointProps, ClusterProps>;

/** Cluster radius in screen pixels. */
export const CLUSTER_RADIUS = 60;
/**
 * The map's deepest zoom, and the index's: clusters exist at every zoom, so installations at the
 * same coordinates stay one marker that lists them instead of markers hidden under each other.
 */
export const MAX_ZOOM = 18;

/** Colour of a marker: mostly active (≥ 75 %), mostly inactive (≤ 25 %), or mixed. */
export type Activity = 'active' | 'mixed' | 'inactive';
export const activityOf = (active: number, count: number): Activity => {
  const share = count > 0 ? active / count : 0;
  return share >= 0.75 ? 'active' : share <= 0.25 ? 'inactive' : 'mixed';
};

export type MapMarker =
  | { kind: 'cluster'; key: string; clusterId: number; lat: number; lng: number; count: number; active: number }
  | { kind: 'point'; key: string; id: number; lat: number; lng: number; active: boolean };

export function buildIndex(points: readonly InstallationPoint[]): MapIndex {
  const features: PointFeature<PointProps>[] = new Array(points.length);
  for (let i = 0; i < points.length; i++) {
    const [id, lat, lng, active] = points[i]!;
    features[i] = { type: 'Feature', properties: { id, active }, geometry: { type: 'Point', coordinates: [lng, lat] } };
  }
  return new Supercluster<PointProps, ClusterProps>({
    radius: CLUSTER_RADIUS,
    maxZoom: MAX_ZOOM,
    map: (p) => ({ active: p.active }),
    reduce: (sum, p) => {
      sum.active += p.active;
    },
  }).load(features);
}

/** The markers of a viewport: `bbox` is [west, south, east, north]. */
export function markersIn(index: MapIndex, bbox: [number, number, number, number], zoom: number): MapMarker[] {
  return index.getClusters(bbox, Math.floor(zoom)).map((f): MapMarker => {
    const [lng, lat] = f.geometry.coordinates as [number, number];
    const p = f.properties;
    if ('cluster' in p && p.cluster)
      return {
        kind: 'cluster',
        key: `c${p.cluster_id}`,
        clusterId: p.cluster_id,
        lat,
        lng,
        count: p.point_count,
        active: p.active,
      };
    const { id, active } = p as PointProps;
    return { kind: 'point', key: `p${id}`, id, lat, lng, active: active === 1 };
  });
}

/** Installations of a cluster (at most `limit`), as single markers. */
export function clusterLeaves(index: MapIndex, clusterId: number, limit: number) {
  return index.getLeaves(clusterId, limit).map(({ properties: { id, active }, geometry }) => {
    const [lng, lat] = geometry.coordinates as [number, number];
    return { id, lat, lng, active: active === 1 };
  });
}

/** [[south, west], [north, east]] of every point, or null for none. */
export function pointsBounds(points: readonly InstallationPoint[]): [[number, number], [number, number]] | null {
  if (points.length === 0) return null;
  let south = 90,
    west = 180,
    north = -90,
    east = -180;
  for (const [, lat, lng] of points) {
    if (lat < south) south = lat;
    if (lat > north) north = lat;
    if (lng < west) west = lng;
    if (lng > east) east = lng;
  }
  return [
    [south, west],
    [north, east],
  ];
}
