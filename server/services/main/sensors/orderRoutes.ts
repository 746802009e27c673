/**
 * Sensors, the order (document 1, section 7): POST /sensors orders 1–1000 new sensors, answered as
 * JSON or, with Accept: text/csv, as CSV. One transaction with its audit record, retried on a token
 * or number taken by a concurrent writer.
 *
 * Ordering creates, per sensor, an initial installation at the order's latitude / longitude (hidden,
 * status InProduction, the order's contractor, installation tags and factors), so the order's
 * location, contractor and installation tags have a home and the first reinstall inherits them
 * (reinstall looks the previous installation up from info.currentInstallationId); see ./orders.ts.
 */
import { z } from 'zod';
import { MEASURED_PARAMS } from '../../../../common/domain';
import { CSV_BOM, csvLine } from '../../../../common/csv';
import { audit } from '../../../audit';
import { badRequest, forbidden } from '../../../http/errors';
import type { ServiceRoutes } from '../../../http/service';
import { idempotent } from '../../../idempotency';
import { isUniqueViolation, loadTagDefinitions } from '../tags/repository';
import { checkFactorMap, checkTagMap, createSensors, orderBody, orderedSensor } from './orders';
import { contractorExists } from '../contractors/repository';

export const ORDER_HEADER = ['id', 'sensorToken', 'communication', 'measured', 'status'] as const;

export const sensorOrderRoutes: ServiceRoutes = (app, { db }) => {
  app.post(
    '/sensors',
    {
      config: { permission: 'add_sensors' },
      ...idempotent(db),
      schema: {
        summary: 'Order new sensors (status InProduction, each with a fresh random token)',
        description:
          'With `Accept: text/csv` the answer is the CSV sensory-YYYY-MM-DD.csv (BOM, `;`, columns id;sensorToken;communication;measured;status), otherwise JSON. sensorTags need view_sensor_tags or view_tags; installationTags need view_installation_tags or view_tags. Each sensor gets an initial hidden installation at latitude/longitude with the contractor, the installation tags and the factors. An `Idempotency-Key` header makes a retry replay the first answer for 24 hours instead of ordering again.',
        tags: ['sensors'],
        body: orderBody,
        produces: ['text/csv', 'application/json'],
      },
    },
    async (request, reply) => {
      const body = request.body;
      const perms = request.principal.permissions;
      if (Object.keys(body.sensorTags ?? {}).length && !perms.can(['view_sensor_tags', 'view_tags']))
        throw forbidden('You need the view_sensor_tags or view_tags permission to set sensor tags');
      if (Object.keys(body.installationTags ?? {}).length && !perms.can(['view_installation_tags', 'view_tags']))
        throw forbidden('You need the view_installation_tags or view_tags permission to set installation tags');
      const measured = MEASURED_PARAMS.filter((p) => body.measured.includes(p));
      const factors = checkFactorMap(body.sensorFactors);
      const sensorTags = checkTagMap(body.sensorTags, await loadTagDefinitions(db, 'sensors'), 'Sensor tag');
      const installationTags = checkTagMap(
        body.installationTags,
        await loadTagDefinitions(db, 'installations'),
        'Installation tag',
      );
      if (body.contractorId != null) {
        if (!(await contractorExists(db, body.contractorId)))
          throw badRequest(`Contractor ${body.contractorId} does not exist`);
      }
      const now = new Date();
      let created: { id: number; sensorToken: string }[] = [];
      for (let attempt = 1; ; attempt++) {
        try {
          created = await db.transaction(async (tx) => {
            const rows = await createSensors(tx, body, measured, factors, sensorTags, installationTags, now);
            await audit(tx, request.principal.actor, 'SensorsOrdered', `Ordered ${rows.length} new sensors`);
            return rows;
          });
          break;
        } catch (e) {
          // A token or installation number taken by a concurrent writer: try again with fresh ones.
          if (attempt < 3 && isUniqueViolation(e)) continue;
          throw e;
        }
      }
      const out = created.map((s) => ({
        id: s.id,
        sensorToken: s.sensorToken,
        communication: body.communication,
        measured,
        status: 'InProduction',
      }));
      if (/\btext\/csv\b/i.test(request.headers.accept ?? '')) {
        const csv =
          CSV_BOM +
          csvLine(ORDER_HEADER) +
          out.map((s) => csvLine([s.id, s.sensorToken, s.communication, s.measured, s.status])).join('');
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="sensory-${now.toISOString().slice(0, 10)}.csv"`)
          .header('cache-control', 'no-store')
          .send(csv);
      }
      return reply.send({ data: { sensors: z.array(orderedSensor).parse(out) } });
    },
  );
};
