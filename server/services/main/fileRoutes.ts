/**
 * Downloads of stored logos and request images (content-addressed, hash-verified).
 * - Logos are public and cached for a year.
 * - Request images (photos of customers' homes) need either a valid signed link, as the requests
 *   hand them out (server/storage/fileLinks.ts; 403 when tampered with or expired), or a bearer
 *   token with view_installation_requests (401 without one, 403 without the permission). They are
 *   cached privately, a signed one no longer than its link lives.
 */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { ServiceRoutes } from '../../http/service';
import { forbidden, notFound } from '../../http/errors';
import { fileLinksFor } from '../../storage/fileLinks';

const IMAGE_PERMISSION = 'view_installation_requests';

export const fileRoutes: ServiceRoutes = (app, ctx) => {
  const { db, files } = ctx;
  const links = fileLinksFor(ctx.config);

  /** The Cache-Control of an image: 403 unless the link is signed and live, or the caller may view requests. */
  async function imageAccess(
    request: FastifyRequest,
    key: string,
    query: { expires?: string; signature?: string },
  ): Promise<string> {
    if (query.expires !== undefined || query.signature !== undefined) {
      const now = Date.now();
      const check = links.check(key, query.expires ?? '', query.signature ?? '', now);
      if (check === 'invalid') throw forbidden('This image link is not valid');
      if (check === 'expired') throw forbidden('This image link has expired');
      return `private, max-age=${Math.max(0, Math.floor((Number(query.expires) * 1000 - now) / 1000))}`;
    }
    const principal = await ctx.sessions.authenticate(request.headers.authorization);
    if (!principal.permissions.can(IMAGE_PERMISSION))
      throw forbidden(`You need the ${IMAGE_PERMISSION} permission to do this`);
    return 'private, no-cache';
  }

  app.get(
    '/files/:kind/:hash',
    {
      // Logos need no credential; images check theirs here (a signed link carries no bearer token).
      config: { public: true },
      schema: {
        summary: 'A stored logo (public) or request image (a signed link, or view_installation_requests)',
        description:
          'Request images are served to the signed links the installation requests hand out (valid 40–60 minutes) ' +
          'or to a bearer token with view_installation_requests.',
        tags: ['files'],
        security: [{}, { bearer: [] }],
        params: z.object({ kind: z.enum(['logo', 'image']), hash: z.string().regex(/^[0-9a-f]{64}$/) }),
        querystring: z.object({
          expires: z
            .string()
            .regex(/^\d{1,12}$/, 'expires must be a time in seconds')
            .optional(),
          signature: z.string().max(100).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { kind, hash } = request.params;
      const key = `${kind}/${hash}`;
      const cacheControl =
        kind === 'logo' ? 'public, max-age=31536000, immutable' : await imageAccess(request, key, request.query);
      const { meta, bytes } = await files.get(db, key);
      if (meta.kind !== kind) throw notFound('No such file');
      return reply
        .header('content-type', meta.contentType)
        .header('cache-control', cacheControl)
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
};
