/** Column presets, saved queries and preferences: request bodies, parameters and answers. */
import { z } from 'zod';
import { LOCALES } from '../../../../common/locales';
import { MAX_ITEMS, QUERY_KINDS } from '../../../../common/presets';
import { dbId, idParam } from '../../../http/schemas';

export const presetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  visibility: z.boolean(),
  fieldsValues: z.array(z.string()).nullable().describe('Column names in order; null means every column'),
});

export const savedQuerySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  value: z.string().describe('A query in the sensor-management query language'),
  visibility: z.boolean(),
});

export const kindParam = z.object({ kind: z.enum(QUERY_KINDS) });
export const kindIdParams = kindParam.extend({ id: idParam });

export const presetBody = z.object({
  name: z.string().max(1000),
  visibility: z.boolean().default(true),
  fieldsValues: z.array(z.string().max(200)).max(1000).nullable(),
});
export const queryBody = z.object({
  name: z.string().max(1000),
  value: z.string().max(4000),
  visibility: z.boolean().default(true),
});
/** A PUT replaces the item: visibility must be given. */
export const presetUpdate = presetBody.extend({ visibility: z.boolean() });
export const queryUpdate = queryBody.extend({ visibility: z.boolean() });
const importId = dbId.nullable().optional();
export const presetImport = z.array(presetBody.extend({ id: importId })).max(MAX_ITEMS);
export const queryImport = z.array(queryBody.extend({ id: importId })).max(MAX_ITEMS);
export const orderBody = z.object({ ids: z.array(dbId).max(MAX_ITEMS) });
export const renumberedSchema = z.array(z.object({ from: z.number().nullable(), to: z.number() }));

export const presetList = z.object({ data: z.object({ presets: z.array(presetSchema) }) });
export const queryList = z.object({ data: z.object({ queries: z.array(savedQuerySchema) }) });

export const prefsSchema = z.object({
  theme: z.enum(['light', 'dark']),
  locale: z.enum(LOCALES).describe("The console's language, applied at sign-in on any browser"),
  selectedPresetId: z
    .number()
    .int()
    .describe('The preset in use: the selected one while it is visible, otherwise 1 (All)'),
});
export type Prefs = z.infer<typeof prefsSchema>;
