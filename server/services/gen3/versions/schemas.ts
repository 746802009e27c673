/** Gen3 versions and their per-module binaries: rows, querystrings, parameters and bodies. */
import { z } from 'zod';
import { MAX_GEN3_MODULE, VERSION_DESCRIPTION_MAX } from '../../../../common/firmware';
import { MESSAGES, versionNumber } from '../../../../common/validation';
import { pageQuery } from '../../../http/paging';
import { GEN3_MAX_LIMIT } from '../../deployments/schemas';

/** The version list also feeds the version picker of the deployment form, which wants them all. */
export const GEN3_VERSIONS_MAX_LIMIT = 1000;

export const versionRow = z.object({
  version: z.string(),
  description: z.string().nullable(),
  createdDate: z.string(),
});

export const binaryRow = z.object({
  id: z.string(),
  module: z.number().int().nullable(),
  description: z.string().nullable(),
  createdDate: z.string(),
  hash: z.string().describe('SHA-256 of the contents'),
  active: z.boolean(),
});

export const versionParams = z.object({ version: z.string().min(1).max(64) });

export const versionListQuery = z.object(pageQuery(GEN3_VERSIONS_MAX_LIMIT, 10));

export const binaryListQuery = z.object(pageQuery(GEN3_MAX_LIMIT, 10));

// ---------------------------------------------------------------- the changes (add_versions)

/** A version number [0-255].[0-255].[0-255].[0-255] (common/validation.ts), with the rule's own message. */
export const versionNumberText = z
  .string()
  .max(64)
  .refine((v) => v.trim() !== '', MESSAGES.required.en)
  .refine((v) => v.trim() === '' || !versionNumber(v), MESSAGES.version.en)
  .describe('[0-255].[0-255].[0-255].[0-255]');

const description = z.string().max(VERSION_DESCRIPTION_MAX).optional().describe('Optional, at most 255 characters');

/** `POST /versions`. */
export const versionCreateBody = z.object({ version: versionNumberText, description }).strict();

/** A module number as the query carries it: a non-negative integer within the integer range. */
const moduleNumber = z
  .string()
  .regex(/^\d{1,10}$/, 'module: A non-negative integer')
  .transform(Number)
  .refine((n) => n <= MAX_GEN3_MODULE, `module: At most ${MAX_GEN3_MODULE}`);

/** `POST /binaries?version&module&description`, multipart with the file under `data`. */
export const binaryUploadQuery = z.object({
  version: z.string().min(1).max(64).describe('An existing Gen3 version'),
  module: moduleNumber.describe('Module id, an integer from 0'),
  description,
});

export const binaryIdParams = z.object({ id: z.string().min(1).max(64) });

/** `POST /binaries/deactivate`. */
export const binaryDeactivateBody = z
  .object({
    version: z.string().min(1).max(64),
    module: z.number().int().min(0).max(MAX_GEN3_MODULE),
  })
  .strict();
