/**
 * History of sensors, installations and contractors (document 2, sections 2.2 and 3), one table
 * shape for all three:
 *
 * - GET /history/sensors/:id — one record per installation of the sensor (its current state),
 *   newest installation first. `:id` is the sensor id.
 * - GET /history/contractors/:id — `{ installations: [...] }`, one record per installation now
 *   assigned to the contractor, newest first. `:id` is the contractor id.
 * - GET /history/installations/:id — every recorded state of ONE installation (the snapshots of
 *   installation_history: created, each later change, removed), newest first; an installation
 *   without snapshots gets one record of its current state. `:id` is the BUSINESS installation
 *   number (installations.installation_id, what the console shows), not the row id.
 * - GET /history/installations/:id/last — the newest of those records (what reinstall prefills
 *   from); 404 when the installation does not exist.
 *
 * In every record `id` is the installation row id, `installationId` the business number, and
 * `predecessorId` / `successorId` are business numbers too (translated from the row ids the
 * database keeps), so they can be opened with /history/installations/:id.
 * Address, alternative addresses and contact fields follow the installations list's gating
 * (view_address; view_contact or its name / e-mail / phone variants) and are left out otherwise;
 * tags only those the caller may see; factors only the parameters of view_<param>_factors.
 */
import { z } from 'zod';
import { idParam } from '../../http/schemas';
import { desc, eq, inArray } from 'drizzle-orm';
import { tagViewPermission } from '../../../common/query';
import type { PermissionSet } from '../../../common/permissions';
import type { Executor } from '../../db';
import {
  contractors,
  installationHistory,
  installationTagValues,
  installations,
  sensors,
  tags,
  type FactorMap,
} from '../../db/schema';
import { notFound } from '../../http/errors';
import type { ServiceRoutes } from '../../http/service';
import type { TagValue } from '../../db/schema';
import { snapshotOf, type InstallationRow, type Snapshot } from '../../db/snapshots';

export type { Snapshot } from '../../db/snapshots';

/** Tag values of installations: installation row id → tag id → value. */
async function installationTags(db: Executor, ids: number[]): Promise<Map<number, Record<string, TagValue>>> {
  const out = new Map<number, Record<string, TagValue>>();
  for (let i = 0; i < ids.length; i += 5000) {
    const chunk = ids.slice(i, i + 5000);
    const rows = await db
      .select({
        entityId: installationTagValues.entityId,
        tagId: installationTagValues.tagId,
        value: installationTagValues.value,
      })
      .from(installationTagValues)
      .where(inArray(installationTagValues.entityId, chunk));
    for (const r of rows) {
      let m = out.get(r.entityId);
      if (!m) out.set(r.entityId, (m = {}));
      m[String(r.tagId)] = r.value ?? null;
    }
  }
  return out;
}

/**
 * Appends the current state of installations (by row id) to installation_history, as of `changedAt`.
 * Call inside the transaction of the change.
 */
export async function writeInstallationSnapshots(db: Executor, ids: number[], changedAt: Date): Promise<void> {
  if (ids.length === 0) return;
  const rows: InstallationRow[] = [];
  for (let i = 0; i < ids.length; i += 5000)
    rows.push(
      ...(await db
        .select()
        .from(installations)
        .where(inArray(installations.id, ids.slice(i, i + 5000)))),
    );
  const tagsOf = await installationTags(
    db,
    rows.map((r) => r.id),
  );
  rows.sort((a, b) => a.id - b.id);
  const values = rows.map((r) => ({
    installationId: r.id,
    sensorId: r.sensorId,
    contractorId: r.contractorId,
    changedAt,
    snapshot: snapshotOf(r, tagsOf.get(r.id) ?? {}),
  }));
  for (let i = 0; i < values.length; i += 500) await db.insert(installationHistory).values(values.slice(i, i + 500));
}

// ------------------------------------------------------------------ records

const factors = z.object({ A: z.number(), B: z.number(), C: z.number() });
const tagValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const historyRecord = z.object({
  id: z.number().int().describe('Installation row id'),
  sensorId: z.number().int(),
  installationId: z.number().int().describe('Business installation number'),
  successorId: z.number().int().nullable().describe('Business number of the next installation of the sensor'),
  predecessorId: z.number().int().nullable().describe('Business number of the previous installation of the sensor'),
  installationDate: z.string().nullable(),
  removedAt: z.string().nullable(),
  contractor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  isVisible: z.boolean(),
  mamsl: z.number().nullable(),
  location: z.object({ latitude: z.number().nullable(), longitude: z.number().nullable() }),
  address: z
    .object({
      country: z.string().nullable(),
      state: z.string().nullable(),
      city: z.string().nullable(),
      street: z.string().nullable(),
      number: z.string().nullable(),
      countryLocal: z.string().nullable(),
      stateLocal: z.string().nullable(),
      cityLocal: z.string().nullable(),
      streetLocal: z.string().nullable(),
      numberLocal: z.string().nullable(),
    })
    .optional()
    .describe('With view_address'),
  alternativeAddress1: z.string().nullable().optional().describe('With view_address'),
  alternativeAddress2: z.string().nullable().optional().describe('With view_address'),
  contactFullName: z.string().nullable().optional().describe('With view_contact or view_contact_name'),
  contactEmail: z.string().nullable().optional().describe('With view_contact or view_contact_email'),
  contactPhoneNumber: z.string().nullable().optional().describe('With view_contact or view_contact_phone'),
  tags: z.record(z.string(), tagValue).describe('Installation tags the caller may see: tag id → value'),
  factors: z.record(z.string(), factors).describe('Calibration factors of the parameters the caller may see'),
  installationRequestId: z.number().int().nullable(),
});
export type HistoryRecord = z.infer<typeof historyRecord>;

