/** Developer-portal users: the list's querystring, the row, one user with settings and access definitions. */
import { z } from 'zod';
import { ACCESS_VISIBILITY, ADP_USER_STATUSES, ADP_USER_TYPES } from '../../../../common/domain';
import { pageQuery } from '../../../http/paging';
import { exportColumnsQuery } from '../../../lists/endpoint';
import { sortQuery } from '../../../lists/params';

export const ADP_USERS_DEFAULT_LIMIT = 20;
export const ADP_USERS_MAX_LIMIT = 1000;

export const ADP_USER_SORT_KEYS = [
  'id',
  'nickname',
  'email',
  'status',
  'type',
  'accessCount',
  'plan',
  'contractorName',
  'endOfDeal',
  'companyOwner',
] as const;

export const adpUserListQuery = z.object({
  ...pageQuery(ADP_USERS_MAX_LIMIT, ADP_USERS_DEFAULT_LIMIT),
  ...sortQuery(
    ADP_USER_SORT_KEYS,
    'id',
    'asc',
    'Sort field; plan needs view_plans, contractor fields need view_contractors_adp_users',
  ),
  search: z.string().max(200).optional().describe('Case-insensitive text in the nickname, e-mail or contractor name'),
  contractor: z
    .string()
    .max(200)
    .optional()
    .describe('Exact contractor name (case-insensitive); needs view_contractors_adp_users'),
});

/** The CSV export's querystring: the list's filters and order without paging, plus `columns`. */
export const adpUserExportQuery = adpUserListQuery.omit({ page: true, limit: true }).extend({
  columns: exportColumnsQuery,
});

const plan = z.object({ name: z.string(), displayName: z.string() });
const trial = z.object({ trialPlanName: z.string(), postTrialPlanName: z.string(), endDate: z.string() });

export const adpUserRow = z.object({
  id: z.number().int(),
  nickname: z.string(),
  email: z.string(),
  status: z.string().describe(ADP_USER_STATUSES.join(', ')),
  plan: plan.optional().describe('With view_plans'),
  trial: trial.nullable().optional().describe('With view_plans'),
  contractorId: z.number().int().nullable().optional().describe('With view_contractors_adp_users'),
  contractorName: z.string().nullable().optional().describe('With view_contractors_adp_users'),
  endOfDeal: z.string().nullable().optional().describe('With view_contractors_adp_users'),
  companyOwner: z.string().nullable().optional().describe('With view_contractors_adp_users'),
  type: z.string().describe(ADP_USER_TYPES.join(', ')),
  reason: z.string().nullable(),
  accessCount: z.number().int(),
});

const accessDefinition = z.object({
  id: z.number().int(),
  sponsorId: z.number().int().nullable(),
  osmId: z.string().nullable(),
  installationId: z.number().int().nullable(),
  visibility: z.string().describe(ACCESS_VISIBILITY.join(', ')),
  canBeEdited: z.boolean(),
});

export const adpUserDetail = adpUserRow.extend({
  settings: z.record(z.string(), z.unknown()),
  accessDefinitions: z.array(accessDefinition),
});
