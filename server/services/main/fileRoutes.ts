/** Public downloads of logos and request images (content-addressed, hash-verified). */
import { z } from 'zod';
import type { ServiceRoutes } from '../../http/service';
import { notFound } from '../../http/errors';

export const fileRoutes: ServiceRoutes = (app, { db, files }) => {
  app.get(
    '/files/:kind/:hash',
    {
      config: { public: true },
      schema: {
        summary: 'A stored logo or request image',
        tags: ['files'],
        security: [],
        params: z.object({ kind: z.enum(['logo', 'image']), hash: z.string().regex(/^[0-9a-f]{64}$/) }),
      },
    },
    async (request, reply) => {
      const { kind, hash } = request.params;
      const { meta, bytes } = await files.get(db, `${kind}/${hash}`);
      if (meta.kind !== kind) throw notFound('No such file');
      return reply
        .header('content-type', meta.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
};
