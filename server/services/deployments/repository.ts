/** Deployments of every device family, data access: the list's SQL, one deployment, its sensors. */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { UpdaterFamily } from '../../../common/domain';
import type { RolloutRules } from '../../../common/firmware';
import type { Executor } from '../../db';
import { deploymentSensors, deployments } from '../../db/schema';
import { preparedSelect } from '../../lists/preparedSelect';
import type { PagedListRepository } from '../../lists/endpoint';
import { iso } from '../../lists/schemas';
import type { Gen3Deployments, UpdaterDeployments } from './families';
import type {
  deploymentListQuery,
  deploymentRow,
  deploymentSensorRow,
  gen3DeploymentListQuery,
  gen3DeploymentRow,
} from './schemas';

const ofFamily = (family: UpdaterFamily): SQL => eq(deployments.family, family);

/** The deployments a count counts. */
const MATCHES = preparedSelect({ one: sql`1` }, (select) => select.from(deployments));

const countDeployments = (db: Executor, where: SQL | undefined) => MATCHES.count(db, where);

/** The columns of a GSM or Wi-Fi deployment row; `version` is the family's version column. */
const updaterColumns = (version: AnyPgColumn) => ({
  id: deployments.id,
  sensors: deployments.sensors,
  version,
  status: deployments.status,
  fromDate: deployments.fromDate,
  tillDate: deployments.tillDate,
  atOnce: deployments.atOnce,
  spacing: deployments.spacing,
  testTime: deployments.testTime,
  blockedSensors: deployments.blockedSensors,
  allowFailed: deployments.allowFailed,
  strategy: deployments.strategy,
  statusReason: deployments.statusReason,
  rollout: deployments.rollout,
});

interface UpdaterRecord {
  id: number;
  sensors: number[];
  version: string | null;
  status: string;
  fromDate: Date;
  tillDate: Date | null;
  atOnce: number | null;
  spacing: number | null;
  testTime: number | null;
  blockedSensors: number[];
  allowFailed: boolean;
  strategy?: string | null;
  statusReason?: string | null;
  rollout?: RolloutRules | null;
}

export function toDeploymentRow(d: UpdaterRecord): z.infer<typeof deploymentRow> {
  return {
    id: d.id,
    sensors: d.sensors,
    version: d.version,
    status: d.status,
    from_date: iso(d.fromDate)!,
    till_date: iso(d.tillDate),
    at_once: d.atOnce,
    spacing: d.spacing,
    test_time: d.testTime,
    blocked_sensors: d.blockedSensors ?? [],
    allow_failed: d.allowFailed,
    strategy: d.strategy ?? null,
    status_reason: d.statusReason ?? null,
    rollout: d.rollout ?? null,
  };
}

/** The GSM or Wi-Fi deployment list. */
export function updaterDeploymentList(
  f: UpdaterDeployments,
): PagedListRepository<UpdaterRecord, z.infer<typeof deploymentListQuery>> {
  const page = preparedSelect(updaterColumns(f.version), (select) => select.from(deployments));
  return {
    sort: f.sort,
    tieBreak: deployments.id,
    where: () => ofFamily(f.family),
    page: (db, where, window) => page.rows(db, where, window) as Promise<UpdaterRecord[]>,
    count: countDeployments,
    shape: (rows) => rows.map(toDeploymentRow),
  };
}

export interface Gen3Record {
  id: number;
  sensors: number[];
  version: string | null;
  createdAt: Date;
  appliedDate: Date | null;
}

/** A Gen3 deployment as the Gen3 updater serves it: its one sensor, its version. */
export const toGen3DeploymentRow = (d: Gen3Record): z.infer<typeof gen3DeploymentRow> => ({
  id: d.id,
  sensorId: d.sensors?.[0] ?? null,
  version: d.version,
  createdDate: iso(d.createdAt)!,
  appliedDate: iso(d.appliedDate),
});

/** A Gen3 deployment page's columns. */
const GEN3_PAGE = preparedSelect(
  {
    id: deployments.id,
    sensors: deployments.sensors,
    version: deployments.version,
    createdAt: deployments.createdAt,
    appliedDate: deployments.appliedDate,
  },
  (select) => select.from(deployments),
);

/** The Gen3 deployment list: newest first. */
export function gen3DeploymentList(
  f: Gen3Deployments,
): PagedListRepository<Gen3Record, z.infer<typeof gen3DeploymentListQuery>> {
  return {
    sort: f.sort,
    tieBreak: deployments.id,
    where: () => ofFamily(f.family),
    page: (db, where, window) => GEN3_PAGE.rows(db, where, window),
    count: countDeployments,
    shape: (rows) => rows.map(toGen3DeploymentRow),
  };
}

/** One GSM or Wi-Fi deployment of the family, or undefined. */
export async function findDeployment(
  db: Executor,
  f: UpdaterDeployments,
  id: number,
): Promise<z.infer<typeof deploymentRow> | undefined> {
  const [d] = (await db
    .select(updaterColumns(f.version))
    .from(deployments)
    .where(and(eq(deployments.id, id), ofFamily(f.family)))) as UpdaterRecord[];
  return d && toDeploymentRow(d);
}

/** True when the deployment exists and belongs to the family. */
export async function deploymentExists(db: Executor, family: UpdaterFamily, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: deployments.id })
    .from(deployments)
    .where(and(eq(deployments.id, id), ofFamily(family)));
  return row !== undefined;
}

/** The sensor rows of one deployment, by sensor id. */
export async function deploymentSensorRows(
  db: Executor,
  deploymentId: number,
): Promise<z.infer<typeof deploymentSensorRow>[]> {
  const rows = await db
    .select({
      id: deploymentSensors.sensorId,
      version: deploymentSensors.version,
      reportsVersion: deploymentSensors.reportsVersion,
      status: deploymentSensors.status,
      bank: deploymentSensors.bank,
      lastContact: deploymentSensors.lastContact,
      lastUpdated: deploymentSensors.lastUpdated,
      binary: deploymentSensors.binary,
    })
    .from(deploymentSensors)
    .where(eq(deploymentSensors.deploymentId, deploymentId))
    .orderBy(asc(deploymentSensors.sensorId));
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    reports_version: r.reportsVersion,
    status: r.status,
    bank: r.bank,
    last_contact: iso(r.lastContact),
    last_updated: iso(r.lastUpdated),
    binary: r.binary,
  }));
}
