/**
 * The `api-users` resource on the API-user manager (document 2, section 7): the list is generic
 * (its contractor filter sent as comma-separated ids); limits, the samples API switch, the
 * contractor, the streamed CSV export, and — beyond the spec — the API key and its usage are typed
 * custom methods. Refusals of the edits (400/403/422) are the dialogs' to show, not the banner's.
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

export interface ApiUserMethods {
  setApiUserLimit(resource: 'api-users', params: { id: Identifier; kind: LimitKind; limits: Limits }): Promise<ApiUser>;
  removeApiUserLimit(resource: 'api-users', params: { id: Identifier; kind: LimitKind }): Promise<ApiUser>;
  setApiUserSamplesApi(resource: 'api-users', params: { id: Identifier; enabled: boolean }): Promise<ApiUser>;
  /** `contractorId: null` removes the contractor. */
  setApiUserContractor(
    resource: 'api-users',
    params: { id: Identifier; contractorId: number | null },
  ): Promise<ApiUser>;
  /** A new key, shown once; the previous one stops working. */
  issueApiUserKey(resource: 'api-users', params: { id: Identifier }): Promise<IssuedApiKey>;
  getApiUserUsage(resource: 'api-users', params: { id: Identifier } & Signal): Promise<ApiUserUsage>;
  /** Every user matching the filters as CSV (a raw Response to download). */
  exportApiUsers(
    resource: 'api-users',
    params: ApiUserFilter & { sortBy?: string; order?: 'asc' | 'desc' },
  ): Promise<Response>;
}

const LIMIT_PATH: Record<LimitKind, string> = { standard: 'limitStandard', samples: 'limitSamples' };
const REFUSALS = [400, 403, 404, 422] as const;

const contractorsParam = (ids: unknown) =>
  Array.isArray(ids) && ids.length > 0 ? ids.map((id) => Number(id)).join(',') : undefined;

export function apiUsersAdapter(def: EntityDecl, generic: DataProvider): Partial<AppDataProvider> {
  const api = client(def.service);
  const user = (id: Identifier, ...rest: string[]) =>
    ['users', String(id), ...rest].map((p) => `/${encodeURIComponent(p)}`).join('');
  const edit = async (path: string, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', body?: unknown) =>
    (await api.request<{ data: { user: ApiUser } }>(path, { method, body, ignoreStatuses: REFUSALS })).data.user;
  const methods: ApiUserMethods = {
    setApiUserLimit: (_r, { id, kind, limits }) => edit(`${user(id, LIMIT_PATH[kind])}/`, 'PUT', limits),
    removeApiUserLimit: (_r, { id, kind }) => edit(`${user(id, LIMIT_PATH[kind])}/`, 'DELETE'),
    setApiUserSamplesApi: (_r, { id, enabled }) => edit(user(id, 'samplesAPI', enabled ? 'enable' : 'disable'), 'POST'),
    setApiUserContractor: (_r, { id, contractorId }) =>
      contractorId === null
        ? edit(user(id, 'contractor'), 'DELETE')
        : edit(user(id, 'contractor'), 'PATCH', { contractorId }),
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
    getList: (resource, params) => {
      const { contractors, ...filter } = (params.filter ?? {}) as ApiUserFilter & Record<string, unknown>;
      const ids = contractorsParam(contractors);
      return generic.getList(resource, { ...params, filter: ids ? { ...filter, contractors: ids } : filter });
    },
  };
}
