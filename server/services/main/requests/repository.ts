/**
 * Installation requests, data access: the SQL of each declared field, the list's page and count
 * queries, row shaping with images (as short-lived signed links, server/storage/fileLinks.ts) and
 * the contractor, and the open-request count; one request (shaped, or locked for a change) and
 * its writes.
 */
import { ACTIVE_REQUEST_STATES } from '../../../../common/requests';
import type { FileLinks } from '../../../storage/fileLinks';
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelectBuilder, SelectedFields } from 'drizzle-orm/pg-core';
import { catalogueOf, installationRequest } from '../../../../common/entities';
import type { PermissionSet } from '../../../../common/permissions';
import type { Executor } from '../../../db';
import { contractors, installationRequests, requestImages } from '../../../db/schema';
import { COUNT, countOf } from '../../../lists/count';
import { preparedSelect } from '../../../lists/preparedSelect';
import type { PagePlan } from '../../../lists/sorting';
import type { ListRepository } from '../../../lists/endpoint';
import { serverCatalogue } from '../../../query/compile';

/** SQL of each queryable field of the request declaration. */
export const REQUEST_COLUMNS: Record<string, SQL | AnyPgColumn> = {
  id: installationRequests.id,
  sensorId: installationRequests.sensorId,
  requestType: installationRequests.requestType,
  clientType: installationRequests.clientType,
  createdAt: installationRequests.createdAt,
  updatedAt: installationRequests.updatedAt,
  address: installationRequests.address,
  latitude: installationRequests.latitude,
  longitude: installationRequests.longitude,
  locationFromAddress: installationRequests.locationFromAddress,
  email: installationRequests.email,
  phone: installationRequests.phone,
  language: installationRequests.language,
  contractorId: installationRequests.contractorId,
  contractorName: contractors.name,
  notes: installationRequests.notes,
  staffNotes: installationRequests.staffNotes,
  state: installationRequests.state,
};

const CATALOGUE = catalogueOf(installationRequest);

/** The list's FROM: requests with their contractor (the page and the count filter on the same join). */
const fromRequests = <S extends SelectedFields>(select: PgSelectBuilder<S, 'qb'>) =>
  select.from(installationRequests).leftJoin(contractors, eq(contractors.id, installationRequests.contractorId));

/** A page's rows: the request, and its contractor's name, logo and link (a count counts the same FROM). */
const PAGE = preparedSelect(
  {
    q: installationRequests,
    contractorName: contractors.name,
    contractorLogo: contractors.logo,
    contractorLink: contractors.link,
  },
  fromRequests,
);

type PageRow = Awaited<ReturnType<typeof PAGE.rows>>[number];

/** The requests list of a server whose image links `links` signs. */
export const requestListWith = (links: FileLinks): ListRepository<PageRow> => ({
  entity: installationRequest,
  columns: REQUEST_COLUMNS,
  tieBreak: installationRequests.id,
  from: sql`${installationRequests} left join ${contractors} on ${eq(contractors.id, installationRequests.contractorId)}`,
  catalogue: async (_db, perms) => ({ cat: serverCatalogue(CATALOGUE, REQUEST_COLUMNS, { permissions: perms }) }),
  page: (db, where, plan) => PAGE.rows(db, where, plan),
  count: (db, where, atMost) => PAGE.count(db, where, atMost),
  async shape(rows, { db }) {
    const imagesOf = await imagesByRequest(
      db,
      links,
      rows.map((r) => r.q.id),
    );
    return rows.map(({ q, ...c }) => ({
      id: q.id,
      sensorId: q.sensorId,
      requestType: q.requestType,
      clientType: q.clientType,
      createdAt: q.createdAt.toISOString(),
      updatedAt: q.updatedAt.toISOString(),
      address: q.address,
      location: { latitude: q.latitude, longitude: q.longitude },
      locationFromAddress: q.locationFromAddress,
      email: q.email,
      phone: q.phone,
      language: q.language,
      images: imagesOf.get(q.id) ?? [],
      contractorId: q.contractorId,
      contractorName: c.contractorName,
      contractorLogo: c.contractorLogo,
      contractorLink: c.contractorLink,
      notes: q.notes,
      staffNotes: q.staffNotes,
      state: q.state,
    }));
  },
});

async function imagesByRequest(db: Executor, links: FileLinks, ids: number[]) {
  const imagesOf = new Map<number, { link: string; location: string | null }[]>();
  if (ids.length === 0) return imagesOf;
  const images = await db
    .select({ requestId: requestImages.requestId, fileKey: requestImages.fileKey, location: requestImages.location })
    .from(requestImages)
    .where(inArray(requestImages.requestId, ids))
    .orderBy(asc(requestImages.id));
  for (const img of images) {
    let list = imagesOf.get(img.requestId);
    if (!list) imagesOf.set(img.requestId, (list = []));
    list.push({ link: links.image(img.fileKey), location: img.location });
  }
  return imagesOf;
}

export function openRequestCount(db: Executor): Promise<number> {
  return countOf(
    db
      .select({ n: COUNT })
      .from(installationRequests)
      // Open requests are the active list's states (the sidebar badge counts them).
      .where(inArray(installationRequests.state, [...ACTIVE_REQUEST_STATES])),
  );
}

// ---- One request ----

/** One request as the list shapes it; undefined when it does not exist. */
export async function findRequest(
  db: Executor,
  requestList: ReturnType<typeof requestListWith>,
  id: number,
  permissions: PermissionSet,
) {
  const plan: PagePlan = {
    orderBy: [sql`${installationRequests.id}`],
    limit: 1,
    offset: 0,
    sortKey: 'id',
    sortExpr: installationRequests.id,
    descending: false,
  };
  const rows = await requestList.page(db, eq(installationRequests.id, id), plan);
  if (rows.length === 0) return undefined;
  const [shaped] = await requestList.shape(rows, { db, permissions, tags: [] });
  return shaped;
}

/** A request's row, locked for a change; undefined when it does not exist. */
export async function lockRequestRow(tx: Executor, id: number) {
  const [row] = await tx.select().from(installationRequests).where(eq(installationRequests.id, id)).for('update');
  return row;
}

/** Changes fields of a request and stamps its `updatedAt` (now unless given). */
export async function updateRequest(
  tx: Executor,
  id: number,
  set: Partial<typeof installationRequests.$inferInsert>,
): Promise<void> {
  await tx
    .update(installationRequests)
    .set({ updatedAt: new Date(), ...set })
    .where(eq(installationRequests.id, id));
}

/** Adds an image (a stored file) to a request. */
export async function addRequestImage(tx: Executor, requestId: number, fileKey: string, location: string | null) {
  await tx.insert(requestImages).values({ requestId, fileKey, location });
  await updateRequest(tx, requestId, {});
}
