/**
 * The `api-users` resource on the API-user manager (document 2, section 7): the list is generic
 * (its contractor filter sent as comma-separated ids); limits, the samples API switch and the
 * contractor are `update` with `meta.action` (ApiUserUpdateMeta); the streamed CSV export and —
 * beyond the spec — the API key and its usage are typed custom methods. Refusals of the edits
 * (400/403/422) are the dialogs' to show, not the banner's.
 */
import type { DataProvider, Identifier } from 'react-admin';
import type { LimitKind, LimitPeriod, Limits } from '../../common/apiLimits';
import type { EntityDecl } from '../../common/entities';
import { client } from './http';
import type { AppDataProvider } from './types';

/** A row of GET /users. */
export interface ApiUser {
  id: number;
  username: string;
  customId: string | null;
  contractorId: number | null;
  contractorName: string | null;
  endOfDeal: string | null;
  companyOwner: string | null;
  internal: boolean;
  samplesAPI: boolean;
  limitStandard: Limits | null;
  limitSamples: Limits | null;
  /** A custom limit while the contractor's deal has ended ('Custom limits with expired deal!'). */
  customDealExpired: boolean;
}

/** One period of a limit as it stands (GET /users/{id}/usage). */
export interface PeriodUsage {
  period: LimitPeriod;
  limit: number;
  used: number;
  remaining: number;
  resetSec: number;
}

export interface ApiUserUsage {
  id: number;
  username: string;
  keyPrefix: string | null;
  keyIssuedAt: string | null;
  lastRateLimitedAt: string | null;
  lastRateLimitedKind: LimitKind | null;
  backend: 'database' | 'redis';
  standard: { custom: boolean; periods: PeriodUsage[] };
  samples: { enabled: boolean; periods: PeriodUsage[] } | null;
}

export interface IssuedApiKey {
  key: string;
  keyPrefix: string;
  keyIssuedAt: string;
}

/** The list's filters: toolbar search and the contractor ids. */
export interface ApiUserFilter {
  search?: string;
  contractors?: number[];
}

type Signal = { signal?: AbortSignal };

/**
 * `update` of an API user, one change per call, each answered with the whole user:
 * - `{ action: 'limit', kind }`: `data.limitStandard` / `data.limitSamples` (by kind) — limits to
 *   set (PUT), or null to remove them (DELETE);
 * - `{ action: 'samplesApi' }`: `data.samplesAPI` switches the samples API on or off;
 * - `{ action: 'contractor' }`: `data.contractorId` — null removes the contractor.
 */
export type ApiUserUpdateMeta = { action: 'limit'; kind: LimitKind } | { action: 'samplesApi' | 'contractor' };

/** The record field of each kind of limit. */
export const LIMIT_FIELD = { standard: 'limitStandard', samples: 'limitSamples' } as const satisfies Record<
  LimitKind,
  keyof ApiUser
>;

export interface ApiUserMethods {
  /** A new key, shown once; the previous one stops working. */
  issueApiUserKey(resource: 'api-users', params: { id: Identifier }): Promise<IssuedApiKey>;
  getApiUserUsage(resource: 'api-users', params: { id: Identifier } & Signal): Promise<ApiUserUsage>;
  /** Every user matching the filters as CSV (a raw Response to download). */
  exportApiUsers(
    resource: 'api-users',
    params: ApiUserFilter & { sortBy?: string; order?: 'asc' | 'desc' },
  ): Promise<Response>;
}

const REFUSALS = [400, 403, 404, 422] as const;

const contractorsParam = (ids: unknown) =>
  Array.isArray(ids) && ids.length > 0 ? ids.map((id) => Number(id)).join(',') : undefined;

export function apiUsersAdapter(def: EntityDecl, generic: DataProvider): Partial<AppDataProvider> {
  const api = client(def.service);
  const user = (id: Identifier, ...rest: string[]) =>
    ['users', String(id), ...rest].map((p) => `/${encodeURIComponent(p)}`).join('');
  const edit = async (path: string, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', body?: unknown) =>
    (await api.request<{ data: { user: ApiUser } }>(path, { method, body, ignoreStatuses: REFUSALS })).data.user;
  const change = (id: Identifier, meta: ApiUserUpdateMeta | undefined, data: Partial<ApiUser>): Promise<ApiUser> => {
    switch (meta?.action) {
      case 'limit': {
        const field = LIMIT_FIELD[meta.kind];
        const limits = data[field];
        return limits ? edit(`${user(id, field)}/`, 'PUT', limits) : edit(`${user(id, field)}/`, 'DELETE');
      }
      case 'samplesApi':
        return edit(user(id, 'samplesAPI', data.samplesAPI ? 'enable' : 'disable'), 'POST');
      case 'contractor':
        return data.contractorId === null || data.contractorId === undefined
          ? edit(user(id, 'contractor'), 'DELETE')
          : edit(user(id, 'contractor'), 'PATCH', { contractorId: data.contractorId });
      default:
        throw new Error('An API user is changed one part at a time: meta.action names the part');
    }
  };
  const methods: ApiUserMethods = {
    async issueApiUserKey(_r, { id }) {
      const body = await api.request<{ data: IssuedApiKey }>(user(id, 'key'), {
        method: 'POST',
        ignoreStatuses: REFUSALS,
      });
      return body.data;
    },
    async getApiUserUsage(_r, { id, signal }) {
      const body = await api.request<{ data: { usage: ApiUserUsage } }>(user(id, 'usage'), { signal });
      return body.data.usage;
    },
    exportApiUsers(_r, { contractors, ...query }) {
      return api.request<Response>('/users/export', {
        query: { ...query, contractors: contractorsParam(contractors) },
        headers: { Accept: 'text/csv' },
        raw: true,
      });
    },
  };
  return {
    ...methods,
    async update(_resource, params) {
      return { data: (await change(params.id, params.meta as ApiUserUpdateMeta, params.data)) as never };
    },
    getList: (resource, params) => {
      const { contractors, ...filter } = (params.filter ?? {}) as ApiUserFilter & Record<string, unknown>;
      const ids = contractorsParam(contractors);
      return generic.getList(resource, { ...params, filter: ids ? { ...filter, contractors: ids } : filter });
    },
  };
}
