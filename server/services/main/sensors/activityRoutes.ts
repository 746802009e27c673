/**
 * `GET /sensor/{id}/activity` (document 2, sections 2.1 and 7): what the sensor activity indicator
 * shows wherever an id is entered — whether the sensor exists (otherwise a "ghost"), its last
 * contact, active (a measurement in the last 20 minutes) and visible (its current installation is
 * on the map). An unknown id is an answer, not an error: `exists: false`.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { INACTIVE_AFTER_MS } from '../../../../common/domain';
import { installations, sensors } from '../../../db/schema';
import { idParams } from '../../../http/schemas';
import type { ServiceRoutes } from '../../../http/service';

export const sensorActivityRoutes: ServiceRoutes = (app, { db }) => {
  app.get(
    '/sensor/:id/activity',
    {
      config: { permission: ['view_sensors', 'view_installations'] },
      schema: {
        summary: 'Activity of one sensor for the activity indicator',
        tags: ['sensors'],
        params: idParams,
        response: {
          200: z.object({
            data: z.object({
              id: z.number().int(),
              exists: z.boolean(),
              active: z.boolean(),
              lastContact: z.string().nullable(),
              visible: z.boolean(),
            }),
          }),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [row] = await db
        .select({ last: sensors.lastMeasurementAt, visible: installations.isVisible })
        .from(sensors)
        .leftJoin(
          installations,
          and(eq(installations.id, sensors.currentInstallationId), isNull(installations.removedAt)),
        )
        .where(eq(sensors.id, id));
      if (!row) return { data: { id, exists: false, active: false, lastContact: null, visible: false } };
      return {
        data: {
          id,
          exists: true,
          active: row.last !== null && Date.now() - row.last.getTime() < INACTIVE_AFTER_MS,
          lastContact: row.last?.toISOString() ?? null,
          visible: row.visible === true,
        },
      };
    },
  );
};
