/** The GSM updater's view of sensors, data access. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../db';
import { updaterSensors } from '../../../db/schema';
import { iso } from '../../../lists/schemas';
import type { sensorStatus } from './schemas';

/** What the GSM updater knows about these sensors, by id (unknown ids are left out). */
export async function updaterStatus(db: Executor, ids: number[]): Promise<z.infer<typeof sensorStatus>[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: updaterSensors.sensorId,
      version: updaterSensors.version,
      bank: updaterSensors.bank,
      status: updaterSensors.status,
      lastContact: updaterSensors.lastContact,
      lastUpdated: updaterSensors.lastUpdated,
    })
    .from(updaterSensors)
    .where(and(eq(updaterSensors.family, 'gsm'), inArray(updaterSensors.sensorId, ids)))
    .orderBy(asc(updaterSensors.sensorId));
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    bank: r.bank,
    status: r.status,
    last_contact: iso(r.lastContact),
    last_updated: iso(r.lastUpdated),
  }));
}
