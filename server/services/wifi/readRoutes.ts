/**
 * Wi-Fi updater, read side besides its deployments (server/services/deployments): what a new
 * deployment can be built from (commits, branches, tags), and the per-sensor binaries with their
 * build logs and, when stored, their file (GET /binary/:binary/content).
 *
 * A built binary's file is stored under `wifiBinaryFileKey(binary)`; `is_present` tells whether
 * that file exists (seeded binaries have logs but no file).
 */
import { z } from 'zod';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import { deploymentSensors, deployments, files, wifiCommits } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { ServiceRoutes } from '../../http/service';
import { iso } from '../../lists/schemas';

/** Storage key of a built Wi-Fi binary. */
export const wifiBinaryFileKey = (binary: string) => `wifi/${binary}`;

const binaryParams = z.object({ binary: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'Not a valid binary id') });

const binaryInfo = z.object({
  created: z.string().describe('When the deployment that built the binary was created'),
  sensor: z.number().int(),
  status: z.string(),
  version: z.string().nullable(),
  has_logs: z.boolean(),
  is_present: z.boolean().describe('The binary file can be downloaded'),
});

/** The newest Wi-Fi deployment-sensor row that built this binary. */
async function findBinary(db: Executor, binary: string) {
  const [row] = await db
    .select({
      created: deployments.createdAt,
      sensor: deploymentSensors.sensorId,
      status: deploymentSensors.status,
      version: deploymentSensors.version,
      hasLogs: deploymentSensors.hasLogs,
      logs: deploymentSensors.logs,
    })
    .from(deploymentSensors)
    .innerJoin(deployments, eq(deployments.id, deploymentSensors.deploymentId))
    .where(and(eq(deploymentSensors.binary, binary), eq(deployments.family, 'wifi')))
    .orderBy(desc(deploymentSensors.deploymentId), asc(deploymentSensors.sensorId))
    .limit(1);
  return row;
}

/** Names in the order of their newest commit (newest first), then by name. */
function namesByRecency(commits: { createdAt: Date; names: string[] }[]): string[] {
  const newest = new Map<string, number>();
  for (const c of commits)
    for (const n of c.names) newest.set(n, Math.max(newest.get(n) ?? -Infinity, c.createdAt.getTime()));
  return [...newest.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([n]) => n);
}

export const wifiReadRoutes: ServiceRoutes = (app, { db, files: store }) => {
  app.get(
    '/deployments/create',
    {
      config: { permission: 'add_deployments' },
      schema: {
        summary: 'What a new deployment can be built from: commits (newest first), branches and tags',
        tags: ['deployments'],
        response: {
          200: z.object({
            commits: z.array(z.object({ hash: z.string(), description: z.string(), author: z.string() })),
            branches: z.array(z.string()).describe('Newest commit first'),
            tags: z.array(z.string()).describe('Newest commit first'),
          }),
        },
      },
    },
    async () => {
      const rows = await db
        .select({
          hash: wifiCommits.hash,
          description: wifiCommits.description,
          author: wifiCommits.author,
          branches: wifiCommits.branches,
          tags: wifiCommits.tags,
          createdAt: wifiCommits.createdAt,
        })
        .from(wifiCommits)
        .orderBy(desc(wifiCommits.createdAt), asc(wifiCommits.hash));
      return {
        commits: rows.map((c) => ({ hash: c.hash, description: c.description, author: c.author })),
        branches: namesByRecency(rows.map((c) => ({ createdAt: c.createdAt, names: c.branches ?? [] }))),
        tags: namesByRecency(rows.map((c) => ({ createdAt: c.createdAt, names: c.tags ?? [] }))),
      };
    },
  );

  app.get(
    '/binary/:binary',
    {
      config: { permission: 'view_deployments' },
      schema: {
        summary:
          'A binary built for one sensor: when, for which sensor, its status and whether logs and the file exist',
        tags: ['binaries'],
        params: binaryParams,
        response: { 200: z.object({ data: binaryInfo }) },
      },
    },
    async (request) => {
      const { binary } = request.params;
      const row = await findBinary(db, binary);
      if (!row) throw notFound(`Binary ${binary} does not exist`);
      const [file] = await db
        .select({ one: sql<number>`1` })
        .from(files)
        .where(eq(files.key, wifiBinaryFileKey(binary)))
        .limit(1);
      return {
        data: {
          created: iso(row.created)!,
          sensor: row.sensor,
          status: row.status,
          version: row.version,
          has_logs: row.hasLogs && row.logs !== null,
          is_present: file !== undefined,
        },
      };
    },
  );

  app.get(
    '/binary/:binary/logs',
    {
      config: { permission: 'view_deployments' },
      schema: {
        summary: 'The build and upload log of a binary, as plain text',
        tags: ['binaries'],
        params: binaryParams,
        response: { 200: { description: 'The log', content: { 'text/plain': { schema: z.string() } } } },
      },
    },
    async (request, reply) => {
      const { binary } = request.params;
      const row = await findBinary(db, binary);
      if (!row) throw notFound(`Binary ${binary} does not exist`);
      if (!row.hasLogs || row.logs === null) throw notFound(`Binary ${binary} has no logs`);
      return reply.type('text/plain; charset=utf-8').send(row.logs);
    },
  );

  app.get(
    '/binary/:binary/content',
    {
      config: { permission: 'view_deployments' },
      schema: {
        summary: 'The file of a built binary (404 while it is not stored), hash-verified',
        description: 'Answers the bytes as an attachment (`application/octet-stream`).',
        tags: ['binaries'],
        params: binaryParams,
      },
    },
    async (request, reply) => {
      const { binary } = request.params;
      if (!(await findBinary(db, binary))) throw notFound(`Binary ${binary} does not exist`);
      const { meta, bytes } = await store.get(db, wifiBinaryFileKey(binary));
      return reply
        .header('content-type', meta.contentType)
        .header('content-disposition', `attachment; filename="${binary}.bin"`)
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
};
