/**
 * Audit logs, data access: the sort keys, the filters (event type, search, and for the personal
 * list the caller's own events) and the SQL of a page and of its (capped) count.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../db';
import { auditLogs } from '../../../db/schema';
import { likePattern } from '../../../http/paging';
import { COUNT, countOf } from '../../../lists/count';
import type { PagedListRepository } from '../../../lists/endpoint';
import { inWindow, type PageWindow, type SortColumn } from '../../../lists/sorting';
import type { AUDIT_SORT_KEYS, AuditLogQuery, auditLogRow } from './schemas';

/**
 * The text a search matches: message, user name and source, newline-separated so a match never
 * spans two fields. The trigram GIN index `audit_logs_search_trgm_idx` (migration 0001) is built
 * over exactly this expression; the planner uses it only while the two stay identical.
 */
export const SEARCH_DOCUMENT = sql`(${auditLogs.message} || E'\\n' || coalesce(${auditLogs.userName}, '') || E'\\n' || ${auditLogs.sourceName})`;

/**
 * Searches shorter than a trigram. pg_trgm cannot answer them, so they are served by the GIN index
 * `audit_logs_search_chars_idx` (migration 0011) over the set of characters of the lower-cased
 * search document: `shortSearch` is true for them and `shortSearchKeys` is the extra, index-matching
 * predicate (the row holds every character of the search). It only narrows the rows the ILIKE then
 * checks, so the matches are unchanged.
 */
export const SHORT_SEARCH_MAX = 2;
export const shortSearch = (search: string) => [...search].length <= SHORT_SEARCH_MAX;
export const shortSearchKeys = (search: string) =>
  sql`string_to_array(lower(${SEARCH_DOCUMENT}), NULL) @> string_to_array(lower(${search}::text), NULL)`;

/** userName is empty for system events: those rows come last in both directions, as in every list. */
const SORT: Record<(typeof AUDIT_SORT_KEYS)[number], SortColumn> = {
  logId: { expr: auditLogs.logId, notNull: true },
  createdDate: { expr: auditLogs.createdDate, notNull: true },
  eventType: { expr: auditLogs.eventType, notNull: true },
  sourceName: { expr: auditLogs.sourceName, notNull: true },
  userName: { expr: auditLogs.userName },
};

const PAGE_SELECT = {
  logId: auditLogs.logId,
  createdDate: auditLogs.createdDate,
  userName: auditLogs.userName,
  eventType: auditLogs.eventType,
  sourceName: auditLogs.sourceName,
  message: auditLogs.message,
};

const page = (db: Executor, where: SQL | undefined, window: PageWindow) =>
  inWindow(db.select(PAGE_SELECT).from(auditLogs).where(where).$dynamic(), window);

type Row = Awaited<ReturnType<typeof page>>[number];

/** Every event (admin), or the caller's own (personal). */
export type AuditScope = 'admin' | 'personal';

export function auditLogList(scope: AuditScope): PagedListRepository<Row, AuditLogQuery> {
  return {
    sort: SORT,
    tieBreak: auditLogs.logId,
    where({ query, principal }) {
      const where: SQL[] = [];
      if (scope === 'personal') where.push(eq(auditLogs.userId, principal.user.id));
      if (query.type) where.push(eq(auditLogs.eventType, query.type));
      const search = query.search?.trim();
      if (search) {
        where.push(sql`${SEARCH_DOCUMENT} ilike ${likePattern(search)}`);
        if (shortSearch(search)) where.push(shortSearchKeys(search));
      }
      return and(...where);
    },
    page,
    // With a cap (searches), the matches are counted through a LIMIT: the count stops at the cap.
    count: (db, where, atMost) =>
      countOf(
        atMost === undefined
          ? db.select({ n: COUNT }).from(auditLogs).where(where)
          : db.select({ n: COUNT }).from(
              db
                .select({ one: sql`1` })
                .from(auditLogs)
                .where(where)
                .limit(atMost)
                .as('matches'),
            ),
      ),
    shape: (rows) => rows satisfies z.infer<typeof auditLogRow>[],
  };
}

export const personalAuditLogs = auditLogList('personal');
export const adminAuditLogs = auditLogList('admin');
