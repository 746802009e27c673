/**
 * The deployment endpoints of one device family: GET /deployments (paged, through the shared list
 * builder) and, for GSM and Wi-Fi, the read of one deployment's sensors as that updater serves it.
 */
import { z } from 'zod';
import { notFound } from '../../http/errors';
import type { ServiceRoutes } from '../../http/service';
import { pagedListEndpoint } from '../../lists/endpoint';
import type { DeploymentFamily } from './families';
import {
  deploymentExists,
  deploymentSensorRows,
  findDeployment,
  gen3DeploymentList,
  updaterDeploymentList,
} from './repository';
import { deploymentIdParams, deploymentRow, deploymentSensorRow } from './schemas';

export const deploymentRoutes =
  (f: DeploymentFamily): ServiceRoutes =>
  (app, { db }) => {
    const list = { path: '/deployments', summary: f.summary, tags: ['deployments'], entity: f.entity };
    if (f.style === 'gen3') {
      pagedListEndpoint(app, db, gen3DeploymentList(f), { ...list, querystring: f.querystring, row: f.row });
      return;
    }
    pagedListEndpoint(app, db, updaterDeploymentList(f), { ...list, querystring: f.querystring, row: f.row });

    if (f.read === 'sensors') {
      app.get(
        '/deployments/:id/sensors',
        {
          config: { permission: 'view_deployments' },
          schema: {
            summary: `The sensors of a ${f.label} deployment and how far each got`,
            tags: ['deployments'],
            params: deploymentIdParams,
            response: { 200: z.object({ data: z.array(deploymentSensorRow) }) },
          },
        },
        async (request) => {
          const { id } = request.params;
          if (!(await deploymentExists(db, f.family, id))) throw notFound(`${f.label} deployment ${id} does not exist`);
          return { data: await deploymentSensorRows(db, id) };
        },
      );
    } else {
      app.get(
        '/deployments/:id',
        {
          config: { permission: 'view_deployments' },
          schema: {
            summary: `One ${f.label} deployment with its sensors`,
            tags: ['deployments'],
            params: deploymentIdParams,
            response: {
              200: z.object({ data: z.object({ deployment: deploymentRow, sensors: z.array(deploymentSensorRow) }) }),
            },
          },
        },
        async (request) => {
          const { id } = request.params;
          const deployment = await findDeployment(db, f, id);
          if (!deployment) throw notFound(`${f.label} deployment ${id} does not exist`);
          return { data: { deployment, sensors: await deploymentSensorRows(db, id) } };
        },
      );
    }
  };
