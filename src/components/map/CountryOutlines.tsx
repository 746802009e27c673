/**
 * Country outlines that need no network: world-atlas's countries (TopoJSON, bundled as an asset and
 * fetched from this server) turned into GeoJSON with topojson-client. Shown by `MapBackground` when
 * no tile URL is configured or tiles fail to load, so a marker can still be placed meaningfully.
 * Land is drawn in the light or dark theme's colours (the sea is `MapFrame`'s background).
 */
import { useEffect, useState } from 'react';
import { useTheme } from '@mui/material';
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

const STYLE = {
  light: { color: '#7d8a96', weight: 1, fillColor: '#f4f2ec', fillOpacity: 1 },
  dark: { color: '#6b7785', weight: 1, fillColor: '#2c3136', fillOpacity: 1 },
} as const;

export function CountryOutlines() {
  const mode = useTheme().palette.mode;
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
  // The key redraws the layer when the theme changes (GeoJSON applies `style` once).
  return data ? <GeoJSON key={mode} data={data} style={STYLE[mode]} interactive={false} /> : null;
}
