/** One installation and its inline editors: parameters, request bodies and answers. */
import { z } from 'zod';
import { MEASURED_PARAMS } from '../../../../common/domain';
import { MESSAGES } from '../../../../common/validation';
import { idParam } from '../../../http/schemas';
import { factorsSchema, tagValueSchema } from '../sensors/schemas';

export const TAGS = ['installations'];
export const params = z.object({ id: idParam.describe('Installation id (business number)') });
export const text = (max: number) => z.string().max(max, MESSAGES.shorter(max + 1).en);
export const ok = <T extends z.ZodType>(data: T) => ({ 200: z.object({ data }) });

export const suspensionState = z.object({ suspended: z.boolean(), suspendedFrom: z.string().nullable() });
export const suspendBody = z.object({
  startTime: z.iso.datetime({ offset: true }).describe('ISO time the change starts (the console sends now by default)'),
  measurementsTypes: z
    .array(z.string().max(20))
    .min(1, 'Choose at least one measurement type')
    .max(MEASURED_PARAMS.length)
    .describe(`Upper-case parameter names: ${MEASURED_PARAMS.map((p) => p.toUpperCase()).join(', ')}`),
  reason: text(500).nullable().optional(),
  endTime: z.iso.datetime({ offset: true }).nullable().optional(),
});

export const readForm = z.object({
  installation: z.object({
    info: z.object({
      installationId: z.number().int(),
      sensorId: z.number().int(),
      status: z.string(),
      isVisible: z.boolean(),
      visibleBy: z.string().nullable(),
      removedAt: z.string().nullable(),
      contractor: z.object({ id: z.number().int().nullable() }).optional(),
    }),
    location: z.object({
      coordinates: z.object({ latitude: z.number(), longitude: z.number() }),
      address: z.object({
        country: z.string().nullable(),
        state: z.string().nullable(),
        city: z.string().nullable(),
        street: z.string().nullable(),
        number: z.string().nullable(),
        altAddress1: z.string().nullable(),
        altAddress2: z.string().nullable(),
      }),
    }),
    params: z.object({ measured: z.array(z.string()), factors: z.record(z.string(), factorsSchema) }),
    tags: z.record(z.string(), tagValueSchema),
    contact: z
      .object({
        fullName: z.string().nullable().optional(),
        email: z.string().nullable().optional(),
        phoneNumber: z.string().nullable().optional(),
      })
      .optional(),
  }),
});
