/** What the GSM updater knows about sensors (the Sensor Status screen): several by id, or one. */
import { z } from 'zod';
import { notFound } from '../../../http/errors';
import { idParams } from '../../../http/schemas';
import type { ServiceRoutes } from '../../../http/service';
import { updaterStatus } from './repository';
import { MAX_SENSOR_IDS, sensorIds, sensorStatus } from './schemas';

export const gsmSensorRoutes: ServiceRoutes = (app, { db }) => {
  app.get(
    '/sensors',
    {
      config: { permission: ['view_deployments', 'view_sensors'] },
      schema: {
        summary: 'What the GSM updater knows about several sensors (unknown ids are left out)',
        tags: ['sensors'],
        querystring: z.object({ ids: sensorIds.describe(`Comma-separated sensor ids, at most ${MAX_SENSOR_IDS}`) }),
        response: { 200: z.object({ data: z.array(sensorStatus) }) },
      },
    },
    async (request) => ({ data: await updaterStatus(db, request.query.ids) }),
  );

  app.get(
    '/sensors/:id',
    {
      config: { permission: 'view_sensors' },
      schema: {
        summary: 'What the GSM updater knows about a sensor (Sensor Status screen)',
        tags: ['sensors'],
        params: idParams,
        response: { 200: z.object({ data: sensorStatus }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [row] = await updaterStatus(db, [id]);
      if (!row) throw notFound(`Sensor ${id} is not known to the GSM updater`);
      return { data: row };
    },
  );
};
