/** Gen3 versions and their per-module binaries: rows, querystrings and path parameters. */
import { z } from 'zod';
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
