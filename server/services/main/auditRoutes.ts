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

const response = z.object({ data: z.object({ logs: z.array(logRow) }), meta: z.object({ totalCount: z.number() }) });

async function listLogs(db: Db, q: z.infer<typeof query>, onlyUser?: number) {
  const where: SQL[] = [];
  if (onlyUser !== undefined) where.push(eq(auditLogs.userId, onlyUser));
  if (q.type) where.push(eq(auditLogs.eventType, q.type));
  if (q.search?.trim()) {
    const like = likePattern(q.search.trim());
    where.push(sql`(${auditLogs.message} ilike ${like} or ${auditLogs.userName} ilike ${like} or ${auditLogs.sourceName} ilike ${like})`);
  }
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
    db.select({ n: sql<number>`count(*)::int` }).from(auditLogs).where(filter),
  ]);
  return { data: { logs }, meta: { totalCount: count?.n ?? 0 } };
}

export const auditRoutes: ServiceRoutes = (app, { db }) => {
  app.get(
    '/audit/logs/personal',
    {
      config: { permission: 'view_logs' },
      schema: { summary: "The caller's own audit events", tags: ['audit'], querystring: query, response: { 200: response } },
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
