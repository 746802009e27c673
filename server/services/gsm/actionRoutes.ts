/**
 * GSM updater, sensor actions of the Sensor Status screen:
 *
 * - POST /sensors/:id/restart → updater status RestartRequired
 * - POST /sensors/:id/idle    → updater status IdleRequired, offline until now + 30 minutes
 *
 * Both need restart_sensors, a GSM or NBIOT sensor (422 otherwise), a sensor the GSM updater knows
 * (404) and an updater status of Ok or Failed (409 otherwise). Like a separate updater service, this
 * looks only at the updater's own view of the sensor, not at its main-API status (retired or not).
 * The device side (RestartRequired → Pending → Ok/Failed, IdleRequired → Ok after idle_until) is
 * played by the fleet simulator (server/simulator).
 */
import { z } from 'zod';
import { idParams } from '../../http/schemas';
import { and, eq, inArray } from 'drizzle-orm';
import { RESTARTABLE_COMMUNICATIONS, UPDATER_ACTIONABLE, type Communication } from '../../../common/domain';
import { audit } from '../../audit';
import { sensors, updaterSensors } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../http/errors';
import type { ServiceRoutes } from '../../http/service';

/** How long an idled sensor stays offline. */
export const IDLE_MS = 30 * 60 * 1000;

const ACTIONS = {
  restart: { status: 'RestartRequired', event: 'RestartDevice' },
  idle: { status: 'IdleRequired', event: 'IdleDevice' },
} as const;

export const gsmActionRoutes: ServiceRoutes = (app, { db }) => {
  for (const [action, { status, event }] of Object.entries(ACTIONS) as [
    keyof typeof ACTIONS,
    (typeof ACTIONS)[keyof typeof ACTIONS],
  ][]) {
    app.post(
      `/sensors/:id/${action}`,
      {
        config: { permission: 'restart_sensors' },
        schema: {
          summary:
            action === 'restart'
              ? 'Ask a GSM or NB-IoT sensor to restart (updater status RestartRequired)'
              : 'Disconnect a GSM or NB-IoT sensor from the network for 30 minutes (updater status IdleRequired); cannot be cancelled',
          description: 'Only while the updater status is Ok or Failed (409 otherwise).',
          tags: ['sensors'],
          params: idParams,
          response: { 200: z.object({ data: z.object({ id: z.number().int(), status: z.string() }) }) },
        },
      },
      async (request) => {
        const { id } = request.params;
        return db.transaction(async (tx) => {
          const [sensor] = await tx
            .select({ communication: sensors.communication })
            .from(sensors)
            .where(eq(sensors.id, id));
          if (!sensor) throw notFound(`Sensor ${id} does not exist`);
          if (!RESTARTABLE_COMMUNICATIONS.includes(sensor.communication as Communication))
            throw unprocessable(
              `Sensor ${id} uses ${sensor.communication}; ${action} is only for ${RESTARTABLE_COMMUNICATIONS.join(' and ')} sensors`,
            );
          const [row] = await tx
            .select({ status: updaterSensors.status })
            .from(updaterSensors)
            .where(and(eq(updaterSensors.family, 'gsm'), eq(updaterSensors.sensorId, id)))
            .for('update');
          if (!row) throw notFound(`Sensor ${id} is not known to the GSM updater`);
          const now = new Date();
          const idleUntil = action === 'idle' ? new Date(now.getTime() + IDLE_MS) : null;
          const updated = await tx
            .update(updaterSensors)
            .set({ status, idleUntil })
            .where(
              and(
                eq(updaterSensors.family, 'gsm'),
                eq(updaterSensors.sensorId, id),
                inArray(updaterSensors.status, [...UPDATER_ACTIONABLE]),
              ),
            )
            .returning({ status: updaterSensors.status });
          if (updated.length === 0)
            throw conflict(`Sensor ${id} is ${row.status}; ${action} needs ${UPDATER_ACTIONABLE.join(' or ')}`);
          await audit(
            tx,
            request.principal.actor,
            event,
            action === 'restart'
              ? `Sensor restart triggered for Sensor ID ${id} (was ${row.status})`
              : `Sensor idle triggered for Sensor ID ${id} until ${idleUntil!.toISOString()} (was ${row.status})`,
          );
          return { data: { id, status } };
        });
      },
    );
  }
};
