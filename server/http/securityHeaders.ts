/**
 * Security headers on every answer — the console, /config.json, the APIs and their Swagger UI
 * pages — through helmet. The session lives in the console's localStorage, so a script
 * injected into the page could take it: the Content-Security-Policy lets the page run only the
 * console's own files.
 *
 * - script-src 'self': the built console has no inline script (Vite emits files), nor has Swagger UI.
 * - style-src also 'unsafe-inline': MUI/emotion inject <style> tags at run time, and components set
 *   style attributes; styles cannot run code.
 * - img-src: the console's files, data: and blob: URLs, the map tiles' origin (MAP_TILE_URL), and any
 *   https image while third-party sign-in is on (the provider's avatar pictures, e.g. Google's CDN).
 * - connect-src: the same origin, its realtime websocket (ws: / wss: of the same host) included.
 * - frame-ancestors 'none' (and X-Frame-Options: DENY): no page may frame the console.
 * - Strict-Transport-Security only on answers served over TLS (request.protocol https: a TLS socket,
 *   or X-Forwarded-Proto from a proxy TRUST_PROXY names); over plain HTTP it would be ignored or,
 *   behind a misconfigured proxy, lock browsers out.
 * - No Cross-Origin-Opener-Policy: the sign-in popup is read by its opener once it is back on our
 *   origin, which a browsing-context-group switch would prevent. No Cross-Origin-Resource-Policy:
 *   contractor logos and request images are public downloads other sites may show.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Config } from '../config';

export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  // The console copies to and pastes from the clipboard (coordinates, keys, exports).
  'clipboard-read=(self)',
  'clipboard-write=(self)',
].join(', ');

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The CSP source of a tile URL template's origin (`https://{s}.tile.example.org/{z}/{x}/{y}.png` →
 * `https://*.tile.example.org`); none for a same-origin path or a template CSP cannot express.
 */
export function tileSource(template: string): string | undefined {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!match) return undefined;
  const [, scheme, authority] = match as unknown as [string, string, string];
  const [host = '', port] = authority.split(/:(?=[^:]*$)/);
  const labels = host.split('.');
  const last = labels.findLastIndex((l) => l.includes('{'));
  const rest = labels.slice(last + 1);
  // Placeholders only in the leftmost labels: a wildcard for them; anything else is left to 'self'.
  if (last >= 0 && rest.length < 2) return `${scheme.toLowerCase()}:`;
  const hostSource = last >= 0 ? `*.${rest.join('.')}` : host;
  if (!/^[A-Za-z0-9*.-]+$/.test(hostSource)) return undefined;
  const portSource = port && /^(\d+|\{[^}]*\})$/.test(port) ? `:${/^\d+$/.test(port) ? port : '*'}` : '';
  return `${scheme.toLowerCase()}://${hostSource}${portSource}`;
}

/** The realtime websocket's origin: this host over ws: and wss: ('self' covers it in CSP 3 browsers only). */
function websocketSources(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  return /^[A-Za-z0-9.-]+(:\d+)?$|^\[[0-9A-Fa-f:.]+\](:\d+)?$/.test(host) ? `ws://${host} wss://${host}` : '';
}

export function contentSecurityPolicy(config: Pick<Config, 'mapTileUrl' | 'oidc'>) {
  const tiles = config.mapTileUrl ? tileSource(config.mapTileUrl) : undefined;
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : []), ...(config.oidc.clientId ? ['https:'] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", websocketSources],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
}

/**
 * The policy's header value for a request: the same for every request naming the same Host (only
 * the websocket sources depend on it), so it is written once per Host, not on every answer as
 * helmet's own CSP did. At most MAX_CSP_HOSTS values are kept: the Host header is the client's.
 */
export function cspHeader(config: Pick<Config, 'mapTileUrl' | 'oidc'>): (req: IncomingMessage) => string {
  const directives = Object.entries(contentSecurityPolicy(config));
  const byHost = new Map<string, string>();
  return (req) => {
    const host = req.headers.host ?? '';
    let value = byHost.get(host);
    if (value === undefined) {
      value = directives
        .map(([name, sources]) =>
          [name, ...sources.map((s) => (typeof s === 'function' ? s(req) : s)).filter(Boolean)].join(' '),
        )
        .join(';');
      if (byHost.size < MAX_CSP_HOSTS) byHost.set(host, value);
    }
    return value;
  };
}

const MAX_CSP_HOSTS = 64;

/**
 * helmet's headers (all but the CSP, written above, and HSTS, below) as one middleware, built once.
 * @fastify/helmet, used before, built helmet's middleware again for every request and added two
 * hooks of its own (one async, decorating each reply): work on every request for headers that never
 * change. One synchronous hook now writes them all.
 */
function helmetHeaders(): (req: IncomingMessage, res: ServerResponse) => void {
  const middleware = helmet({
    contentSecurityPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });
  // helmet's middleware writes its headers at once and throws on error (since helmet 8.1).
  const next = (err?: unknown) => {
    if (err) throw err;
  };
  return (req, res) => middleware(req, res, next);
}

/** Installs the headers for every answer: one synchronous hook, before any route's own. */
export function installSecurityHeaders(app: FastifyInstance, config: Config): void {
  const csp = cspHeader(config);
  const helmetOn = helmetHeaders();
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    helmetOn(request.raw, reply.raw);
    void reply.header('content-security-policy', csp(request.raw));
    void reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
    done();
  });
}
