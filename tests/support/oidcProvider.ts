/**
 * A real, local OpenID Connect provider (panva's `oidc-provider`) standing in for Google in
 * backend integration tests, Playwright runs and local demos. Nothing is mocked: discovery,
 * authorization endpoint, signed ID tokens, JWKS and the token endpoint are the library's.
 *
 * The login "page" is a minimal HTML form served at `/interaction/:uid`: an e-mail field named
 * `login` and a "Sign in" button. Submitting a known account logs it in and auto-consents to
 * `openid email profile`, then the browser is redirected (303s) to `redirect_uri?code=…&state=…`.
 * A "Cancel" button ends the flow with `error=access_denied`.
 */
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import crypto from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
// @ts-expect-error -- oidc-provider ships no type declarations; the little we use is typed below.
import ProviderCtor, { interactionPolicy as policyLib } from 'oidc-provider';

export interface OidcTestAccount {
  sub: string;
  email: string;
  name: string;
  email_verified?: boolean;
  picture?: string;
  /** Hosted-domain claim. Default: the e-mail's domain; `null` omits it (like a consumer Gmail account). */
  hd?: string | null;
}

export interface StartOidcProviderOptions {
  /** 0 (default) picks a free port. The provider always listens on 127.0.0.1. */
  port?: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  accounts: OidcTestAccount[];
  /**
   * How the client authenticates at the token endpoint. `client_secret_post` also makes
   * discovery advertise only that method (like some providers do). Default `client_secret_basic`.
   */
  tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post';
  /** More confidential clients (same redirect URIs unless given), e.g. to test audience checks. */
  extraClients?: Array<{ clientId: string; clientSecret: string; redirectUris?: string[] }>;
}

export interface OidcProviderHandle {
  /** e.g. `http://127.0.0.1:41234` — use as `OidcConfig.issuer`. */
  issuer: string;
  close(): Promise<void>;
}

// ---- minimal typing of the parts of oidc-provider used here -------------------------------------

