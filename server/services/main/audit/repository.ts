/**
 * Audit logs, data access: the sort keys, the filters (event type, search, and for the personal
 * list the caller's own events) and the SQL of a page and of its (capped) count.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../db';
import { auditLogs } from '../../../db/schema';
import { likePattern } from '../../../http/paging';
import type { PagedListRepository } from '../../../lists/endpoint';
import { preparedSelect } from '../../../lists/preparedSelect';
import type { PageWindow, SortColumn } from '../../../lists/sorting';
import type { AUDIT_SORT_KEYS, AuditLogQuery, auditLogRow } from './schemas';

/**
 * The text a search matches: message, user name and source, newline-separated so a match never
 * spans two fields. The trigram GIN index `audit_logs_search_trgm_idx` (migration 0001) is built
 * over exactly this expression; the planner uses it only while the two stay identical.
 */
export const SEARCH_DOCUMENT = sql`(${auditLogs.message} || E'\\n' || coalesce(${auditLogs.userName}, '') || E'\\n' || ${auditLogs.sourceName})`;

/**
 * Searches shorter than a trigram. pg_trgm cannot answer them, so they are served by two GIN
 * indexes over the lower-cased search document: `audit_logs_search_chars_idx` (migration 0011) over
 * its set of characters, and for 2-character searches `audit_logs_search_pairs_idx` (migration
 * 0012) over its adjacent character pairs, which finds exactly the rows holding the pair even when
 * both characters are common ("ts": the character set alone would narrow nothing). `shortSearch`
 * is true for them and `shortSearchKeys` is the extra, index-matching predicate. It only narrows
 * the rows the ILIKE then checks, so the matches are unchanged.
 */
export const SHORT_SEARCH_MAX = 2;
export const shortSearch = (search: string) => [...search].length <= SHORT_SEARCH_MAX;
/** The lower-cased search document, as the indexes of 0011 and 0012 spell it. */
const LOWER_DOCUMENT = sql`lower(${SEARCH_DOCUMENT})`;
/**
 * The adjacent character pairs of the lower-cased search document, exactly as migration 0012
 * indexes them (pairs at even offsets, then at odd offsets, split at an inserted U+0001).
 */
export const SEARCH_PAIRS = sql`string_to_array(regexp_replace(${LOWER_DOCUMENT}, '(..)', ${sql.raw(String.raw`E'\\1\x01'`)}, 'g') || ${sql.raw(String.raw`E'\x01'`)} || regexp_replace(substr(${LOWER_DOCUMENT}, 2), '(..)', ${sql.raw(String.raw`E'\\1\x01'`)}, 'g'), ${sql.raw(String.raw`E'\x01'`)})`;
/**
 * Whether a search is common among the newest rows: it matches at least COMMON_SHARE of the
 * newest COMMON_PROBE_ROWS (one short read of the primary key's end). A common search is left to
 * its ILIKE alone (`commonSearchMatch`), which the planner answers walking the index of the list's
 * order: a page of matches and the capped count are found within the first rows read, while a
 * search index would hand over nearly every row of the table ("se" is in every "user…" name). A
 * rare short one gets the index predicate; a rare longer one the trigram index.
 */
export const COMMON_PROBE_ROWS = 2000;
export const COMMON_SHARE = 0.25;
export async function commonAmongNewest(db: Executor, search: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*) filter (where ${sql.raw('newest.document')} ilike ${likePattern(search)})::int` })
    .from(
      db
        .select({ document: sql`${SEARCH_DOCUMENT}`.as('document') })
        .from(auditLogs)
        .orderBy(desc(auditLogs.logId))
        .limit(COMMON_PROBE_ROWS)
        .as('newest'),
    );
  return Number(row?.n ?? 0) >= COMMON_PROBE_ROWS * COMMON_SHARE;
}

/** The search's ILIKE over the search document: the predicate the trigram index serves. */
const searchMatch = (search: string) => sql`${SEARCH_DOCUMENT} ilike ${likePattern(search)}`;

/**
 * A common search's predicate: its ILIKE inside `coalesce(…, false)`, which matches the same rows.
 * No search index matches the wrapped expression (the trigram index would hand over a third of the
 * table for "sensor"), and the planner, which cannot estimate an ILIKE over the document (it
 * expected 320 of a million rows to hold "sensor", against a third), takes a boolean function as
 * true for half the rows. Expecting many matches, it walks the index of the list's order and stops
 * after a page (1,000,000 rows on PostgreSQL, "sensor" sorted by source: 517 ms scanning and sorting
 * a third of the table, 2.9 ms walking audit_logs_source_idx; one user's, newest first: 139 → 4 ms).
 */
export const commonSearchMatch = (search: string) => sql`coalesce(${searchMatch(search)}, false)`;

export const shortSearchKeys = (search: string) =>
  [...search].length === 2 && !search.includes('\u0001')
    ? sql`${SEARCH_PAIRS} @> array[lower(${search}::text)]`
    : sql`string_to_array(${LOWER_DOCUMENT}, NULL) @> string_to_array(lower(${search}::text), NULL)`;

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

/** A page's rows (exported for the plan tests: the statement the route sends), and the events a count counts. */
export const AUDIT_PAGE = preparedSelect(PAGE_SELECT, (select) => select.from(auditLogs));

const page = (db: Executor, where: SQL | undefined, window: PageWindow) => AUDIT_PAGE.rows(db, where, window);

type Row = Awaited<ReturnType<typeof page>>[number];

/** Every event (admin), or the caller's own (personal). */
export type AuditScope = 'admin' | 'personal';

export function auditLogList(scope: AuditScope): PagedListRepository<Row, AuditLogQuery> {
  return {
    sort: SORT,
    tieBreak: auditLogs.logId,
    async where({ db, query, principal }) {
      const where: SQL[] = [];
      if (scope === 'personal') where.push(eq(auditLogs.userId, principal.user.id));
      if (query.type) where.push(eq(auditLogs.eventType, query.type));
      const search = query.search?.trim();
      if (search) {
        const common = await commonAmongNewest(db, search);
        where.push(common ? commonSearchMatch(search) : searchMatch(search));
        if (shortSearch(search) && !common) where.push(shortSearchKeys(search));
      }
      return and(...where);
    },
    page,
    // With a cap (searches), the matches are counted through a LIMIT: the count stops at the cap.
    count: (db, where, atMost) => AUDIT_PAGE.count(db, where, atMost),
    shape: (rows) => rows satisfies z.infer<typeof auditLogRow>[],
  };
}

export const personalAuditLogs = auditLogList('personal');
export const adminAuditLogs = auditLogList('admin');
