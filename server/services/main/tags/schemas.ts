/** Tags: the tag as listed, the list's querystring, the body of a create or update. */
import { z } from 'zod';
import { TAG_TYPES } from '../../../../common/domain';
import { MESSAGES } from '../../../../common/validation';
import { TAG_ENUM_VALUE_MAX, TAG_ENUM_VALUES_MAX, TAG_NAME_MAX } from './values';

const tagSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string().describe(`One of ${TAG_TYPES.join(', ')}`),
  values: z.array(z.string()).describe('Allowed values (ENUM tags), sorted'),
});

export const response = z.object({ data: z.object({ tags: z.array(tagSchema) }) });

export const querystring = z.object({
  includeMeta: z.enum(['true', 'false']).default('false').describe('Also list META tags'),
});

export const tagInput = z.object({
  name: z
    .string({ error: MESSAGES.required.en })
    .trim()
    .min(1, MESSAGES.name.en)
    .max(TAG_NAME_MAX, MESSAGES.shorter(TAG_NAME_MAX + 1).en),
  type: z.enum(TAG_TYPES, { error: `type must be one of ${TAG_TYPES.join(', ')}` }),
  values: z
    .array(z.string().max(TAG_ENUM_VALUE_MAX, MESSAGES.shorter(TAG_ENUM_VALUE_MAX + 1).en))
    .max(TAG_ENUM_VALUES_MAX)
    .nullish()
    .describe('Required (non-empty) for ENUM tags: trimmed, unique; ignored for other types'),
});

export const idResponse = z.object({ id: z.number().int() });
