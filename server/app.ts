/** Builds the one Fastify process: every service under its base path, /config.json and the console. */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { installErrorHandling, toErrorBody } from './http/errors';
import { installInputSanitizer } from './http/sanitize';
import { REQUEST_ID_HEADER, loggingServerOptions, type LogStream } from './http/logging';
import { servicePlugin } from './http/service';
import { installSecurityHeaders } from './http/securityHeaders';
import { SERVICES } from './services';
import { realtimeSocketRoutes } from './realtime';

export const BODY_LIMIT = 1024 * 1024;

/** Answers smaller than this go uncompressed: the encoding would save next to nothing. */
export const COMPRESS_THRESHOLD = 1024;

export interface BuildOptions {
  /** One log line per request (LOG_REQUESTS=1); 5xx responses are logged either way. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests). */
  logStream?: LogStream;
}

export function runtimeConfig(ctx: AppContext) {
  const { config } = ctx;
  const services = Object.fromEntries(Object.entries(SERVICES).map(([name, s]) => [name, s.prefix]));
  return {
    version: config.version,
    services,
    realtime: { key: config.realtime.key, authEndpoint: `${SERVICES.main.prefix}/realtime/auth`, path: '' },
    signIn: {
      provider: config.oidc.providerName,
      enabled: Boolean(config.oidc.clientId),
      clientId: config.oidc.clientId,
      issuer: config.oidc.issuer,
      domain: config.oidc.allowedDomain,
      authorizeEndpoint: `${SERVICES.main.prefix}/login/google/authorize`,
    },
    map: { tileUrl: config.mapTileUrl, center: [52.1, 19.4], zoom: 6 },
    dashboardUrl: config.dashboardUrl,
    crmCompanyUrl: config.crmCompanyUrl,
    apiUsersDashboardUrl: config.apiUsersDashboardUrl,
    apiDocs: `${SERVICES.main.prefix}/docs`,
  };
}

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggingServerOptions({ requests: opts.logger, stream: opts.logStream }),
    bodyLimit: BODY_LIMIT,
    // X-Forwarded-For / -Proto only from the configured proxies (TRUST_PROXY; none by default): a
    // client cannot pick its own address for the sign-in throttle or the logs.
    trustProxy: ctx.config.trustProxy,
    ajv: { customOptions: { coerceTypes: 'array' } },
    // Errors raised by the router itself (bad percent-encoding, over-long parameters) get the contract's shape too.
    frameworkErrors: (error, request, reply) => {
      const body = toErrorBody(error);
      void (reply as FastifyReply).header(REQUEST_ID_HEADER, request.id).status(body.status).send(body);
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
  });
  // First, so every answer has them: the console, /config.json, the APIs, their docs, errors.
  await installSecurityHeaders(app, ctx.config);
  const indexHtml = path.join(ctx.config.consoleDir, 'index.html');
  const serveConsole = fs.existsSync(indexHtml);
  // Before any route (it hooks each route as it is added): JSON answers go Brotli- or gzip-encoded
  // as the client's Accept-Encoding asks, the streamed CSV exports gzip-encoded chunk by chunk;
  // websockets are upgraded before any of this; request bodies are not decompressed (no client
  // sends them so). The console's files (@fastify/static's `/*` route, and `/` below) go as built:
  // precompressed when the build made a smaller file, as they are otherwise (small files).
  // The streamed CSV exports (routes that produce text/csv) go gzip-encoded only: Brotli holds back
  // its first output until it has seen far more of the stream (11.5 s to the first byte of a
  // 100,000-row export against 3.7 s), gzip sends each block as it fills; a client that accepts
  // only Brotli gets the plain stream.
  app.addHook('onRoute', (route) => {
    if (serveConsole && route.url === '/*') route.compress = false;
    const produces = (route.schema as { produces?: readonly string[] } | undefined)?.produces;
    if (produces?.includes('text/csv')) route.compress = { encodings: ['gzip'] };
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    globalDecompression: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const prefixes = Object.values(SERVICES).map((s) => s.prefix + '/');
  installErrorHandling(app, {
    // Unknown non-API GETs without a file extension are console routes: serve the app shell. A
    // numeric "extension" is a version number in a route (/deployments/gen3/versions/5.2.0.0), not a file.
    notFound: (request, reply) => {
      const url = request.url.split('?')[0]!;
      const isService = prefixes.some((p) => url.startsWith(p)) || url.startsWith('/app/');
      const isFile = /^\.\d*[a-z]/i.test(path.extname(url));
      if (serveConsole && request.method === 'GET' && !isService && !isFile) {
        void reply.sendFile('index.html');
        return;
      }
      void reply.status(404).send({ status: 404, message: `No route for ${request.method} ${url}` });
    },
  });

  installInputSanitizer(app);
  await realtimeSocketRoutes(app, ctx.realtime);
  app.addHook('onClose', () => ctx.realtime.close());
  for (const def of Object.values(SERVICES)) {
    await app.register(servicePlugin(def, ctx), { prefix: def.prefix });
  }

  app.get('/config.json', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return runtimeConfig(ctx);
  });
  app.get('/healthz', async () => ({ status: 'ok', database: ctx.dbKind }));

  if (serveConsole) {
    const assets = path.join(ctx.config.consoleDir, 'assets') + path.sep;
    const { sourceMaps } = ctx.config;
    await app.register(fastifyStatic, {
      root: ctx.config.consoleDir,
      index: false,
      // The build writes `<file>.br` and `<file>.gz` beside each text file (vite.config.ts): sent,
      // with their Content-Encoding, to a browser that accepts them.
      preCompressed: true,
      // Source maps only when asked for (SOURCE_MAPS=1): they would publish the console's sources.
      allowedPath: (pathname) => sourceMaps || !pathname.endsWith('.map'),
      // Vite names every file under assets/ after its content (a change makes a new name): browsers
      // keep them for good instead of asking again on every visit. Other files, and the app shell
      // (sent here for `/` and for console routes), are revalidated. The plugin's own header,
      // `max-age=0`, would replace both.
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('cache-control', file.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The answer depends on Accept-Encoding (precompressed or not): caches must keep them apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
    app.get('/', { compress: false }, (_request, reply) => reply.sendFile('index.html'));
  }
  return app;
}
