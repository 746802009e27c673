/**
 * Sensors, one sensor and its editors (document 1, sections 4, 5, 7):
 *
 * - GET    /sensors/:id                 one sensor in the list's row shape (same field gating)
 * - PATCH  /sensors/:id/status          a status change allowed by SENSOR_TRANSITIONS (422 otherwise)
 * - PATCH  /sensors/:id/tags/:tagId     a sensor tag value, typed by the tag (null clears)
 * - PATCH  /sensors/:id/factors/:param  calibration factors A, B, C of one parameter (all or none)
 * - DELETE /sensors/:id                 retire: Retired, no installation, no contractor
 *
 * Every mutation runs in one transaction with its audit record; the SQL is in ./repository.ts.
 */
import { z } from 'zod';
import { FACTOR_PARAMS, SENSOR_STATUSES, canTransition, type SensorStatus } from '../../../../common/domain';
import type { PermissionRule, PermissionSet } from '../../../../common/permissions';
import { audit } from '../../../audit';
import type { Executor } from '../../../db';
import { conflict, notFound, unprocessable } from '../../../http/errors';
import { idParam, idParams } from '../../../http/schemas';
import type { ServiceRoutes } from '../../../http/service';
import { writeInstallationSnapshots } from '../history/repository';
import { assertTagEditable, factorsMessage, requestedFactors, writeTagValue } from '../valueEdits';
import { factorInput } from './orders';
import { changeSensorStatus, loadSensor, lockSensor, retireSensor, sensorExists, setSensorFactors } from './repository';
import { factorsSchema, sensorRow, tagValueSchema } from './schemas';

async function mustLoadSensor(db: Executor, id: number, perms: PermissionSet) {
  const s = await loadSensor(db, id, perms);
  if (!s) throw notFound(`Sensor ${id} does not exist`);
  return s;
}

const isStatus = (s: string): s is SensorStatus => (SENSOR_STATUSES as readonly string[]).includes(s);

const statusBody = z.object({
  status: z.enum(SENSOR_STATUSES, { error: `status must be one of ${SENSOR_STATUSES.join(', ')}` }),
});
const sensorResponse = z.object({ data: z.object({ sensor: sensorRow }) });
const FACTOR_EDIT_RULE: PermissionRule = ['edit_factors', ...FACTOR_PARAMS.map((p) => `edit_${p}_factors` as const)];

export const sensorEditRoutes: ServiceRoutes = (app, { db }) => {
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
        const row = await lockSensor(tx, id);
        if (!row) throw notFound(`Sensor ${id} does not exist`);
        const from = row.status;
        if (from === 'Retired') throw unprocessable(`Sensor ${id} is retired; its status cannot change`);
        if (to === 'Retired')
          throw unprocessable(`Status cannot change from ${from} to Retired; retire the sensor instead`);
        if (!isStatus(from) || !canTransition(from, to))
          throw unprocessable(`Status cannot change from ${from} to ${to}`);
        // The current installation carries the sensor's status (as in the demo data).
        await changeSensorStatus(tx, id, row.currentInstallationId, to);
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
        if (!(await sensorExists(tx, id))) throw notFound(`Sensor ${id} does not exist`);
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
        if (!(await setSensorFactors(tx, id, param, factors))) throw notFound(`Sensor ${id} does not exist`);
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
        const row = await lockSensor(tx, id);
        if (!row) throw notFound(`Sensor ${id} does not exist`);
        if (row.status === 'Retired') throw conflict(`Sensor ${id} is already retired`);
        const now = new Date();
        const ended = await retireSensor(tx, id, row.currentInstallationId, now);
        await writeInstallationSnapshots(tx, ended ? [ended.id] : [], now);
        await audit(
          tx,
          request.principal.actor,
          'SensorRetired',
          `Sensor ${id} retired (was ${row.status})${ended ? `; installation ${ended.installationId} ended` : ''}`,
        );
        return { data: { sensor: await mustLoadSensor(tx, id, request.principal.permissions) } };
      });
    },
  );
};
