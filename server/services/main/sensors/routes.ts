/**
 * Sensors, write side and single reads (document 1, sections 4, 5, 7):
 *
 * - GET    /sensors/export              all rows matching the list's query as CSV, streamed in keyset batches
 * - GET    /sensors/:id                 one sensor in the list's row shape (same field gating)
 * - PATCH  /sensors/:id/status          a status change allowed by SENSOR_TRANSITIONS (422 otherwise)
 * - PATCH  /sensors/:id/tags/:tagId     a sensor tag value, typed by the tag (null clears)
 * - PATCH  /sensors/:id/factors/:param  calibration factors A, B, C of one parameter (all or none)
 * - DELETE /sensors/:id                 retire: Retired, no installation, no contractor
 * - POST   /sensors                     order 1–1000 new sensors; CSV with Accept: text/csv
 *
 * Every mutation runs in one transaction with its audit record.
 *
 * Ordering creates, per sensor, an initial installation at the order's latitude / longitude (hidden,
 * status InProduction, the order's contractor, installation tags and factors), so the order's
 * location, contractor and installation tags have a home and the first reinstall inherits them
 * (reinstall looks the previous installation up from info.currentInstallationId).
 */
import { z } from 'zod';
import { idParam, idParams } from '../../../http/schemas';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  FACTOR_PARAMS,
  MEASURED_PARAMS,
  SENSOR_STATUSES,
  canTransition,
  type SensorStatus,
} from '../../../../common/domain';
import { CSV_BOM, csvLine } from '../../../../common/csv';
import type { PermissionRule, PermissionSet } from '../../../../common/permissions';
import { audit } from '../../../audit';
import type { Executor } from '../../../db';
import { contractors, installations, sensorTagValues, sensors } from '../../../db/schema';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../../http/errors';
import type { ServiceRoutes } from '../../../http/service';
import { SENSOR_SELECT, shapeSensor } from './repository';
import { factorsSchema, sensorRow, tagValueSchema } from './schemas';
import { loadTagValues, loadTags, visibleTagIds } from '../../../lists/tags';
import { idempotent } from '../../../idempotency';
import { writeInstallationSnapshots } from '../historyRoutes';
import { isUniqueViolation, loadTagDefinitions } from '../tagRoutes';
import { exportCsv, exportQuerystring, planExport } from './export';
import { sendCsv } from '../../../lists/csvStream';
import { checkFactorMap, checkTagMap, createSensors, factorInput, orderBody, orderedSensor } from './orders';
import { assertTagEditable, factorsMessage, requestedFactors, writeTagValue } from '../valueEdits';

export const ORDER_HEADER = ['id', 'sensorToken', 'communication', 'measured', 'status'] as const;

// ------------------------------------------------------------------ the sensor row (the list's shape)

/** The one sensor row schema, shared with GET /sensors. */
export const sensorSchema = sensorRow;
export type SensorOut = z.infer<typeof sensorSchema>;

/** One sensor as GET /sensors shapes its rows, or undefined when it does not exist. */
export async function loadSensor(db: Executor, id: number, perms: PermissionSet): Promise<SensorOut | undefined> {
  const [r] = await db
    .select(SENSOR_SELECT)
    .from(sensors)
    .leftJoin(contractors, eq(contractors.id, sensors.contractorId))
    .where(eq(sensors.id, id));
  if (!r) return undefined;
  const visible = visibleTagIds(await loadTags(db, 'sensors'), 'sensors', perms);
  const tagValues = await loadTagValues(db, sensorTagValues, [id], visible);
  return shapeSensor(r, tagValues.get(id) ?? {}, perms);
}

async function mustLoadSensor(db: Executor, id: number, perms: PermissionSet): Promise<SensorOut> {
  const s = await loadSensor(db, id, perms);
  if (!s) throw notFound(`Sensor ${id} does not exist`);
  return s;
}

const isStatus = (s: string): s is SensorStatus => (SENSOR_STATUSES as readonly string[]).includes(s);

// ------------------------------------------------------------------ routes

