/**
 * The clustering index of the map's current points feed (see clusterWorker.ts): opened when a feed
 * arrives, closed — its worker terminated — when a new feed replaces it or the map unmounts. `index`
 * is null until it is built, so nothing asks an index that is not there yet; `building` says how
 * many installations are being clustered meanwhile, and `failed` that the index could not be built.
 */
import { useEffect, useState } from 'react';
import type { InstallationPoint } from './clusters';
import { openClusterIndex, type ClusterIndex } from './clusterWorker';

interface State {
  points: readonly InstallationPoint[];
  index: ClusterIndex | null;
  failed: boolean;
}

export function useClusterIndex(points: readonly InstallationPoint[] | undefined) {
  const [state, setState] = useState<State | null>(null);
  useEffect(() => {
    if (!points) return;
    const index = openClusterIndex(points);
    index.ready.then(
      (built) => built && setState({ points, index, failed: false }),
      () => setState({ points, index: null, failed: true }),
    );
    return () => index.close();
  }, [points]);
  // A state of an earlier feed is over as soon as the feed changes, before the effect above runs.
  const current = state && state.points === points ? state : null;
  return {
    index: current?.index ?? null,
    building: points && !current ? points.length : null,
    failed: current?.failed ?? false,
  };
}
