/**
 * One installation request and its changes (document 2, sections 2.4, 4, 7): read it, change its
 * state along the allowed transitions (Hold, Reject — Install goes through reinstall), save the
 * internal staff notes (a plain-text body) and add images (multipart `file`, JPEG/PNG/WebP by
 * content, stored content-addressed; answered, like the request's images, as a short-lived signed
 * link, server/storage/fileLinks.ts). Each change is audited.
 */
import type { PermissionSet } from '../../../../common/permissions';
import { z } from 'zod';
import { installationRequest } from '../../../../common/entities';
import { REQUEST_STATES } from '../../../../common/domain';
import { STAFF_NOTES_MAX, canChangeRequestState, type RequestState } from '../../../../common/requests';
import { MESSAGES } from '../../../../common/validation';
import { audit } from '../../../audit';
import type { Executor } from '../../../db';
import { badRequest, notFound, unprocessable } from '../../../http/errors';
import { idParams } from '../../../http/schemas';
import type { ServiceRoutes } from '../../../http/service';
import { readUpload } from '../../../http/uploads';
import { rowSchema } from '../../../lists/schemas';
import { fileLinksFor } from '../../../storage/fileLinks';
import { imageTypeOf } from '../../../storage/files';
import { addRequestImage, findRequest, lockRequestRow, requestListWith, updateRequest } from './repository';

const TAGS = ['installation-requests'];
const imageSchema = z.object({ link: z.string(), location: z.string().nullable() });
const requestSchema = rowSchema(installationRequest).extend({ images: z.array(imageSchema) });

async function loadRequest(
  db: Executor,
  requestList: ReturnType<typeof requestListWith>,
  id: number,
  permissions: PermissionSet,
) {
  const shaped = await findRequest(db, requestList, id, permissions);
  if (!shaped) throw notFound(`Installation request ${id} does not exist`);
  return shaped;
}

async function lockRequest(tx: Executor, id: number) {
  const row = await lockRequestRow(tx, id);
  if (!row) throw notFound(`Installation request ${id} does not exist`);
  return row;
}

export const requestEditRoutes: ServiceRoutes = (app, { db, files, config }) => {
  const links = fileLinksFor(config);
  const requestList = requestListWith(links);
  app.get(
    '/installations/requests/:id',
    {
      config: { permission: 'view_installation_requests' },
      schema: {
        summary: 'One installation request with its images and contractor',
        tags: TAGS,
        params: idParams,
        response: { 200: z.object({ data: z.object({ request: requestSchema }) }) },
      },
    },
    async (request) => ({
      data: {
        request: (await loadRequest(db, requestList, request.params.id, request.principal.permissions)) as never,
      },
    }),
  );

  app.patch(
    '/installations/requests/:id/state',
    {
      config: { permission: 'modify_installation_requests' },
      schema: {
        summary:
          'Hold or reject a request (WAITING → HOLD; WAITING or HOLD → REJECTED); install goes through reinstall',
        tags: TAGS,
        params: idParams,
        body: z.object({
          state: z.enum(REQUEST_STATES, { error: `state must be one of ${REQUEST_STATES.join(', ')}` }),
        }),
        response: { 200: z.object({ data: z.object({ id: z.number().int(), state: z.enum(REQUEST_STATES) }) }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const to = request.body.state as RequestState;
      return db.transaction(async (tx) => {
        const row = await lockRequest(tx, id);
        const from = row.state as RequestState;
        if (to === 'DONE')
          throw unprocessable(
            'A request becomes installed through the reinstall form (Install), not by a state change',
          );
        if (!canChangeRequestState(from, to))
          throw unprocessable(`Installation request ${id} cannot change from ${from} to ${to}`);
        await updateRequest(tx, id, { state: to });
        await audit(
          tx,
          request.principal.actor,
          'InstallationRequestStateChanged',
          `Installation request ${id}: ${from} → ${to}`,
        );
        return { data: { id, state: to } };
      });
    },
  );

  app.patch(
    '/installations/requests/:id/notes',
    {
      config: { permission: 'modify_installation_requests' },
      schema: {
        summary: 'Save the internal staff notes (plain-text body; empty clears them)',
        tags: TAGS,
        params: idParams,
        consumes: ['text/plain'],
        body: z.string().max(STAFF_NOTES_MAX, MESSAGES.shorter(STAFF_NOTES_MAX + 1).en),
        response: { 200: z.object({ data: z.object({ id: z.number().int(), staffNotes: z.string().nullable() }) }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (typeof request.body !== 'string') throw badRequest('Send the notes as a text/plain body');
      const staffNotes = request.body.trim() === '' ? null : request.body;
      return db.transaction(async (tx) => {
        await lockRequest(tx, id);
        await updateRequest(tx, id, { staffNotes });
        await audit(
          tx,
          request.principal.actor,
          'InstallationRequestNotesUpdated',
          `Installation request ${id}: staff notes ${staffNotes === null ? 'cleared' : `saved (${staffNotes.length} characters)`}`,
        );
        return { data: { id, staffNotes } };
      });
    },
  );

  app.post(
    '/installations/requests/:id/images',
    {
      config: { permission: 'add_installation_requests_images' },
      schema: {
        summary: 'Add an image to a request (multipart field "file": JPEG, PNG or WebP, at most 10 MiB)',
        tags: TAGS,
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ imageUrl: z.string() }) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const upload = await readUpload(request, 'image');
      const type = imageTypeOf('image', upload.bytes!);
      const imageUrl = await db.transaction(async (tx) => {
        await lockRequest(tx, id);
        const stored = await files.put(tx, 'image', upload.bytes!, type, upload.filename);
        const location = upload.fields.location?.trim() || null;
        await addRequestImage(tx, id, stored.key, location);
        await audit(
          tx,
          request.principal.actor,
          'InstallationRequestImageAdded',
          `Installation request ${id}: image ${upload.filename.slice(0, 100)} added`,
        );
        return links.image(stored.key);
      });
      return reply.status(201).send({ imageUrl });
    },
  );
};
