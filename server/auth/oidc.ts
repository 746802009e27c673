/**
 * OpenID Connect relying party for "Sign in with Google" (or any OIDC issuer): discovery,
 * authorization URL, authorization-code exchange and ID-token verification, plus the company
 * e-mail domain restriction. Failures are `OidcError`s whose `status` maps directly onto the
 * HTTP answer of `POST /api/login/google`.
 */
import { createRemoteJWKSet, customFetch, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { OidcConfig } from '../config';

export interface OidcIdentity {
  /** `sub` of the ID token: stable per issuer, unlike the e-mail address. */
  subject: string;
  email: string;
  name: string | null;
  picture: string | null;
}

export interface OidcDiscovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  token_endpoint_auth_methods_supported?: string[];
  [key: string]: unknown;
}

export type OidcErrorStatus = 400 | 403 | 503;

/** A sign-in failure: `status` is the HTTP status to answer with, `message` is safe to show. */
export class OidcError extends Error {
  override readonly name = 'OidcError';
  constructor(
    readonly status: OidcErrorStatus,
    message: string,
    /** Machine-readable reason, e.g. the token endpoint's `error` (`invalid_grant`). */
    readonly code?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface OidcClientOptions {
  /** Fetch implementation used for discovery, token and JWKS requests (tests). */
  fetch?: typeof fetch;
  /** Per-request timeout towards the issuer. Default 10 s. */
  timeoutMs?: number;
}

const SCOPE = 'openid email profile';
/** Google documents both forms of `iss` in its ID tokens. */
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}

export class OidcClient {
  readonly #cfg: OidcConfig;
  readonly #issuer: string;
  readonly #fetch: typeof fetch;
  readonly #timeoutMs: number;
  #discovery: Promise<OidcDiscovery> | null = null;
  #jwks: { uri: string; set: ReturnType<typeof createRemoteJWKSet> } | null = null;

  constructor(cfg: OidcConfig, opts: OidcClientOptions = {}) {
    this.#cfg = cfg;
    this.#issuer = stripSlash(cfg.issuer.trim());
    this.#fetch = opts.fetch ?? ((...args) => fetch(...args));
    this.#timeoutMs = opts.timeoutMs ?? 10_000;
  }

  /** Whether a client id is configured at all (the console may hide the Google button otherwise). */
  get configured(): boolean {
    return this.#cfg.clientId !== '' && this.#issuer !== '';
  }

  #assertConfigured(): void {
    if (!this.configured) throw new OidcError(503, 'Sign-in provider is not configured', 'not_configured');
  }

