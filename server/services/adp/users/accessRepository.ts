/**
 * Developer-portal users' access definitions, data access: a user's definitions, one locked for a
 * change, add / change / delete, and how many current installations a list of definitions reaches.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db';
import { adpAccessDefinitions, installations } from '../../../db/schema';
import type { AccessIn } from './schemas';

/** An access definition as the API answers it (the row without its user). */
const COLUMNS = {
  id: adpAccessDefinitions.id,
  sponsorId: adpAccessDefinitions.sponsorId,
  osmId: adpAccessDefinitions.osmId,
  installationId: adpAccessDefinitions.installationId,
  visibility: adpAccessDefinitions.visibility,
  canBeEdited: adpAccessDefinitions.canBeEdited,
};

/** A text with content, trimmed, or null. */
export const blank = (v: string | null | undefined) => (v && v.trim() !== '' ? v.trim() : null);

/** The stored values of a definition as given (an empty osmId is none; editable unless told). */
const values = (d: AccessIn) => ({
  sponsorId: d.sponsorId ?? null,
  osmId: blank(d.osmId),
  installationId: d.installationId ?? null,
  visibility: d.visibility,
  canBeEdited: d.canBeEdited ?? true,
});

const one = (userId: number, id: number) =>
  and(eq(adpAccessDefinitions.userId, userId), eq(adpAccessDefinitions.id, id));

/** A user's access definitions, by id. */
export const accessDefinitionsOf = (db: Executor, userId: number) =>
  db
    .select(COLUMNS)
    .from(adpAccessDefinitions)
    .where(eq(adpAccessDefinitions.userId, userId))
    .orderBy(asc(adpAccessDefinitions.id));

/** The ids a user's access definitions use. */
export const accessIdsOf = async (db: Executor, userId: number) =>
  (
    await db
      .select({ id: adpAccessDefinitions.id })
      .from(adpAccessDefinitions)
      .where(eq(adpAccessDefinitions.userId, userId))
  ).map((r) => r.id);

/** One access definition of a user, locked for a change; undefined when there is none. */
export async function lockAccessDefinition(db: Executor, userId: number, id: number) {
  const [row] = await db.select(COLUMNS).from(adpAccessDefinitions).where(one(userId, id)).for('update');
  return row;
}

export async function insertAccessDefinition(db: Executor, userId: number, id: number, d: AccessIn) {
  const [row] = await db
    .insert(adpAccessDefinitions)
    .values({ userId, id, ...values(d) })
    .returning(COLUMNS);
  return row!;
}

export async function updateAccessDefinition(db: Executor, userId: number, id: number, d: AccessIn) {
  const [row] = await db.update(adpAccessDefinitions).set(values(d)).where(one(userId, id)).returning(COLUMNS);
  return row!;
}

export async function deleteAccessDefinition(db: Executor, userId: number, id: number) {
  await db.delete(adpAccessDefinitions).where(one(userId, id));
}

/** How many current installations a list of access definitions reaches (any of them). */
export async function countReachedInstallations(db: Executor, defs: readonly AccessIn[]) {
  const parts = defs.map((d) => {
    const osmId = blank(d.osmId);
    const reach = [
      d.sponsorId != null ? sql`${installations.contractorId} = ${d.sponsorId}` : undefined,
      d.installationId != null ? sql`${installations.installationId} = ${d.installationId}` : undefined,
      osmId
        ? sql`(${installations.countryId} = ${osmId} or ${installations.stateId} = ${osmId} or ${installations.cityId} = ${osmId})`
        : undefined,
    ].filter((x) => x !== undefined);
    const visible =
      d.visibility === 'VISIBLE'
        ? sql` and ${installations.isVisible}`
        : d.visibility === 'HIDDEN'
          ? sql` and not ${installations.isVisible}`
          : sql``;
    return sql`((${sql.join(reach, sql` and `)})${visible})`;
  });
  if (parts.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(installations)
    .where(and(sql`${installations.removedAt} is null`, sql`(${sql.join(parts, sql` or `)})`));
  return Number(row?.n ?? 0);
}
