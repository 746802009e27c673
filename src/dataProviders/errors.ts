/**
 * Error-banner rules (spec document 1, section 8), as a pure function so they can be unit-tested:
 * which failures show a banner, with what text and colour, and which log the user out.
 */
import { MESSAGES } from '../../common/validation';
import type { BannerError } from '../state/events';

export const TOKEN_EXPIRED = 'The token is expired';
const SILENT_MESSAGES = [TOKEN_EXPIRED, 'non-existent channel'];

/** A failed request: `response` is absent when no response arrived (network error). */
export class ApiError extends Error {
  constructor(
    readonly kind: 'response' | 'network' | 'cancelled' | 'internal',
    readonly status: number,
    message: string,
    readonly url: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface Classification {
  banner?: BannerError;
  logout: boolean;
  /** Why the session ended, shown on the login screen (a 401's own message). */
  logoutMessage?: string;
}

/** Said when a 401 ends the session and the answer gives no reason. */
export const SESSION_ENDED = 'The session has ended. Please sign in again.';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function severityOf(status: number): BannerError['severity'] {
  if (status >= 100 && status < 200) return 'info';
  if (status >= 400 && status < 500) return 'warning';
  return 'error';
}

function bodyMessage(body: unknown): { status?: number; message?: string } {
  if (body && typeof body === 'object') {
    const b = body as { status?: unknown; message?: unknown };
    return {
      status: typeof b.status === 'number' ? b.status : undefined,
      message: typeof b.message === 'string' ? b.message : undefined,
    };
  }
  return {};
}

/**
 * @param path the request path relative to its service base (e.g. `/login/basic`)
 * @param ignoreStatuses statuses the caller declared it handles itself
 * @param withSession the request carried the session's token: a 401 means the session is over
 */
export function classifyError(
  error: unknown,
  path: string,
  ignoreStatuses: readonly number[] = [],
  withSession = false,
): Classification {
  if (error instanceof ApiError) {
    if (error.kind === 'cancelled') return { logout: false };
    if (error.kind === 'network')
      return { logout: false, banner: { status: 500, message: 'An error occurred', severity: 'error' } };
    if (error.kind === 'response') {
      const fromBody = bodyMessage(error.body);
      const status = fromBody.status ?? error.status;
      const message = fromBody.message ?? STATUS_TEXT[error.status] ?? (error.message || 'Error');
      const expired = error.status === 403 && message === TOKEN_EXPIRED;
      if (expired) return { logout: true };
      if (ignoreStatuses.includes(error.status)) return { logout: false };
      if (error.status === 401 && withSession)
        return { logout: true, logoutMessage: fromBody.message || SESSION_ENDED };
      if (SILENT_MESSAGES.includes(message)) return { logout: false };
      if (error.status === 403 && !(path.startsWith('/login') || path.startsWith('/migrate'))) return { logout: false };
      return { logout: false, banner: { status, message, severity: severityOf(status) } };
    }
  }
  if (error instanceof DOMException && error.name === 'AbortError') return { logout: false };
  return { logout: false, banner: { status: 400, message: 'Internal front-end error', severity: 'warning' } };
}

/**
 * Field messages of a server validation answer, `Invalid body: name: Must be shorter than 101
 * characters; values.3: …`, keyed by the first segment of each path (`name`, `values`).
 */
export function fieldMessages(message: string): Record<string, string> {
  const out: Record<string, string> = {};
  const match = /^Invalid \w+: (.*)$/s.exec(message);
  if (!match) return out;
  for (const part of match[1]!.split('; ')) {
    const at = part.indexOf(': ');
    if (at <= 0) continue;
    const field = part.slice(0, at).split('.')[0]!;
    out[field] ??= part.slice(at + 2);
  }
  return out;
}

/** Statuses a form dialog shows inside itself rather than in the banner behind it. */
export const DIALOG_STATUSES: readonly number[] = [400, 403, 409, 422];

/** A refusal a form dialog shows itself: on the field it names, or above the form. */
export function refusalOf(error: unknown, fields: readonly string[]): { field?: string; message: string } | undefined {
  if (!(error instanceof ApiError) || error.kind !== 'response' || !DIALOG_STATUSES.includes(error.status))
    return undefined;
  // The spec's one conflict about a field: the name is taken (roles, tags).
  if (error.status === 409 && error.message === MESSAGES.nameInUse.en && fields.includes('name'))
    return { field: 'name', message: `validation.${MESSAGES.nameInUse.key}` };
  const byField = fieldMessages(error.message);
  const field = fields.find((f) => byField[f]);
  return field ? { field, message: byField[field]! } : { message: error.message };
}

/**
 * Messages of failed requests the HTTP layer has already dealt with (a banner, or silence where the
 * rules above say so), remembered for a minute so that a second surface (react-admin's toasts) can
 * recognise them.
 */
const handled = new Map<string, number>();
const HANDLED_FOR_MS = 60_000;

export function markHandled(message: string, now = Date.now()): void {
  for (const [m, at] of handled) if (now - at > HANDLED_FOR_MS) handled.delete(m);
  handled.set(message, now);
}

export function wasHandled(message: string, now = Date.now()): boolean {
  const at = handled.get(message);
  return at !== undefined && now - at <= HANDLED_FOR_MS;
}

export function bannerText(banner: BannerError): string {
  return `${banner.status} - ${banner.message}`;
}
