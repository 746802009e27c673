/** Deployments of the three device families: rows, list querystrings and parameters (OpenAPI and validation). */
import { z } from 'zod';
import { pageQuery } from '../../http/paging';
import { idParams } from '../../http/schemas';
import { sortQuery } from '../../lists/params';
import { DEPLOYMENT_STRATEGIES } from '../../../common/domain';
import {
  MAX_DEPLOYMENT_SECONDS,
  MAX_DEPLOYMENT_SENSORS,
  MAX_RETRIES_LIMIT,
  MAX_SENSOR_ID,
  MAX_SENSOR_IDS_TEXT,
} from '../../../common/firmware';

/** A GSM or Wi-Fi deployment (the updaters' snake_case shape). */
export const deploymentRow = z.object({
  id: z.number().int(),
  sensors: z.array(z.number().int()),
  version: z.string().nullable(),
  status: z.string(),
  from_date: z.string(),
  till_date: z.string().nullable(),
  at_once: z.number().int().nullable().describe('Sensors updated at once'),
  spacing: z.number().int().nullable().describe('Seconds between batches'),
  test_time: z.number().int().nullable().describe('Seconds'),
  blocked_sensors: z.array(z.number().int()),
  allow_failed: z.boolean(),
  strategy: z.string().nullable().optional().describe('ROLLING or IMMEDIATE'),
  status_reason: z.string().nullable().optional().describe('Why a rule (not a user) stopped the deployment'),
  rollout: z
    .object({
      autoHalt: z.object({ failedPercent: z.number(), minFinished: z.number() }).optional(),
      waveSuccessPercent: z.number().optional(),
      maxRetries: z.number().optional(),
    })
    .nullable()
    .optional(),
});

/** One sensor of a GSM or Wi-Fi deployment and how far it got. */
export const deploymentSensorRow = z.object({
  id: z.number().int().describe('Sensor id'),
  version: z.string().nullable(),
  reports_version: z.string().nullable(),
  status: z.string(),
  bank: z.number().int().nullable(),
  last_contact: z.string().nullable(),
  last_updated: z.string().nullable(),
  binary: z.string().nullable(),
});

export const DEPLOYMENT_SORT_KEYS = ['id', 'version', 'status', 'from_date', 'till_date'] as const;

export const deploymentListQuery = z.object({
  ...pageQuery(1000, 10),
  ...sortQuery(DEPLOYMENT_SORT_KEYS, 'id', 'desc'),
});

/** A Gen3 deployment: one sensor, one version. */
export const gen3DeploymentRow = z.object({
  id: z.number().int(),
  sensorId: z.number().int().nullable(),
  version: z.string().nullable(),
  createdDate: z.string(),
  appliedDate: z.string().nullable().describe('null while the sensor has not applied the version yet'),
});

export const GEN3_MAX_LIMIT = 100;

export const gen3DeploymentListQuery = z.object(pageQuery(GEN3_MAX_LIMIT, 10));

export const deploymentIdParams = idParams;

// ---------------------------------------------------------------- create, halt, delete

/** `POST /deployments?allowFailed=bool`. */
export const deploymentCreateQuery = z.object({
  allowFailed: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true')
    .describe('Include sensors whose updater status is Failed'),
});

const seconds = z.number().int().min(1).max(MAX_DEPLOYMENT_SECONDS);

/** The safe-rollout rules a GSM or Wi-Fi deployment may carry (issue 13); all optional. */
export const rolloutRules = {
  autoHalt: z
    .object({
      failedPercent: z.number().min(0).max(100).describe('Halt when more than this share of finished sensors failed'),
      minFinished: z.number().int().min(1).max(MAX_DEPLOYMENT_SENSORS).describe('…once this many sensors finished'),
    })
    .strict()
    .optional(),
  waveSuccessPercent: z
    .number()
    .min(1)
    .max(100)
    .optional()
    .describe('A wave is released only when this share of the previous wave has Updated'),
  maxRetries: z
    .number()
    .int()
    .min(0)
    .max(MAX_RETRIES_LIMIT)
    .optional()
    .describe(
      'Retries of a sensor whose update failed or timed out; a sensor failing more often is quarantined (GET /quarantine) and refused by new deployments until released',
    ),
};

/** Sensors, strategy, amount, spacing, grace period and rollout rules: every GSM and Wi-Fi deployment body has them. */
const deploymentCreateFields = {
  sensors: z
    .union([
      z.array(z.number().int().min(1).max(MAX_SENSOR_ID)).min(1).max(MAX_DEPLOYMENT_SENSORS),
      z.string().max(MAX_SENSOR_IDS_TEXT),
    ])
    .describe(`Sensor ids, as a list or as text like "1,2,5-20"; at most ${MAX_DEPLOYMENT_SENSORS}`),
  strategy: z.enum(DEPLOYMENT_STRATEGIES).optional().describe('Implied by amount and spacing when left out'),
  amount: z.number().int().min(1).max(MAX_DEPLOYMENT_SENSORS).optional().describe('Sensors per wave (rolling)'),
  spacing: seconds.optional().describe('Seconds between waves (rolling)'),
  period: seconds.describe('Grace period in seconds: a released sensor not Updated by then has Failed'),
  ...rolloutRules,
};

/** The body of a GSM deployment: sensors, version, grace period, and amount + spacing for a rolling one. */
export const gsmDeploymentCreateBody = z.object({ ...deploymentCreateFields, version: z.string().max(64) }).strict();

/** The body of a Wi-Fi deployment: as GSM's, with the commit to build instead of a version. */
export const wifiDeploymentCreateBody = z
  .object({
    ...deploymentCreateFields,
    commit: z
      .string()
      .max(255)
      .describe('A branch or tag (its newest commit), or a commit hash in full or as a unique prefix of 7+ characters'),
  })
  .strict();

/** What both families' bodies share (the route reads the target through the family's `DeploymentTarget.field`). */
export type DeploymentCreateBody = z.infer<z.ZodObject<typeof deploymentCreateFields>>;

export const deploymentCreated = z.object({ data: z.object({ deployment: deploymentRow }) });
