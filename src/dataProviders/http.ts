/**
 * Per-service HTTP clients sharing one session: bearer tokens, ONE in-flight refresh shared by
 * every concurrent caller, the 2-second expiry rule, cancellation through AbortSignal, declared
 * statuses to ignore, and the loading counter behind the progress bar.
 */
import { serviceUrl, type ServiceName } from '../config';
import { appEvents } from '../state/events';
import {
  clearSession,
  isTokenStale,
  readSession,
  writeSession,
  type LoginResponse,
  type Session,
} from '../state/session';
import { ApiError, classifyError, markHandled } from './errors';

/** Why the console ends a session itself: message keys (the spec's English is the catalogue's). */
export const SESSION_MESSAGES = {
  noRefreshToken: 'aq.session.noRefreshToken',
  refreshFailed: 'aq.session.refreshFailed',
  /** The sign-in's session check found no complete session stored (src/authProvider.ts). */
  notStored: 'aq.session.notStored',
} as const;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Statuses the caller handles itself: no banner. */
  ignoreStatuses?: readonly number[];
  /** Do not count towards the loading indicator (polls, live-update subscriptions). */
  skipLoading?: boolean;
  /** Which credential to send: the access token (default), the refresh token, or none. */
  auth?: 'access' | 'refresh' | 'none' | { basic: string } | { bearer: string };
  /** Return the raw Response (downloads). */
  raw?: boolean;
  /**
   * Sent as `Idempotency-Key` (one fresh key per submit attempt): the server replays its first
   * answer for a repeated key, so a request that got no answer is retried with the same key.
   */
  idempotencyKey?: string;
}

/** Retries, and the pause before each, of a keyed request that got no answer (network failure). */
const IDEMPOTENT_RETRY_DELAYS_MS = [500, 1500];

let inFlight = 0;
function track(delta: number) {
  inFlight += delta;
  appEvents.emit('loading', inFlight);
}

/**
 * How a request reaches its service: the network (`fetch`), or for the demo build the reference
 * backend running in the browser (src/dataProviders/demoTransport.ts). Nothing else differs.
 */
let transport: typeof fetch = (input, init) => fetch(input, init);

/** Replaces the network for every service client (the demo build, before the console renders). */
export function setTransport(next: typeof fetch): void {
  transport = next;
}

/** The single refresh shared by all concurrent requests. */
let refreshing: Promise<Session> | null = null;

/** Ends the session here; `message` (a key, or the server's text) is shown on the login screen. */
export function logoutLocally(message?: string): void {
  clearSession();
  appEvents.emit('logout', message);
}

export async function refreshSession(): Promise<Session> {
  if (refreshing) return refreshing;
  refreshing = (async () => {
    const session = readSession();
    if (!session?.refreshToken) {
      logoutLocally(SESSION_MESSAGES.noRefreshToken);
      throw new ApiError('internal', 401, SESSION_MESSAGES.noRefreshToken, '/me');
    }
    try {
      const response = await mainClient().request<LoginResponse>('/me', {
        auth: 'refresh',
        skipLoading: true,
        ignoreStatuses: [401, 403],
      });
      return writeSession(response);
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'cancelled') throw err;
      logoutLocally(SESSION_MESSAGES.refreshFailed);
      throw new ApiError('internal', 401, SESSION_MESSAGES.refreshFailed, '/me');
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** A valid access token, refreshed first when 2 seconds or fewer remain. */
export async function accessToken(): Promise<string> {
  const session = readSession();
  if (session && !isTokenStale(session.token)) return session.token;
  return (await refreshSession()).token;
}

function buildQuery(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.set(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

export class ServiceClient {
  constructor(readonly service: ServiceName) {}

  get baseUrl(): string {
    return serviceUrl(this.service);
  }

  async request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    const auth = opts.auth ?? 'access';
    if (auth === 'access') headers.Authorization = `Bearer ${await accessToken()}`;
    else if (auth === 'refresh') headers.Authorization = `Bearer ${readSession()?.refreshToken ?? ''}`;
    else if (typeof auth === 'object' && 'basic' in auth) headers.Authorization = `Basic ${auth.basic}`;
    else if (typeof auth === 'object' && 'bearer' in auth) headers.Authorization = `Bearer ${auth.bearer}`;

    let body: BodyInit | undefined;
    if (opts.body instanceof FormData || typeof opts.body === 'string') body = opts.body;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['Content-Type'] = 'application/json';
    }

    if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;

    const url = `${this.baseUrl}${path}${buildQuery(opts.query)}`;
    if (!opts.skipLoading) track(+1);
    try {
      let response: Response | undefined;
      for (let attempt = 0; !response; attempt++) {
        try {
          response = await transport(url, { method: opts.method ?? 'GET', headers, body, signal: opts.signal });
        } catch (err) {
          if (opts.signal?.aborted || (err instanceof DOMException && err.name === 'AbortError'))
            throw new ApiError('cancelled', 0, 'Request cancelled', path);
          const delay = opts.idempotencyKey ? IDEMPOTENT_RETRY_DELAYS_MS[attempt] : undefined;
          if (delay === undefined) throw new ApiError('network', 0, 'An error occurred', path);
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
      }
      if (!response.ok) {
        const parsed: unknown = await response.json().catch(() => undefined);
        const message = (parsed as { message?: string } | undefined)?.message ?? response.statusText;
        throw new ApiError('response', response.status, message, path, parsed);
      }
      if (opts.raw) return response as T;
      if (response.status === 204) return undefined as T;
      const type = response.headers.get('content-type') ?? '';
      return (type.includes('json') ? await response.json() : await response.text()) as T;
    } catch (err) {
      this.report(err, path, opts.ignoreStatuses, auth === 'access' || auth === 'refresh');
      throw err;
    } finally {
      if (!opts.skipLoading) track(-1);
    }
  }

  private report(err: unknown, path: string, ignore: readonly number[] | undefined, withSession: boolean) {
    const { banner, logout, logoutMessage } = classifyError(err, path, ignore, withSession);
    if (err instanceof ApiError) markHandled(err.message);
    // Concurrent failures of one ended session log out once.
    if (logout) {
      if (readSession()) logoutLocally(logoutMessage);
    } else if (banner) appEvents.emit('error', banner);
  }
}

const clients = new Map<ServiceName, ServiceClient>();

export function client(service: ServiceName): ServiceClient {
  let c = clients.get(service);
  if (!c) clients.set(service, (c = new ServiceClient(service)));
  return c;
}

export const mainClient = () => client('main');
