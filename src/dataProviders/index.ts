/**
 * The composite data provider: every entity is routed to its service through its adapter (a
 * generic one built from the declaration, plus the entity's own methods), every page resource
 * (roles, tokens, logs, history, queries, preferences) to its provider, every resource added by
 * configuration to ra-data-simple-rest (./configured.ts). Screens use it as
 * `useDataProvider<AppDataProvider>()`.
 */
import {
  combineDataProviders,
  type DataProvider,
  type GetListParams,
  type GetListResult,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { exportPathOf, findEntity, isQueryField, readPath, type EntityDecl } from '../../common/entities';
import { listQuery } from '../../common/search';
import { client } from './http';
import { DIALOG_STATUSES } from './errors';
import { ADAPTERS } from './adapters';
import { PAGE_PROVIDERS } from './pages';
import { configuredProvider } from './configured';
import type { AppDataProvider, GenericMethods } from './types';

export type { AppDataProvider } from './types';

type ResourceDefinition = EntityDecl;

/** Reads rows and total out of a list response, by the paths the entity declares. */
export function readEnvelope(
  def: ResourceDefinition,
  body: unknown,
): { data: Record<string, unknown>[]; total: number; capped: boolean } {
  const rows = readPath(body, def.envelope.rows);
  const data = (Array.isArray(rows) ? rows : Array.isArray(body) ? body : []) as Record<string, unknown>[];
  const total = def.envelope.total === undefined ? undefined : readPath(body, def.envelope.total);
  // A capped count's flag sits beside the total (`meta.totalCount` → `meta.capped`): the total is then a cap.
  const capped =
    def.envelope.total !== undefined &&
    readPath(body, [...def.envelope.total.split('.').slice(0, -1), 'capped'].join('.')) === true;
  return { data, total: total === undefined || total === null ? data.length : Number(total), capped };
}

/** A list response as react-admin's getList answers it: rows, total, and `meta.capped` when the total is a cap. */
export function listResult(def: ResourceDefinition, body: unknown) {
  const { data, total, capped } = readEnvelope(def, body);
  return { data: data as never[], total, ...(capped ? { meta: { capped: true } } : {}) };
}

type Query = Record<string, string | number | boolean | undefined>;

export function listParams(def: ResourceDefinition, params: GetListParams): Query {
  const { page = 1, perPage = def.perPage ?? 10 } = params.pagination ?? {};
  const sort = params.sort ?? def.sort;
  const filter = (params.filter ?? {}) as { search?: string; advanced?: boolean | string } & Query;
  const { search, advanced, ...rest } = filter;
  const isAdvanced = advanced === true || advanced === 'true';
  switch (def.listQuery) {
    case 'main':
      return {
        ...rest,
        page,
        limit: perPage,
        sortBy: sort?.field,
        order: sort ? sort.order.toLowerCase() : undefined,
        query: listQuery(search, isAdvanced),
      };
    case 'paged':
      return { ...rest, page, limit: perPage, sortBy: sort?.field, order: sort?.order.toLowerCase(), search };
    case 'plain':
      return { ...rest, search };
  }
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

export function pageLocally(rows: Record<string, unknown>[], params: GetListParams) {
  const { page = 1, perPage = 10 } = params.pagination ?? {};
  const sorted = params.sort?.field
    ? [...rows].sort(
        (a, b) => compare(a[params.sort!.field], b[params.sort!.field]) * (params.sort!.order === 'DESC' ? -1 : 1),
      )
    : rows;
  return { data: sorted.slice((page - 1) * perPage, page * perPage) as never[], total: rows.length };
}

function unwrapOne(body: unknown): RaRecord {
  if (body && typeof body === 'object' && 'data' in body) {
    const data = (body as { data: unknown }).data;
    if (data && typeof data === 'object' && !Array.isArray(data)) {
      const values = Object.values(data);
      if (values.length === 1 && values[0] && typeof values[0] === 'object') return values[0] as RaRecord;
      return data as RaRecord;
    }
  }
  return body as RaRecord;
}

/** `meta.refusalsInForm`: the form shows the server's refusals itself, so no banner for them. */
const refusals = (meta: unknown) =>
  meta && typeof meta === 'object' && (meta as { refusalsInForm?: boolean }).refusalsInForm
    ? { ignoreStatuses: DIALOG_STATUSES }
    : {};

/** A REST adapter from the definition alone: list, one, many, update, create, delete, CSV export. */
export function genericProvider(def: ResourceDefinition): DataProvider & GenericMethods {
  const api = client(def.service);
  const base = def.endpoint.replace(/\/$/, '');
  const one = (id: Identifier) => `${base}/${encodeURIComponent(String(id))}`;
  const idField = def.fields.find((f) => f.name === 'id');
  const byIdQuery =
    def.listQuery === 'main' && def.query !== undefined && idField !== undefined && isQueryField(idField);
  return {
    async getList(_resource, params) {
      const body = await api.request<unknown>(def.endpoint, { query: listParams(def, params), signal: params.signal });
      // Unpaged endpoints return every row: sort and page them here.
      if (def.listQuery === 'plain') return pageLocally(readEnvelope(def, body).data, params);
      // `meta.capped`: the total is a cap (the list's pagination says "more than").
      return listResult(def, body);
    },
    async getOne(_resource, params) {
      return { data: unwrapOne(await api.request(one(params.id), { signal: params.signal })) as never };
    },
    async getMany(_resource, params) {
      // One list call where the query language names ids (a reference picker's chosen records);
      // otherwise one GET per id.
      if (byIdQuery && params.ids.length > 0) {
        const query = params.ids.map((id) => `id = ${Number(id)}`).join(' or ');
        const body = await api.request<unknown>(def.endpoint, {
          query: { page: 1, limit: params.ids.length, query },
          signal: params.signal,
        });
        return { data: readEnvelope(def, body).data as never[] };
      }
      const data = await Promise.all(
        params.ids.map(async (id) => unwrapOne(await api.request(one(id), { signal: params.signal }))),
      );
      return { data: data as never[] };
    },
    async getManyReference(resource, params) {
      return this.getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }) as never;
    },
    async update(_resource, params) {
      const opts = { method: 'PATCH', body: params.data, ...refusals(params.meta) } as const;
      return { data: unwrapOne(await api.request(one(params.id), opts)) as never };
    },
    async updateMany(resource, params) {
      await Promise.all(params.ids.map((id) => api.request(one(id), { method: 'PATCH', body: params.data })));
      return { data: params.ids };
    },
    async create(_resource, params) {
      const opts = { method: 'POST', body: params.data, ...refusals(params.meta) } as const;
      return { data: unwrapOne(await api.request(base, opts)) as never };
    },
    async delete(_resource, params) {
      await api.request(one(params.id), { method: 'DELETE' });
      return { data: params.previousData as never };
    },
    async deleteMany(_resource, params) {
      await Promise.all(params.ids.map((id) => api.request(one(id), { method: 'DELETE' })));
      return { data: params.ids };
    },
    exportList(_resource, query) {
      return api.request<Response>(exportPathOf(def), { query, headers: { Accept: 'text/csv' }, raw: true });
    },
    supportAbortSignal: true,
  };
}

