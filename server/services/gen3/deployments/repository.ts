/**
 * Gen3 deployments, data access for the change: which sensors the Gen3 updater serves, and the new
 * deployment row (Pending until the sensor applies the version, appliedDate null).
 */
import { and, eq } from 'drizzle-orm';
import { GEN3_COMMUNICATIONS } from '../../../../common/firmware';
import type { Executor } from '../../../db';
import { deployments, firmwareVersions, sensors } from '../../../db/schema';
import { unprocessable } from '../../../http/errors';
import { toGen3DeploymentRow } from '../../deployments/repository';

/**
 * Checks the deployment can be made: the version is a Gen3 version and the sensor exists, is not
 * retired and is served by the Gen3 updater (its link is LoRa or other). 422 otherwise.
 */
export async function checkGen3Target(tx: Executor, version: string, sensorId: number): Promise<void> {
  const [known] = await tx
    .select({ version: firmwareVersions.version })
    .from(firmwareVersions)
    .where(and(eq(firmwareVersions.family, 'gen3'), eq(firmwareVersions.version, version)));
  if (!known) throw unprocessable(`Gen3 version ${version} does not exist`);
  const [sensor] = await tx
    .select({ communication: sensors.communication, status: sensors.status })
    .from(sensors)
    .where(eq(sensors.id, sensorId));
  if (!sensor) throw unprocessable(`Sensor ${sensorId} does not exist`);
  if (!GEN3_COMMUNICATIONS.includes(sensor.communication as never))
    throw unprocessable(`Sensor ${sensorId} (${sensor.communication}) is not served by the Gen3 updater`);
  if (sensor.status === 'Retired') throw unprocessable(`Sensor ${sensorId} is retired`);
}

/** Inserts the deployment, Pending with no applied date. */
export async function insertGen3Deployment(
  tx: Executor,
  d: { version: string; sensorId: number; createdBy: number | null },
) {
  const [row] = await tx
    .insert(deployments)
    .values({ family: 'gen3', sensors: [d.sensorId], version: d.version, status: 'Pending', createdBy: d.createdBy })
    .returning({
      id: deployments.id,
      sensors: deployments.sensors,
      version: deployments.version,
      createdAt: deployments.createdAt,
      appliedDate: deployments.appliedDate,
    });
  return toGen3DeploymentRow(row!);
}
