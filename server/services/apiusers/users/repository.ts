/**
 * API-key users, data access: the list's sort keys, filters and SQL (users joined with their
 * contractor), and the "Custom limits with expired deal!" flag.
 *
 * customDealExpired: the user has a custom limit (standard or samples) while their contractor's end
 * of deal lies before today (UTC).
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelectBuilder, SelectedFields } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../../db';
import { apiUsers, contractors, type Limits } from '../../../db/schema';
import { likePattern } from '../../../http/paging';
import { columnCell } from '../../../lists/csvStream';
import type { PagedListRepository } from '../../../lists/endpoint';
import { preparedSelect } from '../../../lists/preparedSelect';
import type { PageWindow, SortColumn } from '../../../lists/sorting';
import type { API_USER_SORT_KEYS, apiUserListQuery } from './schemas';

const lower = (column: AnyPgColumn) => sql`lower(${column})`;

const SORT: Record<(typeof API_USER_SORT_KEYS)[number], SortColumn> = {
  id: { expr: apiUsers.id, notNull: true },
  username: { expr: lower(apiUsers.username), notNull: true },
  customId: { expr: apiUsers.customId },
  contractorName: { expr: lower(contractors.name) },
  endOfDeal: { expr: contractors.endOfDeal },
  companyOwner: { expr: lower(contractors.companyOwner) },
  internal: { expr: apiUsers.internal, notNull: true },
  samplesAPI: { expr: apiUsers.samplesApi, notNull: true },
};

const today = () => new Date().toISOString().slice(0, 10);

/** True when the user has a custom limit and the contractor's deal ended before `day` (YYYY-MM-DD). */
export function customDealExpired(
  u: { limitStandard: Limits | null; limitSamples: Limits | null; endOfDeal: string | null },
  day = today(),
): boolean {
  return (u.limitStandard !== null || u.limitSamples !== null) && u.endOfDeal !== null && u.endOfDeal < day;
}

/** The list's FROM: users with their contractor (the page and the count filter on the same join). */
const fromApiUsers = <S extends SelectedFields>(select: PgSelectBuilder<S, 'qb'>) =>
  select.from(apiUsers).leftJoin(contractors, eq(contractors.id, apiUsers.contractorId));

const PAGE_SELECT = {
  id: apiUsers.id,
  username: apiUsers.username,
  customId: apiUsers.customId,
  contractorId: apiUsers.contractorId,
  contractorName: contractors.name,
  endOfDeal: contractors.endOfDeal,
  companyOwner: contractors.companyOwner,
  internal: apiUsers.internal,
  samplesAPI: apiUsers.samplesApi,
  limitStandard: apiUsers.limitStandard,
  limitSamples: apiUsers.limitSamples,
};

/** A page's rows, and the users a count counts. */
const PAGE = preparedSelect(PAGE_SELECT, fromApiUsers);

const page = (db: Executor, where: SQL | undefined, window: PageWindow) => PAGE.rows(db, where, window);

type Row = Awaited<ReturnType<typeof page>>[number];

export const apiUserList: PagedListRepository<Row, z.infer<typeof apiUserListQuery>> = {
  sort: SORT,
  tieBreak: apiUsers.id,
  where({ query }) {
    const where: SQL[] = [];
    if (query.contractors) where.push(inArray(apiUsers.contractorId, query.contractors));
    const search = query.search?.trim();
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
    return and(...where);
  },
  page,
  count: (db, where) => PAGE.count(db, where),
  exportSql: {
    from: sql`${apiUsers} left join ${contractors} on ${contractors.id} = ${apiUsers.contractorId}`,
    cell: (path) => (path in PAGE_SELECT ? columnCell(PAGE_SELECT[path as keyof typeof PAGE_SELECT]) : undefined),
  },
  shape(rows) {
    const day = today();
    return rows.map((r) => {
      const limitStandard = r.limitStandard ?? null;
      const limitSamples = r.limitSamples ?? null;
      return {
        ...r,
        limitStandard,
        limitSamples,
        customDealExpired: customDealExpired({ limitStandard, limitSamples, endOfDeal: r.endOfDeal }, day),
      };
    });
  },
};
