/** Reads the integration tests share: the newest audit record, and sensors free for a new deployment. */
import { and, asc, desc, eq, notInArray } from 'drizzle-orm';
import type { Executor } from '../../server/db';
import { auditLogs, deploymentSensors, deployments, updaterSensors } from '../../server/db/schema';

/** The newest audit record of this type. */
export async function lastAudit(db: Executor, eventType: string) {
  const [row] = await db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.eventType, eventType))
    .orderBy(desc(auditLogs.logId))
    .limit(1);
  return row;
}

/** GSM sensors a new deployment may take: updater status Ok, in no rolling deployment, blocked by none; by id. */
export async function freeGsmSensors(db: Executor): Promise<number[]> {
  const busy = db
    .select({ id: deploymentSensors.sensorId })
    .from(deploymentSensors)
    .innerJoin(deployments, eq(deployments.id, deploymentSensors.deploymentId))
    .where(eq(deployments.status, 'Rolling'));
  const ok = await db
    .select({ id: updaterSensors.sensorId })
    .from(updaterSensors)
    .where(
      and(eq(updaterSensors.family, 'gsm'), eq(updaterSensors.status, 'Ok'), notInArray(updaterSensors.sensorId, busy)),
    )
    .orderBy(asc(updaterSensors.sensorId));
  const blocked = new Set((await db.select({ b: deployments.blockedSensors }).from(deployments)).flatMap((d) => d.b));
  return ok.map((r) => r.id).filter((id) => !blocked.has(id));
}
