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
 * The deepest zoom the index clusters at (60 px are about 350 m there): each level costs an index
 * pass over nearly every installation, so stopping at 14 rather than the map's 18 halves the
 * build (bench/installations-map.ts). Deeper, the view is a few kilometres wide and its
 * installations are drawn one by one — those at the very same coordinates as one marker that
 * lists them.
 */
export const CLUSTER_MAX_ZOOM = 14;
/** The map's deepest zoom. */
export const MAP_MAX_ZOOM = 18;

/** One installation as the map shows it. */
export interface MapInstallation {
  id: number;
  lat: number;
  lng: number;
  active: boolean;
}

/** Colour of a marker: mostly active (≥ 75 %), mostly inactive (≤ 25 %), or mixed. */
export type Activity = 'active' | 'mixed' | 'inactive';
export const activityOf = (active: number, count: number): Activity => {
  const share = count > 0 ? active / count : 0;
  return share >= 0.75 ? 'active' : share <= 0.25 ? 'inactive' : 'mixed';
};

export type MapMarker =
  | { kind: 'cluster'; key: string; clusterId: number; lat: number; lng: number; count: number; active: number }
  /** Installations at the very same coordinates (beyond CLUSTER_MAX_ZOOM). */
  | {
      kind: 'place';
      key: string;
      lat: number;
      lng: number;
      count: number;
      active: number;
      installations: MapInstallation[];
    }
  | ({ kind: 'point'; key: string } & MapInstallation);

export function buildIndex(points: readonly InstallationPoint[]): MapIndex {
  const features: PointFeature<PointProps>[] = new Array(points.length);
  for (let i = 0; i < points.length; i++) {
    const [id, lat, lng, active] = points[i]!;
    features[i] = { type: 'Feature', properties: { id, active }, geometry: { type: 'Point', coordinates: [lng, lat] } };
  }
  return new Supercluster<PointProps, ClusterProps>({
    radius: CLUSTER_RADIUS,
    maxZoom: CLUSTER_MAX_ZOOM,
    map: (p) => ({ active: p.active }),
    reduce: (sum, p) => {
      sum.active += p.active;
    },
  }).load(features);
}

/** The markers of a viewport: `bbox` is [west, south, east, north]. */
export function markersIn(index: MapIndex, bbox: [number, number, number, number], zoom: number): MapMarker[] {
  const markers: MapMarker[] = [];
  const places = new Map<string, MapInstallation[]>();
  for (const f of index.getClusters(bbox, Math.floor(zoom))) {
    const [lng, lat] = f.geometry.coordinates as [number, number];
    const p = f.properties;
    if ('cluster' in p && p.cluster) {
      const { cluster_id: clusterId, point_count: count, active } = p;
      markers.push({ kind: 'cluster', key: `c${clusterId}`, clusterId, lat, lng, count, active });
    } else {
      const { id, active } = p as PointProps;
      const at = `${lat},${lng}`;
      const installation = { id, lat, lng, active: active === 1 };
      const place = places.get(at);
      if (place) place.push(installation);
      else places.set(at, [installation]);
    }
  }
  for (const [at, installations] of places) {
    const [first] = installations as [MapInstallation];
    if (installations.length === 1) markers.push({ kind: 'point', key: `p${first.id}`, ...first });
    else
      markers.push({
        kind: 'place',
        key: `s${at}`,
        lat: first.lat,
        lng: first.lng,
        count: installations.length,
        active: installations.filter((i) => i.active).length,
        installations,
      });
  }
  return markers;
}

/** Installations of a cluster (at most `limit`), as single markers. */
export function clusterLeaves(index: MapIndex, clusterId: number, limit: number): MapInstallation[] {
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
