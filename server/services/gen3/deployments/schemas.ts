/** Gen3 deployments, the change: the body of `POST /deployments` and its answer. */
import { z } from 'zod';
import { MAX_SENSOR_ID } from '../../../../common/firmware';
import { gen3DeploymentRow } from '../../deployments/schemas';

/** One sensor, one version. */
export const gen3DeploymentCreateBody = z
  .object({
    version: z.string().min(1).max(64).describe('An existing Gen3 version'),
    sensorId: z.number().int().min(1).max(MAX_SENSOR_ID).describe('A sensor served by the Gen3 updater'),
  })
  .strict();

export const gen3DeploymentCreated = z.object({ data: gen3DeploymentRow });
