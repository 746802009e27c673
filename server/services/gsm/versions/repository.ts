/** GSM firmware versions, data access: the list's sort keys, search and SQL. */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { firmwareVersions } from '../../../db/schema';
import { likePattern } from '../../../http/paging';
import { preparedSelect } from '../../../lists/preparedSelect';
import type { PagedListRepository } from '../../../lists/endpoint';
import { iso } from '../../../lists/schemas';
import { numericVersion } from '../../deployments/families';
import type { VERSION_SORT_KEYS, versionListQuery } from './schemas';

interface VersionRecord {
  version: string;
  description: string | null;
  createdAt: Date;
  status: string;
}

/** A page's columns, and the versions a count counts. */
const PAGE = preparedSelect(
  {
    version: firmwareVersions.version,
    description: firmwareVersions.description,
    createdAt: firmwareVersions.createdAt,
    status: firmwareVersions.status,
  },
  (select) => select.from(firmwareVersions),
);

export const gsmVersionList: PagedListRepository<VersionRecord, z.infer<typeof versionListQuery>> = {
  sort: {
    version: { expr: numericVersion(firmwareVersions.version) },
    createdDate: { expr: firmwareVersions.createdAt, notNull: true },
    status: { expr: firmwareVersions.status, notNull: true },
  } satisfies Record<(typeof VERSION_SORT_KEYS)[number], unknown>,
  tieBreak: firmwareVersions.version,
  where({ query }) {
    const where: SQL[] = [eq(firmwareVersions.family, 'gsm')];
    const search = query.search?.trim();
    if (search) {
      const like = likePattern(search);
      where.push(sql`(${firmwareVersions.version} ilike ${like} or ${firmwareVersions.description} ilike ${like})`);
    }
    return and(...where);
  },
  page: (db, where, window) => PAGE.rows(db, where, window),
  count: (db, where) => PAGE.count(db, where),
  shape: (rows) =>
    rows.map((r) => ({
      version: r.version,
      description: r.description,
      createdDate: iso(r.createdAt)!,
      status: r.status,
    })),
};
