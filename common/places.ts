/** A place of the gazetteer (`GET /places`): a country, state or city by OpenStreetMap id. Shared by the server's gazetteer and the console's address editor. */
export type PlaceKind = 'country' | 'state' | 'city';

export interface Place {
  /** OpenStreetMap id, `R<relation>`. */
  osmId: string;
  kind: PlaceKind;
  name: string;
  nameLocal: string;
  /** OSM id of the enclosing place (state → country, city → state). */
  parentId: string | null;
  lat: number;
  lon: number;
}
