/**
 * Page resources of the main API that are not entities: `roles`, `tokens`, `logs`, `history`,
 * `queries` (the query editor's tags and server check) and `preferences` (settings, presets, saved
 * queries). Each is a provider of its own, routed by name like the entities; standard methods where
 * they fit, typed custom methods (src/dataProviders/types.ts) otherwise.
 */
import type { DataProvider } from 'react-admin';
import { ApiError, DIALOG_STATUSES } from './errors';
import { client } from './http';
import type {
  ApiToken,
  AppDataProvider,
  AuditLog,
  CreatedToken,
  HistoryRecord,
  InstallationReadForm,
  InstallationRequest,
  PersonalList,
  Preferences,
  Role,
  Sensor,
  SensorActivityInfo,
} from './types';
import { answeredQueryMessage, type TagDef } from '../../common/query';

const main = () => client('main');

/** The standard methods a page resource does not serve: asking for one is a programming error. */
function unsupported(resource: string): DataProvider {
  const refuse = (method: string) => () => Promise.reject(new Error(`${resource} has no ${method}`));
  const methods = [
    'getList',
    'getOne',
    'getMany',
    'getManyReference',
    'update',
    'updateMany',
    'create',
    'delete',
    'deleteMany',
  ] as const;
  return Object.fromEntries(methods.map((m) => [m, refuse(m)])) as unknown as DataProvider;
}

const page = (resource: string, methods: Partial<AppDataProvider>): DataProvider =>
  ({ ...unsupported(resource), ...methods, supportAbortSignal: true }) as DataProvider;

const roles = page('roles', {
  async getList(_resource, { signal }) {
    const { data } = await main().request<{ data: Role[] }>('/admin/roles', { signal });
    return { data: data as never[], total: data.length };
  },
  async create(_resource, { data }) {
    const role = await main().request<Role>('/admin/roles', {
      method: 'POST',
      body: { name: data.name, permissions: data.permissions ?? {} },
      // Refusals show on the name field, not in the banner behind the dialog.
      ignoreStatuses: DIALOG_STATUSES,
    });
    return { data: role as never };
  },
  async update(_resource, { id, data }) {
    const role = await main().request<Role>(`/admin/roles/${id}`, {
      method: 'PATCH',
      body: { name: data.name, permissions: data.permissions },
      // A taken name is shown on the name field.
      ignoreStatuses: [409],
    });
    return { data: role as never };
  },
  async delete(_resource, { id, previousData }) {
    await main().request<{ movedUsers: number }>(`/admin/roles/${id}`, { method: 'DELETE' });
    return { data: (previousData ?? { id }) as never };
  },
});

const tokens = page('tokens', {
  /** `filter.all`: every token (admin_view_tokens); otherwise the caller's own. */
  async getList(_resource, { filter, signal }) {
    const body = await main().request<{ data: { integrations: ApiToken[] } }>('/integrations', {
      query: filter?.all ? { all: true } : undefined,
      signal,
    });
    return { data: body.data.integrations as never[], total: body.data.integrations.length };
  },
  /** `meta.idempotencyKey`: one key per submit attempt. The dialog shows its refusals itself. */
  async create(_resource, { data, meta }) {
    const token = await main().request<CreatedToken>('/integrations', {
      method: 'POST',
      body: data,
      idempotencyKey: (meta as { idempotencyKey?: string } | undefined)?.idempotencyKey,
      ignoreStatuses: DIALOG_STATUSES,
    });
    return { data: token as never };
  },
  async delete(_resource, { id }) {
    return { data: (await main().request<ApiToken>(`/integrations/${id}`, { method: 'DELETE' })) as never };
  },
  async getTokenPermissions(_resource, { signal }) {
    return (await main().request<{ data: string[] }>('/integrations/permissions', { signal })).data;
  },
});

const logs = page('logs', {
  async getAuditLogs(_resource, { scope, query, signal }) {
    const body = await main().request<{
      data: { logs: AuditLog[] };
      meta: { totalCount: number; capped?: boolean };
    }>(`/audit/logs/${scope}`, { query, signal });
    return { logs: body.data.logs, totalCount: body.meta.totalCount, capped: Boolean(body.meta.capped) };
  },
});

const history = page('history', {
  async getHistory(_resource, { scope, id, signal }) {
    const body = await main().request<{ data: HistoryRecord[] | { installations: HistoryRecord[] } }>(
      `/history/${scope}/${encodeURIComponent(id)}`,
      { signal, ignoreStatuses: [404] },
    );
    // Contractor history answers `data.installations` (document 2, section 7).
    return (Array.isArray(body.data) ? body.data : body.data?.installations) ?? [];
  },
});

const queries = page('queries', {
  async getQueryTags(_resource, { list, signal }) {
    try {
      const body = await main().request<{ data?: { tags?: TagDef[] } } | TagDef[]>(`/${list}/tags`, {
        query: { includeMeta: 'true' },
        signal,
        skipLoading: true,
        ignoreStatuses: [403, 404, 405, 500, 501, 502, 503],
      });
      return Array.isArray(body) ? body : (body.data?.tags ?? []);
    } catch {
      return [];
    }
  },
  async checkQuery(_resource, { service, endpoint, query, signal }) {
    try {
      // One row of the list with the query, in the service's own paging dialect.
      const window = service === 'resources' ? { _start: 0, _end: 1 } : { page: 1, limit: 1 };
      await client(service).request(endpoint, {
        query: { ...window, query },
        signal,
        skipLoading: true,
        ignoreStatuses: [400],
      });
      return null;
    } catch (e) {
      if (e instanceof ApiError && e.kind === 'response' && e.status === 400)
        return answeredQueryMessage(e.body) ?? e.message;
      throw e;
    }
  },
});

