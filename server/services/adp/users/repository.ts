/**
 * Developer-portal users, data access: the list's sort keys, filters and SQL, one user with its
 * settings and access definitions, the row as the caller may see it; the user's row for a change,
 * its writes and the lookups its checks need (access definitions: ./accessRepository.ts).
 *
 * Contractor fields (contractorId, contractorName, endOfDeal, companyOwner) need
 * view_contractors_adp_users; plan and trial need view_plans. Without them the fields are left out
 * of the rows and cannot be sorted on or filtered by (the contractor name is then not searched).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Permission, PermissionSet } from '../../../../common/permissions';
import type { Executor } from '../../../db';
import { adpPlans, adpTrials, adpUsers, contractors } from '../../../db/schema';
import { forbidden } from '../../../http/errors';
import { likePattern } from '../../../http/paging';
import { columnCell } from '../../../lists/csvStream';
import type { PagedListRepository } from '../../../lists/endpoint';
import { preparedSelect } from '../../../lists/preparedSelect';
import type { PageWindow, SortColumn } from '../../../lists/sorting';
import { accessDefinitionsOf } from './accessRepository';
import type { ADP_USER_SORT_KEYS, adpUserListQuery, adpUserRow } from './schemas';

const CONTRACTOR_PERMISSION = 'view_contractors_adp_users' satisfies Permission;
const PLAN_PERMISSION = 'view_plans' satisfies Permission;

/** Written out qualified: the correlation must not depend on how drizzle renders the outer query. */
const ACCESS_COUNT = sql<number>`(select count(*)::int from ${sql.raw('"adp_access_definitions" ad where ad."user_id" = "adp_users"."id"')})`;

const lower = (column: AnyPgColumn) => sql`lower(${column})`;

/** Sort keys; `needs` is the permission that reveals the field. */
const SORT: Record<(typeof ADP_USER_SORT_KEYS)[number], SortColumn> = {
  id: { expr: adpUsers.id, notNull: true },
  nickname: { expr: lower(adpUsers.nickname), notNull: true },
  email: { expr: lower(adpUsers.email), notNull: true },
  status: { expr: adpUsers.status, notNull: true },
  type: { expr: adpUsers.type, notNull: true },
  accessCount: { expr: ACCESS_COUNT, notNull: true },
  plan: { expr: adpUsers.planName, notNull: true, needs: PLAN_PERMISSION },
  contractorName: { expr: lower(contractors.name), needs: CONTRACTOR_PERMISSION },
  endOfDeal: { expr: contractors.endOfDeal, needs: CONTRACTOR_PERMISSION },
  companyOwner: { expr: lower(contractors.companyOwner), needs: CONTRACTOR_PERMISSION },
};

