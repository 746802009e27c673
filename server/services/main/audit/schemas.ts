/** Audit logs, request and response shapes: the list's querystring (page, limit, sortBy, order or descending, type, search) and row. */
import { z } from 'zod';
import { AUDIT_EVENT_TYPES } from '../../../../common/auditEvents';
import { AUDIT_DEFAULT_PAGE_SIZE } from '../../../../common/domain';
import { pageQuery } from '../../../http/paging';
import { descendingQuery, sortQuery } from '../../../lists/params';
import { LIST_COUNT_CAP, PAGES_AHEAD } from '../../../lists/endpoint';

export const AUDIT_SORT_KEYS = ['logId', 'createdDate', 'eventType', 'sourceName', 'userName'] as const;

export const auditLogQuery = z.object({
  ...pageQuery(1000, AUDIT_DEFAULT_PAGE_SIZE),
  ...sortQuery(AUDIT_SORT_KEYS, 'logId', 'desc'),
  ...descendingQuery,
  type: z.enum(AUDIT_EVENT_TYPES).optional(),
  search: z.string().max(200).optional(),
});

export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const auditLogRow = z.object({
  logId: z.number(),
  createdDate: z.date(),
  userName: z.string().nullable(),
  eventType: z.string(),
  sourceName: z.string(),
  message: z.string(),
});

/**
 * The envelope (data.logs, meta.totalCount) and the count cap, shared by both lists and the
 * benchmark. The audit lists count as the query-language lists do: up to LIST_COUNT_CAP matches, or
 * ten pages past the page asked for when that is further (`listCountCap`). Counting every row that
 * contains a common word (a third of a million rows, each re-checked against the pattern) costs more
 * than the page itself, and so does counting a million unfiltered rows (112 ms on PostgreSQL, an
 * index-only scan in three processes). Above the cap, totalCount is the cap and `capped` is true
 * ("more than 10,000"); a client paging on finds a larger cap on each later page.
 */
export const AUDIT_LIST_OPTIONS = {
  envelope: { rows: 'data.logs', total: 'meta.totalCount' },
  countCap: { max: LIST_COUNT_CAP, pagesAhead: PAGES_AHEAD },
} as const;
