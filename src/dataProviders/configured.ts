/**
 * Resources added by configuration (RESOURCES_DIR): react-admin's own simple REST provider
 * (ra-data-simple-rest) over the backend's `resources` service, which answers every such resource
 * in that dialect — stored ones from its database, proxied ones from their service, so the browser
 * never calls another service. The httpClient sends our bearer token, refreshed like every other
 * call (http.ts: the 2-second rule and the one shared refresh), and retries once after a 401 with
 * a fresh token; failures go through the same error banner and session handling.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider, type GetListParams } from 'react-admin';
import { exportPathOf, type EntityDecl } from '../../common/entities';
import { serviceUrl } from '../config';
import { accessToken, client, refreshSession } from './http';
import type { GenericMethods } from './types';

type Options = fetchUtils.Options;

async function withToken(url: string, options: Options, token: string) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  headers.set('Authorization', `Bearer ${token}`);
  return fetchUtils.fetchJson(url, { ...options, headers });
}

/** fetchJson with our session: the access token, one retry with a refreshed token after a 401. */
export async function configuredHttpClient(url: string, options: Options = {}) {
  try {
    return await withToken(url, options, await accessToken());
  } catch (err) {
    if ((err as { status?: number }).status !== 401) throw err;
    return withToken(url, options, (await refreshSession()).token);
  }
}

/**
 * The list's toolbar search (`{search, advanced}` of the generic list) in the dialect's words:
 * plain text as `q`, the query language as `query`.
 */
function dialectFilter(filter: GetListParams['filter']): Record<string, unknown> {
  const { search, advanced, ...rest } = (filter ?? {}) as { search?: string; advanced?: boolean | string };
  const text = search?.trim();
  if (!text) return rest;
  return advanced === true || advanced === 'true' ? { ...rest, query: text } : { ...rest, q: text };
}

/** The provider of one configured resource: ra-data-simple-rest, plus the server's streamed CSV export. */
export function configuredProvider(def: EntityDecl): DataProvider & GenericMethods {
  const rest = simpleRestProvider(serviceUrl('resources'), configuredHttpClient);
  const api = client('resources');
  return {
    ...rest,
    getList: (resource, params) => rest.getList(resource, { ...params, filter: dialectFilter(params.filter) }),
    getManyReference: (resource, params) =>
      rest.getManyReference(resource, { ...params, filter: dialectFilter(params.filter) }),
    exportList(_resource, query) {
      return api.request<Response>(exportPathOf(def), { query, headers: { Accept: 'text/csv' }, raw: true });
    },
  };
}
