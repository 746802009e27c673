/**
 * Contractors, data access: the SQL of each declared field, the list's page and count queries and
 * row shaping; one contractor (locked for a change) and the writes of the editors.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { contractor } from '../../../../common/entities';
import type { Executor } from '../../../db';
import { contractorTagValues, contractors } from '../../../db/schema';
import { columnCell, tagValueCell } from '../../../lists/csvStream';
import { preparedSelect } from '../../../lists/preparedSelect';
import type { ListRepository } from '../../../lists/endpoint';
import { loadTagValues, taggedCatalogue, visibleTagIds } from '../../../lists/tags';

/**
 * Written out with explicit qualification: drizzle renders columns unqualified in the select list of
 * a single-table query, which would make the correlation ambiguous inside the subquery.
 */
const CURRENT_INSTALLATIONS = sql<number>`(select count(*)::int from ${sql.raw('"installations" ci where ci."contractor_id" = "contractors"."id" and ci."removed_at" is null')})`;

/** SQL of each queryable field of the contractor declaration. */
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

export const CONTRACTOR_TAG_STORAGE = { table: contractorTagValues, rowId: contractors.id };

/** A page's rows: the contractor and its current installations; and the contractors a count counts. */
const PAGE = preparedSelect({ c: contractors, currentInstallations: CURRENT_INSTALLATIONS }, (select) =>
  select.from(contractors),
);

type PageRow = Awaited<ReturnType<typeof PAGE.rows>>[number];

export const contractorList: ListRepository<PageRow> = {
  entity: contractor,
  columns: CONTRACTOR_COLUMNS,
  tieBreak: contractors.id,
  catalogue: (db, perms) =>
    taggedCatalogue(db, contractor, CONTRACTOR_COLUMNS, CONTRACTOR_TAG_STORAGE, perms).then(({ cat, allTags }) => ({
      cat,
      tags: allTags,
    })),
  page: (db, where, plan) => PAGE.rows(db, where, plan),
  exportSql: {
    from: sql`${contractors}`,
    cell(path) {
      const tag = /^tags\.(\d+)$/.exec(path);
      if (tag) return tagValueCell(contractorTagValues, contractors.id, Number(tag[1]));
      if (path === 'currentInstallations') return { sql: CURRENT_INSTALLATIONS };
      const column = (contractors as unknown as Record<string, AnyPgColumn>)[path];
      return path in CONTRACTOR_COLUMNS && column ? columnCell(column) : undefined;
    },
  },
  count: (db, where, atMost) => PAGE.count(db, where, atMost),
  tagPath: (tagId) => `tags.${tagId}`,
  async shape(rows, { db, permissions, tags }) {
    const tagValues = await loadTagValues(
      db,
      contractorTagValues,
      rows.map((r) => r.c.id),
      visibleTagIds(tags, 'contractors', permissions),
    );
    return rows.map(({ c, currentInstallations }) => ({
      id: c.id,
      name: c.name,
      type: c.type,
      logo: c.logo,
      link: c.link,
      hsId: c.hsId,
      hsName: c.hsName,
      companyOwner: c.companyOwner,
      companyState: c.companyState,
      endOfDeal: c.endOfDeal,
      customSla: c.customSla,
      activeSubscriptions: c.activeSubscriptions,
      currentInstallations: Number(currentInstallations),
      createdAt: c.createdAt.toISOString(),
      tags: tagValues.get(c.id) ?? {},
    }));
  },
};

// ---- One contractor ----

export async function contractorExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: contractors.id }).from(contractors).where(eq(contractors.id, id));
  return row !== undefined;
}

export type ContractorRow = typeof contractors.$inferSelect;

/** The contractor's row (locked for a change when `lock`); undefined when there is none. */
export async function loadContractorRow(db: Executor, id: number, lock = false): Promise<ContractorRow | undefined> {
  const query = db.select().from(contractors).where(eq(contractors.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertContractor(db: Executor, values: typeof contractors.$inferInsert): Promise<ContractorRow> {
  const [row] = await db.insert(contractors).values(values).returning();
  return row!;
}

/** Changes fields of a contractor; its row after the change. */
export async function updateContractor(
  db: Executor,
  id: number,
  set: Partial<typeof contractors.$inferInsert>,
): Promise<ContractorRow> {
  const [row] = await db.update(contractors).set(set).where(eq(contractors.id, id)).returning();
  return row!;
}
