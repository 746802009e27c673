/**
 * The four searchable lists of the main API: sensors, installations, contractors and installation
 * requests (plus the open-request count). Each takes page, limit, sortBy, order and query (the
 * query language, compiled by server/query/compile.ts) and answers `{ data: { <entity>: [...] },
 * meta: { totalCount } }`.
 *
 * Paging: the page query (ordered, LIMIT/OFFSET, tie-break on the row id) and the count query run
 * side by side; the offset is capped at MAX_OFFSET (a deeper page is a 400 that asks for a
 * narrower query). Fields the caller may not see are left out of the rows, cannot be queried or
 * searched, and cannot be sorted on.
 */
import { z } from 'zod';
import { Column, and, asc, desc, eq, inArray, is, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  CONTRACTOR_CATALOGUE,
  FACTOR_COLUMN_PARAMS,
  INSTALLATION_CATALOGUE,
  MAX_QUERY_LENGTH,
  REQUEST_CATALOGUE,
  SENSOR_CATALOGUE,
  fieldsOf,
  tagViewPermission,
  visibleFields,
  type Catalogue,
  type TagDef,
} from '../../../common/query';
import { ACTIVITY_HOURS, CONTRACTOR_FETCH_LIMIT, MEASURED_PARAMS, type TagContext } from '../../../common/domain';
import type { PermissionSet } from '../../../common/permissions';
import {
  contractorTagValues,
  contractors,
  installationRequests,
  installationTagValues,
  installations,
  measurementSummaries,
  requestImages,
  sensorTagValues,
  sensors,
  tags,
  type FactorMap,
  type Suspension,
  type TagValue,
} from '../../db/schema';
import type { Executor } from '../../db';
import { badRequest } from '../../http/errors';
import type { ServiceRoutes } from '../../http/service';
import { parseAndCompile, serverCatalogue, type TagValueTable } from '../../query/compile';

/** Deepest row offset a page may start at. */
export const MAX_OFFSET = 100_000;
export const MAX_LIST_LIMIT = 1000;
export const OPEN_REQUEST_STATES = ['WAITING', 'HOLD'] as const;

// ------------------------------------------------------------------ query parameters

const listQuerystring = (maxLimit: number) =>
  z.object({
    page: z.coerce.number().int().min(1).default(1).describe('Page number, from 1'),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(10).describe(`Rows per page (at most ${maxLimit})`),
    sortBy: z
      .string()
      .max(100)
      .optional()
      .describe('Field to sort by (see the list of allowed fields in a 400 answer)'),
    order: z
      .string()
      .regex(/^(asc|desc)$/i, 'order must be asc or desc')
      .optional()
      .describe('asc or desc (case-insensitive)'),
    query: z
      .string()
      .max(MAX_QUERY_LENGTH)
      .optional()
      .describe('A query in the sensor-management query language, e.g. communication in (GSM, WIFI)'),
  });

type ListParams = z.infer<ReturnType<typeof listQuerystring>>;

interface Paging {
  limit: number;
  offset: number;
  orderBy: SQL[];
}

/**
 * The allowed sort key a `sortBy` names (an `info.` prefix and letter case are ignored), or a 400
 * listing the allowed keys.
 */
export function resolveSortKey(sortBy: string | undefined, defaultSort: string, allowed: readonly string[]): string {
  const wanted = sortBy?.replace(/^info\./, '') ?? defaultSort;
  const key = allowed.find((k) => k === wanted) ?? allowed.find((k) => k.toLowerCase() === wanted.toLowerCase());
  if (!key) throw badRequest(`Unknown sortBy ${JSON.stringify(sortBy)}; expected one of: ${allowed.join(', ')}`);
  return key;
}

/**
 * Resolves page/limit/sortBy/order. `sortable` maps allowed sort keys to SQL; keys of fields the
 * caller may not see are refused like unknown ones.
 */
