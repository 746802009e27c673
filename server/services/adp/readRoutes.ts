/**
 * Developer-portal admin API, read side: the user list and one user, and the plans.
 *
 * Contractor fields (contractorId, contractorName, endOfDeal, companyOwner) need
 * view_contractors_adp_users; plan and trial need view_plans. Without them the fields are left out
 * of the rows and cannot be sorted on or filtered by (the contractor name is then not searched).
 */
import { z } from 'zod';
import { idParams } from '../../http/schemas';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ACCESS_VISIBILITY, ADP_USER_STATUSES, ADP_USER_TYPES } from '../../../common/domain';
import type { Permission, PermissionSet } from '../../../common/permissions';
import type { Executor } from '../../db';
import { adpAccessDefinitions, adpPlans, adpTrials, adpUsers, contractors } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { likePattern, offsetOf, pageQuery } from '../../http/paging';
import type { ServiceRoutes } from '../../http/service';
import { orderWithEmptyLast } from '../../lists/sorting';

export const ADP_USERS_DEFAULT_LIMIT = 20;
export const ADP_USERS_MAX_LIMIT = 1000;

const CONTRACTOR_PERMISSION = 'view_contractors_adp_users' satisfies Permission;
const PLAN_PERMISSION = 'view_plans';

/** Written out qualified: the correlation must not depend on how drizzle renders the outer query. */
const ACCESS_COUNT = sql<number>`(select count(*)::int from ${sql.raw('"adp_access_definitions" ad where ad."user_id" = "adp_users"."id"')})`;

const lower = (column: AnyPgColumn) => sql`lower(${column})`;

/** Sort keys; `needs` is the permission that reveals the field. */
const SORTABLE: Record<string, { expr: SQL | AnyPgColumn; notNull: boolean; needs?: Permission }> = {
  id: { expr: adpUsers.id, notNull: true },
  nickname: { expr: lower(adpUsers.nickname), notNull: true },
  email: { expr: lower(adpUsers.email), notNull: true },
  status: { expr: adpUsers.status, notNull: true },
  type: { expr: adpUsers.type, notNull: true },
  accessCount: { expr: ACCESS_COUNT, notNull: true },
  plan: { expr: adpUsers.planName, notNull: true, needs: PLAN_PERMISSION },
  contractorName: { expr: lower(contractors.name), notNull: false, needs: CONTRACTOR_PERMISSION },
  endOfDeal: { expr: contractors.endOfDeal, notNull: false, needs: CONTRACTOR_PERMISSION },
  companyOwner: { expr: lower(contractors.companyOwner), notNull: false, needs: CONTRACTOR_PERMISSION },
};
const SORT_KEYS = Object.keys(SORTABLE) as [string, ...string[]];

const listQuery = z.object({
  ...pageQuery(ADP_USERS_MAX_LIMIT, ADP_USERS_DEFAULT_LIMIT),
  sortBy: z
    .enum(SORT_KEYS)
    .default('id')
    .describe('Sort field; plan needs view_plans, contractor fields need view_contractors_adp_users'),
  order: z.enum(['asc', 'desc']).default('asc'),
  search: z.string().max(200).optional().describe('Case-insensitive text in the nickname, e-mail or contractor name'),
  contractor: z
    .string()
    .max(200)
    .optional()
    .describe('Exact contractor name (case-insensitive); needs view_contractors_adp_users'),
});

const plan = z.object({ name: z.string(), displayName: z.string() });
const trial = z.object({ trialPlanName: z.string(), postTrialPlanName: z.string(), endDate: z.string() });

