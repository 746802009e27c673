/**
 * Places by OpenStreetMap id and address geocoding. The bundled offline gazetteer (./places.ts)
 * always answers; with `GEOCODER_URL` set (a Nominatim-compatible service: `/lookup?osm_ids=` and
 * `/search?q=`), ids and addresses it does not know are asked there. A geocoder that fails or times
 * out is reported as unavailable (503), never as a wrong answer.
 */
import { HttpError } from '../http/errors';
import { PLACES, type Place, type PlaceKind } from './places';

export type { Place, PlaceKind } from './places';

export interface GeocodeResult {
  lat: number;
  lon: number;
  label: string;
}

export interface Gazetteer {
  place(osmId: string): Promise<Place | undefined>;
  /** Places of a kind (optionally within a parent) whose name starts with or contains `text`. */
  search(opts: { kind?: PlaceKind; parentId?: string; text?: string; limit?: number }): Place[];
  /** The first result's location for a free-text address, or undefined. */
  geocode(address: string): Promise<GeocodeResult | undefined>;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .toLowerCase();

export const OSM_ID = /^[NWR]\d{1,12}$/;

export function offlineGazetteer(places: readonly Place[] = PLACES): Gazetteer {
  const byId = new Map(places.map((p) => [p.osmId, p]));
  const search: Gazetteer['search'] = ({ kind, parentId, text, limit = 50 }) => {
    const needle = text ? fold(text.trim()) : '';
    const scored = places
      .filter((p) => (!kind || p.kind === kind) && (!parentId || p.parentId === parentId))
      .map((p) => {
        const names = [fold(p.name), fold(p.nameLocal)];
        const score = !needle
          ? 1
          : names.some((n) => n.startsWith(needle))
            ? 2
            : names.some((n) => n.includes(needle))
              ? 1
              : 0;
        return { p, score };
      })
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score || a.p.name.localeCompare(b.p.name));
    return scored.slice(0, limit).map((x) => x.p);
  };
  return {
    async place(osmId) {
      return byId.get(osmId);
    },
    search,
    async geocode(address) {
      // The most specific known place named in the address: a city before a state before a country.
      const text = ` ${fold(address).replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
      const rank: Record<PlaceKind, number> = { city: 0, state: 1, country: 2 };
      const found = places
        .filter((p) =>
          [p.name, p.nameLocal].some((n) => text.includes(` ${fold(n).replace(/[^\p{L}\p{N}]+/gu, ' ')} `)),
        )
        .sort((a, b) => rank[a.kind] - rank[b.kind])[0];
      return found ? { lat: found.lat, lon: found.lon, label: found.nameLocal } : undefined;
    },
  };
}

interface NominatimPlace {
  osm_type?: string;
  osm_id?: number;
  lat?: string;
  lon?: string;
  display_name?: string;
  name?: string;
  namedetails?: Record<string, string>;
  address?: Record<string, string>;
  addresstype?: string;
}

/** The offline gazetteer first, then a Nominatim-compatible service for what it does not know. */
export function gazetteerWith(geocoderUrl: string | undefined, timeoutMs = 5000): Gazetteer {
  const offline = offlineGazetteer();
  if (!geocoderUrl) return offline;
  const base = geocoderUrl.replace(/\/$/, '');
  async function ask<T>(path: string): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        headers: { Accept: 'application/json', 'User-Agent': 'aq-console' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new HttpError(503, 'The geocoding service is unreachable');
    }
    if (!res.ok) throw new HttpError(503, `The geocoding service answered ${res.status}`);
    return (await res.json()) as T;
  }
  const kindOf = (p: NominatimPlace): PlaceKind =>
    p.addresstype === 'country' ? 'country' : p.addresstype === 'state' ? 'state' : 'city';
  return {
    search: offline.search,
    async place(osmId) {
      const known = await offline.place(osmId);
      if (known) return known;
      const [p] = await ask<NominatimPlace[]>(
        `/lookup?osm_ids=${encodeURIComponent(osmId)}&format=json&namedetails=1&accept-language=en`,
      );
      if (!p || p.lat === undefined || p.lon === undefined) return undefined;
      const name = p.name ?? p.display_name ?? osmId;
      return {
        osmId,
        kind: kindOf(p),
        name,
        nameLocal: p.namedetails?.name ?? name,
        parentId: null,
        lat: Number(p.lat),
        lon: Number(p.lon),
      };
    },
    async geocode(address) {
      const [p] = await ask<NominatimPlace[]>(`/search?q=${encodeURIComponent(address)}&format=json&limit=1`);
      if (p && p.lat !== undefined && p.lon !== undefined)
        return { lat: Number(p.lat), lon: Number(p.lon), label: p.display_name ?? address };
      return offline.geocode(address);
    },
  };
}