function paging(
  params: ListParams,
  sortable: Record<string, SQL | AnyPgColumn>,
  defaultSort: string,
  tieBreak: AnyPgColumn,
  catalogue: Catalogue,
  permissions: PermissionSet,
): Paging {
  const visible = new Set(visibleFields(catalogue, permissions).map((f) => f.name));
  const allowed = Object.keys(sortable).filter((k) => visible.has(k) || !catalogue.fields.some((f) => f.name === k));
  const key = resolveSortKey(params.sortBy, defaultSort, allowed);
  const dir = params.order?.toLowerCase() === 'desc' ? desc : asc;
  const offset = (params.page - 1) * params.limit;
  if (offset > MAX_OFFSET)
    throw badRequest(
      `Page ${params.page} is too deep (it starts at row ${offset}, more than ${MAX_OFFSET}); narrow the query or reverse the order`,
    );
  const expr = sortable[key]!;
  // Empty values last in both directions. NOT NULL columns of the list's own table keep the plain
  // form, which indexes serve; a NOT NULL column reached through a left join can still be empty.
  const ownTable = is(tieBreak, Column) ? tieBreak.table : undefined;
  const neverNull = is(expr, Column) && expr.notNull && expr.table === ownTable;
  const primary = neverNull ? dir(expr) : sql`${dir(expr)} nulls last`;
  return { limit: params.limit, offset, orderBy: expr === tieBreak ? [primary] : [primary, dir(tieBreak)] };
}

/** Sort keys: every catalogue field except lists (`set`). */
function sortableFrom(
  catalogue: Catalogue,
  columns: Record<string, SQL | AnyPgColumn>,
): Record<string, SQL | AnyPgColumn> {
  return Object.fromEntries(catalogue.fields.filter((f) => f.type !== 'set').map((f) => [f.name, columns[f.name]!]));
}

// ------------------------------------------------------------------ shared helpers

export async function loadTags(db: Executor, context: TagContext): Promise<TagDef[]> {
  return db
    .select({ id: tags.id, name: tags.name, type: tags.type, values: tags.values })
    .from(tags)
    .where(eq(tags.context, context))
    .orderBy(asc(tags.id));
}

/** Tag values of the page's rows, only for tags the caller may see: entity id → tag id → value. */
export async function loadTagValues(
  db: Executor,
  table: TagValueTable,
  ids: number[],
  visibleTagIds: Set<number>,
): Promise<Map<number, Record<string, TagValue>>> {
  const out = new Map<number, Record<string, TagValue>>();
  if (ids.length === 0 || visibleTagIds.size === 0) return out;
  const rows = await db
    .select({ entityId: table.entityId, tagId: table.tagId, value: table.value })
    .from(table)
    .where(and(inArray(table.entityId, ids), inArray(table.tagId, [...visibleTagIds])));
  for (const r of rows) {
    let m = out.get(r.entityId);
    if (!m) out.set(r.entityId, (m = {}));
    m[String(r.tagId)] = r.value ?? null;
  }
  return out;
}

export function visibleTagIds(all: TagDef[], context: TagContext, permissions: PermissionSet): Set<number> {
  return new Set(all.filter((t) => permissions.can(tagViewPermission(context, t.id))).map((t) => t.id));
}

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

async function countOf(query: Promise<{ n: number }[]>): Promise<number> {
  const [row] = await query;
  return Number(row?.n ?? 0);
}

/** 72 hourly flags (oldest first, the current hour last) from the epoch hours a sensor reported in. */
export function activityFlags(activeHours: readonly number[] | null | undefined, nowMs = Date.now()): number[] {
  const nowHour = Math.floor(nowMs / 3_600_000);
  const first = nowHour - ACTIVITY_HOURS + 1;
  const flags = new Array<number>(ACTIVITY_HOURS).fill(0);
  for (const h of activeHours ?? []) if (h >= first && h <= nowHour) flags[h - first] = 1;
  return flags;
}

const COUNT = sql<number>`count(*)::int`;

// ------------------------------------------------------------------ response schemas

const tagValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const factors = z.object({ A: z.number(), B: z.number(), C: z.number() });
const meta = z.object({ totalCount: z.number().int() });

const sensorRow = z.object({
  id: z.number().int(),
  info: z.object({
    id: z.number().int(),
    currentInstallationId: z.number().int().nullable(),
    sensorToken: z.string().optional(),
    communication: z.string().optional(),
    contractor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    status: z.string(),
    measured: z.array(z.string()),
  }),
  params: z.object({ factors: z.record(z.string(), factors) }),
  tags: z.record(z.string(), tagValue),
});

