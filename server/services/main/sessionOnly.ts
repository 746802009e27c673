/**
 * Routes for a signed-in person only. Personal preferences (theme, selected preset), column presets
 * and saved queries belong to the owner's sign-in sessions: an API token (`aqt_…`) acts only within
 * its scope of permissions, and no permission of the spec covers personal data, so a token may
 * neither read nor rewrite them, whatever its scope (403 with a sentence that says so).
 */
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden } from '../../http/errors';
import type { ServiceRoutes } from '../../http/service';

export const SESSION_ONLY_MESSAGE =
  'Personal preferences, presets and saved queries are only available when signed in; an API token cannot use them';

/** onRequest hook, after authentication: refuses API-token principals. */
export async function refuseApiTokens(request: FastifyRequest): Promise<void> {
  if (request.principal?.tokenId != null) throw forbidden(SESSION_ONLY_MESSAGE);
}

/**
 * Registers routes in their own encapsulated scope (same prefix) whose every request must come
 * from a sign-in session; the service's authentication hook runs first.
 */
export function sessionOnly(routes: ServiceRoutes): ServiceRoutes {
  return (app, ctx) => {
    void app.register(async (scoped) => {
      scoped.addHook('onRequest', refuseApiTokens);
      await routes(scoped.withTypeProvider<ZodTypeProvider>(), ctx);
    });
  };
}
