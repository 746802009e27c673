/**
 * Country outlines that need no network: world-atlas's countries (TopoJSON, bundled as an asset and
 * fetched from this server) turned into GeoJSON with topojson-client. Shown when no tile URL is
 * configured or tiles fail to load, so a marker can still be placed meaningfully.
 */
import { useEffect, useState } from 'react';
import { GeoJSON } from 'react-leaflet';
import type { FeatureCollection } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesUrl from 'world-atlas/countries-50m.json?url';

let outlines: Promise<FeatureCollection> | undefined;

function loadOutlines(): Promise<FeatureCollection> {
  outlines ??= Promise.all([import('topojson-client'), fetch(countriesUrl).then((r) => r.json())])
    .then(([{ feature }, topology]) => {
      const topo = topology as Topology<{ countries: GeometryCollection }>;
      return feature(topo, topo.objects.countries) as FeatureCollection;
    })
    .catch((e: unknown) => {
      outlines = undefined;
      throw e;
    });
  return outlines;
}

const STYLE = { color: '#7d8a96', weight: 1, fillColor: '#f4f2ec', fillOpacity: 1 } as const;

export function CountryOutlines() {
  const [data, setData] = useState<FeatureCollection | null>(null);
  useEffect(() => {
    let live = true;
    loadOutlines().then(
      (d) => live && setData(d),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return data ? <GeoJSON data={data} style={STYLE} interactive={false} /> : null;
}
