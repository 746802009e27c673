/** Runtime configuration of the reference backend, read once from the environment. */
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { APP_VERSION } from '../common/domain';
import { scryptLog2N } from './auth/password';
import { loginPassword, loginUsername } from '../common/validation';

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n)) throw new Error(`${name} must be an integer, got "${raw}"`);
  return n;
}

export interface OidcConfig {
  /** Issuer URL whose /.well-known/openid-configuration is discovered. Google by default. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Only e-mail addresses of this domain may sign in (the `hd` hint is also sent). Empty: any. */
  allowedDomain: string;
  /** Shown on the login button: 'Sign in with <providerName>'. */
  providerName: string;
}

/** The names proxy-addr (Fastify's trust check) knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address or a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: whose X-Forwarded-For / X-Forwarded-Proto are believed. Off by default (the client
 * address is the socket's); `true` trusts every peer (only when nothing but the proxy can reach the
 * server); otherwise a comma-separated list of the proxies' addresses, CIDR ranges or the names
 * loopback, linklocal, uniquelocal.
 */
export function parseTrustProxy(raw: string | undefined): boolean | string[] {
  const text = (raw ?? '').trim();
  if (/^(|false|off|no|0)$/i.test(text)) return false;
  if (/^(true|on|yes)$/i.test(text)) return true;
  if (/^\d+$/.test(text))
    throw new Error(
      `TRUST_PROXY=${text}: a hop count is not supported (Fastify trusts no peer with one); give the proxy's addresses or CIDR ranges`,
    );
  const entries = text.split(',').map((e) => e.trim());
  for (const entry of entries) {
    if (!PROXY_RANGE_NAMES.has(entry) && !isAddressOrRange(entry))
      throw new Error(
        `TRUST_PROXY: "${entry}" is not an IP address, a CIDR range (10.0.0.0/8) or one of loopback, linklocal, uniquelocal`,
      );
  }
  return entries;
}

/** Password sign-in throttling (server/auth/throttle.ts); a limit of 0 turns that limit off. */
export interface LoginThrottleConfig {
  /** Failed sign-ins per username per window (LOGIN_MAX_FAILURES_PER_USER, default 5). */
  maxFailuresPerUser: number;
  /** Failed sign-ins per client address per window (LOGIN_MAX_FAILURES_PER_ADDRESS, default 50). */
  maxFailuresPerAddress: number;
  /** Length of the window in seconds (LOGIN_THROTTLE_WINDOW_SEC, default 900). */
  windowSec: number;
}

/** The demo users' password when ADMIN_PASSWORD is not set (documented in the README, so not a secret). */
export const DEFAULT_ADMIN_PASSWORD = 'admin-demo-pass';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  seed: 'demo' | 'none';
  /**
   * ADMIN_USERNAME: the first admin, created with ADMIN_PASSWORD at a start that finds no staff
   * user (SEED=none), so it never needs a second process on the database.
   */
  adminUsername?: string;
  adminPassword: string;
  /** ADMIN_PASSWORD was set: the password is the operator's secret and is never printed. */
  adminPasswordFromEnv: boolean;
  jwtSecret: string;
  /** Proxies whose X-Forwarded-* headers are believed (TRUST_PROXY): none, all, or these addresses and ranges. */
  trustProxy: boolean | string[];
  accessTokenTtlSec: number;
  refreshTokenTtlSec: number;
  loginThrottle: LoginThrottleConfig;
  oidc: OidcConfig;
  /** Pusher app credentials; `redisChannel`: the Redis channel processes share when REDIS_URL is set. */
  realtime: { appId: string; key: string; secret: string; redisChannel: string };
  mapTileUrl: string;
  /** External monitoring dashboard of one installation: a URL template with {installationId} and {sensorId}. */
  dashboardUrl: string;
  /** The CRM's page of a company: a URL template with {hsId}; empty: CRM company names show as text. */
  crmCompanyUrl: string;
  /** Usage dashboard of one API-key user: a URL template with {id}, {username} and {customId}. */
  apiUsersDashboardUrl: string;
  /** Prefix of the API-key rate-limit counters in Redis (when REDIS_URL is set). */
  apiRateLimitRedisPrefix: string;
  /** A Nominatim-compatible geocoder (GEOCODER_URL); without it the bundled offline gazetteer answers alone. */
  geocoderUrl?: string;
  /** A HubSpot-compatible CRM (CRM_URL, CRM_TOKEN); without it CRM lookups answer from the contractors' CRM fields. */
  crmUrl?: string;
  crmToken?: string;
  /** The fleet simulator runs (SIMULATOR=off disables it). */
  simulator: boolean;
  /** Time between simulator ticks (SIMULATOR_TICK_MS, default 60000). */
  simulatorTickMs: number;
  /** Seed of the simulator's random choices (SIMULATOR_SEED, default 1). */
  simulatorSeed: number;
  /** Measurements run at most once per this much time, whatever the tick (SIMULATOR_MEASURE_MS, default 60000). */
  simulatorMeasureMs: number;
  /** Share of simulated firmware updates that fail (SIMULATOR_FAILURE_RATE, 0–1, default 0.05). */
  simulatorFailureRate: number;
  version: string;
  /** Directory of the built console; served at `/` when it exists. */
  consoleDir: string;
  /** The console's source maps (`*.map`) are served (SOURCE_MAPS=1); otherwise they answer 404. */
  sourceMaps: boolean;
  /** Public base URL of the console, used for OAuth redirect URIs when set. */
  publicUrl?: string;
  /** Folder of resource declarations (`*.json`, RESOURCES_DIR); undefined: no resources by configuration. */
  resourcesDir?: string;
  /**
   * Server processes behind the one port (WORKERS, default 1): more than one needs DATABASE_URL and
   * REDIS_URL (server/index.ts refuses otherwise).
   */
  workers: number;
  /**
   * Uploaded files (logos, request images, firmware): FILES_DIR; undefined: DATA_DIR/files. Every
   * process must see the same folder (one machine's disk, or a shared mount).
   */
  filesDir?: string;
  /** Uploaded files in an S3-compatible bucket instead of FILES_DIR (FILES_S3_BUCKET set); undefined: the folder. */
  filesS3?: FilesS3Config;
  /** How long a SIGTERM waits for requests in flight (CSV exports too) before closing them (SHUTDOWN_GRACE_MS, default 10000). */
  shutdownGraceMs: number;
  /** How often a process that does not run the simulator tries to take it over (SIMULATOR_LEADER_POLL_MS, default 2000). */
  simulatorLeaderPollMs: number;
}

