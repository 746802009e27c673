/**
 * The bundled offline gazetteer: Poland with its voivodeships and the cities of the demo network,
 * and Poland's neighbours at country level, each with its OpenStreetMap id (`R<relation>`), English
 * and local name, parent and centre. It answers address edits (country / state / city by OSM id)
 * and address geocoding when no external geocoder is configured.
 */
import type { Place } from '../../common/places';
import { CITIES, VOIVODESHIPS } from '../db/seeds/reference';

export type { Place, PlaceKind } from '../../common/places';

export const POLAND_OSM_ID = 'R49715';

const COUNTRIES: Place[] = [
  { osmId: POLAND_OSM_ID, kind: 'country', name: 'Poland', nameLocal: 'Polska', parentId: null, lat: 52.1, lon: 19.4 },
  { osmId: 'R51477', kind: 'country', name: 'Germany', nameLocal: 'Deutschland', parentId: null, lat: 51.2, lon: 10.4 },
  { osmId: 'R51684', kind: 'country', name: 'Czechia', nameLocal: 'Česko', parentId: null, lat: 49.8, lon: 15.5 },
  { osmId: 'R14296', kind: 'country', name: 'Slovakia', nameLocal: 'Slovensko', parentId: null, lat: 48.7, lon: 19.7 },
  { osmId: 'R60199', kind: 'country', name: 'Ukraine', nameLocal: 'Україна', parentId: null, lat: 49.0, lon: 31.4 },
  { osmId: 'R59065', kind: 'country', name: 'Belarus', nameLocal: 'Беларусь', parentId: null, lat: 53.7, lon: 28.0 },
  { osmId: 'R72596', kind: 'country', name: 'Lithuania', nameLocal: 'Lietuva', parentId: null, lat: 55.2, lon: 23.9 },
  { osmId: 'R60189', kind: 'country', name: 'Russia', nameLocal: 'Россия', parentId: null, lat: 54.7, lon: 20.5 },
];

/** A voivodeship's centre: the mean of its cities in the list (good enough to centre a map). */
function centreOf(key: string): { lat: number; lon: number } {
  const cities = CITIES.filter((c) => c.voiv === key);
  if (cities.length === 0) return { lat: 52.1, lon: 19.4 };
  return {
    lat: cities.reduce((s, c) => s + c.lat, 0) / cities.length,
    lon: cities.reduce((s, c) => s + c.lon, 0) / cities.length,
  };
}

export const PLACES: readonly Place[] = [
  ...COUNTRIES,
  ...Object.entries(VOIVODESHIPS).map(([key, v]) => ({
    osmId: v.osm,
    kind: 'state' as const,
    name: v.en,
    nameLocal: v.pl,
    parentId: POLAND_OSM_ID,
    ...centreOf(key),
  })),
  ...CITIES.map((c) => ({
    osmId: c.osm,
    kind: 'city' as const,
    name: c.en,
    nameLocal: c.local,
    parentId: VOIVODESHIPS[c.voiv].osm,
    lat: c.lat,
    lon: c.lon,
  })),
];
