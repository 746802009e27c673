/**
 * GSM firmware versions, the changes (document 2, sections 2.9, 4, 5, 7):
 *
 * - POST /versions?version&description (add_versions), multipart with the files buildBankFirst
 *   (bank 0) and buildBankSecond (bank 1): both stored content-addressed under DATA_DIR/files,
 *   SHA-256 hashed, at most UPLOAD_LIMITS.firmware each. A new version is Experimental.
 * - PATCH /versions/:version/status {status} (add_versions): Experimental / Production / Deprecated.
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { VERSION_STATUSES } from '../../../../common/domain';
import { VERSION_DESCRIPTION_MAX } from '../../../../common/firmware';
import { versionNumber } from '../../../../common/validation';
import { audit } from '../../../audit';
import { firmwareBinaries, firmwareVersions } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../http/errors';
import type { ServiceRoutes } from '../../../http/service';
import { readUploads } from '../../../http/uploads';
import { iso } from '../../../lists/schemas';
import { versionRow } from './schemas';

const BANK_FIELDS = ['buildBankFirst', 'buildBankSecond'] as const;

export const versionCreateQuery = z.object({
  version: z.string().max(64).describe('[0-255].[0-255].[0-255].[0-255]'),
  description: z.string().max(VERSION_DESCRIPTION_MAX).optional().describe('Optional comment'),
});

const versionParams = z.object({ version: z.string().max(64) });

function checkVersion(version: string): void {
  if (version.trim() === '') throw badRequest('version: It is required');
  const rule = versionNumber(version);
  if (rule) throw badRequest(`version: ${rule.en}`);
}

export const gsmVersionEditRoutes: ServiceRoutes = (app, { db, files }) => {
  app.post(
    '/versions',
    {
      config: { permission: 'add_versions' },
      schema: {
        summary: 'Create a GSM firmware version with its two bank images (multipart buildBankFirst, buildBankSecond)',
        description:
          '400 for a malformed version number or missing file, 409 when the version exists, 413 for a file over the limit.',
        tags: ['versions'],
        consumes: ['multipart/form-data'],
        querystring: versionCreateQuery,
        response: { 201: z.object({ data: z.object({ version: versionRow }) }) },
      },
    },
    async (request, reply) => {
      const { version, description } = request.query;
      checkVersion(version);
      const uploads = await readUploads(request, 'firmware', BANK_FIELDS);
      const comment = description?.trim() || null;
      const created = await db.transaction(async (tx) => {
        const [exists] = await tx
          .select({ version: firmwareVersions.version })
          .from(firmwareVersions)
          .where(and(eq(firmwareVersions.family, 'gsm'), eq(firmwareVersions.version, version)));
        if (exists) throw conflict(`GSM version ${version} already exists`);
        const [row] = await tx
          .insert(firmwareVersions)
          .values({ family: 'gsm', version, description: comment, status: 'Experimental' })
          .onConflictDoNothing()
          .returning();
        if (!row) throw conflict(`GSM version ${version} already exists`);
        const hashes: string[] = [];
        for (const [bank, field] of BANK_FIELDS.entries()) {
          const upload = uploads.files[field];
          const stored = await files.put(tx, 'firmware', upload.bytes, 'application/octet-stream', upload.filename);
          hashes.push(stored.sha256);
          await tx.insert(firmwareBinaries).values({
            id: crypto.randomUUID(),
            family: 'gsm',
            version,
            module: null,
            bank,
            description: `Bank ${bank} image`,
            fileKey: stored.key,
            hash: stored.sha256,
            active: true,
          });
        }
        await audit(
          tx,
          request.principal.actor,
          'VersionCreated',
          `GSM version ${version} created (bank 0 sha256 ${hashes[0]!.slice(0, 12)}…, bank 1 sha256 ${hashes[1]!.slice(0, 12)}…)`,
        );
        return row;
      });
      return reply.status(201).send({
        data: {
          version: {
            version: created.version,
            description: created.description,
            createdDate: iso(created.createdAt)!,
            status: created.status,
          },
        },
      });
    },
  );

  app.patch(
    '/versions/:version/status',
    {
      config: { permission: 'add_versions' },
      schema: {
        summary: 'Change the status of a GSM version',
        tags: ['versions'],
        params: versionParams,
        body: z.object({ status: z.enum(VERSION_STATUSES) }).strict(),
        response: { 200: z.object({ data: z.object({ version: z.string(), status: z.string() }) }) },
      },
    },
    async (request) => {
      const { version } = request.params;
      const { status } = request.body;
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ status: firmwareVersions.status })
          .from(firmwareVersions)
          .where(and(eq(firmwareVersions.family, 'gsm'), eq(firmwareVersions.version, version)))
          .for('update');
        if (!before) throw notFound(`GSM version ${version} does not exist`);
        if (before.status !== status) {
          await tx
            .update(firmwareVersions)
            .set({ status })
            .where(and(eq(firmwareVersions.family, 'gsm'), eq(firmwareVersions.version, version)));
          await audit(
            tx,
            request.principal.actor,
            'VersionStatusChanged',
            `GSM version ${version}: ${before.status} → ${status}`,
          );
        }
        return { data: { version, status } };
      });
    },
  );
};