const COLUMNS = {
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

/** A page's rows: users with their plan, trial and contractor; and the users a count counts. */
const PAGE = preparedSelect(COLUMNS, (select) =>
  select
    .from(adpUsers)
    .innerJoin(adpPlans, eq(adpPlans.name, adpUsers.planName))
    .leftJoin(adpTrials, eq(adpTrials.userId, adpUsers.id))
    .leftJoin(contractors, eq(contractors.id, adpUsers.contractorId)),
);
const MATCHES = preparedSelect({ one: sql`1` }, (select) =>
  select.from(adpUsers).leftJoin(contractors, eq(contractors.id, adpUsers.contractorId)),
);

const page = (db: Executor, where: SQL | undefined, window: PageWindow) => PAGE.rows(db, where, window);

type Row = Awaited<ReturnType<typeof page>>[number];

/** A row as the caller may see it. */
function present(row: Row, permissions: PermissionSet): z.infer<typeof adpUserRow> {
  const out: z.infer<typeof adpUserRow> = {
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

export const adpUserList: PagedListRepository<Row, z.infer<typeof adpUserListQuery>> = {
  sort: SORT,
  tieBreak: adpUsers.id,
  where({ query, permissions }) {
    const seesContractors = permissions.can(CONTRACTOR_PERMISSION);
    if (query.contractor !== undefined && !seesContractors)
      throw forbidden(`You need the ${CONTRACTOR_PERMISSION} permission to filter by contractor`);
    const where: SQL[] = [];
    const search = query.search?.trim();
    if (search) {
      const like = likePattern(search);
      where.push(
        seesContractors
          ? sql`(${adpUsers.nickname} ilike ${like} or ${adpUsers.email} ilike ${like} or ${contractors.name} ilike ${like})`
          : sql`(${adpUsers.nickname} ilike ${like} or ${adpUsers.email} ilike ${like})`,
      );
    }
    const contractor = query.contractor?.trim();
    if (contractor) where.push(sql`lower(${contractors.name}) = lower(${contractor})`);
    return and(...where);
  },
  page,
  count: (db, where) => MATCHES.count(db, where),
  shape: (rows, permissions) => rows.map((r) => present(r, permissions)),
  exportSql: {
    from: sql`${adpUsers}
      inner join ${adpPlans} on ${adpPlans.name} = ${adpUsers.planName}
      left join ${adpTrials} on ${adpTrials.userId} = ${adpUsers.id}
      left join ${contractors} on ${contractors.id} = ${adpUsers.contractorId}`,
    cell(path, permissions) {
      // What `present` shows the caller: plan and contractor fields only with their permissions.
      if (path === 'plan.displayName')
        return permissions.can(PLAN_PERMISSION) ? columnCell(adpPlans.displayName) : undefined;
      if (path === 'trial')
        return permissions.can(PLAN_PERMISSION)
          ? {
              sql: sql`(case when ${adpTrials.trialPlanName} is not null then json_build_object('trialPlanName', ${adpTrials.trialPlanName}, 'postTrialPlanName', ${adpTrials.postTrialPlanName}, 'endDate', ${adpTrials.endDate}::text) end)`,
            }
          : undefined;
      if (CONTRACTOR_FIELDS.has(path) && !permissions.can(CONTRACTOR_PERMISSION)) return undefined;
      if (path === 'accessCount') return { sql: ACCESS_COUNT };
      const column = (COLUMNS as Record<string, unknown>)[path];
      return column && path !== 'planName' ? columnCell(column as AnyPgColumn) : undefined;
    },
  },
};

const CONTRACTOR_FIELDS = new Set(['contractorId', 'contractorName', 'endOfDeal', 'companyOwner']);

/** One user as the caller may see it, with settings and access definitions; undefined when it does not exist. */
export async function findAdpUser(db: Executor, id: number, permissions: PermissionSet) {
  const [[row], [extra], accessDefinitions] = await Promise.all([
    PAGE.rows(db, eq(adpUsers.id, id)),
    db.select({ settings: adpUsers.settings }).from(adpUsers).where(eq(adpUsers.id, id)),
    accessDefinitionsOf(db, id),
  ]);
  if (!row) return undefined;
  return { ...present(row, permissions), settings: extra?.settings ?? {}, accessDefinitions };
}

// ---- Writes ----

export type AdpUserRow = typeof adpUsers.$inferSelect;

/** The user's stored row, locked for a change unless `lock` is false; undefined when there is none. */
export async function loadAdpUser(db: Executor, id: number, lock = true): Promise<AdpUserRow | undefined> {
  const query = db.select().from(adpUsers).where(eq(adpUsers.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** The id of the user with this e-mail address (case-insensitive), if any. */
export async function userIdWithEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: adpUsers.id })
    .from(adpUsers)
    .where(sql`lower(${adpUsers.email}) = lower(${email})`);
  return row?.id;
}

export async function insertAdpUser(db: Executor, values: typeof adpUsers.$inferInsert) {
  const [row] = await db.insert(adpUsers).values(values).returning();
  return row!;
}

/** Changes some fields of a user; its row after the change. */
export async function updateAdpUser(db: Executor, id: number, set: Partial<typeof adpUsers.$inferInsert>) {
  const [row] = await db.update(adpUsers).set(set).where(eq(adpUsers.id, id)).returning();
  return row!;
}

/** Deletes a user; its trial and access definitions go with it (foreign keys). */
export async function deleteAdpUser(db: Executor, id: number) {
  await db.delete(adpUsers).where(eq(adpUsers.id, id));
}
