/**
 * Gen3 versions and binaries, data access: the two lists (newest first), one version, active
 * binaries; adding a version or a binary, and activating / deactivating a module's binary.
 */
import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../db';
import { firmwareBinaries, firmwareVersions } from '../../../db/schema';
import { conflict, notFound, unprocessable } from '../../../http/errors';
import { preparedSelect } from '../../../lists/preparedSelect';
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
/** A version page's columns, and the versions a count counts. */
const VERSION_PAGE = preparedSelect(versionColumns, (select) => select.from(firmwareVersions));

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
  page: (db, where, window) => VERSION_PAGE.rows(db, where, window),
  count: (db, where) => VERSION_PAGE.count(db, where),
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
/** A binary page's columns, and the binaries a count counts. */
const BINARY_PAGE = preparedSelect(binaryColumns, (select) => select.from(firmwareBinaries));

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
  page: (db, where, window) => BINARY_PAGE.rows(db, where, window),
  count: (db, where) => BINARY_PAGE.count(db, where),
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

// ---------------------------------------------------------------- the changes (callers hold the transaction)

/** Adds a Gen3 version; 409 when it exists. */
export async function insertVersion(tx: Executor, version: string, description: string | null) {
  const [row] = await tx
    .insert(firmwareVersions)
    .values({ family, version, description, status: 'Experimental' })
    .onConflictDoNothing()
    .returning(versionColumns);
  if (!row) throw conflict(`Gen3 version ${version} already exists`);
  return toVersion(row);
}

/** Adds an inactive binary of a module of an existing version (404 otherwise); returns its id. */
export async function insertBinary(
  tx: Executor,
  b: { version: string; module: number; description: string | null; fileKey: string; hash: string },
): Promise<string> {
  await requireVersion(tx, b.version);
  const id = crypto.randomUUID();
  await tx.insert(firmwareBinaries).values({ id, family, bank: null, active: false, ...b });
  return id;
}

/** Locks the binaries of one module of a version, so the one-active rule is checked and kept under the lock. */
const lockModule = (tx: Executor, version: string, module: number) =>
  tx
    .select(binaryColumns)
    .from(firmwareBinaries)
    .where(and(ofVersion(version), eq(firmwareBinaries.module, module)))
    .orderBy(asc(firmwareBinaries.id))
    .for('update');

/**
 * Makes a binary the active one of its module: the module's other active binary becomes inactive.
 * 404 for an unknown binary; `changed` is false when it already was the only active one.
 */
export async function activateBinary(tx: Executor, id: string) {
  const [target] = await tx
    .select({ version: firmwareBinaries.version, module: firmwareBinaries.module })
    .from(firmwareBinaries)
    .where(and(eq(firmwareBinaries.family, family), eq(firmwareBinaries.id, id)));
  if (!target) throw notFound(`Gen3 binary ${id} does not exist`);
  if (target.module === null) throw unprocessable(`Gen3 binary ${id} has no module`);
  const rows = await lockModule(tx, target.version, target.module);
  const others = rows.filter((r) => r.active && r.id !== id).map((r) => r.id);
  const self = rows.find((r) => r.id === id)!;
  if (others.length)
    await tx.update(firmwareBinaries).set({ active: false }).where(inArray(firmwareBinaries.id, others));
  if (!self.active) await tx.update(firmwareBinaries).set({ active: true }).where(eq(firmwareBinaries.id, id));
  return {
    binary: toBinary({ ...self, active: true }),
    version: target.version,
    deactivated: others,
    changed: others.length > 0 || !self.active,
  };
}

/** Makes the active binary of a module of a version inactive; 404 when the version or an active binary is missing. */
export async function deactivateBinary(tx: Executor, version: string, module: number) {
  await requireVersion(tx, version);
  const active = (await lockModule(tx, version, module)).filter((r) => r.active);
  if (!active.length) throw notFound(`Gen3 version ${version} has no active binary of module ${module}`);
  await tx
    .update(firmwareBinaries)
    .set({ active: false })
    .where(
      inArray(
        firmwareBinaries.id,
        active.map((r) => r.id),
      ),
    );
  return active.map((r) => toBinary({ ...r, active: false }));
}
