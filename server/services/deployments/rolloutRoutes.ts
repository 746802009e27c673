/**
 * Safe-rollout reads and the quarantine of a GSM or Wi-Fi updater (issue 13, beyond the spec):
 *
 * - GET /deployments/:id/sensors/:sensorId/events (view_deployments): the sensor's timeline in the
 *   deployment, every status change with its time and message, oldest first.
 * - GET /deployments/:id/progress (view_deployments): how many sensors were planned, on their way,
 *   updated, failed and skipped over time (at most PROGRESS_POINTS points), for the progress chart.
 * - GET /quarantine (view_deployments): sensors that failed more often than a deployment's
 *   maxRetries allowed; new deployments refuse them (409).
 * - DELETE /quarantine/:sensorId (free_deployments): releases one, audited.
 */
import { and, asc, count, desc, eq, isNotNull, max, min, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PROGRESS_POINTS, progressBucket, type ProgressPoint } from '../../../common/firmware';
import { audit } from '../../audit';
import type { Executor } from '../../db';
import { deploymentSensorEvents, deploymentSensors, deployments, quarantinedSensors } from '../../db/schema';
import { notFound } from '../../http/errors';
import { idParam } from '../../http/schemas';
import type { ServiceRoutes } from '../../http/service';
import { iso } from '../../lists/schemas';
import type { UpdaterDeployments } from './families';
import { deploymentIdParams } from './schemas';

const sensorEvent = z.object({
  at: z.string(),
  from_status: z.string().nullable().describe('Null for the first event'),
  status: z.string(),
  message: z.string().nullable(),
});

const progressPoint = z.object({
  at: z.string(),
  planned: z.number().int(),
  in_flight: z.number().int().describe('Released and on their way (GSM: UpdateQueued, UpdatePending, Updating)'),
  updated: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});

const quarantineRow = z.object({
  sensor_id: z.number().int(),
  deployment_id: z.number().int().nullable(),
  failures: z.number().int(),
  reason: z.string(),
  since: z.string(),
});

/**
 * The deployment's sensor counts per status over time, from the timeline: for each time bucket the
 * events that arrived in a status minus those that left it, summed up; the first point is the
 * creation (so even a deployment created a moment ago has a series of two points).
 */
async function progressOf(
  db: Executor,
  f: UpdaterDeployments,
  deployment: { id: number; tillDate: Date | null },
): Promise<ProgressPoint[]> {
  const deploymentId = deployment.id;
  const mine = eq(deploymentSensorEvents.deploymentId, deploymentId);
  const [span] = await db
    .select({ first: min(deploymentSensorEvents.at), last: max(deploymentSensorEvents.at) })
    .from(deploymentSensorEvents)
    .where(mine);
  if (!span?.first || !span.last) return [];
  const firstMs = new Date(span.first).getTime();
  // The series runs until the deployment ended, or until now while it runs.
  const endMs = Math.max(new Date(span.last).getTime(), deployment.tillDate?.getTime() ?? Date.now());
  const bucketMs = progressBucket(firstMs, endMs);
  const bucket = sql<number>`floor((extract(epoch from ${deploymentSensorEvents.at}) * 1000 - ${firstMs}) / ${bucketMs})::int`;
  const arrived = await db
    .select({ b: bucket, status: deploymentSensorEvents.status, n: count() })
    .from(deploymentSensorEvents)
    .where(mine)
    .groupBy(sql`1`, deploymentSensorEvents.status);
  const left = await db
    .select({ b: bucket, status: deploymentSensorEvents.fromStatus, n: count() })
    .from(deploymentSensorEvents)
    .where(and(mine, isNotNull(deploymentSensorEvents.fromStatus)))
    .groupBy(sql`1`, deploymentSensorEvents.fromStatus);
  const last = Math.max(Math.floor((endMs - firstMs) / bucketMs), ...arrived.map((a) => a.b));
  const deltas = Array.from({ length: last + 1 }, () => new Map<string, number>());
  for (const a of arrived) deltas[a.b]!.set(a.status, (deltas[a.b]!.get(a.status) ?? 0) + a.n);
  for (const l of left) deltas[l.b]!.set(l.status!, (deltas[l.b]!.get(l.status!) ?? 0) - l.n);
  const running = new Map<string, number>();
  const n = (status: string) => running.get(status) ?? 0;
  const points = deltas.map((delta, i) => {
    for (const [status, d] of delta) running.set(status, n(status) + d);
    return {
      at: new Date(firstMs + (i + 1) * bucketMs).toISOString(),
      planned: n(f.walk.planned),
      in_flight: f.walk.inFlight.reduce((sum, status) => sum + n(status), 0),
      updated: n(f.walk.success),
      failed: n('Failed'),
      skipped: n('Skipped') + n('Obsolete'),
    };
  });
  // The series starts when the deployment was created, with its sensors planned (the first events).
  return [{ ...points[0]!, at: new Date(firstMs).toISOString() }, ...points];
}

