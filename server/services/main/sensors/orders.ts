/** Ordering new sensors: the order body, its factor and tag checks, and the insert of the sensors with their tags. */
import crypto from 'node:crypto';
import { z } from 'zod';
import { dbId } from '../../../http/schemas';
import { inArray, sql } from 'drizzle-orm';
import {
  COMMUNICATIONS,
  FACTOR_PARAMS,
  MEASURED_PARAMS,
  SENSOR_ORDER_MAX,
  SENSOR_ORDER_MIN,
} from '../../../../common/domain';
import { MESSAGES, factorsRule } from '../../../../common/validation';
import type { Executor } from '../../../db';
import { installationTagValues, installations, sensorTagValues, sensors, type FactorMap } from '../../../db/schema';
import { badRequest } from '../../../http/errors';
import { tagValueSchema } from './schemas';
import { writeInstallationSnapshots } from '../history/repository';
import { lockInstallationNumbers } from '../installations/repository';
import { checkTagValue, type TagDefinition, type TagValue } from '../tags/values';

// ------------------------------------------------------------------ order

export const factorInput = z.object({
  A: z.number().nullable().optional(),
  B: z.number().nullable().optional(),
  C: z.number().nullable().optional(),
});

const tagMap = z
  .record(z.string().regex(/^\d{1,9}$/, 'tag keys are tag ids'), tagValueSchema)
  .describe('tag id → value, typed by the tag');

export const orderBody = z.object({
  amount: z
    .number({ error: MESSAGES.integer.en })
    .int(MESSAGES.integer.en)
    .min(SENSOR_ORDER_MIN, MESSAGES.min(SENSOR_ORDER_MIN).en)
    .max(SENSOR_ORDER_MAX, MESSAGES.max(SENSOR_ORDER_MAX).en),
  communication: z.enum(COMMUNICATIONS, { error: `communication must be one of ${COMMUNICATIONS.join(', ')}` }),
  measured: z.array(z.enum(MEASURED_PARAMS)).min(1, 'measured must name at least one parameter'),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  contractorId: dbId.nullable().optional(),
  sensorTags: tagMap.optional(),
  installationTags: tagMap.optional(),
  sensorFactors: z.record(z.string(), factorInput).optional(),
});
export type OrderBody = z.infer<typeof orderBody>;

export const orderedSensor = z.object({
  id: z.number().int(),
  sensorToken: z.string(),
  communication: z.string(),
  measured: z.array(z.string()),
  status: z.string(),
});

export function checkTagMap(
  input: Record<string, TagValue> | undefined,
  defs: Map<number, TagDefinition>,
  label: string,
): { tagId: number; value: TagValue }[] {
  const out: { tagId: number; value: TagValue }[] = [];
  for (const [key, raw] of Object.entries(input ?? {})) {
    const tag = defs.get(Number(key));
    if (!tag) throw badRequest(`${label} ${key} does not exist`);
    const value = checkTagValue(tag, raw);
    if (value !== null) out.push({ tagId: tag.id, value });
  }
  return out;
}

export function checkFactorMap(input: OrderBody['sensorFactors']): FactorMap {
  const out: FactorMap = {};
  for (const [param, f] of Object.entries(input ?? {})) {
    if (!(FACTOR_PARAMS as readonly string[]).includes(param))
      throw badRequest(`Unknown factor parameter "${param}"; expected one of ${FACTOR_PARAMS.join(', ')}`);
    const message = factorsRule(f);
    if (message) throw badRequest(`${param}: ${message.en}`);
    if (typeof f.A === 'number' && typeof f.B === 'number' && typeof f.C === 'number')
      out[param] = { A: f.A, B: f.B, C: f.C };
  }
  return out;
}

const newToken = () => crypto.randomBytes(16).toString('hex');

export async function createSensors(
  tx: Executor,
  body: OrderBody,
  measured: string[],
  factors: FactorMap,
  sensorTags: { tagId: number; value: TagValue }[],
  installationTags: { tagId: number; value: TagValue }[],
  now: Date,
) {
  const contractorId = body.contractorId ?? null;
  const created: { id: number; sensorToken: string }[] = [];
  for (let i = 0; i < body.amount; i += 500) {
    const n = Math.min(500, body.amount - i);
    created.push(
      ...(await tx
        .insert(sensors)
        .values(
          Array.from({ length: n }, () => ({
            sensorToken: newToken(),
            communication: body.communication,
            status: 'InProduction' as const,
            measured,
            contractorId,
            factors,
            createdAt: now,
          })),
        )
        .returning({ id: sensors.id, sensorToken: sensors.sensorToken })),
    );
  }
  created.sort((a, b) => a.id - b.id);
  // New business numbers: one writer at a time, as reinstall (a concurrent reinstall picked the same number).
  await lockInstallationNumbers(tx);
  const [{ top } = { top: 999 }] = await tx
    .select({ top: sql<number>`coalesce(max(${installations.installationId}), 999)::int` })
    .from(installations);
  const placed: { id: number; sensorId: number }[] = [];
  for (let i = 0; i < created.length; i += 250) {
    placed.push(
      ...(await tx
        .insert(installations)
        .values(
          created.slice(i, i + 250).map((s, k) => ({
            installationId: Number(top) + 1 + i + k,
            sensorId: s.id,
            installationDate: now,
            contractorId,
            status: 'InProduction',
            isVisible: false,
            latitude: body.latitude,
            longitude: body.longitude,
            date: now,
            measured,
            factors,
          })),
        )
        .returning({ id: installations.id, sensorId: installations.sensorId })),
    );
  }
  const installationOf = new Map(placed.map((p) => [p.sensorId, p.id]));
  for (let i = 0; i < created.length; i += 1000) {
    const ids = created.slice(i, i + 1000).map((s) => s.id);
    await tx
      .update(sensors)
      .set({
        currentInstallationId: sql`(select ${installations.id} from ${installations} where ${installations.sensorId} = ${sensors.id} and ${installations.removedAt} is null order by ${installations.id} desc limit 1)`,
      })
      .where(inArray(sensors.id, ids));
  }
  const sensorTagRows = created.flatMap((s) => sensorTags.map((t) => ({ entityId: s.id, ...t })));
  for (let i = 0; i < sensorTagRows.length; i += 2000)
    await tx.insert(sensorTagValues).values(sensorTagRows.slice(i, i + 2000));
  const installationTagRows = placed.flatMap((p) => installationTags.map((t) => ({ entityId: p.id, ...t })));
  for (let i = 0; i < installationTagRows.length; i += 2000)
    await tx.insert(installationTagValues).values(installationTagRows.slice(i, i + 2000));
  await writeInstallationSnapshots(tx, [...installationOf.values()], now);
  return created;
}
