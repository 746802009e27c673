/**
 * Places for the address editors and geocoding for the reinstall form (document 2, sections 2.1,
 * 2.3 and 7): `GET /places` lists countries, states or cities (optionally within a parent, by name),
 * `GET /geocode` answers the first location found for a free-text address. Both come from the
 * gazetteer (server/gazetteer): bundled offline data, plus the configured geocoder.
 */
import { z } from 'zod';
import { notFound } from '../../http/errors';
import type { ServiceRoutes } from '../../http/service';
import { OSM_ID } from '../../gazetteer';

const place = z.object({
  osmId: z.string(),
  kind: z.enum(['country', 'state', 'city']),
  name: z.string(),
  nameLocal: z.string(),
  parentId: z.string().nullable(),
  lat: z.number(),
  lon: z.number(),
});

export const placeRoutes: ServiceRoutes = (app, { gazetteer }) => {
  app.get(
    '/places',
    {
      config: { permission: 'view_installations' },
      schema: {
        summary: 'Countries, states or cities of the gazetteer, by name and parent',
        tags: ['installations'],
        querystring: z.object({
          kind: z.enum(['country', 'state', 'city']).optional(),
          parentId: z.string().regex(OSM_ID, 'parentId is an OSM id such as R49715').optional(),
          search: z.string().max(100).optional(),
          limit: z.coerce.number().int().min(1).max(500).default(50),
        }),
        response: { 200: z.object({ data: z.object({ places: z.array(place) }) }) },
      },
    },
    async (request) => {
      const { kind, parentId, search, limit } = request.query;
      return { data: { places: gazetteer.search({ kind, parentId, text: search, limit }) } };
    },
  );

  app.get(
    '/geocode',
    {
      config: { permission: ['view_installations', 'move_installation'] },
      schema: {
        summary: 'The first location found for an address',
        tags: ['installations'],
        querystring: z.object({ address: z.string().trim().min(1, 'address is required').max(300) }),
        response: {
          200: z.object({
            data: z.object({ location: z.object({ lat: z.number(), lon: z.number() }), label: z.string() }),
          }),
        },
      },
    },
    async (request) => {
      const found = await gazetteer.geocode(request.query.address);
      if (!found) throw notFound(`No place found for "${request.query.address.slice(0, 100)}"`);
      return { data: { location: { lat: found.lat, lon: found.lon }, label: found.label } };
    },
  );
};
