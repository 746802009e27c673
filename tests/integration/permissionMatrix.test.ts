/**
 * Permission matrix, generated from the OpenAPI documents (`/<base>/openapi.json` of every service)
 * and Fastify's own route table (every route the app registered, recorded by an `onRoute` hook):
 *
 * - every registered route of a service is in its document, and every documented operation is
 *   registered (a route left out of the documents escapes this matrix and the bad-input test);
 * - every route declares `config.permission` or `config.public`; a route for any signed-in person
 *   (no permission of the catalogue covers it) is listed in SIGNED_IN_ONLY with its reason, a public
 *   one outside the documents in OUTSIDE_DOCUMENTS;
 * - every operation that is not public refuses, before validation and before its handler: no
 *   token, a malformed token, a token signed with another key, a token of an ended session (401),
 *   and an expired token (403 'The token is expired': the spec's message, on which the console
 *   signs out — console-shell spec, "Session");
 * - every operation with a permission rule answers 403 to a valid session of a user whose role holds
 *   no permission, and to the first demo user (viewer, technician, sales) whose role lacks its rule.
 *
 * Path parameters get plausible values, bodies are `{}`: the permission check runs in the service's
 * onRequest hook (server/http/service.ts), before the body is read, so a 400 here would mean a route
 * validates before it authenticates.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import type { PermissionRule } from '../../common/permissions';
import { PermissionSet } from '../../common/permissions';
import { TOKEN_EXPIRED_MESSAGE } from '../../server/http/errors';
import { roles, staffUsers } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/testApp';

interface RegisteredRoute {
  methods: string[];
  url: string;
  permission?: PermissionRule;
  public: boolean;
}

// Every route the app registers, as Fastify sees it (the root's onRoute hook sees the services' too).
const registered = vi.hoisted(() => [] as RegisteredRoute[]);
vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof import('fastify')>();
  const record = (opts: { method: string | string[]; url: string; config?: unknown }) => {
    const config = (opts.config ?? {}) as { permission?: PermissionRule; public?: boolean };
    registered.push({
      methods: [opts.method].flat().map((m) => m.toUpperCase()),
      url: opts.url,
      permission: config.permission,
      public: config.public === true,
    });
  };
  const wrapped = ((options?: object) => {
    const app = mod.default(options as never);
    app.addHook('onRoute', record as never);
    return app;
  }) as unknown as typeof mod.default;
  return { ...mod, default: wrapped };
});

/** Routes outside the service documents, each with why it needs no bearer token. */
const OUTSIDE_DOCUMENTS: { match: RegExp; reason: string }[] = [
  {
    match: /^\/app\/:key$/,
    reason: 'realtime WebSocket (Pusher protocol): private channels are authorised by /api/realtime/auth',
  },
  { match: /^\/config\.json$/, reason: "the console's runtime configuration, read before sign-in" },
  { match: /^\/healthz$/, reason: 'liveness probe' },
  { match: /^\/readyz$/, reason: 'readiness probe' },
  { match: /^\/[a-z0-9/-]+\/docs(\/.*)?$/, reason: "a service's API documentation page (Swagger UI)" },
  { match: /^\/[a-z0-9/-]+\/openapi\.json$/, reason: "a service's OpenAPI document" },
  { match: /^\/(\*|assets\/\*|)$/, reason: "the console's static files and app shell" },
];

/** Documented public operations (`config.public`), each with what guards it instead of a bearer token. */
const PUBLIC: Record<string, string> = {
  'GET /api/login/basic': 'password sign-in (Basic credential, throttled)',
  'POST /api/login/google': 'third-party sign-in: the provider’s authorisation code',
  'GET /api/login/google/authorize': 'redirect to the sign-in provider',
  'POST /api/logout': 'ends the session of the bearer refresh token',
  'GET /api/me': 'refresh: the bearer refresh token',
  'GET /api/contractors/default-logos/{file}': 'the bundled default contractor logos, the same for everyone',
  'GET /api/files/{kind}/{hash}': 'content-addressed files: the SHA-256 in the URL is the capability',
  'GET /apiusers-api/v1/ping': 'sample API-key endpoint: X-API-Key, rate-limited',
  'GET /apiusers-api/v1/samples': 'sample API-key endpoint: X-API-Key, rate-limited',
};

/**
 * Documented routes for any signed-in person: no permission of the spec's catalogue covers them.
 * Keyed `METHOD /base/path` with `{param}`.
 */
