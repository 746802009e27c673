/**
 * API-user manager, read side: the paged list of API-key users with their contractor and limits.
 *
 * customDealExpired flags the "Custom limits with expired deal!" warning: the user has a custom
 * limit (standard or samples) while their contractor's end of deal lies before today (UTC).
 */
import { z } from 'zod';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { LIMIT_PERIODS } from '../../../common/domain';
import { apiUsers, contractors, type Limits } from '../../db/schema';
import { likePattern, offsetOf, pageQuery } from '../../http/paging';
import type { ServiceRoutes } from '../../http/service';
import { orderWithEmptyLast } from '../../lists/sorting';

export const API_USERS_MAX_LIMIT = 200;
export const API_USERS_DEFAULT_LIMIT = 10;
/** At most this many contractor ids in one filter. */
export const MAX_CONTRACTOR_FILTER = 1000;

const lower = (column: AnyPgColumn) => sql`lower(${column})`;

const SORTABLE: Record<string, { expr: SQL | AnyPgColumn; notNull: boolean }> = {
  id: { expr: apiUsers.id, notNull: true },
  username: { expr: lower(apiUsers.username), notNull: true },
  customId: { expr: apiUsers.customId, notNull: false },
  contractorName: { expr: lower(contractors.name), notNull: false },
  endOfDeal: { expr: contractors.endOfDeal, notNull: false },
  companyOwner: { expr: lower(contractors.companyOwner), notNull: false },
  internal: { expr: apiUsers.internal, notNull: true },
  samplesApi: { expr: apiUsers.samplesApi, notNull: true },
};
const SORT_KEYS = Object.keys(SORTABLE) as [string, ...string[]];

const idList = z
  .string()
  .max(12 * MAX_CONTRACTOR_FILTER)
  .regex(/^(\s*\d{1,9}\s*(,\s*\d{1,9}\s*)*)?$/, 'contractors must be comma-separated contractor ids')
  .transform((s) => (s.trim() === '' ? undefined : [...new Set(s.split(',').map((x) => Number(x.trim())))]))
  .refine(
    (ids) => ids === undefined || ids.length <= MAX_CONTRACTOR_FILTER,
    `At most ${MAX_CONTRACTOR_FILTER} contractor ids`,
  );

const listQuery = z.object({
  ...pageQuery(API_USERS_MAX_LIMIT, API_USERS_DEFAULT_LIMIT),
  contractors: idList.optional().describe('Comma-separated contractor ids: only users of these contractors'),
  sortBy: z.enum(SORT_KEYS).default('id'),
  order: z.enum(['asc', 'desc']).default('asc'),
  search: z
    .string()
    .max(200)
    .optional()
    .describe('Case-insensitive text in the username, custom id or contractor name'),
});

const limits = z
  .object(
    Object.fromEntries(LIMIT_PERIODS.map((p) => [p, z.number().optional()])) as Record<
      (typeof LIMIT_PERIODS)[number],
      z.ZodOptional<z.ZodNumber>
    >,
  )
  .nullable()
  .describe('null (the default limits) or requests allowed per period');

const userRow = z.object({
  id: z.number().int(),
  username: z.string(),
  customId: z.string().nullable(),
  contractorId: z.number().int().nullable(),
  contractorName: z.string().nullable(),
  endOfDeal: z.string().nullable(),
  companyOwner: z.string().nullable(),
  internal: z.boolean(),
  samplesApi: z.boolean(),
  limitStandard: limits,
  limitSamples: limits,
  customDealExpired: z.boolean().describe('A custom limit exists and the contractor deal ended before today'),
});

const today = () => new Date().toISOString().slice(0, 10);

/** True when the user has a custom limit and the contractor's deal ended before `day` (YYYY-MM-DD). */
export function customDealExpired(
  u: { limitStandard: Limits | null; limitSamples: Limits | null; endOfDeal: string | null },
  day = today(),
): boolean {
  return (u.limitStandard !== null || u.limitSamples !== null) && u.endOfDeal !== null && u.endOfDeal < day;
}

export const apiUserReadRoutes: ServiceRoutes = (app, { db }) => {
  app.get(
    '/users',
    {
      config: { permission: 'view_api_users' },
      schema: {
        summary: 'API-key users, paged, sorted, searched and filtered by contractor',
        tags: ['users'],
        querystring: listQuery,
        response: { 200: z.object({ users: z.array(userRow), totalUsers: z.number().int() }) },
      },
    },
    async (request) => {
      const q = request.query;
      const where: SQL[] = [];
      if (q.contractors) where.push(inArray(apiUsers.contractorId, q.contractors));
      const search = q.search?.trim();
      if (search) {
        const like = likePattern(search);
        where.push(
          or(
            sql`${apiUsers.username} ilike ${like}`,
            sql`${apiUsers.customId} ilike ${like}`,
            sql`${contractors.name} ilike ${like}`,
          )!,
        );
      }
      const filter = and(...where);
      const sort = SORTABLE[q.sortBy]!;
      const orderBy = orderWithEmptyLast(sort.expr, q.order, apiUsers.id, sort.notNull);

      const [rows, [count]] = await Promise.all([
        db
          .select({
            id: apiUsers.id,
            username: apiUsers.username,
            customId: apiUsers.customId,
            contractorId: apiUsers.contractorId,
            contractorName: contractors.name,
            endOfDeal: contractors.endOfDeal,
            companyOwner: contractors.companyOwner,
            internal: apiUsers.internal,
            samplesApi: apiUsers.samplesApi,
            limitStandard: apiUsers.limitStandard,
            limitSamples: apiUsers.limitSamples,
          })
          .from(apiUsers)
          .leftJoin(contractors, eq(contractors.id, apiUsers.contractorId))
          .where(filter)
          .orderBy(...orderBy)
          .limit(q.limit)
          .offset(offsetOf(q.page, q.limit)),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(apiUsers)
          .leftJoin(contractors, eq(contractors.id, apiUsers.contractorId))
          .where(filter),
      ]);
      const day = today();
      const users = rows.map((r) => {
        const limitStandard = r.limitStandard ?? null;
        const limitSamples = r.limitSamples ?? null;
        return {
          ...r,
          limitStandard,
          limitSamples,
          customDealExpired: customDealExpired({ limitStandard, limitSamples, endOfDeal: r.endOfDeal }, day),
        };
      });
      return { users, totalUsers: Number(count?.n ?? 0) };
    },
  );
};