const providers = new Map<string, DataProvider>();

/** How long a list page asked for ahead of its screen (`prefetchList`) waits to be taken. */
const EARLY_LIST_MS = 10_000;
const earlyLists = new Map<string, { answer: Promise<GetListResult>; until: number }>();

/** The parameters that make a list request: page, sort, filter (keys in order), meta. */
function listKey(resource: string, { pagination, sort, filter, meta }: GetListParams): string {
  const filters = Object.entries((filter ?? {}) as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([resource, pagination?.page, pagination?.perPage, sort?.field, sort?.order, filters, meta]);
}

/** The answer of an early request for exactly these parameters, once, while it is fresh. */
function takeEarlyList(resource: string, params: GetListParams): Promise<GetListResult> | undefined {
  const key = listKey(resource, params);
  const early = earlyLists.get(key);
  earlyLists.delete(key);
  return early && early.until > Date.now() ? early.answer : undefined;
}

/**
 * Asks for a list page before its screen is shown — the landing list, as soon as the sign-in
 * answers (src/authProvider.ts), while the console's code and the shell are still coming. The
 * screen's own getList with the same parameters, within 10 s, takes this answer (or waits for it)
 * instead of asking again; a failure reaches that screen as its own request's would.
 */
export function prefetchList(resource: string, params: GetListParams): void {
  const key = listKey(resource, params);
  earlyLists.delete(key); // a new request, not an earlier sign-in's answer
  const answer = providerFor(resource).getList(resource, params);
  answer.catch(() => undefined); // seen by the screen that takes it
  earlyLists.set(key, { answer, until: Date.now() + EARLY_LIST_MS });
}

function providerFor(resource: string): DataProvider {
  const page = PAGE_PROVIDERS[resource];
  if (page) return page;
  let provider = providers.get(resource);
  if (!provider) {
    const def = findEntity(resource);
    if (!def) throw new Error(`Unknown resource "${resource}"`);
    // Resources added by configuration speak the simple REST dialect (./configured.ts).
    if (def.service === 'resources') {
      provider = configuredProvider(def);
      providers.set(resource, provider);
      return provider;
    }
    const generic = genericProvider(def);
    const composed: DataProvider = { ...generic, ...(ADAPTERS[resource]?.(def, generic) ?? {}) };
    const entityProvider: DataProvider = {
      ...composed,
      getList: (name, params) => takeEarlyList(name, params) ?? composed.getList.call(entityProvider, name, params),
    };
    provider = entityProvider;
    providers.set(resource, provider);
  }
  return provider;
}

export const dataProvider = Object.assign(combineDataProviders(providerFor), {
  supportAbortSignal: true,
}) as AppDataProvider;