const str = (v: unknown): string | null =>
  typeof v === 'string' ? v : v === null || v === undefined ? null : String(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

interface RecordContext {
  perms: PermissionSet;
  visibleTagIds: Set<string>;
  contractorNames: Map<number, string>;
  /** Installation row id → business number. */
  business: Map<number, number>;
}

function toRecord(s: Snapshot, c: RecordContext): HistoryRecord {
  const { perms } = c;
  const contractorId = num(s.contractorId);
  const rowRef = (v: unknown) => {
    const id = num(v);
    return id === null ? null : (c.business.get(id) ?? null);
  };
  const out: HistoryRecord = {
    id: num(s.id)!,
    sensorId: num(s.sensorId)!,
    installationId: num(s.installationId)!,
    successorId: rowRef(s.successorId),
    predecessorId: rowRef(s.predecessorId),
    installationDate: str(s.installationDate),
    removedAt: str(s.removedAt),
    contractor: contractorId !== null ? { id: contractorId, name: c.contractorNames.get(contractorId) ?? '' } : null,
    isVisible: s.isVisible === true,
    mamsl: num(s.mamsl),
    location: { latitude: num(s.latitude), longitude: num(s.longitude) },
    tags: {},
    factors: {},
    installationRequestId: num(s.installationRequestId),
  };
  if (perms.can('view_address')) {
    out.address = {
      country: str(s.country),
      state: str(s.state),
      city: str(s.city),
      street: str(s.street),
      number: str(s.number),
      countryLocal: str(s.countryLocal),
      stateLocal: str(s.stateLocal),
      cityLocal: str(s.cityLocal),
      streetLocal: str(s.streetLocal),
      numberLocal: str(s.numberLocal),
    };
    out.alternativeAddress1 = str(s.alternativeAddress1);
    out.alternativeAddress2 = str(s.alternativeAddress2);
  }
  if (perms.can(['view_contact', 'view_contact_name'])) out.contactFullName = str(s.contactFullName);
  if (perms.can(['view_contact', 'view_contact_email'])) out.contactEmail = str(s.contactEmail);
  if (perms.can(['view_contact', 'view_contact_phone'])) out.contactPhoneNumber = str(s.contactPhoneNumber);
  const tagsOf = (s.tags ?? {}) as Record<string, TagValue>;
  for (const [id, v] of Object.entries(tagsOf)) if (c.visibleTagIds.has(id)) out.tags[id] = v ?? null;
  const f = (s.factors ?? {}) as FactorMap;
  for (const [p, v] of Object.entries(f)) {
    if (!v || typeof v.A !== 'number' || typeof v.B !== 'number' || typeof v.C !== 'number') continue;
    if (perms.holds(`view_${p}_factors`)) out.factors[p] = { A: v.A, B: v.B, C: v.C };
  }
  return out;
}

/** Contractor names, business numbers and visible tags needed to turn snapshots into records. */
async function recordContext(db: Executor, snaps: Snapshot[], perms: PermissionSet): Promise<RecordContext> {
  const contractorIds = [...new Set(snaps.map((s) => num(s.contractorId)).filter((x): x is number => x !== null))];
  const rowIds = [
    ...new Set(
      snaps
        .flatMap((s) => [num(s.id), num(s.predecessorId), num(s.successorId)])
        .filter((x): x is number => x !== null),
    ),
  ];
  const [names, numbers, tagRows] = await Promise.all([
    contractorIds.length
      ? db
          .select({ id: contractors.id, name: contractors.name })
          .from(contractors)
          .where(inArray(contractors.id, contractorIds))
      : Promise.resolve([]),
    rowIds.length
      ? db
          .select({ id: installations.id, installationId: installations.installationId })
          .from(installations)
          .where(inArray(installations.id, rowIds))
      : Promise.resolve([]),
    db.select({ id: tags.id }).from(tags).where(eq(tags.context, 'installations')),
  ]);
  return {
    perms,
    contractorNames: new Map(names.map((r) => [r.id, r.name])),
    business: new Map(numbers.map((r) => [r.id, r.installationId])),
    visibleTagIds: new Set(
      tagRows.filter((t) => perms.can(tagViewPermission('installations', t.id))).map((t) => String(t.id)),
    ),
  };
}

/** Records of installation rows (their current state), in the order given. */
export async function recordsOfRows(
  db: Executor,
  rows: InstallationRow[],
  perms: PermissionSet,
): Promise<HistoryRecord[]> {
  const tagsOf = await installationTags(
    db,
    rows.map((r) => r.id),
  );
  const snaps = rows.map((r) => snapshotOf(r, tagsOf.get(r.id) ?? {}));
  const c = await recordContext(db, snaps, perms);
  return snaps.map((s) => toRecord(s, c));
}

/** Every recorded state of one installation (by row id), newest first; its current state when it has no snapshot. */
export async function installationRecords(
  db: Executor,
  row: InstallationRow,
  perms: PermissionSet,
  limit?: number,
): Promise<HistoryRecord[]> {
  const q = db
    .select({ snapshot: installationHistory.snapshot })
    .from(installationHistory)
    .where(eq(installationHistory.installationId, row.id))
    .orderBy(desc(installationHistory.changedAt), desc(installationHistory.id));
  const snaps = (await (limit ? q.limit(limit) : q)).map((r) => r.snapshot);
  if (snaps.length === 0) return recordsOfRows(db, [row], perms);
  // Snapshots written by older code may lack the row ids: the history row says which installation it is.
  for (const s of snaps) {
    s.id ??= row.id;
    s.installationId ??= row.installationId;
    s.sensorId ??= row.sensorId;
  }
  const c = await recordContext(db, snaps, perms);
  return snaps.map((s) => toRecord(s, c));
}

// ------------------------------------------------------------------ routes

const sensorParams = z.object({ id: idParam.describe('Sensor id') });
const contractorParams = z.object({
  id: idParam.describe('Contractor id'),
});
const installationParams = z.object({
  id: idParam.describe('Business installation number (installationId), not the row id'),
});

async function installationByNumber(db: Executor, installationId: number): Promise<InstallationRow> {
  const [row] = await db.select().from(installations).where(eq(installations.installationId, installationId));
  if (!row) throw notFound(`Installation ${installationId} does not exist`);
  return row;
}

export const historyRoutes: ServiceRoutes = (app, { db }) => {
  app.get(
    '/history/sensors/:id',
    {
      config: { permission: 'view_history_sensor' },
      schema: {
        summary: 'Installations of a sensor, newest first (one record per installation)',
        tags: ['history'],
        params: sensorParams,
        response: { 200: z.object({ data: z.array(historyRecord) }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [sensor] = await db.select({ id: sensors.id }).from(sensors).where(eq(sensors.id, id));
      if (!sensor) throw notFound(`Sensor ${id} does not exist`);
      const rows = await db
        .select()
        .from(installations)
        .where(eq(installations.sensorId, id))
        .orderBy(desc(installations.installationDate), desc(installations.id));
      return { data: await recordsOfRows(db, rows, request.principal.permissions) };
    },
  );

  app.get(
    '/history/installations/:id',
    {
      config: { permission: 'view_history_sensor' },
      schema: {
        summary: 'Every recorded state of an installation (by business number), newest first',
        tags: ['history'],
        params: installationParams,
        response: { 200: z.object({ data: z.array(historyRecord) }) },
      },
    },
    async (request) => {
      const row = await installationByNumber(db, request.params.id);
      return { data: await installationRecords(db, row, request.principal.permissions) };
    },
  );

  app.get(
    '/history/installations/:id/last',
    {
      config: { permission: 'view_history_sensor' },
      schema: {
        summary: 'The newest recorded state of an installation (by business number)',
        tags: ['history'],
        params: installationParams,
        response: { 200: z.object({ data: historyRecord }) },
      },
    },
    async (request) => {
      const row = await installationByNumber(db, request.params.id);
      const [last] = await installationRecords(db, row, request.principal.permissions, 1);
      if (!last) throw notFound(`Installation ${request.params.id} has no history`);
      return { data: last };
    },
  );

  app.get(
    '/history/contractors/:id',
    {
      config: { permission: 'view_history_contractor' },
      schema: {
        summary: 'Installations of a contractor, newest first (one record per installation)',
        tags: ['history'],
        params: contractorParams,
        response: { 200: z.object({ data: z.object({ installations: z.array(historyRecord) }) }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [contractor] = await db.select({ id: contractors.id }).from(contractors).where(eq(contractors.id, id));
      if (!contractor) throw notFound(`Contractor ${id} does not exist`);
      const rows = await db
        .select()
        .from(installations)
        .where(eq(installations.contractorId, id))
        .orderBy(desc(installations.installationDate), desc(installations.id));
      return { data: { installations: await recordsOfRows(db, rows, request.principal.permissions) } };
    },
  );
};