/** An S3-compatible bucket for uploaded files; credentials come from the SDK's standard sources (AWS_ACCESS_KEY_ID …). */
export interface FilesS3Config {
  /** FILES_S3_BUCKET */
  bucket: string;
  /** FILES_S3_REGION, else AWS_REGION, else us-east-1 (what most S3-compatible stores accept). */
  region: string;
  /** FILES_S3_ENDPOINT: an S3-compatible service's URL (MinIO, Ceph, R2 …); undefined: AWS S3. */
  endpoint?: string;
  /** FILES_S3_PREFIX: put before every key (`aq/` → `aq/logo/<sha256>`); '' by default. */
  prefix: string;
  /** FILES_S3_FORCE_PATH_STYLE=1: `endpoint/bucket/key` URLs (most self-hosted stores need it). */
  forcePathStyle: boolean;
}

/** FILES_S3_*: undefined without FILES_S3_BUCKET; a clear error for a bad combination. */
export function filesS3Of(env: NodeJS.ProcessEnv): FilesS3Config | undefined {
  const bucket = (env.FILES_S3_BUCKET ?? '').trim();
  const others = ['FILES_S3_ENDPOINT', 'FILES_S3_REGION', 'FILES_S3_PREFIX', 'FILES_S3_FORCE_PATH_STYLE'].filter(
    (name) => (env[name] ?? '') !== '',
  );
  if (!bucket) {
    if (others.length > 0)
      throw new Error(
        `${others.join(', ')} set without FILES_S3_BUCKET: name the bucket, or unset them to use FILES_DIR`,
      );
    return undefined;
  }
  if (env.FILES_DIR)
    throw new Error('FILES_DIR and FILES_S3_BUCKET are both set: uploaded files go to one store, choose one');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new Error(
      `FILES_S3_BUCKET must be a bucket name (3–63 lowercase letters, digits, dots, hyphens), got "${bucket}"`,
    );
  const endpoint = env.FILES_S3_ENDPOINT || undefined;
  if (endpoint !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
      throw new Error(`FILES_S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  }
  const prefix = env.FILES_S3_PREFIX ?? '';
  if (prefix.startsWith('/') || prefix.includes('..') || prefix.length > 200)
    throw new Error(`FILES_S3_PREFIX must be a relative key prefix such as "aq/", got "${prefix}"`);
  const pathStyle = (env.FILES_S3_FORCE_PATH_STYLE ?? '').trim();
  if (!['', '0', '1', 'true', 'false'].includes(pathStyle))
    throw new Error(`FILES_S3_FORCE_PATH_STYLE must be 1 or 0, got "${pathStyle}"`);
  return {
    bucket,
    region: env.FILES_S3_REGION || env.AWS_REGION || 'us-east-1',
    endpoint,
    prefix,
    forcePathStyle: pathStyle === '1' || pathStyle === 'true',
  };
}

/** Why this configuration cannot run WORKERS processes, or undefined. */
export function workersProblem(config: Pick<Config, 'workers' | 'databaseUrl' | 'redisUrl'>): string | undefined {
  if (config.workers <= 1) return undefined;
  const missing = [!config.databaseUrl && 'DATABASE_URL (PostgreSQL)', !config.redisUrl && 'REDIS_URL'].filter(Boolean);
  if (missing.length === 0) return undefined;
  return (
    `WORKERS=${config.workers} needs ${missing.join(' and ')}: several processes share sessions, ` +
    `realtime events and rate limits only through PostgreSQL and Redis (the embedded PGlite database ` +
    `belongs to one process). Set ${missing.join(' and ')}, or run one process (WORKERS=1).`
  );
}

/** Why the username or password cannot be an admin's (the sign-in rules), or undefined. */
export function adminCredentialsProblem(username: string, password: string): string | undefined {
  const usernameError = loginUsername(username);
  if (usernameError) return `Username: ${usernameError.en}`;
  const passwordError = loginPassword(password);
  if (passwordError) return `Password: ${passwordError.en}`;
  return undefined;
}

/** ADMIN_USERNAME, checked at start: it needs its own ADMIN_PASSWORD, and both must be valid credentials. */
function firstAdminName(env: NodeJS.ProcessEnv): string | undefined {
  const username = env.ADMIN_USERNAME;
  if (!username) return undefined;
  if (env.ADMIN_PASSWORD === undefined)
    throw new Error('ADMIN_USERNAME needs ADMIN_PASSWORD: the first admin gets no default password');
  const problem = adminCredentialsProblem(username, env.ADMIN_PASSWORD);
  if (problem) throw new Error(`ADMIN_USERNAME / ADMIN_PASSWORD: ${problem}`);
  return username;
}

/** WORKERS: a number of processes (at least 1), or `auto` for one per CPU core. */
function workersOf(env: NodeJS.ProcessEnv): number {
  const raw = (env.WORKERS ?? '').trim();
  if (raw === '') return 1;
  if (raw === 'auto') return Math.max(1, os.availableParallelism());
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 64)
    throw new Error(`WORKERS must be a number of processes from 1 to 64 or auto, got "${raw}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  scryptLog2N(env); // refused at start rather than at the first sign-in
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    host: env.HOST ?? '127.0.0.1',
    port: int(env, 'PORT', 8080),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    seed: env.SEED === 'none' ? 'none' : 'demo',
    adminUsername: firstAdminName(env),
    adminPassword: env.ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD,
    adminPasswordFromEnv: env.ADMIN_PASSWORD !== undefined,
    jwtSecret: env.JWT_SECRET ?? '',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    accessTokenTtlSec: int(env, 'ACCESS_TOKEN_TTL', 15 * 60),
    refreshTokenTtlSec: int(env, 'REFRESH_TOKEN_TTL', 30 * 24 * 3600),
    loginThrottle: {
      maxFailuresPerUser: Math.max(0, int(env, 'LOGIN_MAX_FAILURES_PER_USER', 5)),
      maxFailuresPerAddress: Math.max(0, int(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 50)),
      windowSec: Math.max(1, int(env, 'LOGIN_THROTTLE_WINDOW_SEC', 15 * 60)),
    },
    oidc: {
      issuer: env.OIDC_ISSUER ?? 'https://accounts.google.com',
      clientId: env.OIDC_CLIENT_ID ?? '',
      clientSecret: env.OIDC_CLIENT_SECRET ?? '',
      allowedDomain: env.OIDC_ALLOWED_DOMAIN ?? '',
      providerName: env.OIDC_PROVIDER_NAME ?? 'Google',
    },
    realtime: {
      appId: env.PUSHER_APP_ID ?? 'aq-console',
      key: env.PUSHER_KEY ?? 'aq-console-key',
      secret: env.PUSHER_SECRET ?? 'aq-console-secret',
      redisChannel: env.REALTIME_REDIS_CHANNEL || 'aq-console:realtime',
    },
    mapTileUrl: env.MAP_TILE_URL ?? '',
    dashboardUrl: env.DASHBOARD_URL ?? '',
    crmCompanyUrl: env.CRM_COMPANY_URL ?? '',
    apiUsersDashboardUrl: env.API_USERS_DASHBOARD_URL ?? '',
    apiRateLimitRedisPrefix: env.API_RATE_LIMIT_REDIS_PREFIX || 'aq-console:ratelimit',
    geocoderUrl: env.GEOCODER_URL || undefined,
    crmUrl: env.CRM_URL || undefined,
    crmToken: env.CRM_TOKEN || undefined,
    simulator: env.SIMULATOR !== 'off',
    simulatorTickMs: Math.max(100, int(env, 'SIMULATOR_TICK_MS', 60_000)),
    simulatorSeed: int(env, 'SIMULATOR_SEED', 1),
    simulatorMeasureMs: Math.max(0, int(env, 'SIMULATOR_MEASURE_MS', 60_000)),
    simulatorFailureRate: Math.min(1, Math.max(0, Number(env.SIMULATOR_FAILURE_RATE ?? 0.05) || 0)),
    version: APP_VERSION,
    consoleDir: path.resolve(env.CONSOLE_DIR ?? './dist'),
    sourceMaps: env.SOURCE_MAPS === '1',
    publicUrl: env.PUBLIC_URL || undefined,
    resourcesDir: env.RESOURCES_DIR === '' ? undefined : path.resolve(env.RESOURCES_DIR ?? './resources'),
    workers: workersOf(env),
    filesDir: env.FILES_DIR ? path.resolve(env.FILES_DIR) : undefined,
    filesS3: filesS3Of(env),
    shutdownGraceMs: Math.max(0, int(env, 'SHUTDOWN_GRACE_MS', 10_000)),
    simulatorLeaderPollMs: Math.max(100, int(env, 'SIMULATOR_LEADER_POLL_MS', 2000)),
  };
}