const installationRow = z
  .looseObject({
    id: z.number().int(),
    installationId: z.number().int(),
    predecessorId: z.number().int().nullable(),
    successorId: z.number().int().nullable(),
    sensorId: z.number().int(),
    sensorToken: z.string().optional(),
    installationDate: z.string(),
    removedAt: z.string().nullable(),
    communication: z.string().optional(),
    contractorId: z.number().int().nullable(),
    contractorName: z.string().nullable(),
    hsId: z.string().nullable(),
    hsName: z.string().nullable(),
    status: z.string(),
    providerOwned: z.boolean(),
    isVisible: z.boolean(),
    mamsl: z.number().nullable(),
    latitude: z.number(),
    longitude: z.number(),
    visibleBy: z.string().nullable(),
    date: z.string(),
    installationRequestId: z.number().int().nullable(),
    measured: z.array(z.string()),
    lastMeasurement: z.string().nullable(),
    recentActivity: z.array(z.number().int()),
  })
  .describe(
    'Also, when permitted: country, state, city, street, number with their Local and Id variants, alternativeAddress1/2 (view_address); contactFullName, contactEmail, contactPhoneNumber (view_contact or its variants); <p>Value, <p>Suspended, <p>SuspendedFrom (view_<p>); <p>Factors (view_<p>_factors); tag_<id> per visible installation tag.',
  );

const contractorRow = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  logo: z.string().nullable(),
  link: z.string().nullable(),
  hsId: z.string().nullable().optional(),
  hsName: z.string().nullable().optional(),
  companyOwner: z.string().nullable(),
  companyState: z.string().nullable(),
  endOfDeal: z.string().nullable(),
  customSla: z.boolean(),
  activeSubscriptions: z.number().int(),
  currentInstallations: z.number().int(),
  createdAt: z.string(),
  tags: z.record(z.string(), tagValue),
});

