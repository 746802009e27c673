/** Audit logs: the caller's own events, and every event for admins. */
import { z } from 'zod';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { AUDIT_DEFAULT_PAGE_SIZE } from '../../../common/domain';
import { AUDIT_EVENT_TYPES } from '../../../common/auditEvents';
import { auditLogs } from '../../db/schema';
import { likePattern, offsetOf, pageQuery } from '../../http/paging';
import type { ServiceRoutes } from '../../http/service';
import type { Principal } from '../../auth/sessions';
import type { Db } from '../../db';

const SORTABLE = {
  logId: auditLogs.logId,
  createdDate: auditLogs.createdDate,
  eventType: auditLogs.eventType,
  sourceName: auditLogs.sourceName,
  userName: auditLogs.userName,
} as const;

/**
 * The text a search matches: message, user name and source, newline-separated so a match never
 * spans two fields. The trigram GIN index `audit_logs_search_trgm_idx` (migration 0001) is built
 * over exactly this expression; the planner uses it only while the two stay identical.
 */
export const SEARCH_DOCUMENT = sql`(${auditLogs.message} || E'\\n' || coalesce(${auditLogs.userName}, '') || E'\\n' || ${auditLogs.sourceName})`;

const query = z.object({
  ...pageQuery(1000, AUDIT_DEFAULT_PAGE_SIZE),
  sortBy: z.enum(Object.keys(SORTABLE) as [keyof typeof SORTABLE]).default('logId'),
  descending: z.enum(['true', 'false']).default('true'),
  type: z.enum(AUDIT_EVENT_TYPES).optional(),
  search: z.string().max(200).optional(),
});

const logRow = z.object({
  logId: z.number(),
  createdDate: z.date(),
  userName: z.string().nullable(),
  eventType: z.string(),
  sourceName: z.string(),
  message: z.string(),
});

/**
 * A search is counted only up to this many matches: counting every row that contains a common word
 * (a third of a million rows, each re-checked against the pattern) would cost more than the page
 * itself. Above the cap, totalCount is the cap and `capped` is true ("more than 10,000").
 * Unsearched lists are counted exactly (an index-only count, cheap even over a million rows).
 */
export const SEARCH_COUNT_CAP = 10_000;

const response = z.object({
  data: z.object({ logs: z.array(logRow) }),
  meta: z.object({
    totalCount: z.number().describe(`Matching rows; with a search, at most ${SEARCH_COUNT_CAP}`),
    capped: z.boolean().describe('True when a search matched more rows than totalCount says'),
  }),
});

export type AuditLogQuery = z.infer<typeof query>;

/** One page of audit logs and the number of matching rows; `onlyUser` restricts to one user's events. */
export async function listLogs(db: Db, q: AuditLogQuery, onlyUser?: number) {
  const where: SQL[] = [];
  if (onlyUser !== undefined) where.push(eq(auditLogs.userId, onlyUser));
  if (q.type) where.push(eq(auditLogs.eventType, q.type));
  const search = q.search?.trim();
  if (search) where.push(sql`${SEARCH_DOCUMENT} ilike ${likePattern(search)}`);
  const column = SORTABLE[q.sortBy];
  const direction = q.descending === 'true' ? desc : asc;
  const filter = and(...where);
  const [logs, [count]] = await Promise.all([
    db
      .select({
        logId: auditLogs.logId,
        createdDate: auditLogs.createdDate,
        userName: auditLogs.userName,
        eventType: auditLogs.eventType,
        sourceName: auditLogs.sourceName,
        message: auditLogs.message,
      })
      .from(auditLogs)
      .where(filter)
      .orderBy(direction(column), direction(auditLogs.logId))
      .limit(q.limit)
      .offset(offsetOf(q.page, q.limit)),
    search
      ? db.select({ n: sql<number>`count(*)::int` }).from(
          db
            .select({ one: sql`1` })
            .from(auditLogs)
            .where(filter)
            .limit(SEARCH_COUNT_CAP + 1)
            .as('matches'),
        )
      : db
          .select({ n: sql<number>`count(*)::int` })
          .from(auditLogs)
          .where(filter),
  ]);
  const n = count?.n ?? 0;
  const capped = Boolean(search) && n > SEARCH_COUNT_CAP;
  return { data: { logs }, meta: { totalCount: capped ? SEARCH_COUNT_CAP : n, capped } };
}

export const auditRoutes: ServiceRoutes = (app, { db }) => {
  app.get(
    '/audit/logs/personal',
    {
      config: { permission: 'view_logs' },
      schema: {
        summary: "The caller's own audit events",
        tags: ['audit'],
        querystring: query,
        response: { 200: response },
      },
    },
    async (request) => listLogs(db, request.query, (request.principal as Principal).user.id),
  );
  app.get(
    '/audit/logs/admin',
    {
      config: { permission: 'admin_view_logs' },
      schema: { summary: 'Every audit event', tags: ['audit'], querystring: query, response: { 200: response } },
    },
    async (request) => listLogs(db, request.query),
  );
};