const statusBody = z.object({
  status: z.enum(SENSOR_STATUSES, { error: `status must be one of ${SENSOR_STATUSES.join(', ')}` }),
});
const sensorResponse = z.object({ data: z.object({ sensor: sensorSchema }) });
const FACTOR_EDIT_RULE: PermissionRule = ['edit_factors', ...FACTOR_PARAMS.map((p) => `edit_${p}_factors` as const)];

export const sensorRoutes: ServiceRoutes = (app, { db }) => {
  // Registered before /sensors/:id (the router prefers static segments anyway).
  app.get(
    '/sensors/export',
    {
      config: { permission: 'view_sensors' },
      schema: {
        summary: 'Every sensor matching the query as CSV (sensors.csv), streamed',
        description:
          'UTF-8 with a byte-order mark, `;` separated, RFC 4180 quoting; a text cell a spreadsheet would run as a formula (starting with =, +, -, @, tab or CR, plain numbers excepted) is prefixed with a single quote. Columns: id, currentInstallationId, sensorToken (view_sensortoken), communication (view_communication), contractorId and contractorName (view_contractors or view_owner), status, measured (comma-joined), <param>_A/_B/_C per factor parameter of view_<param>_factors, tag.<name> per visible sensor tag. Not paged and not capped.',
        tags: ['sensors'],
        querystring: exportQuerystring,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const plan = await planExport(db, request.query, request.principal.permissions);
      // Validated, planned and the first batch read before the first byte: a failing export is an
      // ordinary error response, not a 200 cut short.
      return sendCsv(reply, exportCsv(db, plan), 'sensors.csv', (err) =>
        request.log.error({ err }, 'sensor export failed'),
      );
    },
  );

  app.get(
    '/sensors/:id',
    {
      config: { permission: 'view_sensors' },
      schema: {
        summary: 'One sensor, in the shape of the sensors list rows',
        tags: ['sensors'],
        params: idParams,
        response: { 200: sensorResponse },
      },
    },
    async (request) => ({
      data: { sensor: await mustLoadSensor(db, request.params.id, request.principal.permissions) },
    }),
  );

  app.patch(
    '/sensors/:id/status',
    {
      config: { permission: 'edit_sensors_status' },
      schema: {
        summary: 'Change the status of a sensor (only the transitions of the status table; 422 otherwise)',
        description: 'Retired is neither reachable nor left through a status change: use DELETE /sensors/{id}.',
        tags: ['sensors'],
        params: idParams,
        body: statusBody,
        response: { 200: sensorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const to = request.body.status;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ status: sensors.status, currentInstallationId: sensors.currentInstallationId })
          .from(sensors)
          .where(eq(sensors.id, id))
          .for('update');
        if (!row) throw notFound(`Sensor ${id} does not exist`);
        const from = row.status;
        if (from === 'Retired') throw unprocessable(`Sensor ${id} is retired; its status cannot change`);
        if (to === 'Retired')
          throw unprocessable(`Status cannot change from ${from} to Retired; retire the sensor instead`);
        if (!isStatus(from) || !canTransition(from, to))
          throw unprocessable(`Status cannot change from ${from} to ${to}`);
        await tx.update(sensors).set({ status: to }).where(eq(sensors.id, id));
        // The current installation carries the sensor's status (as in the demo data).
        if (row.currentInstallationId !== null)
          await tx
            .update(installations)
            .set({ status: to })
            .where(and(eq(installations.id, row.currentInstallationId), isNull(installations.removedAt)));
        await audit(
          tx,
          request.principal.actor,
          'SensorStatusChanged',
          `Sensor ${id} status changed from ${from} to ${to}`,
        );
        return { data: { sensor: await mustLoadSensor(tx, id, request.principal.permissions) } };
      });
    },
  );

  app.patch(
    '/sensors/:id/tags/:tagId',
    {
      config: { permission: ['edit_tags', 'edit_sensor_tags', 'edit_sensor_tag_<n>'] },
      schema: {
        summary: 'Set (or with null clear) the value of a sensor tag',
        description:
          'Needs edit_tags, edit_sensor_tags or edit_sensor_tag_{tagId}. BOOLEAN: true/false; INTEGER: an integer; FLOAT: a number; STRING/TEXT: a string; ENUM: one of its values; META tags are read-only (422).',
        tags: ['sensors'],
        params: z.object({
          id: idParam,
          tagId: idParam,
        }),
        body: z.object({ value: tagValueSchema }),
        response: { 200: z.object({ data: z.object({ tagId: z.number().int(), value: tagValueSchema }) }) },
      },
    },
    async (request) => {
      const { id, tagId } = request.params;
      assertTagEditable(request.principal.permissions, 'sensors', tagId);
      return db.transaction(async (tx) => {
        const [sensor] = await tx.select({ id: sensors.id }).from(sensors).where(eq(sensors.id, id));
        if (!sensor) throw notFound(`Sensor ${id} does not exist`);
        const { value, message } = await writeTagValue(tx, 'sensors', id, tagId, request.body.value);
        await audit(tx, request.principal.actor, 'SensorTagChanged', `Sensor ${id}: ${message}`);
        return { data: { tagId, value } };
      });
    },
  );

  app.patch(
    '/sensors/:id/factors/:param',
    {
      config: { permission: FACTOR_EDIT_RULE },
      schema: {
        summary: 'Set (all three numbers) or clear (all null) the calibration factors of one parameter',
        description: `param is one of ${FACTOR_PARAMS.join(', ')}; needs edit_factors or edit_{param}_factors.`,
        tags: ['sensors'],
        params: z.object({ id: idParam, param: z.string().max(40) }),
        body: factorInput,
        response: {
          200: z.object({ data: z.object({ param: z.string(), factors: factorsSchema.nullable() }) }),
        },
      },
    },
    async (request) => {
      const { id, param } = request.params;
      const factors = requestedFactors(param, request.body, request.principal.permissions);
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(sensors)
          .set({
            factors: factors
              ? sql`coalesce(${sensors.factors}, '{}'::jsonb) || ${JSON.stringify({ [param]: factors })}::jsonb`
              : sql`coalesce(${sensors.factors}, '{}'::jsonb) - ${param}::text`,
          })
          .where(eq(sensors.id, id))
          .returning({ id: sensors.id });
        if (updated.length === 0) throw notFound(`Sensor ${id} does not exist`);
        await audit(tx, request.principal.actor, 'FactorsUpdated', `Sensor ${id}: ${factorsMessage(param, factors)}`);
        return { data: { param, factors } };
      });
    },
  );

  app.delete(
    '/sensors/:id',
    {
      config: { permission: 'remove_sensors' },
      schema: {
        summary: 'Retire a sensor: status Retired, current installation ended, contractor cleared (cannot be undone)',
        tags: ['sensors'],
        params: idParams,
        response: { 200: sensorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ status: sensors.status, currentInstallationId: sensors.currentInstallationId })
          .from(sensors)
          .where(eq(sensors.id, id))
          .for('update');
        if (!row) throw notFound(`Sensor ${id} does not exist`);
        if (row.status === 'Retired') throw conflict(`Sensor ${id} is already retired`);
        const now = new Date();
        const ended = row.currentInstallationId
          ? await tx
              .update(installations)
              .set({ removedAt: now, status: 'Retired', date: now })
              .where(and(eq(installations.id, row.currentInstallationId), isNull(installations.removedAt)))
              .returning({ id: installations.id, installationId: installations.installationId })
          : [];
        await tx
          .update(sensors)
          .set({ status: 'Retired', currentInstallationId: null, contractorId: null, retiredAt: now })
          .where(eq(sensors.id, id));
        await writeInstallationSnapshots(
          tx,
          ended.map((e) => e.id),
          now,
        );
        await audit(
          tx,
          request.principal.actor,
          'SensorRetired',
          `Sensor ${id} retired (was ${row.status})${ended[0] ? `; installation ${ended[0].installationId} ended` : ''}`,
        );
        return { data: { sensor: await mustLoadSensor(tx, id, request.principal.permissions) } };
      });
    },
  );

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
        const [c] = await db
          .select({ id: contractors.id })
          .from(contractors)
          .where(eq(contractors.id, body.contractorId));
        if (!c) throw badRequest(`Contractor ${body.contractorId} does not exist`);
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
