/**
 * The deployment changes of a GSM or Wi-Fi updater (document 2, sections 2.9, 4, 6, 7):
 *
 * - POST /deployments?allowFailed=bool (add_deployments): sensors, the target (GSM `version`, Wi-Fi
 *   `commit`: the family's `DeploymentTarget` names the field and its body schema), period (grace,
 *   seconds), and amount + spacing for a rolling rollout; optional safe-rollout rules.
 * - POST /deployments/:id/halt (halt_deployments): a Rolling deployment stops releasing.
 * - DELETE /deployments/:id (free_deployments): a deployment with blocked sensors, freeing them.
 *
 * Each runs in one transaction with its audit record. The simulator (server/simulator/deployments.ts)
 * walks the sensors.
 */
import { z } from 'zod';
import { parseSensorIds, type RolloutRules } from '../../../common/firmware';
import { audit } from '../../audit';
import { badRequest } from '../../http/errors';
import { idempotent } from '../../idempotency';
import type { ServiceRoutes } from '../../http/service';
import { createDeployment, deleteDeployment, haltDeployment, type DeploymentTarget } from './commands';
import type { UpdaterDeployments } from './families';
import {
  deploymentCreateQuery,
  deploymentCreated,
  deploymentIdParams,
  type DeploymentCreateBody,
  type rolloutRules,
} from './schemas';

type Body = DeploymentCreateBody;

/** The sensor ids of the body: a list (deduplicated) or the form's text. */
function sensorsOf(body: Body): number[] {
  if (Array.isArray(body.sensors)) return [...new Set(body.sensors)].sort((a, b) => a - b);
  const parsed = parseSensorIds(body.sensors);
  if (!parsed.ok) throw badRequest(`sensors: ${parsed.error.en}`);
  return parsed.ids;
}

/** ROLLING needs amount and spacing; IMMEDIATE takes neither; without a strategy, amount + spacing mean ROLLING. */
function strategyOf(body: Body): 'ROLLING' | 'IMMEDIATE' {
  const rolling = body.amount !== undefined || body.spacing !== undefined;
  const strategy = body.strategy ?? (rolling ? 'ROLLING' : 'IMMEDIATE');
  if (strategy === 'ROLLING' && (body.amount === undefined || body.spacing === undefined))
    throw badRequest('A ROLLING deployment needs amount and spacing');
  if (strategy === 'IMMEDIATE' && rolling) throw badRequest('An IMMEDIATE deployment takes no amount or spacing');
  return strategy;
}

function rolloutOf(body: {
  [K in keyof typeof rolloutRules]?: z.infer<(typeof rolloutRules)[K]>;
}): RolloutRules | null {
  const rules: RolloutRules = {};
  if (body.autoHalt) rules.autoHalt = body.autoHalt;
  if (body.waveSuccessPercent !== undefined) rules.waveSuccessPercent = body.waveSuccessPercent;
  if (body.maxRetries !== undefined) rules.maxRetries = body.maxRetries;
  return Object.keys(rules).length ? rules : null;
}

export const deploymentCommandRoutes =
  (f: UpdaterDeployments, target: DeploymentTarget): ServiceRoutes =>
  (app, { db }) => {
    app.post(
      '/deployments',
      {
        config: { permission: 'add_deployments' },
        ...idempotent(db),
        schema: {
          summary: `Create a ${f.label} deployment`,
          description:
            'Every sensor starts UpdatePlanned. Rolling: `amount` sensors are released every `spacing` seconds; ' +
            'immediate: all at once. A released sensor not Updated within `period` seconds has Failed. ' +
            `422: unknown ${target.field} or sensors, Failed sensors without allowFailed; 409: sensors in a rolling ` +
            'deployment or blocked by an earlier one.',
          tags: ['deployments'],
          querystring: deploymentCreateQuery,
          body: target.body,
          response: { 201: deploymentCreated },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const named = String((body as Record<string, unknown>)[target.field]);
        const sensors = sensorsOf(body);
        const malformed = target.check(named);
        if (malformed) throw badRequest(malformed);
        const strategy = strategyOf(body);
        const { actor } = request.principal;
        const deployment = await db.transaction(async (tx) => {
          await target.enroll?.(tx, sensors);
          const created = await createDeployment(tx, f, target, {
            sensors,
            target: named,
            strategy,
            amount: body.amount ?? null,
            spacing: body.spacing ?? null,
            period: body.period,
            allowFailed: request.query.allowFailed,
            rollout: rolloutOf(body),
            createdBy: actor.userId,
          });
          await audit(
            tx,
            actor,
            'DeploymentCreated',
            `${f.label} deployment ${created.id} of ${target.describe(named, created.version)} to ${sensors.length} sensors (${strategy}` +
              (strategy === 'ROLLING' ? `, ${body.amount} every ${body.spacing} s` : '') +
              `, grace ${body.period} s${request.query.allowFailed ? ', failed allowed' : ''})`,
          );
          return created;
        });
        return reply.status(201).send({ data: { deployment } });
      },
    );

    app.post(
      '/deployments/:id/halt',
      {
        config: { permission: 'halt_deployments' },
        schema: {
          summary: `Halt a rolling ${f.label} deployment`,
          description: 'Sensors not yet released become Skipped; 409 unless the deployment is Rolling.',
          tags: ['deployments'],
          params: deploymentIdParams,
          response: { 200: z.object({ data: z.object({ id: z.number().int(), status: z.string() }) }) },
        },
      },
      async (request) => {
        const { id } = request.params;
        return db.transaction(async (tx) => {
          const { skipped } = await haltDeployment(tx, f, id, new Date());
          await audit(
            tx,
            request.principal.actor,
            'DeploymentHalted',
            `${f.label} deployment ${id} halted (${skipped} sensors not yet released skipped)`,
          );
          return { data: { id, status: 'Halted' } };
        });
      },
    );

    app.delete(
      '/deployments/:id',
      {
        config: { permission: 'free_deployments' },
        schema: {
          summary: `Delete a ${f.label} deployment with blocked sensors, freeing them`,
          description: '422 when it holds no blocked sensors; 409 while it is Rolling.',
          tags: ['deployments'],
          params: deploymentIdParams,
          response: { 200: z.object({ data: z.object({ id: z.number().int(), freed: z.array(z.number().int()) }) }) },
        },
      },
      async (request) => {
        const { id } = request.params;
        return db.transaction(async (tx) => {
          const freed = await deleteDeployment(tx, f, id);
          await audit(
            tx,
            request.principal.actor,
            'DeploymentDeleted',
            `${f.label} deployment ${id} deleted; sensors freed: ${freed.join(', ')}`,
          );
          return { data: { id, freed } };
        });
      },
    );
  };