export const rolloutRoutes =
  (f: UpdaterDeployments): ServiceRoutes =>
  (app, { db }) => {
    /** The deployment of this family (404 otherwise), with when it ended. */
    const requireDeployment = async (id: number) => {
      const [d] = await db
        .select({ id: deployments.id, tillDate: deployments.tillDate })
        .from(deployments)
        .where(and(eq(deployments.id, id), eq(deployments.family, f.family)));
      if (!d) throw notFound(`${f.label} deployment ${id} does not exist`);
      return d;
    };

    app.get(
      '/deployments/:id/sensors/:sensorId/events',
      {
        config: { permission: 'view_deployments' },
        schema: {
          summary: `The timeline of one sensor in a ${f.label} deployment: every status change, oldest first`,
          tags: ['deployments'],
          params: z.object({ id: idParam, sensorId: idParam }),
          response: { 200: z.object({ data: z.array(sensorEvent) }) },
        },
      },
      async (request) => {
        const { id, sensorId } = request.params;
        await requireDeployment(id);
        const [member] = await db
          .select({ status: deploymentSensors.status })
          .from(deploymentSensors)
          .where(and(eq(deploymentSensors.deploymentId, id), eq(deploymentSensors.sensorId, sensorId)));
        if (!member) throw notFound(`Sensor ${sensorId} is not in ${f.label} deployment ${id}`);
        const rows = await db
          .select()
          .from(deploymentSensorEvents)
          .where(and(eq(deploymentSensorEvents.deploymentId, id), eq(deploymentSensorEvents.sensorId, sensorId)))
          .orderBy(asc(deploymentSensorEvents.id));
        return {
          data: rows.map((e) => ({ at: iso(e.at)!, from_status: e.fromStatus, status: e.status, message: e.message })),
        };
      },
    );

    app.get(
      '/deployments/:id/progress',
      {
        config: { permission: 'view_deployments' },
        schema: {
          summary: `How far a ${f.label} deployment got over time: sensors per state, at most ${PROGRESS_POINTS} points`,
          tags: ['deployments'],
          params: deploymentIdParams,
          response: { 200: z.object({ data: z.array(progressPoint) }) },
        },
      },
      async (request) => {
        return { data: await progressOf(db, f, await requireDeployment(request.params.id)) };
      },
    );

    app.get(
      '/quarantine',
      {
        config: { permission: 'view_deployments' },
        schema: {
          summary: `Sensors the ${f.label} updater quarantined after repeated failures, newest first`,
          description: 'New deployments refuse them (409) until they are released.',
          tags: ['quarantine'],
          response: { 200: z.object({ data: z.array(quarantineRow) }) },
        },
      },
      async () => {
        const rows = await db
          .select()
          .from(quarantinedSensors)
          .where(eq(quarantinedSensors.family, f.family))
          .orderBy(desc(quarantinedSensors.since), asc(quarantinedSensors.sensorId));
        return {
          data: rows.map((q) => ({
            sensor_id: q.sensorId,
            deployment_id: q.deploymentId,
            failures: q.failures,
            reason: q.reason,
            since: iso(q.since)!,
          })),
        };
      },
    );

    app.delete(
      '/quarantine/:sensorId',
      {
        config: { permission: 'free_deployments' },
        schema: {
          summary: `Release a sensor from the ${f.label} quarantine`,
          tags: ['quarantine'],
          params: z.object({ sensorId: idParam }),
          response: { 200: z.object({ data: z.object({ sensor_id: z.number().int() }) }) },
        },
      },
      async (request) => {
        const { sensorId } = request.params;
        return db.transaction(async (tx) => {
          const [gone] = await tx
            .delete(quarantinedSensors)
            .where(and(eq(quarantinedSensors.family, f.family), eq(quarantinedSensors.sensorId, sensorId)))
            .returning();
          if (!gone) throw notFound(`Sensor ${sensorId} is not in the ${f.label} quarantine`);
          await audit(
            tx,
            request.principal.actor,
            'SensorReleased',
            `Sensor ${sensorId} released from the ${f.label} quarantine (${gone.reason})`,
          );
          return { data: { sensor_id: sensorId } };
        });
      },
    );
  };
