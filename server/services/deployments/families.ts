/**
 * The device families whose updaters serve deployments, one descriptor each: the entity it
 * declares (common/entities/firmware.ts), how its rows look and sort, and which read endpoints
 * besides the list it has. server/services/deployments/ serves all three from these.
 */
import { desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { gen3Deployment, gsmDeployment, wifiDeployment, type EntityDecl } from '../../../common/entities';
import type { UpdaterFamily } from '../../../common/domain';
import { ROLLOUT_WALKS, type RolloutWalk } from '../../../common/firmware';
import { deployments } from '../../db/schema';
import type { SortColumn } from '../../lists/sorting';
import {
  deploymentListQuery,
  deploymentRow,
  gen3DeploymentListQuery,
  gen3DeploymentRow,
  type DEPLOYMENT_SORT_KEYS,
} from './schemas';

/**
 * Sort key of a dotted version number compared part by part as numbers (4.10.0.0 > 4.9.9.9).
 * Anything that is not digits and dots gets NULL (sorted last; the text is the tie-break).
 */
export const numericVersion = (column: AnyPgColumn): SQL =>
  sql`(case when ${column} ~ ${'^[0-9]+([.][0-9]+)*$'}::text then string_to_array(${column}, '.')::numeric[] end)`;

interface FamilyBase {
  family: UpdaterFamily;
  /** How the family is named in messages ("GSM deployment 7 does not exist"). */
  label: string;
  entity: EntityDecl;
  /** Summary of the list in the OpenAPI document. */
  summary: string;
}

/** GSM and Wi-Fi: snake_case rows sorted by the caller, the deployment's sensors readable. */
export interface UpdaterDeployments extends FamilyBase {
  style: 'updater';
  /** The column shown as `version` (the firmware version, or the commit built). */
  version: AnyPgColumn;
  sort: Readonly<Record<(typeof DEPLOYMENT_SORT_KEYS)[number], SortColumn>>;
  querystring: typeof deploymentListQuery;
  row: typeof deploymentRow;
  /** `sensors`: GET /deployments/:id/sensors; `detail`: GET /deployments/:id with its sensors. */
  read: 'sensors' | 'detail';
  /** The statuses a sensor walks through in a deployment of the family. */
  walk: RolloutWalk;
}

/** Gen3: one sensor and one version per deployment, newest first, no sortBy. */
export interface Gen3Deployments extends FamilyBase {
  style: 'gen3';
  sort: readonly SQL[];
  querystring: typeof gen3DeploymentListQuery;
  row: typeof gen3DeploymentRow;
}

export type DeploymentFamily = UpdaterDeployments | Gen3Deployments;

const updaterSort = (versionSort: SQL | AnyPgColumn): UpdaterDeployments['sort'] => ({
  id: { expr: deployments.id, notNull: true },
  version: { expr: versionSort },
  status: { expr: deployments.status, notNull: true },
  from_date: { expr: deployments.fromDate, notNull: true },
  till_date: { expr: deployments.tillDate },
});

export const GSM_DEPLOYMENTS: UpdaterDeployments = {
  style: 'updater',
  family: 'gsm',
  label: 'GSM',
  entity: gsmDeployment,
  summary: 'GSM deployments, paged; newest first by default',
  version: deployments.version,
  sort: updaterSort(numericVersion(deployments.version)),
  querystring: deploymentListQuery,
  row: deploymentRow,
  read: 'sensors',
  walk: ROLLOUT_WALKS.gsm,
};

export const WIFI_DEPLOYMENTS: UpdaterDeployments = {
  style: 'updater',
  family: 'wifi',
  label: 'Wi-Fi',
  entity: wifiDeployment,
  summary: 'Wi-Fi deployments, paged; newest first by default. version is the commit built',
  version: deployments.commit,
  sort: updaterSort(deployments.commit),
  querystring: deploymentListQuery,
  row: deploymentRow,
  read: 'detail',
  walk: ROLLOUT_WALKS.wifi,
};

export const GEN3_DEPLOYMENTS: Gen3Deployments = {
  style: 'gen3',
  family: 'gen3',
  label: 'Gen3',
  entity: gen3Deployment,
  summary: 'Gen3 deployments, newest first',
  sort: [desc(deployments.id)],
  querystring: gen3DeploymentListQuery,
  row: gen3DeploymentRow,
};
