/** The GSM updater's view of a sensor, and the list of sensor ids it is asked about. */
import { z } from 'zod';

export const MAX_SENSOR_IDS = 1000;

export const sensorStatus = z.object({
  id: z.number().int(),
  version: z.string().nullable(),
  bank: z.number().int().nullable(),
  status: z.string(),
  last_contact: z.string().nullable(),
  last_updated: z.string().nullable(),
});

export const sensorIds = z
  .string()
  .max(12 * MAX_SENSOR_IDS)
  .regex(/^\s*\d{1,9}\s*(,\s*\d{1,9}\s*)*$/, 'ids must be comma-separated sensor ids')
  .transform((s) => [...new Set(s.split(',').map((x) => Number(x.trim())))])
  .refine((ids) => ids.length <= MAX_SENSOR_IDS, `At most ${MAX_SENSOR_IDS} sensor ids`);
