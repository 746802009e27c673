/** API-key users: the list's querystring (contractor filter, sort, search) and row. */
import { z } from 'zod';
import { LIMIT_PERIODS } from '../../../../common/domain';
import { pageQuery } from '../../../http/paging';
import { exportColumnsQuery } from '../../../lists/endpoint';
import { sortQuery } from '../../../lists/params';

export const API_USERS_MAX_LIMIT = 200;
export const API_USERS_DEFAULT_LIMIT = 10;
/** At most this many contractor ids in one filter. */
export const MAX_CONTRACTOR_FILTER = 1000;

export const API_USER_SORT_KEYS = [
  'id',
  'username',
  'customId',
  'contractorName',
  'endOfDeal',
  'companyOwner',
  'internal',
  'samplesAPI',
] as const;

const idList = z
  .string()
  .max(12 * MAX_CONTRACTOR_FILTER)
  .regex(/^(\s*\d{1,9}\s*(,\s*\d{1,9}\s*)*)?$/, 'contractors must be comma-separated contractor ids')
  .transform((s) => (s.trim() === '' ? undefined : [...new Set(s.split(',').map((x) => Number(x.trim())))]))
  .refine(
    (ids) => ids === undefined || ids.length <= MAX_CONTRACTOR_FILTER,
    `At most ${MAX_CONTRACTOR_FILTER} contractor ids`,
  );

export const apiUserListQuery = z.object({
  ...pageQuery(API_USERS_MAX_LIMIT, API_USERS_DEFAULT_LIMIT),
  contractors: idList.optional().describe('Comma-separated contractor ids: only users of these contractors'),
  ...sortQuery(API_USER_SORT_KEYS, 'id', 'asc'),
  search: z
    .string()
    .max(200)
    .optional()
    .describe('Case-insensitive text in the username, custom id or contractor name'),
});

/** GET /users/export: the list's filters and sort, without paging, and the columns to write. */
export const apiUserExportQuery = apiUserListQuery.omit({ page: true, limit: true }).extend({
  columns: exportColumnsQuery,
});

const limits = z
  .object(
    Object.fromEntries(LIMIT_PERIODS.map((p) => [p, z.number().optional()])) as Record<
      (typeof LIMIT_PERIODS)[number],
      z.ZodOptional<z.ZodNumber>
    >,
  )
  .nullable()
  .describe('null (the default limits) or requests allowed per period');

export const apiUserRow = z.object({
  id: z.number().int(),
  username: z.string(),
  customId: z.string().nullable(),
  contractorId: z.number().int().nullable(),
  contractorName: z.string().nullable(),
  endOfDeal: z.string().nullable(),
  companyOwner: z.string().nullable(),
  internal: z.boolean(),
  samplesAPI: z.boolean(),
  limitStandard: limits,
  limitSamples: limits,
  customDealExpired: z.boolean().describe('A custom limit exists and the contractor deal ended before today'),
});