const userRow = z.object({
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

const userDetail = userRow.extend({
  settings: z.record(z.string(), z.unknown()),
  accessDefinitions: z.array(accessDefinition),
});

const listResponse = z.object({
  data: z.object({ users: z.array(userRow) }),
  meta: z.object({ totalCount: z.number().int() }),
});

const columns = {
  id: adpUsers.id,
  nickname: adpUsers.nickname,
  email: adpUsers.email,
  status: adpUsers.status,
  planName: adpUsers.planName,
  planDisplayName: adpPlans.displayName,
  trialPlanName: adpTrials.trialPlanName,
  postTrialPlanName: adpTrials.postTrialPlanName,
  trialEndDate: adpTrials.endDate,
  contractorId: adpUsers.contractorId,
  contractorName: contractors.name,
  endOfDeal: contractors.endOfDeal,
  companyOwner: contractors.companyOwner,
  type: adpUsers.type,
  reason: adpUsers.reason,
  accessCount: ACCESS_COUNT,
};

function baseQuery(db: Executor) {
  return db
    .select(columns)
    .from(adpUsers)
    .innerJoin(adpPlans, eq(adpPlans.name, adpUsers.planName))
    .leftJoin(adpTrials, eq(adpTrials.userId, adpUsers.id))
    .leftJoin(contractors, eq(contractors.id, adpUsers.contractorId));
}

type Row = Awaited<ReturnType<typeof baseQuery>>[number];

/** A row as the caller may see it. */
function present(row: Row, permissions: PermissionSet): z.infer<typeof userRow> {
  const out: z.infer<typeof userRow> = {
    id: row.id,
    nickname: row.nickname,
    email: row.email,
    status: row.status,
    type: row.type,
    reason: row.reason,
    accessCount: Number(row.accessCount),
  };
  if (permissions.can(PLAN_PERMISSION)) {
    out.plan = { name: row.planName, displayName: row.planDisplayName };
    out.trial =
      row.trialPlanName !== null
        ? { trialPlanName: row.trialPlanName, postTrialPlanName: row.postTrialPlanName!, endDate: row.trialEndDate! }
        : null;
  }
  if (permissions.can(CONTRACTOR_PERMISSION)) {
    out.contractorId = row.contractorId;
    out.contractorName = row.contractorName;
    out.endOfDeal = row.endOfDeal;
    out.companyOwner = row.companyOwner;
  }
  return out;
}

export const adpReadRoutes: ServiceRoutes = (app, { db }) => {
  app.get(
    '/admin/users',
    {
      config: { permission: 'view_panel_users' },
      schema: {
        summary: 'Developer-portal users, paged, sorted and searched',
        tags: ['users'],
        querystring: listQuery,
        response: { 200: listResponse },
      },
    },
    async (request) => {
      const q = request.query;
      const perms = request.principal.permissions;
      const seesContractors = perms.can(CONTRACTOR_PERMISSION);
      const sort = SORTABLE[q.sortBy]!;
      if (sort.needs && !perms.can(sort.needs))
        throw badRequest(`Sorting by ${q.sortBy} needs the ${sort.needs} permission`);
      if (q.contractor !== undefined && !seesContractors)
        throw forbidden(`You need the ${CONTRACTOR_PERMISSION} permission to filter by contractor`);

      const where: SQL[] = [];
      const search = q.search?.trim();
      if (search) {
        const like = likePattern(search);
        where.push(
          seesContractors
            ? sql`(${adpUsers.nickname} ilike ${like} or ${adpUsers.email} ilike ${like} or ${contractors.name} ilike ${like})`
            : sql`(${adpUsers.nickname} ilike ${like} or ${adpUsers.email} ilike ${like})`,
        );
      }
      const contractor = q.contractor?.trim();
      if (contractor) where.push(sql`lower(${contractors.name}) = lower(${contractor})`);
      const filter = and(...where);

      const orderBy = orderWithEmptyLast(sort.expr, q.order, adpUsers.id, sort.notNull);

      const [rows, [count]] = await Promise.all([
        baseQuery(db)
          .where(filter)
          .orderBy(...orderBy)
          .limit(q.limit)
          .offset(offsetOf(q.page, q.limit)),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(adpUsers)
          .leftJoin(contractors, eq(contractors.id, adpUsers.contractorId))
          .where(filter),
      ]);
      return {
        data: { users: rows.map((r) => present(r, perms)) },
        meta: { totalCount: Number(count?.n ?? 0) },
      };
    },
  );

  app.get(
    '/admin/users/:id',
    {
      config: { permission: 'view_panel_users' },
      schema: {
        summary: 'One developer-portal user with settings and access definitions',
        tags: ['users'],
        params: idParams,
        response: { 200: z.object({ data: z.object({ user: userDetail }) }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [[row], [extra], accessDefinitions] = await Promise.all([
        baseQuery(db).where(eq(adpUsers.id, id)),
        db.select({ settings: adpUsers.settings }).from(adpUsers).where(eq(adpUsers.id, id)),
        db
          .select({
            id: adpAccessDefinitions.id,
            sponsorId: adpAccessDefinitions.sponsorId,
            osmId: adpAccessDefinitions.osmId,
            installationId: adpAccessDefinitions.installationId,
            visibility: adpAccessDefinitions.visibility,
            canBeEdited: adpAccessDefinitions.canBeEdited,
          })
          .from(adpAccessDefinitions)
          .where(eq(adpAccessDefinitions.userId, id))
          .orderBy(asc(adpAccessDefinitions.id)),
      ]);
      if (!row) throw notFound(`Developer-portal user ${id} does not exist`);
      const user = {
        ...present(row, request.principal.permissions),
        settings: extra?.settings ?? {},
        accessDefinitions,
      };
      return { data: { user } };
    },
  );

  app.get(
    '/admin/plans',
    {
      config: { permission: PLAN_PERMISSION },
      schema: {
        summary: 'Plans a developer-portal user can have, sorted by name',
        tags: ['plans'],
        response: {
          200: z.object({
            data: z.array(z.object({ name: z.string(), displayName: z.string(), isTrialPlan: z.boolean() })),
          }),
        },
      },
    },
    async () => {
      const data = await db
        .select({ name: adpPlans.name, displayName: adpPlans.displayName, isTrialPlan: adpPlans.isTrialPlan })
        .from(adpPlans)
        .orderBy(asc(adpPlans.name));
      return { data };
    },
  );
};
