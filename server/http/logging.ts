/**
 * The process log (pino through Fastify): always on, at `warn` by default so every 5xx is written
 * with its request id and route, at `info` with LOG_REQUESTS=1 to add one line per request. Nothing
 * secret reaches a line: URLs lose token-like query values, headers are never serialised, errors
 * lose the bound SQL parameters, and every string goes through `redactText`. Bodies are never logged.
 */
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/** Fastify's logger options (pino's). */
type PinoOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Where log lines go: anything with `write(line)`. */
export interface LogStream {
  write(line: string): void;
}

export const REDACTED = '[REDACTED]';
export const REQUEST_ID_HEADER = 'x-request-id';

/** Query parameters whose values are credentials (the token login URL, OAuth callbacks…). */
const SECRET_PARAMS =
  /([?&;](?:token|access_token|accessToken|refresh_token|refreshToken|id_token|password|passwd|secret|code|state|api_key|apikey|key)=)[^&#\s"']*/gi;
const API_TOKEN = /aqt_[A-Za-z0-9_-]+/g;
const AUTH_SCHEME = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
/** drizzle's "Failed query: …\nparams: …": the parameters run to the end of the message. */
const SQL_PARAMS = /(\bparams: )[\s\S]*$/;

/** A log-safe version of any text: credentials and bound SQL parameters replaced by [REDACTED]. */
export function redactText(text: string): string {
  return text
    .replace(SQL_PARAMS, `$1${REDACTED}`)
    .replace(SECRET_PARAMS, `$1${REDACTED}`)
    .replace(API_TOKEN, `aqt_${REDACTED}`)
    .replace(AUTH_SCHEME, `$1 ${REDACTED}`)
    .replace(JWT, REDACTED);
}

/** The request line as logged: method, sanitised URL and the client address; never headers or body. */
function serializeRequest(request: FastifyRequest | IncomingMessage) {
  const r = request as FastifyRequest;
  return {
    method: r.method,
    url: redactText(r.url ?? ''),
    route: r.routeOptions?.url,
    remoteAddress: r.ip ?? (request as IncomingMessage).socket?.remoteAddress,
  };
}

function serializeReply(reply: FastifyReply) {
  return { statusCode: reply.statusCode };
}

interface ErrorLike {
  name?: string;
  message?: string;
  stack?: string;
  code?: unknown;
  statusCode?: unknown;
  cause?: unknown;
}

const MAX_MESSAGE = 2000;

/**
 * An error without what it must not carry: drizzle's `params`, PostgreSQL's `detail` (it quotes
 * the offending row), the value PostgreSQL echoes at the end of a message (`…: "abc"`), and any
 * credential in the message. The stack keeps its frames under the safe message.
 */
export function serializeError(err: unknown, depth = 0): Record<string, unknown> | undefined {
  if (!err || typeof err !== 'object') return err === undefined ? undefined : { message: redactText(String(err)) };
  const e = err as ErrorLike;
  const isDbError = typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code);
  let message = redactText(String(e.message ?? ''));
  if (isDbError) message = message.replace(/(: )"[\s\S]*"$/, `$1"${REDACTED}"`);
  if (message.length > MAX_MESSAGE) message = `${message.slice(0, MAX_MESSAGE)}…`;
  const type = e.name ?? (err as object).constructor?.name ?? 'Error';
  const frames = (e.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return {
    type,
    message,
    ...(e.code !== undefined ? { code: e.code } : {}),
    ...(typeof e.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
    ...(frames.length ? { stack: [`${type}: ${message}`, ...frames].join('\n') } : {}),
    ...(e.cause && depth < 3 ? { cause: serializeError(e.cause, depth + 1) } : {}),
  };
}

/** Plain values of a log object with every string redacted (serialised keys are handled by their serializers). */
function redactValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactText(value);
  if (depth > 3 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValue(v, depth + 1)]));
}

const SERIALIZED_KEYS = new Set(['req', 'res', 'err']);

export interface LogOptions {
  /** One line per request (LOG_REQUESTS=1): level `info` instead of `warn`. */
  requests?: boolean;
  /** Where lines go (stdout by default); tests pass a capturing stream. */
  stream?: LogStream;
}

export function loggerOptions(opts: LogOptions = {}): PinoOptions {
  return {
    level: opts.requests ? 'info' : 'warn',
    ...(opts.stream ? { stream: opts.stream } : {}),
    redact: {
      paths: [
        'req.headers',
        'headers',
        '*.password',
        '*.token',
        '*.accessToken',
        '*.refreshToken',
        '*.authorization',
        'err.params',
        '*.params',
      ],
      censor: REDACTED,
    },
    serializers: { req: serializeRequest as never, res: serializeReply as never, err: serializeError as never },
    formatters: {
      log: (object: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(object).map(([k, v]) => [k, SERIALIZED_KEYS.has(k) ? v : redactValue(v, 0)])),
    },
    hooks: {
      logMethod(args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' ? redactText(a) : a)),
        );
      },
    },
  };
}

/** A caller's X-Request-Id when it is short and plain (so it cannot forge log lines), otherwise a new UUID. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && /^[A-Za-z0-9._:-]{1,64}$/.test(given) ? given : crypto.randomUUID();
}

/** Fastify options for logging and request ids (Fastify's per-request lines are `info`: off unless LOG_REQUESTS=1). */
export function loggingServerOptions(opts: LogOptions = {}): Pick<FastifyServerOptions, 'logger' | 'genReqId'> {
  return { logger: loggerOptions(opts), genReqId: requestId };
}
