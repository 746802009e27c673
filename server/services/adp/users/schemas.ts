/**
 * Developer-portal users: the list's querystring, the row, one user with settings and access
 * definitions; the write calls' bodies and answers.
 */
import { z } from 'zod';
import {
  ACCESS_ID_MAX,
  ACCESS_ID_MIN,
  ADP_COUNTRIES,
  ADP_LANGUAGES,
  ADP_LIMITS,
  ADP_NEW_USER_DEFAULTS,
} from '../../../../common/adpUsers';
import {
  ACCESS_VISIBILITY,
  ADP_USER_STATUSES,
  ADP_USER_TYPES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../../../common/domain';
import { email as emailRule } from '../../../../common/validation';
import { pageQuery } from '../../../http/paging';
import { dbId, idParam } from '../../../http/schemas';
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

// ---- Write calls ----

const text = (max: number, name: string) =>
  z
    .string({ error: `${name} must be a text` })
    .trim()
    .max(max, `${name} must be at most ${max} characters`);
export const userType = z.enum(ADP_USER_TYPES, { error: `type must be one of ${ADP_USER_TYPES.join(', ')}` });
export const emailText = text(ADP_LIMITS.email, 'email').refine((v) => !emailRule(v) && v !== '', 'Not a valid email');
export const reasonText = text(ADP_LIMITS.reason, 'reason').nullable();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'endDate must be a date (YYYY-MM-DD)');
const planName = text(100, 'plan').min(1, 'plan is required');

export const accessIn = z
  .object({
    id: z.number().int().min(ACCESS_ID_MIN).max(ACCESS_ID_MAX).optional(),
    sponsorId: dbId.nullable().optional(),
    osmId: text(ADP_LIMITS.osmId, 'osmId').nullable().optional(),
    installationId: dbId.nullable().optional(),
    visibility: z.enum(ACCESS_VISIBILITY, { error: `visibility must be one of ${ACCESS_VISIBILITY.join(', ')}` }),
    canBeEdited: z.boolean().optional(),
  })
  .refine(
    (d) => d.sponsorId != null || (d.osmId ?? '') !== '' || d.installationId != null,
    'An access definition needs a sponsorId, an osmId or an installationId',
  );
export type AccessIn = z.infer<typeof accessIn>;
export const accessList = z.array(accessIn).max(500, 'At most 500 access definitions');

const accessOut = z.object({
  id: z.number().int(),
  sponsorId: z.number().int().nullable(),
  osmId: z.string().nullable(),
  installationId: z.number().int().nullable(),
  visibility: z.string(),
  canBeEdited: z.boolean(),
});
export const accessResponse = z.object({ data: z.object({ accessDefinition: accessOut }) });
export const accessParams = z.object({ id: idParam, defId: idParam });

export const settingsIn = z.object({
  country: z.string().refine((v) => ADP_COUNTRIES.includes(v), 'country must be a two-letter country code'),
  language: z.enum(ADP_LANGUAGES, { error: 'language must be one of en, pl' }),
  timeZone: z.string().max(64),
  indexType: z.string().max(64),
  aqiLevelLimit: z.number().finite().nullable(),
  standardType: z.string().max(16),
  sensorOutAlertEnabled: z.boolean(),
  aqiExceededAlertEnabled: z.boolean(),
  weeklyEmailEnabled: z.boolean(),
  monthlyEmailEnabled: z.boolean(),
  sector: z.string().max(64).nullable(),
  yourGoals: z.string().max(300).nullable(),
  industry: z.string().max(300).nullable(),
  avatar: z.string().max(300),
});

export const createBody = z.object({
  nickname: text(ADP_LIMITS.nickname, 'nickname').min(1, 'nickname is required'),
  email: emailText,
  country: settingsIn.shape.country.default(ADP_NEW_USER_DEFAULTS.settings.country),
  language: settingsIn.shape.language.default('en'),
  plan: planName,
  trial: z.object({ postTrialPlanName: planName, endDate: day }).nullable().optional(),
  type: userType,
  contractorId: dbId.nullable().optional(),
  reason: reasonText.optional(),
  accessDefinitions: accessList.optional(),
});

export const passwordBody = z
  .object({
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`)
      .optional(),
  })
  .optional();

export const detailResponse = z.object({ data: z.object({ user: adpUserDetail }) });
export const statusResponse = z.object({ data: z.object({ id: z.number().int(), status: z.string() }) });