const requestRow = z.object({
  id: z.number().int(),
  sensorId: z.number().int().nullable(),
  requestType: z.string(),
  clientType: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  address: z.string().nullable(),
  location: z.object({ latitude: z.number().nullable(), longitude: z.number().nullable() }),
  locationFromAddress: z.boolean(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  language: z.string().nullable(),
  images: z.array(z.object({ link: z.string(), location: z.string().nullable() })),
  contractorId: z.number().int().nullable(),
  contractorName: z.string().nullable(),
  contractorLogo: z.string().nullable(),
  contractorLink: z.string().nullable(),
  notes: z.string().nullable(),
  staffNotes: z.string().nullable(),
  state: z.string(),
});

// ------------------------------------------------------------------ SQL of each list's fields (exported for tests and benchmarks)

/**
 * The business number (installationId) of a sensor's current installation. sensors keep the
 * installation's row id; every API speaks business numbers (history, reinstall, links).
 */
export const CURRENT_INSTALLATION_NUMBER = sql<
  number | null
>`(select ${installations.installationId} from ${installations} where ${installations.id} = ${sensors.currentInstallationId})`;

/** The columns a sensor row is read with (from sensors left-joined to contractors). */
export const SENSOR_SELECT = {
  id: sensors.id,
  currentInstallationId: CURRENT_INSTALLATION_NUMBER,
  sensorToken: sensors.sensorToken,
  communication: sensors.communication,
  status: sensors.status,
  measured: sensors.measured,
  factors: sensors.factors,
  contractorId: contractors.id,
  contractorName: contractors.name,
};

export interface SensorSelectRow {
  id: number;
  currentInstallationId: number | null;
  sensorToken: string;
  communication: string;
  status: string;
  measured: string[];
  factors: FactorMap;
  contractorId: number | null;
  contractorName: string | null;
}

/** A sensor as every API shows it: the spec's info/params/tags shape, gated by the caller's VIEW_* permissions. */
export function shapeSensor(r: SensorSelectRow, tagValues: Record<string, TagValue>, perms: PermissionSet) {
  return {
    id: r.id,
    info: {
      id: r.id,
      currentInstallationId: r.currentInstallationId,
      ...(perms.can('view_sensortoken') ? { sensorToken: r.sensorToken } : {}),
      ...(perms.can('view_communication') ? { communication: r.communication } : {}),
      contractor: r.contractorId !== null ? { id: r.contractorId, name: r.contractorName ?? '' } : null,
      status: r.status,
      measured: r.measured,
    },
    params: {
      factors: pickFactors(
        r.factors,
        FACTOR_COLUMN_PARAMS.filter((p) => perms.can(`view_${p}_factors`)),
      ),
    },
    tags: tagValues,
  };
}

export const SENSOR_COLUMNS: Record<string, SQL | AnyPgColumn> = {
  id: sensors.id,
  currentInstallationId: CURRENT_INSTALLATION_NUMBER,
  installationId: CURRENT_INSTALLATION_NUMBER,
  sensorToken: sensors.sensorToken,
  communication: sensors.communication,
  status: sensors.status,
  measured: sensors.measured,
  contractorId: sensors.contractorId,
  contractorName: contractors.name,
  firmwareVersion: sensors.firmwareVersion,
  createdAt: sensors.createdAt,
  retiredAt: sensors.retiredAt,
  lastMeasurement: sensors.lastMeasurementAt,
};

const ISO_PREFIX = '^\\d{4}-\\d{2}-\\d{2}';
const suspensionOf = (p: string) => sql`(${installations.suspensions} -> ${p}::text)`;

export const INSTALLATION_COLUMNS: Record<string, SQL | AnyPgColumn> = {
  id: installations.id,
  installationId: installations.installationId,
  predecessorId: installations.predecessorId,
  successorId: installations.successorId,
  sensorId: installations.sensorId,
  sensorToken: sensors.sensorToken,
  installationDate: installations.installationDate,
  removedAt: installations.removedAt,
  communication: sensors.communication,
  contractorId: installations.contractorId,
  contractorName: contractors.name,
  hsId: contractors.hsId,
  hsName: contractors.hsName,
  status: installations.status,
  providerOwned: installations.providerOwned,
  isVisible: installations.isVisible,
  mamsl: installations.mamsl,
  latitude: installations.latitude,
  longitude: installations.longitude,
  country: installations.country,
  countryLocal: installations.countryLocal,
  countryId: installations.countryId,
  state: installations.state,
  stateLocal: installations.stateLocal,
  stateId: installations.stateId,
  city: installations.city,
  cityLocal: installations.cityLocal,
  cityId: installations.cityId,
  street: installations.street,
  streetLocal: installations.streetLocal,
  streetId: installations.streetId,
  number: installations.number,
  numberLocal: installations.numberLocal,
  numberId: installations.numberId,
  alternativeAddress1: installations.alternativeAddress1,
  alternativeAddress2: installations.alternativeAddress2,
  visibleBy: installations.visibleBy,
  contactFullName: installations.contactFullName,
  contactEmail: installations.contactEmail,
  contactPhoneNumber: installations.contactPhoneNumber,
  date: installations.date,
  installationRequestId: installations.installationRequestId,
  measured: installations.measured,
  lastMeasurement: measurementSummaries.lastMeasurementAt,
  ...Object.fromEntries(
    MEASURED_PARAMS.flatMap((p) => [
      [`${p}Value`, sql`(${measurementSummaries.values} ->> ${p}::text)::float8`],
      [`${p}Suspended`, sql`coalesce(${suspensionOf(p)} -> 'suspended' = 'true'::jsonb, false)`],
      [
        `${p}SuspendedFrom`,
        sql`(case when (${suspensionOf(p)} ->> 'suspendedFrom') ~ ${ISO_PREFIX}::text then (${suspensionOf(p)} ->> 'suspendedFrom')::timestamptz end)`,
      ],
    ]),
  ),
};

/**
 * Written out with explicit qualification: drizzle renders columns unqualified in the select list of
 * a single-table query, which would make the correlation ambiguous inside the subquery.
 */
const CURRENT_INSTALLATIONS = sql<number>`(select count(*)::int from ${sql.raw('"installations" ci where ci."contractor_id" = "contractors"."id" and ci."removed_at" is null')})`;

export const CONTRACTOR_COLUMNS: Record<string, SQL | AnyPgColumn> = {
  id: contractors.id,
  name: contractors.name,
  type: contractors.type,
  logo: contractors.logo,
  link: contractors.link,
  hsId: contractors.hsId,
  hsName: contractors.hsName,
  companyOwner: contractors.companyOwner,
  companyState: contractors.companyState,
  endOfDeal: contractors.endOfDeal,
  customSla: contractors.customSla,
  activeSubscriptions: contractors.activeSubscriptions,
  currentInstallations: CURRENT_INSTALLATIONS,
  createdAt: contractors.createdAt,
};

export const REQUEST_COLUMNS: Record<string, SQL | AnyPgColumn> = {
  id: installationRequests.id,
  sensorId: installationRequests.sensorId,
  requestType: installationRequests.requestType,
  clientType: installationRequests.clientType,
  createdAt: installationRequests.createdAt,
  updatedAt: installationRequests.updatedAt,
  address: installationRequests.address,
  latitude: installationRequests.latitude,
  longitude: installationRequests.longitude,
  locationFromAddress: installationRequests.locationFromAddress,
  email: installationRequests.email,
  phone: installationRequests.phone,
  language: installationRequests.language,
  contractorId: installationRequests.contractorId,
  contractorName: contractors.name,
  notes: installationRequests.notes,
  staffNotes: installationRequests.staffNotes,
  state: installationRequests.state,
};

/** The lists whose query language includes `tag.<name>`: their catalogue, columns and tag values. */
const TAGGED_LISTS = {
  sensors: {
    catalogue: SENSOR_CATALOGUE,
    columns: SENSOR_COLUMNS,
    tagValues: { table: sensorTagValues, rowId: sensors.id },
  },
  installations: {
    catalogue: INSTALLATION_CATALOGUE,
    columns: INSTALLATION_COLUMNS,
    tagValues: { table: installationTagValues, rowId: installations.id },
  },
  contractors: {
    catalogue: CONTRACTOR_CATALOGUE,
    columns: CONTRACTOR_COLUMNS,
    tagValues: { table: contractorTagValues, rowId: contractors.id },
  },
} satisfies Record<TagContext, unknown>;

/** A list's query catalogue for a caller, with the context's tags it was built from. */
export async function taggedCatalogue(db: Executor, context: TagContext, perms: PermissionSet) {
  const list = TAGGED_LISTS[context];
  const allTags = await loadTags(db, context);
  const cat = serverCatalogue(list.catalogue, list.columns, {
    permissions: perms,
    tags: allTags,
    tagValues: list.tagValues,
  });
  return { allTags, cat };
}

const SENSOR_SORT = sortableFrom(SENSOR_CATALOGUE, SENSOR_COLUMNS);
const INSTALLATION_SORT = sortableFrom(INSTALLATION_CATALOGUE, INSTALLATION_COLUMNS);
const CONTRACTOR_SORT = sortableFrom(CONTRACTOR_CATALOGUE, CONTRACTOR_COLUMNS);
const REQUEST_SORT = sortableFrom(REQUEST_CATALOGUE, REQUEST_COLUMNS);

/** Public link of a stored file (request images). */
export const fileLink = (key: string) => `/api/files/${key.split('/').map(encodeURIComponent).join('/')}`;

// ------------------------------------------------------------------ routes

export const listRoutes: ServiceRoutes = (app, { db }) => {
  app.get(
    '/sensors',
    {
      config: { permission: 'view_sensors' },
      schema: {
        summary: 'Sensors, paged, sorted and filtered by a query',
        tags: ['sensors'],
        querystring: listQuerystring(MAX_LIST_LIMIT),
        response: { 200: z.object({ data: z.object({ sensors: z.array(sensorRow) }), meta }) },
      },
    },
    async (request) => {
      const perms = request.principal.permissions;
      const { allTags, cat } = await taggedCatalogue(db, 'sensors', perms);
      const { where } = parseAndCompile(request.query.query, cat);
      const page = paging(request.query, SENSOR_SORT, 'id', sensors.id, SENSOR_CATALOGUE, perms);
      const [rows, totalCount] = await Promise.all([
        db
          .select(SENSOR_SELECT)
          .from(sensors)
          .leftJoin(contractors, eq(contractors.id, sensors.contractorId))
          .where(where)
          .orderBy(...page.orderBy)
          .limit(page.limit)
          .offset(page.offset),
        countOf(
          db
            .select({ n: COUNT })
            .from(sensors)
            .leftJoin(contractors, eq(contractors.id, sensors.contractorId))
            .where(where),
        ),
      ]);
      const tagValues = await loadTagValues(
        db,
        sensorTagValues,
        rows.map((r) => r.id),
        visibleTagIds(allTags, 'sensors', perms),
      );
      return {
        data: { sensors: rows.map((r) => shapeSensor(r, tagValues.get(r.id) ?? {}, perms)) },
        meta: { totalCount },
      };
    },
  );

  app.get(
    '/installations',
    {
      config: { permission: 'view_installations' },
      schema: {
        summary: 'Installations (current ones unless the query names removedAt), paged, sorted and filtered by a query',
        tags: ['installations'],
        querystring: listQuerystring(MAX_LIST_LIMIT),
        response: { 200: z.object({ data: z.object({ installations: z.array(installationRow) }), meta }) },
      },
    },
    async (request) => {
      const perms = request.principal.permissions;
      const { allTags, cat } = await taggedCatalogue(db, 'installations', perms);
      const { ast, where: filter } = parseAndCompile(request.query.query, cat);
      const includeRemoved = fieldsOf(ast).some((f) => f.path.length === 1 && f.path[0]!.toLowerCase() === 'removedat');
      const where = includeRemoved ? filter : and(isNull(installations.removedAt), filter);
      const page = paging(
        request.query,
        INSTALLATION_SORT,
        'installationId',
        installations.id,
        INSTALLATION_CATALOGUE,
        perms,
      );
      const [rows, totalCount] = await Promise.all([
        db
          .select({
            i: installations,
            sensorToken: sensors.sensorToken,
            communication: sensors.communication,
            contractorName: contractors.name,
            hsId: contractors.hsId,
            hsName: contractors.hsName,
            lastMeasurement: measurementSummaries.lastMeasurementAt,
            values: measurementSummaries.values,
            activeHours: measurementSummaries.activeHours,
          })
          .from(installations)
          .leftJoin(sensors, eq(sensors.id, installations.sensorId))
          .leftJoin(contractors, eq(contractors.id, installations.contractorId))
          .leftJoin(
            measurementSummaries,
            and(eq(measurementSummaries.sensorId, installations.sensorId), isNull(installations.removedAt)),
          )
          .where(where)
          .orderBy(...page.orderBy)
          .limit(page.limit)
          .offset(page.offset),
        countOf(
          db
            .select({ n: COUNT })
            .from(installations)
            .leftJoin(sensors, eq(sensors.id, installations.sensorId))
            .leftJoin(contractors, eq(contractors.id, installations.contractorId))
            .leftJoin(
              measurementSummaries,
              and(eq(measurementSummaries.sensorId, installations.sensorId), isNull(installations.removedAt)),
            )
            .where(where),
        ),
      ]);
      const tagIds = visibleTagIds(allTags, 'installations', perms);
      const tagValues = await loadTagValues(
        db,
        installationTagValues,
        rows.map((r) => r.i.id),
        tagIds,
      );
      const can = (rule: string | string[]) => perms.can(rule);
      const showAddress = can('view_address');
      const showName = can(['view_contact', 'view_contact_name']);
      const showEmail = can(['view_contact', 'view_contact_email']);
      const showPhone = can(['view_contact', 'view_contact_phone']);
      const valueParams = MEASURED_PARAMS.filter((p) => can(`view_${p}`));
      const factorParams = FACTOR_COLUMN_PARAMS.filter((p) => can(`view_${p}_factors`));
      const nowMs = Date.now();
      const installationsOut = rows.map(({ i, ...r }) => {
        const out: Record<string, unknown> = {
          id: i.id,
          installationId: i.installationId,
          predecessorId: i.predecessorId,
          successorId: i.successorId,
          sensorId: i.sensorId,
          ...(can('view_sensortoken') ? { sensorToken: r.sensorToken ?? '' } : {}),
          installationDate: iso(i.installationDate),
          removedAt: iso(i.removedAt),
          ...(can('view_communication') ? { communication: r.communication ?? '' } : {}),
          contractorId: i.contractorId,
          contractorName: r.contractorName,
          hsId: r.hsId,
          hsName: r.hsName,
          status: i.status,
          providerOwned: i.providerOwned,
          isVisible: i.isVisible,
          mamsl: i.mamsl,
          latitude: i.latitude,
          longitude: i.longitude,
        };
        if (showAddress) {
          Object.assign(out, {
            country: i.country,
            countryLocal: i.countryLocal,
            countryId: i.countryId,
            state: i.state,
            stateLocal: i.stateLocal,
            stateId: i.stateId,
            city: i.city,
            cityLocal: i.cityLocal,
            cityId: i.cityId,
            street: i.street,
            streetLocal: i.streetLocal,
            streetId: i.streetId,
            number: i.number,
            numberLocal: i.numberLocal,
            numberId: i.numberId,
            alternativeAddress1: i.alternativeAddress1,
            alternativeAddress2: i.alternativeAddress2,
          });
        }
        out.visibleBy = i.visibleBy;
        if (showName) out.contactFullName = i.contactFullName;
        if (showEmail) out.contactEmail = i.contactEmail;
        if (showPhone) out.contactPhoneNumber = i.contactPhoneNumber;
        out.date = iso(i.date);
        out.installationRequestId = i.installationRequestId;
        out.measured = i.measured;
        out.lastMeasurement = iso(r.lastMeasurement);
        out.recentActivity = i.removedAt
          ? new Array<number>(ACTIVITY_HOURS).fill(0)
          : activityFlags(r.activeHours, nowMs);
        const values = r.values ?? {};
        const suspensions: Record<string, Suspension> = i.suspensions ?? {};
        for (const p of valueParams) {
          const v = values[p];
          out[`${p}Value`] = typeof v === 'number' ? v : null;
          out[`${p}Suspended`] = suspensions[p]?.suspended === true;
          out[`${p}SuspendedFrom`] = suspensions[p]?.suspendedFrom ?? null;
        }
        for (const p of factorParams) out[`${p}Factors`] = i.factors?.[p] ?? null;
        const tv = tagValues.get(i.id) ?? {};
        for (const id of tagIds) out[`tag_${id}`] = tv[String(id)] ?? null;
        return out as z.infer<typeof installationRow>;
      });
      return { data: { installations: installationsOut }, meta: { totalCount } };
    },
  );

  app.get(
    '/contractors',
    {
      config: { permission: 'view_contractors' },
      schema: {
        summary: 'Contractors, paged, sorted and filtered by a query (limit up to 10000 for pickers)',
        tags: ['contractors'],
        querystring: listQuerystring(CONTRACTOR_FETCH_LIMIT),
        response: { 200: z.object({ data: z.object({ contractors: z.array(contractorRow) }), meta }) },
      },
    },
    async (request) => {
      const perms = request.principal.permissions;
      const { allTags, cat } = await taggedCatalogue(db, 'contractors', perms);
      const { where } = parseAndCompile(request.query.query, cat);
      const page = paging(request.query, CONTRACTOR_SORT, 'id', contractors.id, CONTRACTOR_CATALOGUE, perms);
      const [rows, totalCount] = await Promise.all([
        db
          .select({ c: contractors, currentInstallations: CURRENT_INSTALLATIONS })
          .from(contractors)
          .where(where)
          .orderBy(...page.orderBy)
          .limit(page.limit)
          .offset(page.offset),
        countOf(db.select({ n: COUNT }).from(contractors).where(where)),
      ]);
      const tagValues = await loadTagValues(
        db,
        contractorTagValues,
        rows.map((r) => r.c.id),
        visibleTagIds(allTags, 'contractors', perms),
      );
      const showCompany = perms.can('view_contractors_company');
      return {
        data: {
          contractors: rows.map(({ c, currentInstallations }) => ({
            id: c.id,
            name: c.name,
            type: c.type,
            logo: c.logo,
            link: c.link,
            ...(showCompany ? { hsId: c.hsId, hsName: c.hsName } : {}),
            companyOwner: c.companyOwner,
            companyState: c.companyState,
            endOfDeal: c.endOfDeal,
            customSla: c.customSla,
            activeSubscriptions: c.activeSubscriptions,
            currentInstallations: Number(currentInstallations),
            createdAt: c.createdAt.toISOString(),
            tags: tagValues.get(c.id) ?? {},
          })),
        },
        meta: { totalCount },
      };
    },
  );

  const requestsList = {
    config: { permission: 'view_installation_requests' },
    schema: {
      summary:
        'Installation requests, paged, sorted and filtered by a query (state in (HOLD, WAITING), SEARCH("text"), …)',
      tags: ['installation requests'],
      querystring: listQuerystring(MAX_LIST_LIMIT),
      response: { 200: z.object({ data: z.object({ requests: z.array(requestRow) }), meta }) },
    },
  } as const;
  const requestsHandler = async (request: { query: ListParams; principal: { permissions: PermissionSet } }) => {
    const perms = request.principal.permissions;
    const cat = serverCatalogue(REQUEST_CATALOGUE, REQUEST_COLUMNS, { permissions: perms });
    const { where } = parseAndCompile(request.query.query, cat);
    const page = paging(request.query, REQUEST_SORT, 'createdAt', installationRequests.id, REQUEST_CATALOGUE, perms);
    const [rows, totalCount] = await Promise.all([
      db
        .select({
          q: installationRequests,
          contractorName: contractors.name,
          contractorLogo: contractors.logo,
          contractorLink: contractors.link,
        })
        .from(installationRequests)
        .leftJoin(contractors, eq(contractors.id, installationRequests.contractorId))
        .where(where)
        .orderBy(...page.orderBy)
        .limit(page.limit)
        .offset(page.offset),
      countOf(
        db
          .select({ n: COUNT })
          .from(installationRequests)
          .leftJoin(contractors, eq(contractors.id, installationRequests.contractorId))
          .where(where),
      ),
    ]);
    const ids = rows.map((r) => r.q.id);
    const images = ids.length
      ? await db
          .select({
            requestId: requestImages.requestId,
            fileKey: requestImages.fileKey,
            location: requestImages.location,
          })
          .from(requestImages)
          .where(inArray(requestImages.requestId, ids))
          .orderBy(asc(requestImages.id))
      : [];
    const imagesOf = new Map<number, { link: string; location: string | null }[]>();
    for (const img of images) {
      let list = imagesOf.get(img.requestId);
      if (!list) imagesOf.set(img.requestId, (list = []));
      list.push({ link: fileLink(img.fileKey), location: img.location });
    }
    return {
      data: {
        requests: rows.map(({ q, ...c }) => ({
          id: q.id,
          sensorId: q.sensorId,
          requestType: q.requestType,
          clientType: q.clientType,
          createdAt: q.createdAt.toISOString(),
          updatedAt: q.updatedAt.toISOString(),
          address: q.address,
          location: { latitude: q.latitude, longitude: q.longitude },
          locationFromAddress: q.locationFromAddress,
          email: q.email,
          phone: q.phone,
          language: q.language,
          images: imagesOf.get(q.id) ?? [],
          contractorId: q.contractorId,
          contractorName: c.contractorName,
          contractorLogo: c.contractorLogo,
          contractorLink: c.contractorLink,
          notes: q.notes,
          staffNotes: q.staffNotes,
          state: q.state,
        })),
      },
      meta: { totalCount },
    };
  };
  app.get('/installations/requests/', requestsList, requestsHandler);
  app.get(
    '/installations/requests',
    { ...requestsList, schema: { ...requestsList.schema, hide: true } },
    requestsHandler,
  );

  app.get(
    '/installations/requests/open/count',
    {
      config: { permission: 'view_installation_requests' },
      schema: {
        summary: 'Number of open (WAITING or HOLD) installation requests',
        tags: ['installation requests'],
        response: { 200: z.object({ count: z.number().int() }) },
      },
    },
    async () => ({
      count: await countOf(
        db
          .select({ n: COUNT })
          .from(installationRequests)
          .where(inArray(installationRequests.state, [...OPEN_REQUEST_STATES])),
      ),
    }),
  );
};

export function pickFactors(
  map: FactorMap | null | undefined,
  params: readonly string[],
): Record<string, { A: number; B: number; C: number }> {
  const out: Record<string, { A: number; B: number; C: number }> = {};
  for (const p of params) {
    const f = map?.[p];
    if (f && typeof f.A === 'number' && typeof f.B === 'number' && typeof f.C === 'number')
      out[p] = { A: f.A, B: f.B, C: f.C };
  }
  return out;
}
