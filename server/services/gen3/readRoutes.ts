/**
 * Gen3 updater, read side: deployments (one sensor, one version each), versions, and the
 * per-module binaries of a version (all of them, newest first, or only the active ones).
 */
import { z } from 'zod';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import { deployments, firmwareBinaries, firmwareVersions } from '../../db/schema';
import { notFound } from '../../http/errors';
import { offsetOf, pageQuery } from '../../http/paging';
import type { ServiceRoutes } from '../../http/service';

export const GEN3_PAGE_SIZES = [10, 20, 50, 100] as const;
export const GEN3_MAX_LIMIT = 100;
/** The version list also feeds the version picker of the deployment form, which wants them all. */
export const GEN3_VERSIONS_MAX_LIMIT = 1000;

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
const COUNT = sql<number>`count(*)::int`;
const family = 'gen3';

const deploymentRow = z.object({
  id: z.number().int(),
  sensorId: z.number().int().nullable(),
  version: z.string().nullable(),
  createdDate: z.string(),
  appliedDate: z.string().nullable().describe('null while the sensor has not applied the version yet'),
});

const versionRow = z.object({
  version: z.string(),
  description: z.string().nullable(),
  createdDate: z.string(),
});

const binaryRow = z.object({
  id: z.string(),
  module: z.number().int().nullable(),
  description: z.string().nullable(),
  createdDate: z.string(),
  hash: z.string().describe('SHA-256 of the contents'),
  active: z.boolean(),
});

const versionParams = z.object({ version: z.string().min(1).max(64) });

async function versionOf(db: Executor, version: string) {
  const [row] = await db
    .select({
      version: firmwareVersions.version,
      description: firmwareVersions.description,
      createdAt: firmwareVersions.createdAt,
    })
    .from(firmwareVersions)
    .where(and(eq(firmwareVersions.family, family), eq(firmwareVersions.version, version)));
  return row;
}

const binaryColumns = {
  id: firmwareBinaries.id,
  module: firmwareBinaries.module,
  description: firmwareBinaries.description,
  createdAt: firmwareBinaries.createdAt,
  hash: firmwareBinaries.hash,
  active: firmwareBinaries.active,
};

const toBinary = (b: {
  id: string;
  module: number | null;
  description: string | null;
  createdAt: Date;
  hash: string;
  active: boolean;
}) => ({
  id: b.id,
  module: b.module,
  description: b.description,
  createdDate: iso(b.createdAt)!,
  hash: b.hash,
  active: b.active,
});

export const gen3ReadRoutes: ServiceRoutes = (app, { db }) => {
  app.get(
    '/deployments',
    {
      config: { permission: 'view_deployments' },
      schema: {
        summary: 'Gen3 deployments, newest first',
        tags: ['deployments'],
        querystring: z.object(pageQuery(GEN3_MAX_LIMIT, 10)),
        response: { 200: z.object({ data: z.array(deploymentRow), totalCount: z.number().int() }) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const filter = eq(deployments.family, family);
      const [rows, [count]] = await Promise.all([
        db
          .select({
            id: deployments.id,
            sensors: deployments.sensors,
            version: deployments.version,
            createdAt: deployments.createdAt,
            appliedDate: deployments.appliedDate,
          })
          .from(deployments)
          .where(filter)
          .orderBy(desc(deployments.id))
          .limit(limit)
          .offset(offsetOf(page, limit)),
        db.select({ n: COUNT }).from(deployments).where(filter),
      ]);
      return {
        data: rows.map((d) => ({
          id: d.id,
          sensorId: d.sensors?.[0] ?? null,
          version: d.version,
          createdDate: iso(d.createdAt)!,
          appliedDate: iso(d.appliedDate),
        })),
        totalCount: Number(count?.n ?? 0),
      };
    },
  );

  app.get(
    '/versions',
    {
      config: { permission: 'view_versions' },
      schema: {
        summary: 'Gen3 versions, newest first',
        tags: ['versions'],
        querystring: z.object(pageQuery(GEN3_VERSIONS_MAX_LIMIT, 10)),
        response: { 200: z.object({ data: z.array(versionRow), totalCount: z.number().int() }) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const filter = eq(firmwareVersions.family, family);
      const [rows, [count]] = await Promise.all([
        db
          .select({
            version: firmwareVersions.version,
            description: firmwareVersions.description,
            createdAt: firmwareVersions.createdAt,
          })
          .from(firmwareVersions)
          .where(filter)
          .orderBy(desc(firmwareVersions.createdAt), desc(firmwareVersions.version))
          .limit(limit)
          .offset(offsetOf(page, limit)),
        db.select({ n: COUNT }).from(firmwareVersions).where(filter),
      ]);
      return {
        data: rows.map((v) => ({ version: v.version, description: v.description, createdDate: iso(v.createdAt)! })),
        totalCount: Number(count?.n ?? 0),
      };
    },
  );

  app.get(
    '/versions/:version',
    {
      config: { permission: 'view_versions' },
      schema: {
        summary: 'One Gen3 version',
        tags: ['versions'],
        params: versionParams,
        response: { 200: z.object({ data: versionRow }) },
      },
    },
    async (request) => {
      const v = await versionOf(db, request.params.version);
      if (!v) throw notFound(`Gen3 version ${request.params.version} does not exist`);
      return { data: { version: v.version, description: v.description, createdDate: iso(v.createdAt)! } };
    },
  );

  app.get(
    '/binaries/versions/:version',
    {
      config: { permission: 'view_versions' },
      schema: {
        summary: 'The binaries of a Gen3 version, newest first',
        tags: ['binaries'],
        params: versionParams,
        querystring: z.object(pageQuery(GEN3_MAX_LIMIT, 10)),
        response: { 200: z.object({ data: z.array(binaryRow), totalCount: z.number().int() }) },
      },
    },
    async (request) => {
      const { version } = request.params;
      const { page, limit } = request.query;
      if (!(await versionOf(db, version))) throw notFound(`Gen3 version ${version} does not exist`);
      const filter = and(eq(firmwareBinaries.family, family), eq(firmwareBinaries.version, version));
      const [rows, [count]] = await Promise.all([
        db
          .select(binaryColumns)
          .from(firmwareBinaries)
          .where(filter)
          .orderBy(desc(firmwareBinaries.createdAt), desc(firmwareBinaries.id))
          .limit(limit)
          .offset(offsetOf(page, limit)),
        db.select({ n: COUNT }).from(firmwareBinaries).where(filter),
      ]);
      return { data: rows.map(toBinary), totalCount: Number(count?.n ?? 0) };
    },
  );

  app.get(
    '/binaries/versions/:version/active',
    {
      config: { permission: 'view_versions' },
      schema: {
        summary: 'The active binary of each module of a Gen3 version, by module',
        tags: ['binaries'],
        params: versionParams,
        response: { 200: z.object({ data: z.array(binaryRow) }) },
      },
    },
    async (request) => {
      const { version } = request.params;
      if (!(await versionOf(db, version))) throw notFound(`Gen3 version ${version} does not exist`);
      const rows = await db
        .select(binaryColumns)
        .from(firmwareBinaries)
        .where(
          and(
            eq(firmwareBinaries.family, family),
            eq(firmwareBinaries.version, version),
            eq(firmwareBinaries.active, true),
          ),
        )
        .orderBy(
          sql`${asc(firmwareBinaries.module)} nulls last`,
          desc(firmwareBinaries.createdAt),
          asc(firmwareBinaries.id),
        );
      return { data: rows.map(toBinary) };
    },
  );
};