const SIGNED_IN_ONLY: Record<string, string> = {
  'POST /api/realtime/auth': 'authorises a live-update channel by the permission of that channel',
  'GET /api/preferences': 'personal preferences',
  'PATCH /api/preferences': 'personal preferences',
  'GET /api/preferences/presets': 'personal column presets',
  'POST /api/preferences/presets': 'personal column presets',
  'PUT /api/preferences/presets/order': 'personal column presets',
  'POST /api/preferences/presets/import': 'personal column presets',
  'POST /api/preferences/presets/migrate': 'personal column presets',
  'PUT /api/preferences/presets/{id}': 'personal column presets',
  'DELETE /api/preferences/presets/{id}': 'personal column presets',
  'GET /api/preferences/queries/{kind}': 'personal saved queries',
  'POST /api/preferences/queries/{kind}': 'personal saved queries',
  'PUT /api/preferences/queries/{kind}/order': 'personal saved queries',
  'POST /api/preferences/queries/{kind}/import': 'personal saved queries',
  'POST /api/preferences/queries/{kind}/migrate': 'personal saved queries',
  'PUT /api/preferences/queries/{kind}/{id}': 'personal saved queries',
  'DELETE /api/preferences/queries/{kind}/{id}': 'personal saved queries',
};

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: { type?: string | string[]; enum?: unknown[]; pattern?: string };
}
interface Operation {
  key: string;
  method: string;
  /** Documented path with `{param}`, base included. */
  path: string;
  params: Parameter[];
  hasBody: boolean;
  route?: RegisteredRoute;
}

const toDocPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/$/, '') || '/';

function plausible(p: Parameter): string {
  const s = p.schema ?? {};
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (s.enum?.length) return encodeURIComponent(String(s.enum[0]));
  if (type === 'integer' || type === 'number') return '1';
  if (p.name === 'kind') return 'installations';
  if (p.name === 'hash') return '0'.repeat(64);
  if (p.name === 'version') return '1.0.0';
  if (p.name === 'param') return 'pm25';
  if (s.pattern && new RegExp(s.pattern).test('1')) return '1';
  return 'x1';
}

function urlOf(op: Operation): string {
  let url = op.path;
  for (const p of op.params.filter((x) => x.in === 'path')) url = url.replace(`{${p.name}}`, plausible(p));
  const query = op.params.filter((p) => p.in === 'query' && p.required).map((p) => `${p.name}=${plausible(p)}`);
  return query.length ? `${url}?${query.join('&')}` : url;
}

let t: TestApp;
const prefixes: string[] = [];
const operations: Operation[] = [];
const tokens: Record<string, string> = {};
const demoPermissions: { name: string; set: PermissionSet }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const { SERVICES } = await import('../../server/services');
  for (const s of Object.values(SERVICES)) prefixes.push(s.prefix);
  const byKey = new Map<string, RegisteredRoute>();
  for (const r of registered) for (const m of r.methods) if (m !== 'HEAD') byKey.set(`${m} ${toDocPath(r.url)}`, r);
  for (const prefix of prefixes) {
    const res = await t.call('GET', `${prefix}/openapi.json`);
    if (res.statusCode === 404) continue; // a service with no route today (no configured resources)
    const doc = res.json() as {
      paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown }>>;
    };
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, spec] of Object.entries(ops)) {
        const full = toDocPath(prefix + path);
        const key = `${method.toUpperCase()} ${full}`;
        operations.push({
          key,
          method: method.toUpperCase(),
          path: prefix + path,
          params: spec.parameters ?? [],
          hasBody: spec.requestBody !== undefined,
          route: byKey.get(key),
        });
      }
    }
  }

  // A role with no permission at all, and a user holding it, signed in by a real session.
  const db = t.ctx.db;
  const [role] = await db.insert(roles).values({ name: 'matrix-nobody', permissions: {} }).returning();
  const [user] = await db
    .insert(staffUsers)
    .values({ name: 'matrix-nobody', displayName: 'Nobody', roleId: role!.id })
    .returning();
  tokens.nobody = (await t.ctx.sessions.startSession(db, user!.id)).tokens.accessToken;
  for (const name of ['viewer', 'technician', 'sales']) {
    const login = await t.login(name);
    tokens[name] = login.tokens.accessToken;
    demoPermissions.push({ name, set: new PermissionSet(login.user.permissions) });
  }
  // A session that has ended: signed in, then signed out.
  const ended = await t.login('viewer');
  const out = await t.call('POST', '/api/logout', { token: ended.tokens.refreshToken });
  if (out.statusCode !== 204) throw new Error(`logout: ${out.statusCode} ${out.body}`);
  tokens.ended = ended.tokens.accessToken;
  const secret = new TextEncoder().encode(t.config.jwtSecret);
  const adminId = String((await t.login('admin')).user.id);
  const payload = { sid: crypto.randomUUID(), typ: 'access' };
  tokens.otherKey = await new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(adminId)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode('not-the-servers-key-0123456789abcdef'));
  tokens.expired = await new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(adminId)
    .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
    .sign(secret);
  tokens.malformed = 'eyJhbGciOiJIUzI1NiJ9.not-a-token.x';
}, 120_000);

afterAll(async () => {
  await t?.close();
});

interface Case {
  name: string;
  headers: Record<string, string>;
  status: number;
  message?: string;
}

