/** Builds the one Fastify process: every service under its base path, /config.json and the console. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
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
import { publicDeclaration } from './configured/public';
import { healthRoutes } from './health';

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
    // The declarations of the resources added by configuration, as the console's bundle carries
    // the built-in ones: the console registers a resource, menu entry and labels for each.
    resources: publicResources(ctx),
  };
}

/** The declarations of the served configured resources as the console may see them (no table, address or credential). */
const publicResources = (ctx: Pick<AppContext, 'resources'>) =>
  (ctx.resources?.served ?? []).map((r) => publicDeclaration(r.entity));

/**
 * The console's app shell (the built index.html) with the declarations of the resources added by
 * configuration written in as a JSON data block (never executed, so the CSP needs no exception):
 * src/configuredResources.ts registers them before the console's modules derive anything from the
 * declarations. `<` is escaped so no value can close the block.
 */
export function appShell(indexHtml: string, ctx: Pick<AppContext, 'resources'>): string {
  const declarations = JSON.stringify(publicResources(ctx));
  const block = `<script type="application/json" id="aq-resources">${declarations.replace(/</g, '\\u003c')}</script>`;
  return indexHtml.includes('</head>') ? indexHtml.replace('</head>', `${block}</head>`) : block + indexHtml;
}

/** The app shell as sent: plain, Brotli and gzip, encoded once at start. */
function encodedShell(html: string): Record<'identity' | 'br' | 'gzip', Buffer> {
  const plain = Buffer.from(html, 'utf8');
  return { identity: plain, br: zlib.brotliCompressSync(plain), gzip: zlib.gzipSync(plain) };
}

/** The encoding of the app shell a client accepts (Brotli first), if any. */
function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = (header ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name!.toLowerCase());
  return accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : undefined;
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
  // Hooks that never wait are written with `done`: an async hook costs its promise on every request.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // First, so every answer has them: the console, /config.json, the APIs, their docs, errors.
  installSecurityHeaders(app, ctx.config);
  const indexHtml = path.join(ctx.config.consoleDir, 'index.html');
  const serveConsole = fs.existsSync(indexHtml);
  const shell = serveConsole ? encodedShell(appShell(fs.readFileSync(indexHtml, 'utf8'), ctx)) : undefined;
  const sendShell = (request: FastifyRequest, reply: FastifyReply) => {
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (encoding) void reply.header('content-encoding', encoding);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .send(shell![encoding ?? 'identity']);
  };
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
        void sendShell(request, reply);
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
  healthRoutes(app, ctx);

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
    app.get('/', { compress: false }, (request, reply) => sendShell(request, reply));
  }
  return app;
}
