/**
 * A service is an encapsulated Fastify plugin under its base path with its own OpenAPI document,
 * zod validation, bearer authentication and a per-route permission rule:
 *
 *   app.get('/admin/users', { config: { permission: 'admin_view_users' }, schema }, handler)
 *   app.post('/login/google', { config: { public: true }, schema }, handler)
 */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import multipart from '@fastify/multipart';
import { UPLOAD_LIMITS } from '../../common/domain';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PermissionRule } from '../../common/permissions';
import type { Principal } from '../auth/sessions';
import type { AppContext } from '../context';
import { DATA_CACHES, dataChanged } from '../db/changes';
import { forbidden } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No bearer credential needed. */
    public?: boolean;
    /** The permission the caller must hold (a name, a pattern or a list: any one suffices). */
    permission?: PermissionRule;
  }
  interface FastifyRequest {
    principal: Principal;
  }
}

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
export type ServiceRoutes = (app: ZodApp, ctx: AppContext) => void | Promise<void>;

export interface ServiceDefinition {
  /** Base path, e.g. `/api`. */
  prefix: string;
  title: string;
  description: string;
  routes: ServiceRoutes[];
}

/**
 * zod's OpenAPI transform, plus a request body for the routes that read a multipart body
 * themselves (`consumes: ['multipart/form-data']`, no body schema): the document says they take
 * multipart/form-data, so clients and the generated bad-input tests know.
 */
const documentMultipart: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const schema = out.schema as { body?: unknown; consumes?: readonly string[] } | undefined;
  if (schema && !schema.body && schema.consumes?.includes('multipart/form-data'))
    return {
      ...out,
      schema: {
        ...out.schema,
        body: { type: 'object', description: 'multipart/form-data: the fields of the summary' },
      },
    };
  return out;
};

function describeRule(rule: PermissionRule): string {
  return typeof rule === 'string' ? rule : rule.join(' or ');
}

export function servicePlugin(def: ServiceDefinition, ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: def.title, description: def.description, version: ctx.config.version },
        servers: [{ url: def.prefix }],
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, basic: { type: 'http', scheme: 'basic' } },
        },
        security: [{ bearer: [] }],
      },
      transform: documentMultipart,
    });
    await app.register(multipart, {
      limits: { fileSize: Math.max(...Object.values(UPLOAD_LIMITS)), files: 4, fields: 40 },
    });
    // indexPrefix: the page at `<prefix>/docs` (no trailing slash) links its files under the
    // service's prefix; without it they pointed at /docs/static/… and the page stayed blank. No
    // validator badge: it is an image from validator.swagger.io, which the CSP (securityHeaders.ts) refuses.
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      indexPrefix: def.prefix,
      uiConfig: { url: `${def.prefix}/openapi.json`, validatorUrl: null } as never,
    });

    app.decorateRequest('principal', null as unknown as Principal);
    app.addHook('onRequest', async (request) => {
      const config = request.routeOptions.config;
      if (config?.public || request.routeOptions.url === undefined) return;
      const url = request.routeOptions.url ?? '';
      if (url.startsWith(`${def.prefix}/docs`) || url === `${def.prefix}/openapi.json`) return;
      request.principal = await ctx.sessions.authenticate(request.headers.authorization);
      const rule = config?.permission;
      if (rule !== undefined && !request.principal.permissions.can(rule))
        throw forbidden(`You need the ${describeRule(rule)} permission to do this`);
    });

    // A request that may have written ends the read caches (sessions, roles, tags) as it answers:
    // after its transaction committed, before the client can send its next request — this process's
    // at once, the other processes' through the realtime bus (see `invalidateDataCaches`).
    app.addHook('onSend', (request, _reply, _payload, done) => {
      if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return done();
      dataChanged();
      ctx.realtime.invalidate(DATA_CACHES).then(
        () => done(),
        (err: unknown) => {
          request.log.warn({ err }, 'cache invalidation not sent');
          done();
        },
      );
    });

    app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());

    const zapp = app.withTypeProvider<ZodTypeProvider>();
    for (const routes of def.routes) await routes(zapp, ctx);
  };
}
