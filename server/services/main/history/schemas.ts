/** History of sensors, installations and contractors: the record and the parameters. */
import { z } from 'zod';
import { idParam } from '../../../http/schemas';

const factors = z.object({ A: z.number(), B: z.number(), C: z.number() });
const tagValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const historyRecord = z.object({
  id: z.number().int().describe('Installation row id'),
  sensorId: z.number().int(),
  installationId: z.number().int().describe('Business installation number'),
  successorId: z.number().int().nullable().describe('Business number of the next installation of the sensor'),
  predecessorId: z.number().int().nullable().describe('Business number of the previous installation of the sensor'),
  installationDate: z.string().nullable(),
  removedAt: z.string().nullable(),
  contractor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  isVisible: z.boolean(),
  mamsl: z.number().nullable(),
  location: z.object({ latitude: z.number().nullable(), longitude: z.number().nullable() }),
  address: z
    .object({
      country: z.string().nullable(),
      state: z.string().nullable(),
      city: z.string().nullable(),
      street: z.string().nullable(),
      number: z.string().nullable(),
      countryLocal: z.string().nullable(),
      stateLocal: z.string().nullable(),
      cityLocal: z.string().nullable(),
      streetLocal: z.string().nullable(),
      numberLocal: z.string().nullable(),
    })
    .optional()
    .describe('With view_address'),
  alternativeAddress1: z.string().nullable().optional().describe('With view_address'),
  alternativeAddress2: z.string().nullable().optional().describe('With view_address'),
  contactFullName: z.string().nullable().optional().describe('With view_contact or view_contact_name'),
  contactEmail: z.string().nullable().optional().describe('With view_contact or view_contact_email'),
  contactPhoneNumber: z.string().nullable().optional().describe('With view_contact or view_contact_phone'),
  tags: z.record(z.string(), tagValue).describe('Installation tags the caller may see: tag id → value'),
  factors: z.record(z.string(), factors).describe('Calibration factors of the parameters the caller may see'),
  installationRequestId: z.number().int().nullable(),
});
export type HistoryRecord = z.infer<typeof historyRecord>;

export const sensorParams = z.object({ id: idParam.describe('Sensor id') });
export const contractorParams = z.object({
  id: idParam.describe('Contractor id'),
});
export const installationParams = z.object({
  id: idParam.describe('Business installation number (installationId), not the row id'),
});
