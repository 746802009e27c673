/**
 * Gen3 versions and binaries, the changes (document 2, sections 2.9, 4, 5, 7), all add_versions:
 *
 * - POST /versions {version, description}: a new version (409 when it exists).
 * - POST /binaries?version&module&description, multipart with the file under `data`: stored
 *   content-addressed under DATA_DIR/files (SHA-256, at most UPLOAD_LIMITS.firmware), inactive.
 * - POST /binaries/:id/activate: the binary becomes its module's one active binary.
 * - POST /binaries/deactivate {version, module}: the module's active binary becomes inactive.
 *
 * Each runs in one transaction with its audit record.
 */
import { z } from 'zod';
import { audit } from '../../../audit';
import type { ServiceRoutes } from '../../../http/service';
import { readUpload } from '../../../http/uploads';
import { activateBinary, deactivateBinary, insertBinary, insertVersion } from './repository';
import {
  binaryDeactivateBody,
  binaryIdParams,
  binaryRow,
  binaryUploadQuery,
  versionCreateBody,
  versionRow,
} from './schemas';

const textOrNull = (v: string | undefined) => v?.trim() || null;

export const gen3VersionEditRoutes: ServiceRoutes = (app, { db, files }) => {
  app.post(
    '/versions',
    {
      config: { permission: 'add_versions' },
      schema: {
        summary: 'Create a Gen3 version',
        description: '400 for a malformed version number or a description over 255 characters; 409 when it exists.',
        tags: ['versions'],
        body: versionCreateBody,
        response: { 201: z.object({ data: versionRow }) },
      },
    },
    async (request, reply) => {
      const version = request.body.version.trim();
      const data = await db.transaction(async (tx) => {
        const created = await insertVersion(tx, version, textOrNull(request.body.description));
        await audit(tx, request.principal.actor, 'VersionCreated', `Gen3 version ${version} created`);
        return created;
      });
      return reply.status(201).send({ data });
    },
  );

  app.post(
    '/binaries',
    {
      config: { permission: 'add_versions' },
      schema: {
        summary: 'Upload a binary of a module of a Gen3 version (multipart field data); it starts inactive',
        description:
          '400 for a bad module or a missing file, 404 for an unknown version, 413 for a file over the limit.',
        tags: ['binaries'],
        consumes: ['multipart/form-data'],
        querystring: binaryUploadQuery,
        response: { 201: z.object({ id: z.string() }) },
      },
    },
    async (request, reply) => {
      const { version, module, description } = request.query;
      const upload = await readUpload(request, 'firmware', 'data');
      const id = await db.transaction(async (tx) => {
        const stored = await files.put(tx, 'firmware', upload.bytes!, 'application/octet-stream', upload.filename);
        const created = await insertBinary(tx, {
          version,
          module,
          description: textOrNull(description),
          fileKey: stored.key,
          hash: stored.sha256,
        });
        await audit(
          tx,
          request.principal.actor,
          'BinaryUploaded',
          `Gen3 binary ${created} of version ${version} module ${module} uploaded (sha256 ${stored.sha256.slice(0, 12)}…, ${upload.bytes!.length} bytes)`,
        );
        return created;
      });
      return reply.status(201).send({ id });
    },
  );

  app.post(
    '/binaries/:id/activate',
    {
      config: { permission: 'add_versions' },
      schema: {
        summary: "Make a Gen3 binary its module's active binary (the module's other active binary becomes inactive)",
        description: '404 for an unknown binary.',
        tags: ['binaries'],
        params: binaryIdParams,
        response: { 200: z.object({ data: binaryRow }) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const { binary, version, deactivated, changed } = await activateBinary(tx, request.params.id);
        if (changed)
          await audit(
            tx,
            request.principal.actor,
            'BinaryActivated',
            `Gen3 binary ${binary.id} of version ${version} module ${binary.module} activated` +
              (deactivated.length ? ` (deactivated ${deactivated.join(', ')})` : ''),
          );
        return { data: binary };
      }),
  );

  app.post(
    '/binaries/deactivate',
    {
      config: { permission: 'add_versions' },
      schema: {
        summary: 'Deactivate the active binary of a module of a Gen3 version',
        description: '404 when the version does not exist or the module has no active binary.',
        tags: ['binaries'],
        body: binaryDeactivateBody,
        response: { 200: z.object({ data: z.array(binaryRow) }) },
      },
    },
    async (request) => {
      const { version, module } = request.body;
      return db.transaction(async (tx) => {
        const data = await deactivateBinary(tx, version, module);
        await audit(
          tx,
          request.principal.actor,
          'BinaryDeactivated',
          `Gen3 binary ${data.map((b) => b.id).join(', ')} of version ${version} module ${module} deactivated`,
        );
        return { data };
      });
    },
  );
};
