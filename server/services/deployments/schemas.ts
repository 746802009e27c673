/** Deployments of the three device families: rows, list querystrings and parameters (OpenAPI and validation). */
import { z } from 'zod';
import { pageQuery } from '../../http/paging';
import { idParams } from '../../http/schemas';
import { sortQuery } from '../../lists/params';

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