  /** The issuer's OpenID configuration; cached after the first success (a failure is retried). */
  discover(): Promise<OidcDiscovery> {
    this.#assertConfigured();
    if (!this.#discovery) {
      this.#discovery = this.#loadDiscovery();
      this.#discovery.catch(() => {
        this.#discovery = null;
      });
    }
    return this.#discovery;
  }

  async #loadDiscovery(): Promise<OidcDiscovery> {
    const url = `${this.#issuer}/.well-known/openid-configuration`;
    let res: Response;
    try {
      res = await this.#fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (cause) {
      throw new OidcError(503, 'Sign-in provider is unreachable', 'unreachable', { cause });
    }
    if (!res.ok) {
      throw new OidcError(503, `Sign-in provider discovery failed (HTTP ${res.status})`, 'discovery_failed');
    }
    let doc: Partial<OidcDiscovery>;
    try {
      doc = (await res.json()) as Partial<OidcDiscovery>;
    } catch (cause) {
      throw new OidcError(503, 'Sign-in provider discovery returned invalid JSON', 'discovery_failed', { cause });
    }
    for (const key of ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
      if (typeof doc[key] !== 'string' || doc[key] === '') {
        throw new OidcError(503, `Sign-in provider discovery lacks ${key}`, 'discovery_failed');
      }
    }
    // OpenID Connect Discovery §4.3: the document must be about the issuer we asked for.
    if (stripSlash(doc.issuer as string) !== this.#issuer) {
      throw new OidcError(
        503,
        `Sign-in provider is misconfigured (discovered issuer ${doc.issuer}, expected ${this.#issuer})`,
        'issuer_mismatch',
      );
    }
    return doc as OidcDiscovery;
  }

  /** URL of the provider's consent screen, opened by the console in its popup. */
  async authorizationUrl({
    redirectUri,
    state,
    nonce,
  }: {
    redirectUri: string;
    state: string;
    nonce?: string;
  }): Promise<string> {
    const { authorization_endpoint } = await this.discover();
    const url = new URL(authorization_endpoint);
    url.searchParams.set('client_id', this.#cfg.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', SCOPE);
    url.searchParams.set('state', state);
    if (nonce) url.searchParams.set('nonce', nonce);
    if (this.#cfg.allowedDomain) url.searchParams.set('hd', this.#cfg.allowedDomain);
    url.searchParams.set('prompt', 'select_account');
    return url.toString();
  }

  /**
   * Redeems an authorization code, verifies the ID token and applies the domain restriction.
   * `redirectUri` must be the exact value used in the authorization request. When `nonce` is
   * given it must match the ID token's `nonce` claim.
   */
  async exchangeCode({
    code,
    redirectUri,
    nonce,
  }: {
    code: string;
    redirectUri: string;
    nonce?: string;
  }): Promise<OidcIdentity> {
    this.#assertConfigured();
    if (!code) throw new OidcError(400, 'Missing authorization code', 'invalid_request');
    const disco = await this.discover();
    const idToken = await this.#redeem(disco, code, redirectUri);
    const claims = await this.#verifyIdToken(disco, idToken, nonce);
    return this.#identity(claims);
  }

  async #redeem(disco: OidcDiscovery, code: string, redirectUri: string): Promise<string> {
    const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    const headers: Record<string, string> = {
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
    };
    const methods = disco.token_endpoint_auth_methods_supported;
    // Discovery default (RFC 8414 §2) is client_secret_basic.
    const usePost =
      Array.isArray(methods) && !methods.includes('client_secret_basic') && methods.includes('client_secret_post');
    if (usePost) {
      body.set('client_id', this.#cfg.clientId);
      body.set('client_secret', this.#cfg.clientSecret);
    } else {
      // RFC 6749 §2.3.1: both parts are form-urlencoded before base64.
      const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
      const basic = Buffer.from(`${enc(this.#cfg.clientId)}:${enc(this.#cfg.clientSecret)}`).toString('base64');
      headers.authorization = `Basic ${basic}`;
    }

    let res: Response;
    try {
      res = await this.#fetch(disco.token_endpoint, {
        method: 'POST',
        headers,
        body: body.toString(),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (cause) {
      throw new OidcError(503, 'Sign-in provider is unreachable', 'unreachable', { cause });
    }
    let json: Record<string, unknown> = {};
    try {
      json = (await res.json()) as Record<string, unknown>;
    } catch {
      // handled below
    }
    if (!res.ok) {
      const error = str(json.error) ?? `http_${res.status}`;
      if (res.status >= 500) {
        throw new OidcError(503, `Sign-in provider failed (HTTP ${res.status})`, error);
      }
      if (error === 'invalid_grant') {
        throw new OidcError(400, 'The sign-in code is invalid or has expired; please sign in again', error);
      }
      const detail = str(json.error_description);
      throw new OidcError(400, `Sign-in was refused by the provider (${error}${detail ? `: ${detail}` : ''})`, error);
    }
    const idToken = str(json.id_token);
    if (!idToken) throw new OidcError(400, 'Sign-in provider returned no ID token', 'no_id_token');
    return idToken;
  }

  #jwksFor(uri: string): ReturnType<typeof createRemoteJWKSet> {
    if (this.#jwks?.uri !== uri) {
      const f = this.#fetch;
      this.#jwks = {
        uri,
        set: createRemoteJWKSet(new URL(uri), {
          timeoutDuration: this.#timeoutMs,
          [customFetch]: (url, init) => f(url, init),
        }),
      };
    }
    return this.#jwks.set;
  }

  async #verifyIdToken(disco: OidcDiscovery, idToken: string, nonce: string | undefined): Promise<JWTPayload> {
    const issuers = GOOGLE_ISSUERS.includes(disco.issuer) ? GOOGLE_ISSUERS : [disco.issuer];
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, this.#jwksFor(disco.jwks_uri), {
        issuer: issuers,
        audience: this.#cfg.clientId,
        clockTolerance: 30,
        requiredClaims: ['sub', 'iat', 'exp'],
      }));
    } catch (cause) {
      // Transport problems with the JWKS (network error, timeout, non-200, bad JSON) are the
      // provider's fault; every specific JOSE error (signature, claims, no key) is a bad token.
      const transport =
        cause instanceof joseErrors.JWKSTimeout ||
        !(cause instanceof joseErrors.JOSEError) ||
        cause.constructor === joseErrors.JOSEError;
      if (transport) {
        throw new OidcError(503, 'Sign-in provider keys are unreachable', 'unreachable', { cause });
      }
      throw new OidcError(400, 'The sign-in response could not be verified', 'invalid_id_token', { cause });
    }
    if (nonce !== undefined && payload.nonce !== nonce) {
      throw new OidcError(400, 'The sign-in response could not be verified (nonce mismatch)', 'invalid_id_token');
    }
    return payload;
  }

  #identity(claims: JWTPayload): OidcIdentity {
    const subject = str(claims.sub);
    const email = str(claims.email)?.trim();
    if (!subject || !email) {
      throw new OidcError(400, 'The sign-in provider did not return an e-mail address', 'no_email');
    }
    if (claims.email_verified === false || claims.email_verified === 'false') {
      throw new OidcError(403, 'The e-mail address of this account is not verified', 'email_not_verified');
    }
    const domain = this.#cfg.allowedDomain.trim().toLowerCase();
    if (domain) {
      const at = email.lastIndexOf('@');
      const emailDomain = at >= 0 ? email.slice(at + 1).toLowerCase() : '';
      const hd = claims.hd;
      const hdOk = hd === undefined || (typeof hd === 'string' && hd.toLowerCase() === domain);
      if (emailDomain !== domain || !hdOk) {
        throw new OidcError(
          403,
          `Only accounts of ${this.#cfg.allowedDomain.trim()} may sign in`,
          'domain_not_allowed',
        );
      }
    }
    return { subject, email, name: str(claims.name), picture: str(claims.picture) };
  }
}