interface Interaction {
  uid: string;
  prompt: { name: string; details: Record<string, unknown> };
  params: Record<string, unknown>;
  grantId?: string;
}
interface GrantInstance {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  addResourceScope(indicator: string, scope: string): void;
  save(): Promise<string>;
}
interface OidcProviderInstance {
  callback(): (req: http.IncomingMessage, res: http.ServerResponse) => void;
  interactionDetails(req: http.IncomingMessage, res: http.ServerResponse): Promise<Interaction>;
  interactionFinished(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    result: Record<string, unknown>,
    opts?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Grant: {
    new (init: { accountId: string; clientId: string }): GrantInstance;
    find(id: string): Promise<GrantInstance | undefined>;
  };
  on(event: string, listener: (...args: unknown[]) => void): void;
}
type ProviderConstructor = new (issuer: string, config: Record<string, unknown>) => OidcProviderInstance;
interface PolicyLib {
  base(): { add(prompt: unknown, index?: number): void };
  Prompt: new (init: { name: string; requestable: boolean }) => unknown;
}

const Provider = ProviderCtor as ProviderConstructor;
const interactionPolicy = policyLib as PolicyLib;

// ---- HTML ----------------------------------------------------------------------------------------

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function loginPage(uid: string, clientId: string, error?: string, login = ''): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign in - Test OpenID Provider</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:sans-serif;max-width:22rem;margin:3rem auto}label,input,button{display:block;width:100%;margin:.4rem 0}
input{padding:.5rem}button{padding:.5rem}.error{color:#b00020}</style></head>
<body>
<h1>Sign in</h1>
<p>to continue to <strong>${esc(clientId)}</strong></p>
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="/interaction/${esc(uid)}/login" autocomplete="off">
  <label for="login">Email</label>
  <input id="login" name="login" type="email" value="${esc(login)}" required autofocus>
  <button type="submit">Sign in</button>
</form>
<form method="post" action="/interaction/${esc(uid)}/abort">
  <button type="submit">Cancel</button>
</form>
</body></html>`;
}

function send(res: http.ServerResponse, status: number, body: string, type = 'text/html; charset=utf-8'): void {
  res.statusCode = status;
  res.setHeader('content-type', type);
  res.setHeader('cache-control', 'no-store');
  res.end(body);
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

// ---- provider ------------------------------------------------------------------------------------

export async function startOidcProvider(opts: StartOidcProviderOptions): Promise<OidcProviderHandle> {
  const authMethod = opts.tokenEndpointAuthMethod ?? 'client_secret_basic';
  const accounts = new Map(opts.accounts.map((a) => [a.sub, a]));
  const byEmail = new Map(opts.accounts.map((a) => [a.email.toLowerCase(), a]));

  let handler: ((req: http.IncomingMessage, res: http.ServerResponse) => void) | null = null;
  const server = http.createServer((req, res) => {
    if (handler) handler(req, res);
    else send(res, 503, 'starting', 'text/plain');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: crypto.randomUUID(), alg: 'RS256', use: 'sig' };

  // Google-like `prompt=select_account`: oidc-provider rejects prompt values its policy lacks.
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);

  const provider = new Provider(issuer, {
    clients: [
      { clientId: opts.clientId, clientSecret: opts.clientSecret, redirectUris: opts.redirectUris },
      ...(opts.extraClients ?? []),
    ].map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      // http://127.0.0.1 / http://localhost redirect URIs are accepted for `web` clients as long
      // as the implicit grant is not enabled (oidc-provider v9 only forbids http for implicit).
      application_type: 'web',
      redirect_uris: c.redirectUris ?? opts.redirectUris,
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: authMethod,
    })),
    clientAuthMethods:
      authMethod === 'client_secret_post' ? ['client_secret_post'] : ['client_secret_basic', 'client_secret_post'],
    jwks: { keys: [signingKey] },
    cookies: {
      keys: [crypto.randomBytes(32).toString('base64url')],
      // Cookies are scoped by host, not port: keep clear of the backend's cookies on 127.0.0.1.
      names: { session: '_op_session', interaction: '_op_interaction', resume: '_op_interaction_resume' },
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified', 'hd'],
      profile: ['name', 'picture'],
    },
    // Put the scope claims into the ID token (as Google does), not only into /me.
    conformIdTokenClaims: false,
    pkce: { required: () => false },
    // Explicit lifetimes (seconds); also silences oidc-provider's "default ttl" notices.
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 3600,
      IdToken: 3600,
      Interaction: 3600,
      Session: 24 * 3600,
      Grant: 24 * 3600,
    },
    features: { devInteractions: { enabled: false } },
    interactions: {
      policy,
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          const hd = account.hd === undefined ? account.email.split('@')[1] : account.hd;
          return {
            sub,
            email: account.email,
            email_verified: account.email_verified ?? true,
            name: account.name,
            ...(account.picture ? { picture: account.picture } : {}),
            ...(hd ? { hd } : {}),
          };
        },
      };
    },
    renderError(ctx: { type: string; body: string }, out: { error: string; error_description?: string }) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html><head><meta charset="utf-8"><title>Sign-in error</title></head><body><h1>Sign-in error</h1><p id="error">${esc(out.error)}</p><p>${esc(out.error_description ?? '')}</p></body></html>`;
    },
  });
  // oidc-provider logs nothing by default; surface server errors while testing.
  provider.on('server_error', (_ctx, err) => console.error('[oidc-provider]', err));

  const oidc = provider.callback();

  async function finishLogin(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    details: Interaction,
    account: OidcTestAccount,
  ) {
    const clientId = String(details.params.client_id);
    const grant =
      (details.grantId && (await provider.Grant.find(details.grantId))) ||
      new provider.Grant({ accountId: account.sub, clientId });
    // Auto-consent: grant what the client asked for, at most openid email profile.
    const requested = String(details.params.scope ?? '').split(' ');
    grant.addOIDCScope(['openid', 'email', 'profile'].filter((s) => requested.includes(s)).join(' '));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { select_account: {}, login: { accountId: account.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  async function interaction(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    uid: string,
    action: string | undefined,
  ) {
    let details: Interaction;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      return send(
        res,
        400,
        '<!doctype html><p id="error">Sign-in session expired or not found. Close this window and try again.</p>',
      );
    }
    if (details.uid !== uid) return send(res, 400, '<!doctype html><p id="error">Interaction mismatch.</p>');
    const clientId = String(details.params.client_id);

    if (req.method === 'GET' && action === undefined) return send(res, 200, loginPage(uid, clientId));

    if (req.method === 'POST' && action === 'login') {
      const login = (await readForm(req)).get('login')?.trim() ?? '';
      const account = byEmail.get(login.toLowerCase());
      if (!account)
        return send(res, 200, loginPage(uid, clientId, `No account for ${login || 'an empty address'}`, login));
      return finishLogin(req, res, details, account);
    }

    if (req.method === 'POST' && action === 'abort') {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
    }
    return send(res, 404, 'not found', 'text/plain');
  }

  handler = (req, res) => {
    const m = /^\/interaction\/([\w-]+)(?:\/(login|abort))?\/?(?:\?.*)?$/.exec(req.url ?? '');
    if (!m) return oidc(req, res);
    interaction(req, res, m[1]!, m[2]).catch((err: unknown) => {
      console.error('[oidc-provider interaction]', err);
      if (!res.headersSent) send(res, 500, 'interaction failed', 'text/plain');
      else res.end();
    });
  };

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

// ---- programmatic flow for integration tests --------------------------------------------------------

/** Tiny cookie jar: name → value; paths are ignored (everything lives on one origin). */
class CookieJar {
  readonly #cookies = new Map<string, string>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k = '', v = ''] = a.trim().split('=');
        if (k.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (k.toLowerCase() === 'expires') return Date.parse(v) <= Date.now();
        return false;
      });
      if (expired || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export interface ObtainCodeOptions {
  clientId: string;
  redirectUri: string;
  /** E-mail typed into the login form. */
  email: string;
  state?: string;
  nonce?: string;
  scope?: string;
  /** Start from this authorization URL (e.g. `OidcClient.authorizationUrl(...)`) instead of building one. */
  authorizationUrl?: string;
}

/**
 * Drives the provider's authorization flow like a browser would (manual redirects + cookies),
 * submits the login form for `email` and returns the `code` delivered to `redirectUri`.
 * Throws if the provider answers with an error or the account is unknown.
 */
export async function obtainCode(issuerInfo: { issuer: string }, opts: ObtainCodeOptions): Promise<string> {
  let url: URL;
  if (opts.authorizationUrl) {
    url = new URL(opts.authorizationUrl);
  } else {
    const disco = (await (
      await fetch(`${issuerInfo.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`)
    ).json()) as {
      authorization_endpoint: string;
    };
    url = new URL(disco.authorization_endpoint);
    url.searchParams.set('client_id', opts.clientId);
    url.searchParams.set('redirect_uri', opts.redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', opts.scope ?? 'openid email profile');
    url.searchParams.set('state', opts.state ?? crypto.randomUUID());
    if (opts.nonce) url.searchParams.set('nonce', opts.nonce);
  }

  const jar = new CookieJar();
  let method: 'GET' | 'POST' = 'GET';
  let body: string | undefined;
  let submitted = false;

  for (let hop = 0; hop < 20; hop++) {
    if (url.href.startsWith(opts.redirectUri) && url.origin === new URL(opts.redirectUri).origin) {
      const error = url.searchParams.get('error');
      if (error)
        throw new Error(`Authorization failed: ${error} ${url.searchParams.get('error_description') ?? ''}`.trim());
      const code = url.searchParams.get('code');
      if (!code) throw new Error(`Redirected to ${url.href} without a code`);
      return code;
    }
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    jar.store(res);
    method = 'GET';
    body = undefined;

    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      await res.arrayBuffer();
      url = new URL(location, url);
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*method="post"[^>]*action="([^"]*\/login)"/i.exec(html)?.[1];
    if (res.status === 200 && action && !submitted) {
      submitted = true;
      url = new URL(action.replace(/&amp;/g, '&'), url);
      method = 'POST';
      body = new URLSearchParams({ login: opts.email }).toString();
      continue;
    }
    const alert = /role="alert">([^<]*)</.exec(html)?.[1] ?? /id="error">([^<]*)</.exec(html)?.[1];
    throw new Error(`Authorization flow stopped at ${url.href} (HTTP ${res.status})${alert ? `: ${alert}` : ''}`);
  }
  throw new Error('Authorization flow: too many redirects');
}

// ---- standalone demo: `npx tsx tests/support/oidcProvider.ts` ---------------------------------------

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = process.env;
  const clientId = env.OIDC_CLIENT_ID || 'aq-console-dev';
  const clientSecret = env.OIDC_CLIENT_SECRET || 'aq-console-dev-secret';
  const redirectUris = (
    env.OIDC_REDIRECT_URIS ||
    ['8080', '5173']
      .flatMap((p) => [`http://127.0.0.1:${p}/login/callback`, `http://localhost:${p}/login/callback`])
      .join(',')
  )
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  const domain = env.OIDC_ALLOWED_DOMAIN || 'example.com';
  const handle = await startOidcProvider({
    port: Number(env.OIDC_PROVIDER_PORT || 9090),
    clientId,
    clientSecret,
    redirectUris,
    accounts: [
      { sub: 'demo-admin', email: `admin@${domain}`, name: 'Demo Admin' },
      { sub: 'demo-operator', email: `operator@${domain}`, name: 'Demo Operator' },
      { sub: 'demo-outsider', email: 'outsider@other.org', name: 'Outside User' },
    ],
  });
  console.log(`Local OpenID provider listening at ${handle.issuer}`);
  console.log(`Accounts: admin@${domain}, operator@${domain}, outsider@other.org`);
  console.log(`Redirect URIs: ${redirectUris.join(' ')}`);
  console.log(
    `Backend env: OIDC_ISSUER=${handle.issuer} OIDC_CLIENT_ID=${clientId} OIDC_CLIENT_SECRET=${clientSecret} OIDC_ALLOWED_DOMAIN=${domain}`,
  );
  const stop = () => void handle.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