/** Server paths and body keys of a personal list. */
function personalList(list: PersonalList) {
  return list === 'presets'
    ? { base: '/preferences/presets', one: 'preset', many: 'presets' }
    : { base: `/preferences/${list}`, one: 'query', many: 'queries' };
}

type Bodies = Record<string, unknown>;
const readMany = (body: { data: Bodies }, key: string) => body.data[key] as never[];
const readOne = (body: { data: Bodies }, key: string) => body.data[key] as never;

const preferences = page('preferences', {
  async getPreferences(_resource, { signal }) {
    return (
      await main().request<{ data: Preferences }>('/preferences', {
        signal,
        skipLoading: true,
        ignoreStatuses: [404, 500, 502, 503],
      })
    ).data;
  },
  async updatePreferences(_resource, { data }) {
    return (
      await main().request<{ data: Preferences }>('/preferences', { method: 'PATCH', body: data, skipLoading: true })
    ).data;
  },
  async getPersonalItems(_resource, { list, signal }) {
    const { base, many } = personalList(list);
    return readMany(await main().request(base, { signal }), many);
  },
  async createPersonalItem(_resource, { list, data }) {
    const { base, one } = personalList(list);
    return readOne(await main().request(base, { method: 'POST', body: data, ignoreStatuses: [400] }), one);
  },
  async updatePersonalItem(_resource, { list, data: { id, ...data } }) {
    const { base, one } = personalList(list);
    return readOne(await main().request(`${base}/${id}`, { method: 'PUT', body: data, ignoreStatuses: [400] }), one);
  },
  async deletePersonalItem(_resource, { list, id }) {
    const { base, many } = personalList(list);
    return readMany(await main().request(`${base}/${id}`, { method: 'DELETE' }), many);
  },
  async orderPersonalItems(_resource, { list, ids }) {
    const { base, many } = personalList(list);
    return readMany(await main().request(`${base}/order`, { method: 'PUT', body: { ids } }), many);
  },
  async importPersonalItems(_resource, { list, items }) {
    const { base, many } = personalList(list);
    const body = { [many]: items };
    return readMany(await main().request(`${base}/import`, { method: 'POST', body, ignoreStatuses: [400] }), many);
  },
  async migratePersonalItems(_resource, { list, items }) {
    const { base, many } = personalList(list);
    const { data } = await main().request<{ data: Bodies & { migrated: boolean } }>(`${base}/migrate`, {
      method: 'POST',
      body: { [many]: items },
      skipLoading: true,
      ignoreStatuses: [400, 404],
    });
    return { items: data[many] as never[], migrated: data.migrated };
  },
});

/** Reinstall (document 2, sections 2.3 and 7): the reads of the screen and the reinstall itself. */
const reinstall = page('reinstall', {
  async getInstallationReadForm(_resource, { id, signal }) {
    const path = `/installations/${encodeURIComponent(String(id))}`;
    return (
      await main().request<{ data: { installation: InstallationReadForm } }>(path, { signal, ignoreStatuses: [404] })
    ).data.installation;
  },
  async getLastInstallationRecord(_resource, { id, signal }) {
    const path = `/history/installations/${encodeURIComponent(String(id))}/last`;
    return (await main().request<{ data: HistoryRecord }>(path, { signal, ignoreStatuses: [404] })).data;
  },
  async getInstallationRequest(_resource, { id, signal }) {
    const path = `/installations/requests/${encodeURIComponent(String(id))}`;
    return (await main().request<{ data: { request: InstallationRequest } }>(path, { signal })).data.request;
  },
  async getSensorCurrentInstallation(_resource, { sensorId, signal }) {
    const path = `/sensors/${encodeURIComponent(String(sensorId))}`;
    const body = await main().request<{ data: { sensor: Sensor } }>(path, { signal, ignoreStatuses: [404] });
    const current = body.data.sensor.info.currentInstallationId;
    return typeof current === 'number' ? current : null;
  },
  async getSensorActivityInfo(_resource, { id, signal }) {
    const path = `/sensor/${encodeURIComponent(String(id))}/activity`;
    return (
      await main().request<{ data: SensorActivityInfo }>(path, { signal, skipLoading: true, ignoreStatuses: [400] })
    ).data;
  },
  async reinstallSensor(_resource, { installationId, payload }) {
    const path = `/installations/${encodeURIComponent(String(installationId))}`;
    return main().request<{ installationId: number; sensorId: number }>(path, { method: 'POST', body: payload });
  },
});

/** Providers of the page resources, by name. */
export const PAGE_PROVIDERS: Readonly<Record<string, DataProvider>> = {
  roles,
  tokens,
  logs,
  history,
  queries,
  preferences,
  reinstall,
};
