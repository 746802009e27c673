/**
 * Proxied configured resources: calls to another service speaking a simple REST dialect —
 * json-server's (`_sort`, `_order`, `_start`, `_end`, `<field>=<value>`, `q`; the default) or
 * ra-data-simple-rest's (`remote.dialect: "simple-rest"`: `range`, `sort`, `filter` as JSON) —
 * with the total in X-Total-Count or Content-Range. The credential named by `remote.credentialEnv` goes as a bearer
 * token; the browser never sees the service or the credential. A service that does not answer
 * in time is a 504, one that cannot be reached or answers an error or something else than JSON a
 * 502, each `{status, message}` naming the resource.
 */
import type { EntityDecl } from '../../common/entities';
import { HttpError, notFound } from '../http/errors';
import type { DialectRequest } from './dialect';

/** Time a remote call may take when the declaration does not say (remote.timeoutMs). */
export const DEFAULT_REMOTE_TIMEOUT_MS = 10_000;

interface RemoteAnswer {
  body: unknown;
  headers: Headers;
}

function origin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** One call to the remote service; undefined for a 404 when `missingIsNull`. */
async function call(
  entity: EntityDecl,
  suffix: string,
  init: { method?: string; body?: unknown; missingIsNull?: boolean } = {},
): Promise<RemoteAnswer | undefined> {
  const remote = entity.remote!;
  const timeout = remote.timeoutMs ?? DEFAULT_REMOTE_TIMEOUT_MS;
  const headers: Record<string, string> = { accept: 'application/json' };
  const credential = remote.credentialEnv ? process.env[remote.credentialEnv] : undefined;
  if (credential) headers.authorization = `Bearer ${credential}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const where = origin(remote.url);
  let response: Response;
  try {
    response = await fetch(remote.url.replace(/\/$/, '') + suffix, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeout),
      redirect: 'error',
    });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; errors?: { code?: string }[] } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError')
      throw new HttpError(504, `${entity.label}: the service at ${where} did not answer within ${timeout} ms`);
    throw new HttpError(
      502,
      `${entity.label}: the service at ${where} cannot be reached (${e.cause?.code ?? e.cause?.errors?.[0]?.code ?? e.message})`,
    );
  }
  if (response.status === 404 && init.missingIsNull) return undefined;
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    let detail = text.replace(/\s+/g, ' ').trim().slice(0, 200);
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed?.message === 'string') detail = parsed.message.slice(0, 200);
    } catch {
      // not JSON: the text as it is
    }
    throw new HttpError(
      502,
      `${entity.label}: the service at ${where} answered ${response.status}${detail ? `: ${detail}` : ''}`,
    );
  }
  if (response.status === 204 || text === '') return { body: undefined, headers: response.headers };
  try {
    return { body: JSON.parse(text), headers: response.headers };
  } catch {
    throw new HttpError(502, `${entity.label}: the service at ${where} answered something that is not JSON`);
  }
}

const rowPath = (id: string | number) => `/${encodeURIComponent(String(id))}`;

function asRow(entity: EntityDecl, body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new HttpError(502, `${entity.label}: the service answered a row that is not a JSON object`);
  return body as Record<string, unknown>;
}

/** A page of rows and the total, asked in the json-server spelling. */
export async function remoteList(
  entity: EntityDecl,
  request: DialectRequest,
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const params = new URLSearchParams();
  if (entity.remote!.dialect === 'simple-rest') {
    // ra-data-simple-rest's spelling: JSON range (inclusive), sort and filter.
    if (request.sortField) params.set('sort', JSON.stringify([request.sortField, request.order]));
    params.set('range', JSON.stringify([request.start, Math.max(request.start, request.end - 1)]));
    const filter: Record<string, unknown> = Object.fromEntries(
      Object.entries(request.filters).map(([name, values]) => [name, values.length === 1 ? values[0] : values]),
    );
    if (request.q) filter.q = request.q;
    params.set('filter', JSON.stringify(filter));
  } else {
    if (request.sortField) {
      params.set('_sort', request.sortField);
      params.set('_order', request.order.toLowerCase());
    }
    params.set('_start', String(request.start));
    params.set('_end', String(request.end));
    for (const [name, values] of Object.entries(request.filters))
      for (const v of values) params.append(name, String(v));
    if (request.q) params.set('q', request.q);
  }
  const answer = (await call(entity, `?${params}`))!;
  if (!Array.isArray(answer.body))
    throw new HttpError(502, `${entity.label}: the service answered a list that is not a JSON array`);
  const rows = answer.body.map((r) => asRow(entity, r));
  const count = answer.headers.get('x-total-count') ?? answer.headers.get('content-range')?.split('/').pop();
  const total =
    count !== undefined && count !== null && /^\d+$/.test(count) ? Number(count) : request.start + rows.length;
  return { rows, total };
}

export async function remoteOne(entity: EntityDecl, id: string | number): Promise<Record<string, unknown>> {
  const answer = await call(entity, rowPath(id), { missingIsNull: true });
  if (!answer) throw notFound(`${entity.label}: no row with id ${id}`);
  return asRow(entity, answer.body);
}

export async function remoteCreate(entity: EntityDecl, values: Record<string, unknown>) {
  return asRow(entity, (await call(entity, '', { method: 'POST', body: values }))!.body);
}

/** PUT of the whole row (the current one with the changes), so a service that replaces rows keeps the rest. */
export async function remoteUpdate(entity: EntityDecl, id: string | number, changes: Record<string, unknown>) {
  const current = await remoteOne(entity, id);
  const answer = await call(entity, rowPath(id), { method: 'PUT', body: { ...current, ...changes, id: current.id } });
  return answer?.body === undefined ? { ...current, ...changes } : asRow(entity, answer.body);
}

export async function remoteDelete(entity: EntityDecl, id: string | number): Promise<Record<string, unknown>> {
  const current = await remoteOne(entity, id);
  await call(entity, rowPath(id), { method: 'DELETE' });
  return current;
}
