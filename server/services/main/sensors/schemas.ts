/** Sensors, response schemas: the one sensor row of the list, the single sensor and mutation answers. */
import { z } from 'zod';

export const tagValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const factorsSchema = z.object({ A: z.number(), B: z.number(), C: z.number() });

export const sensorRow = z.object({
  id: z.number().int(),
  info: z.object({
    id: z.number().int(),
    currentInstallationId: z.number().int().nullable(),
    sensorToken: z.string().optional().describe('With view_sensortoken'),
    communication: z.string().optional().describe('With view_communication'),
    contractor: z
      .object({ id: z.number().int(), name: z.string() })
      .nullable()
      .optional()
      .describe('With view_contractors or view_owner'),
    status: z.string(),
    measured: z.array(z.string()),
  }),
  params: z.object({ factors: z.record(z.string(), factorsSchema) }),
  tags: z.record(z.string(), tagValueSchema),
});
