/** Gen3 versions and binaries, data access: the two lists (newest first), one version, active binaries. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../db';
import { firmwareBinaries, firmwareVersions } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { COUNT, countOf } from '../../../lists/count';
import { inWindow } from '../../../lists/sorting';
import type { PagedListRepository } from '../../../lists/endpoint';
import { iso } from '../../../lists/schemas';
import type { binaryListQuery, versionListQuery, versionParams, versionRow } from './schemas';

const family = 'gen3';

interface VersionRecord {
  version: string;
  description: string | null;
  createdAt: Date;
}

const toVersion = (v: VersionRecord): z.infer<typeof versionRow> => ({
  version: v.version,
  description: v.description,
  createdDate: iso(v.createdAt)!,
});

const versionColumns = {
  version: firmwareVersions.version,
  description: firmwareVersions.description,
  createdAt: firmwareVersions.createdAt,
};

/** One Gen3 version, or undefined. */
export async function findVersion(db: Executor, version: string): Promise<z.infer<typeof versionRow> | undefined> {
  const [row] = await db
    .select(versionColumns)
    .from(firmwareVersions)
    .where(and(eq(firmwareVersions.family, family), eq(firmwareVersions.version, version)));
  return row && toVersion(row);
}

/** One Gen3 version, or a 404. */
export async function requireVersion(db: Executor, version: string): Promise<z.infer<typeof versionRow>> {
  const row = await findVersion(db, version);
  if (!row) throw notFound(`Gen3 version ${version} does not exist`);
  return row;
}

export const gen3VersionList: PagedListRepository<VersionRecord, z.infer<typeof versionListQuery>> = {
  sort: [desc(firmwareVersions.createdAt), desc(firmwareVersions.version)],
  tieBreak: firmwareVersions.version,
  where: () => eq(firmwareVersions.family, family),
  page: (db, where, window) =>
    inWindow(db.select(versionColumns).from(firmwareVersions).where(where).$dynamic(), window),
  count: (db, where) => countOf(db.select({ n: COUNT }).from(firmwareVersions).where(where)),
  shape: (rows) => rows.map(toVersion),
};

const binaryColumns = {
  id: firmwareBinaries.id,
  module: firmwareBinaries.module,
  description: firmwareBinaries.description,
  createdAt: firmwareBinaries.createdAt,
  hash: firmwareBinaries.hash,
  active: firmwareBinaries.active,
};

interface BinaryRecord {
  id: string;
  module: number | null;
  description: string | null;
  createdAt: Date;
  hash: string;
  active: boolean;
}

const toBinary = (b: BinaryRecord) => ({
  id: b.id,
  module: b.module,
  description: b.description,
  createdDate: iso(b.createdAt)!,
  hash: b.hash,
  active: b.active,
});

const ofVersion = (version: string) => and(eq(firmwareBinaries.family, family), eq(firmwareBinaries.version, version));

/** The binaries of one version, newest first (404 when the version does not exist). */
export const gen3BinaryList: PagedListRepository<
  BinaryRecord,
  z.infer<typeof binaryListQuery>,
  z.infer<typeof versionParams>
> = {
  sort: [desc(firmwareBinaries.createdAt), desc(firmwareBinaries.id)],
  tieBreak: firmwareBinaries.id,
  async where({ db, params }) {
    await requireVersion(db, params.version);
    return ofVersion(params.version);
  },
  page: (db, where, window) =>
    inWindow(db.select(binaryColumns).from(firmwareBinaries).where(where).$dynamic(), window),
  count: (db, where) => countOf(db.select({ n: COUNT }).from(firmwareBinaries).where(where)),
  shape: (rows) => rows.map(toBinary),
};

/** The active binary of each module of a version, by module. */
export async function activeBinaries(db: Executor, version: string) {
  const rows = await db
    .select(binaryColumns)
    .from(firmwareBinaries)
    .where(and(ofVersion(version), eq(firmwareBinaries.active, true)))
    .orderBy(
      sql`${asc(firmwareBinaries.module)} nulls last`,
      desc(firmwareBinaries.createdAt),
      asc(firmwareBinaries.id),
    );
  return rows.map(toBinary);
}