async function send(op: Operation, c: Case) {
  const res = await t.app.inject({
    method: op.method as never,
    url: urlOf(op),
    payload: op.hasBody ? '{}' : undefined,
    headers: { ...(op.hasBody ? { 'content-type': 'application/json' } : {}), ...c.headers },
  });
  let body: { status?: unknown; message?: unknown } = {};
  try {
    body = res.json();
  } catch {
    // not JSON: reported below
  }
  const problems: string[] = [];
  if (res.statusCode !== c.status) problems.push(`answered ${res.statusCode}, expected ${c.status}`);
  else if (body.status !== c.status || typeof body.message !== 'string')
    problems.push('error body is not {status, message}');
  else if (c.message && body.message !== c.message) problems.push(`message "${String(body.message)}"`);
  return problems.length ? `${op.key} ${c.name}: ${problems.join('; ')} (${res.body.slice(0, 120)})` : undefined;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('permission matrix from the OpenAPI documents', () => {
  it('documents every registered route of every service, and registers every documented one', () => {
    expect(operations.length).toBeGreaterThan(100);
    const documented = new Set(operations.map((o) => o.key));
    const missing: string[] = [];
    const unexplained: string[] = [];
    for (const r of registered) {
      for (const m of r.methods) {
        if (m === 'HEAD') continue;
        const path = toDocPath(r.url);
        if (documented.has(`${m} ${path}`)) continue;
        const inService = prefixes.some((p) => path === p || path.startsWith(`${p}/`));
        const allowed = OUTSIDE_DOCUMENTS.find((o) => o.match.test(r.url));
        if (allowed) continue;
        (inService ? missing : unexplained).push(`${m} ${r.url}`);
      }
    }
    expect(missing, 'registered service routes missing from the OpenAPI documents').toEqual([]);
    expect(unexplained, 'routes outside every service with no reason in OUTSIDE_DOCUMENTS').toEqual([]);
    expect(
      operations.filter((o) => !o.route).map((o) => o.key),
      'documented but not registered',
    ).toEqual([]);
  });

  it('gives every route a permission rule, or says why it is public or for any signed-in person', () => {
    const bare = operations
      .filter((o) => o.route && !o.route.public && o.route.permission === undefined && !(o.key in SIGNED_IN_ONLY))
      .map((o) => o.key);
    expect(bare, 'routes with no permission rule, not public and not in SIGNED_IN_ONLY').toEqual([]);
    const publicOps = operations.filter((o) => o.route?.public).map((o) => o.key);
    expect(
      publicOps.filter((k) => !(k in PUBLIC)),
      'public routes with no reason in PUBLIC',
    ).toEqual([]);
    expect(
      Object.keys(PUBLIC).filter((k) => !publicOps.includes(k)),
      'PUBLIC entries that are no longer public routes',
    ).toEqual([]);
    const stale = Object.keys(SIGNED_IN_ONLY).filter(
      (k) => !operations.some((o) => o.key === k && o.route && o.route.permission === undefined && !o.route.public),
    );
    expect(stale, 'SIGNED_IN_ONLY entries that are no longer such routes').toEqual([]);
  });

  it('refuses every non-public operation without a valid token (401; expired: 403 with the spec message)', async () => {
    const cases: Case[] = [
      { name: 'without a token', headers: {}, status: 401 },
      { name: 'with a malformed token', headers: bearer(tokens.malformed!), status: 401 },
      { name: 'with a token signed by another key', headers: bearer(tokens.otherKey!), status: 401 },
      { name: 'with the token of an ended session', headers: bearer(tokens.ended!), status: 401 },
      {
        name: 'with a Basic credential',
        headers: { authorization: 'Basic YWRtaW46YWRtaW4tZGVtby1wYXNz' },
        status: 401,
      },
      { name: 'with an expired token', headers: bearer(tokens.expired!), status: 403, message: TOKEN_EXPIRED_MESSAGE },
    ];
    const guarded = operations.filter((o) => o.route && !o.route.public);
    const failures: string[] = [];
    for (const op of guarded) for (const c of cases) failures.push((await send(op, c)) ?? '');
    const failed = failures.filter(Boolean);
    console.info(`permission matrix: ${guarded.length} guarded operations × ${cases.length} token cases`);
    expect(failed, `${failed.length} refusals wrong:\n${failed.join('\n')}`).toEqual([]);
  });

  it('answers 403 to a valid session whose role lacks the operation’s permission', async () => {
    const ruled = operations.filter((o) => o.route?.permission !== undefined && !o.route.public);
    expect(ruled.length).toBeGreaterThan(80);
    const failures: string[] = [];
    let cases = 0;
    for (const op of ruled) {
      const rule = op.route!.permission!;
      const lacking = demoPermissions.find((d) => !d.set.can(rule));
      const users = ['nobody', ...(lacking ? [lacking.name] : [])];
      for (const user of users) {
        cases++;
        const f = await send(op, {
          name: `as ${user} (lacks ${String(rule)})`,
          headers: bearer(tokens[user]!),
          status: 403,
        });
        if (f) failures.push(f);
      }
    }
    console.info(`permission matrix: ${ruled.length} operations with a rule, ${cases} lacking-permission cases`);
    expect(failures, `${failures.length} operations did not refuse:\n${failures.join('\n')}`).toEqual([]);
  });
});
