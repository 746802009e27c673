/**
 * Errors as the public contract wants them: `{status, message}` with the matching HTTP status (a
 * query-language error adds its keyed message, `messageKey` and `messageValues`).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { QueryError, type QueryMessage } from '../../common/query';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string) => new HttpError(422, message);

export const TOKEN_EXPIRED_MESSAGE = 'The token is expired';

export interface ErrorBody {
  status: number;
  message: string;
  /**
   * Optional, beyond the contract's `{status, message}`: a query-language error's message keyed
   * (`query.errors.*`) with its values, for the console to show in the user's language.
   */
  messageKey?: QueryMessage['key'];
  messageValues?: QueryMessage['values'];
}

function describeValidation(error: FastifyError & { validation: { instancePath?: string; message?: string }[] }) {
  const where = error.validationContext ?? 'request';
  const parts = error.validation.map((v) => {
    const path = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    return path ? `${path}: ${v.message}` : `${v.message}`;
  });
  return `Invalid ${where}: ${parts.join('; ')}`;
}

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON in request body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body must not be empty when Content-Type is application/json',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported media type',
  FST_REQ_FILE_TOO_LARGE: 'Uploaded file is too large',
  FST_PARTS_LIMIT: 'Too many parts in the upload',
  FST_FILES_LIMIT: 'Too many files in the upload',
  FST_ERR_BAD_URL: 'The URL is malformed (invalid percent-encoding)',
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter of the URL is too long',
  FST_ERR_ASYNC_CONSTRAINT: 'The request could not be routed',
};

/**
 * The SQLSTATE of a database error (drizzle wraps the driver's error in `cause`), if any.
 * Class 22 (data exception: out-of-range numbers and dates, malformed text or JSON, over-long
 * values) always comes from a value the request carried.
 */
export function sqlState(error: unknown): string | undefined {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    e = e.cause as typeof e, i++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

export const DATA_EXCEPTION_MESSAGE = 'A value in the request is out of range or malformed';

export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof HttpError) return { status: error.status, message: error.message };
  // A query-language problem (syntax, unknown field, type mismatch) is bad input.
  if (error instanceof QueryError) {
    const { key, values } = error.msg;
    return { status: 400, message: error.message, messageKey: key, ...(values ? { messageValues: values } : {}) };
  }
  // Safety net behind the edge checks (input sanitiser, id ranges): bad data is never a 500.
  if (sqlState(error)?.startsWith('22')) return { status: 400, message: DATA_EXCEPTION_MESSAGE };
  if (hasZodFastifySchemaValidationErrors(error)) return { status: 400, message: describeValidation(error) };
  if (isResponseSerializationError(error)) return { status: 500, message: 'The server produced an invalid response' };
  const e = error as Partial<FastifyError> & { cause?: unknown };
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (e.code && FASTIFY_MESSAGES[e.code]) return { status, message: FASTIFY_MESSAGES[e.code]! };
  if (e.code === 'FST_ERR_VALIDATION' && e.message) return { status: 400, message: e.message };
  if (status >= 500) return { status, message: 'Internal server error' };
  return { status, message: e.message ?? 'Request failed' };
}

const LOGGED = Symbol('error logged');

/** What a log line about a request says: method, route pattern and status (the request id is bound by Fastify). */
const where = (request: FastifyRequest, status: number) => ({
  method: request.method,
  route: request.routeOptions.url ?? null,
  statusCode: status,
});

export function installErrorHandling(
  app: FastifyInstance,
  opts: { notFound?: (request: FastifyRequest, reply: FastifyReply) => void } = {},
): void {
  app.setErrorHandler((error, request, reply) => {
    const body = toErrorBody(error);
    if (body.status >= 500) {
      request.log.error({ err: error, ...where(request, body.status) }, 'request failed');
      (request as unknown as Record<symbol, boolean>)[LOGGED] = true;
    } else if (body.message === DATA_EXCEPTION_MESSAGE) {
      // The safety net caught what the edge checks should have: worth a look, not an outage.
      request.log.warn({ err: error, ...where(request, body.status) }, 'bad data reached the database');
    }
    void reply.status(body.status).send(body);
  });
  // Every other 5xx (a handler answering one itself) is logged too, once.
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode >= 500 && !(request as unknown as Record<symbol, boolean>)[LOGGED])
      request.log.error(where(request, reply.statusCode), 'request answered with a server error');
    done();
  });
  app.setNotFoundHandler(
    opts.notFound ??
      ((request, reply) => {
        void reply
          .status(404)
          .send({ status: 404, message: `No route for ${request.method} ${request.url.split('?')[0]}` });
      }),
  );
}
