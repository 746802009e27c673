/**
 * `GET /installations/points`: the map view's compact feed — every installation matching the list's
 * query as `[installationId, latitude, longitude, active]` tuples (active: a measurement in the last
 * 20 minutes), in one response of a few bytes per installation, so 100,000 installations are
 * clustered in the browser (supercluster) rather than sent as list rows or drawn as DOM markers.
 */
import { types } from '@electric-sql/pglite';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { INACTIVE_AFTER_MS } from '../../../../common/domain';
import { actionRule, installation } from '../../../../common/entities';
import { manyArrayRows } from '../../../db/arrayRows';
import { contractors, installations, measurementSummaries, sensors } from '../../../db/schema';
import type { ServiceRoutes } from '../../../http/service';
import { listWhere } from '../../../lists/endpoint';
import { installationList } from './repository';

/** At most this many points per answer (the list's query narrows a larger fleet). */
export const MAX_POINTS = 250_000;

const pointsAnswer = z.object({
  data: z.object({
    points: z.array(z.tuple([z.number().int(), z.number(), z.number(), z.number().int()])),
    truncated: z.boolean(),
  }),
});

export const installationPointRoutes: ServiceRoutes = (app, { db }) => {
  app.get(
    '/installations/points',
    {
      config: { permission: actionRule(installation, 'list') },
      schema: {
        summary: 'Coordinates of every installation matching the query, for the map view',
        description: `points: [installationId, latitude, longitude, active (1/0)]; at most ${MAX_POINTS.toLocaleString('en')} (truncated: true beyond).`,
        tags: ['installations'],
        querystring: z.object({ query: z.string().max(4000).optional() }),
        response: { 200: pointsAnswer },
      },
    },
    async (request, reply) => {
      const { where } = await listWhere(db, installationList, request.query.query, request.principal.permissions);
      const since = new Date(Date.now() - INACTIVE_AFTER_MS);
      // The list's joins: a query may name the sensor's or the contractor's fields.
      // Read as arrays, on PGlite through COPY (`manyArrayRows`): its row protocol took three times as
      // long for 100,000 points (bench/installations-map.ts). The time is a literal COPY can take in.
      const rows = await manyArrayRows(
        db,
        sql`
        select ${installations.installationId} as i, ${installations.latitude} as la, ${installations.longitude} as lo,
               (case when ${measurementSummaries.lastMeasurementAt} >= ${since.toISOString()}::timestamptz then 1 else 0 end) as a
        from ${installations}
        left join ${sensors} on ${eq(sensors.id, installations.sensorId)}
        left join ${contractors} on ${eq(contractors.id, installations.contractorId)}
        left join ${measurementSummaries}
          on ${and(eq(measurementSummaries.sensorId, installations.sensorId), isNull(installations.removedAt))}
        ${where ? sql`where ${where}` : sql``}
        order by ${installations.installationId}
        limit ${MAX_POINTS + 1}`,
        [types.INT4, types.FLOAT8, types.FLOAT8, types.INT4],
      );
      const points = rows
        .slice(0, MAX_POINTS)
        .map((r) => [Number(r[0]), Number(r[1]), Number(r[2]), Number(r[3])] as [number, number, number, number]);
      // Sent as a string: the schema above documents the answer, but checking 100,000 tuples against
      // it on every answer cost more than the query (bench/installations-map.ts).
      const body = JSON.stringify({ data: { points, truncated: rows.length > MAX_POINTS } });
      // Fastify sends a string with a JSON content type as it is, past the response serializer.
      return reply.type('application/json; charset=utf-8').send(body as unknown as z.infer<typeof pointsAnswer>);
    },
  );
};
