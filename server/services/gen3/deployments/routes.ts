/**
 * Gen3 deployments, the change (document 2, sections 2.9, 5, 7): POST /deployments {version,
 * sensorId} (add_deployments), one transaction with its audit record; an `Idempotency-Key` makes a
 * repeated submit answer once. The sensor applies the version later (appliedDate stays null).
 */
import { audit } from '../../../audit';
import type { ServiceRoutes } from '../../../http/service';
import { idempotent } from '../../../idempotency';
import { checkGen3Target, insertGen3Deployment } from './repository';
import { gen3DeploymentCreateBody, gen3DeploymentCreated } from './schemas';

export const gen3DeploymentCommandRoutes: ServiceRoutes = (app, { db }) => {
  app.post(
    '/deployments',
    {
      config: { permission: 'add_deployments' },
      ...idempotent(db),
      schema: {
        summary: 'Create a Gen3 deployment of a version to one sensor',
        description:
          '422 when the version is not a Gen3 version, or the sensor does not exist, is retired or is not served by the Gen3 updater (LoRa or other link).',
        tags: ['deployments'],
        body: gen3DeploymentCreateBody,
        response: { 201: gen3DeploymentCreated },
      },
    },
    async (request, reply) => {
      const { version, sensorId } = request.body;
      const { actor } = request.principal;
      const data = await db.transaction(async (tx) => {
        await checkGen3Target(tx, version, sensorId);
        const created = await insertGen3Deployment(tx, { version, sensorId, createdBy: actor.userId });
        await audit(
          tx,
          actor,
          'DeploymentCreated',
          `Gen3 deployment ${created.id} of version ${version} to sensor ${sensorId}`,
        );
        return created;
      });
      return reply.status(201).send({ data });
    },
  );
};
